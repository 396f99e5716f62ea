// 抢牌 chosen by search (§6.3, option level_card_grab): passing, and taking the offered level
// card for each card of the seat's hand put in its place, each valued in the same sampled deals
// by fair heuristic playouts (kitty_options.h). The best by mean hand score for the seat's team
// replaces the heuristic's choice when it beats it, paired deal by deal, by `margin` standard
// errors.
#pragma once
#include <cstdint>
#include <functional>

#include "core/observation.h"
#include "search/paired_choice.h"

namespace duidiao {

// mean: the choice's mean hand score for the seat's team; gain: over the heuristic's, paired.
struct GrabChoice : ChoiceValue {
  int put = -1;  // the card put in the kitty for the offered one; -1: pass
  int candidates = 0;
};

// `obs`: a seat's observation at PHASE_GRAB (obs.grab_offer the card offered). Deterministic in
// `seed`. `stop` true ends the search with the deals valued so far.
GrabChoice search_grab(const Observation& obs, int worlds, double margin, uint64_t seed,
                       const std::function<bool()>& stop = nullptr);

}  // namespace duidiao
