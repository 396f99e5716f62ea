// The bury chosen by search (§4): the heuristic's candidate buries (heuristic_bury_candidates),
// each valued in the same sampled deals — the other hands drawn uniformly from the cards the
// declarer cannot see — by playing the whole hand out with the heuristic policy, every seat
// seeing only its own hand. The candidate with the best mean hand score is buried when it beats
// the heuristic's own choice, paired world by world, by `margin` standard errors.
#pragma once
#include <cstdint>
#include <functional>

#include "core/observation.h"
#include "search/paired_choice.h"

namespace duidiao {

// mean: the bury's mean hand score for the declaring team; gain: over the heuristic's, paired.
struct BuryChoice : ChoiceValue {
  CardSet bury;
  int candidates = 0;
};

// `obs`: the declarer's observation at PHASE_BURY. Deterministic in `seed`. `stop` true ends
// the search with the deals valued so far (none: the heuristic's bury).
BuryChoice search_bury(const Observation& obs, int worlds, double margin, uint64_t seed,
                       const std::function<bool()>& stop = nullptr);

}  // namespace duidiao
