// The hidden cards of a decision before the play, dealt uniformly: every copy that is neither
// in the seat's hand, nor shown by another seat, nor in a face-up kitty, shuffled into the other
// seats' hidden counts (for the searched bury and 潇洒).
#pragma once
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/observation.h"
#include "core/random.h"

namespace duidiao {

class HiddenDeal {
 public:
  explicit HiddenDeal(const Observation& obs) : seat_(obs.seat) {
    for (int seat = 0; seat < 4; ++seat) {
      shown_[seat] = seat == obs.seat ? CardSet{} : obs.exposed[seat];
      if (seat != obs.seat) hidden_[seat] = obs.hand_size[seat] - obs.exposed[seat].size();
    }
    const CardSet kitty = obs.kitty_visible ? obs.kitty : CardSet{};
    for (Card c = 0; c < FACE_NB; ++c) {
      int copies = obs.rules.decks - obs.hand.count(c) - kitty.count(c);  // the packs (§11.1)
      for (int seat = 0; seat < 4; ++seat)
        if (seat != obs.seat) copies -= obs.exposed[seat].count(c);
      for (int k = 0; k < copies; ++k) cards_.push_back(c);
    }
    int total = 0;
    for (int h : hidden_) total += h;
    if (total != int(cards_.size()))
      throw std::invalid_argument("the hidden hands do not add up to the unseen cards");
  }

  // The other seats' hands (the seat's own is left empty).
  void deal(Rng& rng, CardSet held[4]) {
    for (size_t i = cards_.size(); i > 1; --i) std::swap(cards_[i - 1], cards_[rng.below(i)]);
    size_t next = 0;
    for (int seat = 0; seat < 4; ++seat) {
      held[seat] = shown_[seat];
      for (int k = 0; k < hidden_[seat]; ++k) held[seat].add(cards_[next++]);  // 0 for the seat
    }
  }

 private:
  int seat_;
  CardSet shown_[4];
  int hidden_[4] = {};
  std::vector<Card> cards_;  // one entry per physical card
};

}  // namespace duidiao
