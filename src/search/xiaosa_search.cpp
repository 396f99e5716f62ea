#include "search/xiaosa_search.h"

#include <stdexcept>
#include <tuple>
#include <utility>
#include <vector>

#include "core/random.h"
#include "search/heuristic_player.h"
#include "search/kitty_options.h"

namespace duidiao {

XiaosaChoice search_xiaosa(const Observation& obs, const CardSet& takeable, int worlds,
                           double margin, uint64_t seed,
                           const std::function<bool()>& stop) {
  if (obs.phase != PHASE_XIAOSA || obs.seat == obs.declarer)
    throw std::invalid_argument("xiaosa search: not a defender's or partner's 潇洒");
  HeuristicPlayer heuristic(0);
  XiaosaChoice choice;
  std::tie(choice.jokers, choice.taken) = heuristic.xiaosa(obs, takeable);
  std::vector<std::pair<CardSet, CardSet>> candidates;
  heuristic_xiaosa_candidates(obs, takeable, &candidates);
  choice.candidates = int(candidates.size());
  size_t baseline = candidates.size();
  for (size_t i = 0; i < candidates.size(); ++i)
    if (candidates[i].first == choice.jokers && candidates[i].second == choice.taken) baseline = i;
  // Nothing to weigh, or a kitty this seat cannot see (then it plays no part in the values).
  if (candidates.size() < 2 || worlds < 2 || baseline == candidates.size() || !obs.kitty_visible)
    return choice;

  std::vector<KittyOption> options;
  for (const auto& [jokers, taken] : candidates)
    options.push_back({obs.hand.minus(jokers).plus(taken), obs.kitty.minus(taken).plus(jokers)});
  const PairedChoice::Result r =
      weigh_kitty_options(obs, options, baseline, worlds, margin, seed ^ 0x5A05A0ull, stop);
  std::tie(choice.jokers, choice.taken) = candidates[r.option];
  static_cast<ChoiceValue&>(choice) = r;
  return choice;
}

}  // namespace duidiao
