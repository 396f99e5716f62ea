// The 潇洒 chosen by search (§6.4): passing, and each number of big and small jokers the seat
// holds (with the heuristic's cards taken back for them), each valued in the same sampled deals
// — the other hands drawn uniformly from the cards the seat cannot see, the face-up kitty known —
// by playing the hand out with the heuristic policy, every seat seeing only its own hand. The
// 潇洒 decisions of the seats after this one are not played (they are rarely open once one seat
// has taken the kitty's low cards). The best by mean hand score for the seat's team replaces the
// heuristic's choice when it beats it, paired deal by deal, by `margin` standard errors.
#pragma once
#include <cstdint>

#include "core/observation.h"

namespace duidiao {

struct XiaosaChoice {
  CardSet jokers, taken;  // no jokers: pass
  int candidates = 0;
  double mean = 0;        // its mean hand score for the seat's team
  double gain = 0;        // over the heuristic's choice, paired (0 when it is kept)
  double gain_stderr = 0;
};

// `obs`: a seat's observation at PHASE_XIAOSA; `takeable`: the kitty cards a joker may take.
// Deterministic in `seed`.
XiaosaChoice search_xiaosa(const Observation& obs, const CardSet& takeable, int worlds,
                           double margin, uint64_t seed);

}  // namespace duidiao
