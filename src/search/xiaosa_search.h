// The 潇洒 chosen by search (§6.4): passing, and each number of big and small jokers the seat
// holds (with the heuristic's cards taken back for them), each valued in the same sampled deals
// — the other hands drawn uniformly from the cards the seat cannot see, the face-up kitty known —
// by playing the hand out with the heuristic policy, every seat seeing only its own hand. The
// 潇洒 decisions of the seats after this one are not played (they are rarely open once one seat
// has taken the kitty's low cards). The best by mean hand score for the seat's team replaces the
// heuristic's choice when it beats it, paired deal by deal, by `margin` standard errors.
#pragma once
#include <cstdint>
#include <functional>

#include "core/observation.h"
#include "search/paired_choice.h"

namespace duidiao {

// mean: the choice's mean hand score for the seat's team; gain: over the heuristic's, paired.
struct XiaosaChoice : ChoiceValue {
  CardSet jokers, taken;  // no jokers: pass
  int candidates = 0;
};

// `obs`: a seat's observation at PHASE_XIAOSA; `takeable`: the kitty cards a joker may take.
// Deterministic in `seed`. `stop` true ends the search with the deals valued so far.
XiaosaChoice search_xiaosa(const Observation& obs, const CardSet& takeable, int worlds,
                           double margin, uint64_t seed,
                           const std::function<bool()>& stop = nullptr);

}  // namespace duidiao
