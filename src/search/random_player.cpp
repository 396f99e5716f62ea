#include "search/random_player.h"

#include <algorithm>

namespace duidiao {

Card RandomPlayer::random_card(const CardSet& s) {
  uint64_t n = rng_.below(s.size());
  for (uint64_t m = s.one; m; m &= m - 1) {
    Card c = lowest_bit(m);
    if (n < uint64_t(s.count(c))) return c;
    n -= s.count(c);
  }
  return -1;
}

int RandomPlayer::declare(const Observation&, const std::vector<Declaration>& options) {
  // Passing is one option among the others.
  return int(rng_.below(options.size() + 1)) - 1;
}

CardSet RandomPlayer::bury(const Observation& obs) {
  CardSet left = obs.hand, out;
  for (int i = 0; i < obs.rules.sizes().kitty_cards; ++i) {
    Card c = random_card(left);
    left.remove(c);
    out.add(c);
  }
  return out;
}

int RandomPlayer::grab(const Observation& obs) {
  return rng_.below(2) ? random_card(obs.hand) : -1;
}

std::pair<CardSet, CardSet> RandomPlayer::xiaosa(const Observation& obs, const CardSet& takeable) {
  CardSet jokers = obs.hand.within(bit(SMALL_JOKER) | bit(BIG_JOKER));
  CardSet put, taken, left = takeable;
  int most = std::min(jokers.size(), takeable.size());
  int n = int(rng_.below(most + 1));
  for (int i = 0; i < n; ++i) {
    Card j = random_card(jokers);
    jokers.remove(j);
    put.add(j);
    Card t = random_card(left);
    left.remove(t);
    taken.add(t);
  }
  return {put, taken};
}

CardSet RandomPlayer::play(const Observation& obs) {
  std::vector<CardSet> moves;
  obs.view.legal_moves(&moves);
  return moves[rng_.below(moves.size())];
}

}  // namespace duidiao
