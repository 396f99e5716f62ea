// The climbing games' playout policy and determinized Monte Carlo search (PIMC): a cheap
// heuristic plays every seat to the end of the hand, in sampled worlds of the hidden cards.
#pragma once
#include <atomic>
#include <cstdint>
#include <vector>

#include "core/climbing/baohuang.h"
#include "core/climbing/gouji.h"
#include "core/random.h"

namespace duidiao::climbing {

// The value of a finished hand for `seat`, as the search counts it: 够级 the signed difference
// of the recorded team scores (rules §12.12), 保皇 the seat's score (rules §13.7).
double value_for(const Gouji& g, int seat);
double value_for(const Baohuang& g, int seat);
// Whether two seats play on one side: 够级's teams (every other seat), 保皇's emperor and guard
// against the rebels (as far as the position knows the guard).
inline bool same_side(const Gouji&, int a, int b) { return (a - b) % 2 == 0; }
inline bool same_side(const Baohuang& g, int a, int b) {
  auto emperors = [&](int p) { return p == g.emperor() || p == g.guard(); };
  return emperors(a) == emperors(b);
}

// The heuristic's choice among `legal` (not empty) for the seat to act: sheds its lowest whole
// rank when leading, lets its own side's sets run, beats the other side's as cheaply as it can
// (keeping jokers while its hand is long), never burns but to go out, never yields.
Action heuristic_choice(const Gouji& g, const std::vector<Action>& legal);
Action heuristic_choice(const Baohuang& g, const std::vector<Action>& legal);

// Plays the hand to its end by the heuristic (`random_share` of the choices uniform instead)
// and returns the value for `seat`: 够级 the signed difference of the recorded team scores
// (rules §12.12), 保皇 the seat's score (rules §13.7).
double playout(Gouji g, int seat, Rng& rng, double random_share, std::vector<Action>& buffer);
double playout(Baohuang g, int seat, Rng& rng, double random_share, std::vector<Action>& buffer);

struct ActionValue {
  Action action;
  double mean = 0;
  double sd = 0;
  int worlds = 0;
};

struct PimcSettings {
  int worlds = 64;        // sampled worlds per candidate action (at most)
  int max_actions = 24;   // candidates: the heuristic's ranking keeps this many
  double seconds = 1.0;   // the deadline, honoured between worlds
  uint64_t seed = 1;
  double random_share = 0.1;
  // The exact endgame (endgame.h) in place of the playout once a world's candidate leaves at
  // most this many cards in play (0: never), within `exact_nodes` positions, else the playout.
  int exact_cards = 0;
  int64_t exact_nodes = 20000;
};

// PIMC for the seat to act: each candidate action is tried in the same sampled worlds (the
// hidden cards dealt from `pool`), then played out; best mean first. Stops at the deadline or
// when `stop` is set, with what it has (every candidate has at least one world).
template <class Game>
std::vector<ActionValue> pimc(const Game& g, const Hand& pool, const PimcSettings& settings,
                              const std::atomic<bool>* stop);

}  // namespace duidiao::climbing
