#include "search/kitty_options.h"

#include "core/random.h"
#include "search/heuristic_player.h"
#include "search/hidden_deal.h"

namespace duidiao {

PairedChoice::Result weigh_kitty_options(const Observation& obs,
                                         const std::vector<KittyOption>& options,
                                         size_t baseline, int worlds, double margin,
                                         uint64_t seed,
                                         const std::function<bool()>& stop) {
  HiddenDeal deal(obs);
  HandSetup setup;
  setup.rules = obs.rules;
  setup.level = obs.level;
  setup.trump = obs.trump;
  setup.declarer = setup.leader = obs.declarer;
  setup.kitty_known = true;
  const size_t n = options.size();
  PairedChoice paired(n, baseline);
  std::vector<int> values(n);
  Rng rng(seed);
  for (int w = 0; w < worlds; ++w) {
    if (stop && stop()) break;
    deal.deal(rng, setup.held);
    for (size_t i = 0; i < n; ++i) {
      setup.held[obs.seat] = options[i].hand;
      setup.kitty = options[i].kitty;
      values[i] = heuristic_hand_score(setup, obs.levels[0], obs.levels[1], team_of(obs.seat));
    }
    paired.add(values);
  }
  return paired.choose(margin);
}

}  // namespace duidiao
