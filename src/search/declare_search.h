// Searched declaring (§6.2; §10.6 under declaring=standard): the options of a declare decision,
// passing and each declaration open, valued in the same sampled decks by finishing the hand
// with the heuristic in every seat (the rest of the drawing and declaring, the kitty, 抢牌,
// 潇洒 and the play). A deck fits what the seat knows: its own cards, the cards the others
// showed when declaring, the declarations so far; every other card, the seat's own draws to
// come among them, is dealt at random. The best option by mean hand score for the seat's team
// replaces the heuristic's choice when it beats it, paired deck by deck, by `margin` standard
// errors (paired_choice.h).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "core/observation.h"
#include "search/paired_choice.h"

namespace duidiao {

// mean: the option's mean hand score for the seat's team; gain: over the heuristic's, paired.
struct DeclareChoice : ChoiceValue {
  int option = -1;  // an index into the options, -1 to pass
  int worlds = 0;   // decks searched (a deck the declarations so far do not fit is skipped)
};

// `obs`: the seat's observation at PHASE_DECLARE, `options` the declarations open to it; at
// PHASE_COUNTER (§11.8), the counters open to it: search_counter's.
// Deterministic in `seed`. `stop` true ends the search with the decks played so far.
DeclareChoice search_declare(const Observation& obs, const std::vector<Declaration>& options,
                             int worlds, double margin, uint64_t seed,
                             const std::function<bool()>& stop = nullptr);

// 反底 (§11.8): the options of a counter decision, passing and each counter open, valued the same
// way in worlds that fit the seat's view after the bury — its own hand; the cards the others
// showed and still hold; every other card dealt at random among their hidden cards and the
// kitty (which the last burier alone knows) — each finished by the heuristic in every seat
// (the rest of the round of counters, the bury, the play).
DeclareChoice search_counter(const Observation& obs, const std::vector<Declaration>& options,
                             int worlds, double margin, uint64_t seed,
                             const std::function<bool()>& stop = nullptr);

}  // namespace duidiao
