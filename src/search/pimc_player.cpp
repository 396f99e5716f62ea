#include "search/pimc_player.h"

#include "search/bury_search.h"
#include "search/declare_search.h"
#include "search/grab_search.h"
#include "search/xiaosa_search.h"

#include <algorithm>

namespace duidiao {

// Decisions with more legal plays than this get proportionally fewer worlds (at least MIN_WORLDS).
constexpr uint64_t MOVES_IN_FULL = 128;
constexpr uint64_t MIN_WORLDS = 4;

PimcPlayer::PimcPlayer(const std::string& name, const PimcOptions& options, bool oracle,
                       double margin, int bury_worlds, int declare_worlds, int xiaosa_worlds,
                       int grab_worlds)
    : name_(name), oracle_(oracle), margin_(margin), seed_(options.seed), worlds_(options.worlds),
      bury_worlds_(bury_worlds), declare_worlds_(declare_worlds), xiaosa_worlds_(xiaosa_worlds),
      grab_worlds_(grab_worlds), search_(options) {
  search_.set_stop_check(stop_check());
}

int PimcPlayer::grab(const Observation& obs) {
  OneDecision once{*this};
  if (grab_worlds_ == 0) return heuristic_.grab(obs);
  return search_grab(obs, grab_worlds_, margin_, seed_ + 0x2545F4914F6CDD1Dull * ++decisions_,
                     stop_check()).put;
}

std::pair<CardSet, CardSet> PimcPlayer::xiaosa(const Observation& obs, const CardSet& takeable) {
  OneDecision once{*this};
  if (xiaosa_worlds_ == 0) return heuristic_.xiaosa(obs, takeable);
  const XiaosaChoice c = search_xiaosa(obs, takeable, xiaosa_worlds_, margin_,
                                       seed_ + 0x4F1BBCDCBFA53E0Bull * ++decisions_, stop_check());
  return {c.jokers, c.taken};
}

int PimcPlayer::declare(const Observation& obs, const std::vector<Declaration>& options) {
  OneDecision once{*this};
  if (declare_worlds_ == 0) return heuristic_.declare(obs, options);
  return search_declare(obs, options, declare_worlds_, margin_,
                        seed_ + 0x8CB92BA72F3D8DD7ull * ++decisions_, stop_check()).option;
}

CardSet PimcPlayer::bury(const Observation& obs) {
  OneDecision once{*this};
  // The searched bury is the declarer's; a countering defender's (§11.8) is the heuristic's.
  if (bury_worlds_ == 0 || obs.seat != obs.declarer) return heuristic_.bury(obs);
  // Its own stream of deals, repeatable from the bot's seed like the plays'.
  return search_bury(obs, bury_worlds_, margin_, seed_ + 0xB5AD4ECEDA1CE2A9ull * ++decisions_,
                     stop_check()).bury;
}

CardSet PimcPlayer::play(const Observation& obs) {
  OneDecision once{*this};
  const Hand& view = obs.view;
  last_.clear();
  if (view.count_legal_moves() == 1) {
    std::vector<CardSet> moves;
    view.legal_moves(&moves);
    return moves[0];
  }
  // A new stream of worlds for every decision, repeatable from the bot's seed.
  search_.set_seed(seed_ + 0xD1B54A32D192ED03ull * ++decisions_);
  // Following a long throw can offer thousands of plays: fewer worlds keep such a decision
  // within a few times the usual time (each world plays every move out once).
  if (worlds_ > 0) {
    const uint64_t moves = view.count_legal_moves();
    const uint64_t affordable = uint64_t(worlds_) * MOVES_IN_FULL / std::max<uint64_t>(moves, 1);
    search_.set_worlds(int(std::max<uint64_t>(MIN_WORLDS, std::min<uint64_t>(worlds_, affordable))));
  }
  PimcAnalysis a = search_.analyse(view, obs.levels[0], obs.levels[1]);
  last_ = std::move(a.moves);
  // Leave the heuristic bot's choice only for a move that beats it clearly in the same worlds:
  // with few worlds, the best of many means is often just the luckiest.
  const MoveAnalysis& best = last_.front();
  if (best.baseline || best.gain > margin_ * best.gain_stderr) return best.move;
  for (const MoveAnalysis& m : last_)
    if (m.baseline) return m.move;
  return best.move;
}

std::unique_ptr<Player> make_pimc_player(const std::string& name, const BotValues& values,
                                         uint64_t seed) {
  auto value = [&](const char* key, double otherwise) {
    const auto it = values.find(key);
    return it == values.end() ? otherwise : it->second;
  };
  PimcOptions o;
  o.seed = seed;
  o.worlds = int(value("worlds", 0));  // none: a time budget (ms)
  // ms: the time budget; else cap: a time cap on the worlds.
  o.seconds = value("ms", value("cap", 0)) / 1000.0;
  o.solve_cards = int(value("solve", o.solve_cards));
  o.fair_playouts = value("fair", 1) != 0;
  o.infer_pool = int(value("infer", 1));
  o.infer_miss = value("miss", 1);
  const std::string base = name.substr(0, name.find(':'));
  return std::make_unique<PimcPlayer>(name, o, base == "pimc-oracle", value("margin", 1),
                                      int(value("bury", 0)), int(value("declare", 0)),
                                      int(value("xiaosa", 0)), int(value("grab", 0)));
}

}  // namespace duidiao
