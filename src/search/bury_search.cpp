#include "search/bury_search.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "core/random.h"
#include "search/heuristic_player.h"
#include "search/hidden_deal.h"
#include "search/paired_choice.h"

namespace duidiao {

BuryChoice search_bury(const Observation& obs, int worlds, double margin, uint64_t seed) {
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

  HiddenDeal deal(obs);
  HandSetup setup;
  setup.rules = obs.rules;
  setup.level = obs.level;
  setup.trump = obs.trump;
  setup.declarer = setup.leader = obs.declarer;
  setup.kitty_known = true;
  const size_t n = candidates.size();
  PairedChoice paired(n, baseline);
  std::vector<int> values(n);
  Rng rng(seed ^ 0xB0B5EEDull);
  for (int w = 0; w < worlds; ++w) {
    deal.deal(rng, setup.held);
    for (size_t i = 0; i < n; ++i) {
      setup.held[obs.seat] = obs.hand.minus(candidates[i]);
      setup.kitty = candidates[i];
      values[i] = heuristic_hand_score(setup, obs.levels[0], obs.levels[1], team_of(obs.seat));
    }
    paired.add(values);
  }
  const PairedChoice::Result r = paired.choose(margin);
  choice.bury = candidates[r.option];
  choice.mean = r.mean;
  choice.gain = r.gain;
  choice.gain_stderr = r.gain_stderr;
  return choice;
}

}  // namespace duidiao
