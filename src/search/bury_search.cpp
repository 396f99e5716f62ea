#include "search/bury_search.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/random.h"
#include "search/heuristic_player.h"
#include "search/kitty_options.h"

namespace duidiao {

BuryChoice search_bury(const Observation& obs, int worlds, double margin, uint64_t seed,
                       const std::function<bool()>& stop) {
  if (obs.phase != PHASE_BURY || obs.seat != obs.declarer)
    throw std::invalid_argument("bury search: not the declarer's bury");
  std::vector<CardSet> candidates;
  heuristic_bury_candidates(obs, &candidates);
  HeuristicPlayer heuristic(0);
  const CardSet baseline_bury = heuristic.bury(obs);
  const size_t baseline = size_t(std::find(candidates.begin(), candidates.end(), baseline_bury) -
                                 candidates.begin());
  BuryChoice choice;
  choice.bury = baseline_bury;
  choice.candidates = int(candidates.size());
  if (candidates.size() < 2 || worlds < 2 || baseline == candidates.size()) return choice;

  std::vector<KittyOption> options;
  for (const CardSet& bury : candidates) options.push_back({obs.hand.minus(bury), bury});
  const PairedChoice::Result r =
      weigh_kitty_options(obs, options, baseline, worlds, margin, seed ^ 0xB0B5EEDull, stop);
  choice.bury = candidates[r.option];
  static_cast<ChoiceValue&>(choice) = r;
  return choice;
}

}  // namespace duidiao
