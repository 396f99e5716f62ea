#include "search/pimc_player.h"

#include "search/belief.h"
#include "search/bury_search.h"
#include "search/declare_search.h"
#include "search/grab_search.h"
#include "search/xiaosa_search.h"

#include <algorithm>
#include <stdexcept>

namespace duidiao {

// Decisions with more legal plays than this get proportionally fewer worlds (at least MIN_WORLDS).
constexpr uint64_t MOVES_IN_FULL = 128;
constexpr uint64_t MIN_WORLDS = 4;

PimcPlayer::PimcPlayer(const std::string& name, const PimcOptions& options, bool oracle,
                       double margin, int bury_worlds, int declare_worlds, int xiaosa_worlds,
                       int grab_worlds, int recheck_worlds, double belief_weight)
    : name_(name), oracle_(oracle), margin_(margin), seed_(options.seed), worlds_(options.worlds),
      bury_worlds_(bury_worlds), declare_worlds_(declare_worlds), xiaosa_worlds_(xiaosa_worlds),
      grab_worlds_(grab_worlds), recheck_worlds_(recheck_worlds), belief_weight_(belief_weight),
      seconds_(options.seconds),
      search_(options) {
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
  last_worlds_ = {};
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
  if (worlds_ > 0) search_.set_seconds(seconds_);
  set_belief(obs);
  PimcAnalysis a = search_.analyse(view, obs.levels[0], obs.levels[1]);
  last_ = std::move(a.moves);
  last_worlds_ = {a.worlds, a.pool, a.effective_pool, a.independent_worlds};
  // Leave the heuristic bot's choice only for a move that beats it clearly in the same worlds:
  // with few worlds, the best of many means is often just the luckiest.
  const MoveAnalysis& best = last_.front();
  CardSet choice = best.move;
  if (!best.baseline && !(best.gain > margin_ * best.gain_stderr))
    for (const MoveAnalysis& m : last_)
      if (m.baseline) {
        choice = m.move;
        break;
      }
  if (recheck_worlds_ > 0 && last_.size() > 1 && !a.exact) return recheck(obs, choice, a.seconds);
  return choice;
}

void PimcPlayer::set_belief(const Observation& obs) {
  // The model is asked once a decision; the worlds then only add up its table.
  std::shared_ptr<const BeliefModel> model = belief_weight_ > 0 ? belief_model() : nullptr;
  if (!model || !model->covers(obs.rules)) return search_.set_belief({}, 0);
  std::vector<float> factors;
  model->log_factors(obs, &factors);
  search_.set_belief(std::move(factors), belief_weight_);
}

CardSet PimcPlayer::recheck(const Observation& obs, const CardSet& choice, double elapsed) {
  std::vector<CardSet> moves{choice};
  for (const MoveAnalysis& m : last_)
    if (moves.size() < RECHECK_MOVES && m.move != choice) moves.push_back(m.move);
  // Fresh worlds (another stream), in what is left of the decision's time cap.
  const int worlds = worlds_;
  search_.set_seed(seed_ + 0x94D049BB133111EBull * decisions_);
  search_.set_worlds(recheck_worlds_);
  if (worlds > 0 && seconds_ > 0) search_.set_seconds(std::max(1e-3, seconds_ - elapsed));
  const PimcAnalysis second = search_.analyse_moves(obs.view, obs.levels[0], obs.levels[1], moves);
  search_.set_worlds(worlds);
  CardSet played = choice;
  double best_bound = 0;
  for (const MoveAnalysis& m : second.moves) {
    if (m.baseline || m.worlds < 2) continue;
    const double bound = m.gain - RECHECK_Z * m.gain_stderr;
    if (bound > best_bound) best_bound = bound, played = m.move;
  }
  return played;
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
  o.infer_mate_miss = value("mate", 0);
  o.infer_mcmc = int(value("mcmc", 0));
  if (o.infer_mcmc > 0 && o.infer_pool < 2)
    throw std::invalid_argument("bot '" + name +
                                "': mcmc moves the inference's worlds: it needs infer=2 or more");
  o.postpone = value("postpone", 0) != 0;
  o.tail_cards = int(value("tail", 0));
  const double belief = value("belief", 0);
  if (belief > 0 && o.infer_pool < 2)
    throw std::invalid_argument("bot '" + name +
                                "': belief weighs the inference's worlds: it needs infer=2 or more");
  const std::string base = name.substr(0, name.find(':'));
  return std::make_unique<PimcPlayer>(name, o, base == "pimc-oracle", value("margin", 1),
                                      int(value("bury", 0)), int(value("declare", 0)),
                                      int(value("xiaosa", 0)), int(value("grab", 0)),
                                      int(value("recheck", 0)), belief);
}

}  // namespace duidiao
