// HeuristicPlayer: a rule-based bot — sensible declarations, burying, 抢牌 and 潇洒, and plays
// chosen from card masks (sure winners, trump drawing with pairs, cheap wins, trumping in,
// points given only to a partner surely winning). Deterministic; cheap enough to serve as a
// playout policy: no list of legal moves is built, every play is constructed from the hand.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "search/player.h"

namespace duidiao {

// The heuristic's play for `seat`, the seat to move, from a view of the play in which that seat's
// hand is known (other hands may be hidden or known: a full deal makes it a playout policy).
// others_hidden: play as if the other hands were hidden (what seat's view would show), though
// `view` may show them — a fair playout on the full deal, with no concealed copy to make.
CardSet heuristic_play(const Hand& view, int seat, bool others_hidden = false);
// The same on the lean state (a playout's): `kitty` as far as the seat knows it, unknown[p] the
// hidden cards of each seat (null: none hidden).
CardSet heuristic_play(const Context& ctx, int declarer, const CardSet& kitty, const PlayState& state,
                       const int unknown[4], int seat, bool others_hidden);

// Every bury the heuristic weighs (each set of side suits it could void, filled with its
// cheapest cards, by both of its measures of a card's worth in the kitty), its own choice
// among them: the candidates of a bury search (bury_search.h).
void heuristic_bury_candidates(const Observation& obs, std::vector<CardSet>* out);

// §6.4 潇洒: the n cards of `takeable` the heuristic takes back for n jokers; and every choice
// a 潇洒 search weighs: passing, and each number of big and small jokers held (as many as
// there are cards to take) with the heuristic's cards taken for them.
CardSet xiaosa_taken(const Observation& obs, const CardSet& takeable, int n);
void heuristic_xiaosa_candidates(const Observation& obs, const CardSet& takeable,
                                 std::vector<std::pair<CardSet, CardSet>>* out);

// The kitty as `seat` knows it in the play: all of it when it lies face up or `seat` buried
// it, nothing when another seat buried it face down (§10.6).
inline CardSet kitty_known_to(const Rules& rules, const CardSet& kitty, int seat, int declarer) {
  return rules.kitty_burial == KITTY_BURIAL_FACE_DOWN && seat != declarer ? CardSet{} : kitty;
}

// Plays the hand in `line` out to its end with the heuristic in every seat (a playout). With
// others_hidden each seat sees only its own hand, the public cards, and the kitty as far as it
// knows it (kitty_known_to under `rules`); else every seat sees the whole deal.
// `plays`, when given, gets every play made. With stop_cards > 0 it stops at the first trick
// start where the hands hold at most that many cards each (an exact search takes it from there).
//
// heuristic_hand_score: `team`'s hand score (HandResult::score_margin) when the play dealt by
// `setup` is played out so, fairly (the searched bury and 潇洒 value their options by it).
void heuristic_playout(const Context& ctx, const Rules& rules, int declarer, const CardSet& kitty,
                       PlayState* line, bool others_hidden, std::vector<CardSet>* plays = nullptr,
                       int stop_cards = 0);
int heuristic_hand_score(const HandSetup& setup, int level_ns, int level_ew, int team);

class HeuristicPlayer : public Player {
 public:
  // The seed is accepted for the common interface; the bot makes no random choice.
  explicit HeuristicPlayer(uint64_t /*seed*/, std::string name = "heuristic")
      : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  int declare(const Observation& obs, const std::vector<Declaration>& options) override;
  CardSet bury(const Observation& obs) override;
  int grab(const Observation& obs) override;
  std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) override;
  CardSet play(const Observation& obs) override;

 private:
  std::string name_;
};

}  // namespace duidiao
