#include "search/pimc_player.h"

#include "search/bury_search.h"
#include "search/declare_search.h"
#include "search/grab_search.h"
#include "search/xiaosa_search.h"

#include <algorithm>
#include <iterator>
#include <cstdio>
#include <stdexcept>

namespace duidiao {

// About 50 ms per decision early in a hand on one core; duels showed 32 worlds clearly ahead of 16.
constexpr int DEFAULT_WORLDS = 32;
// Decisions with more legal plays than this get proportionally fewer worlds (at least MIN_WORLDS).
constexpr uint64_t MOVES_IN_FULL = 128;
constexpr uint64_t MIN_WORLDS = 4;
// How many standard errors a move must gain over the heuristic's choice to be played instead.
constexpr double DEFAULT_MARGIN = 1.0;

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
  if (bury_worlds_ == 0) return heuristic_.bury(obs);
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

// A setting's value: a number in [low, high], a whole one when `whole`.
double parse_setting(const std::string& bot, const std::string& key, const std::string& value,
                     double low, double high, bool whole) {
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty() || !(v >= low && v <= high) ||
      (whole && v != double(int64_t(v)))) {
    char range[64];
    std::snprintf(range, sizeof range, "%g to %g", low, high);
    throw std::invalid_argument("bot '" + bot + "': " + key + " needs " +
                                (whole ? "a whole number" : "a number") + " from " + range +
                                ", not '" + value + "'");
  }
  return v;
}

std::vector<std::pair<std::string, std::string>> bot_settings(const std::string& name,
                                                              const std::string& defaults) {
  std::string rest;
  const size_t colon = name.find(':');
  if (colon != std::string::npos) {
    rest = name.substr(colon + 1);
    if (rest.empty()) throw std::invalid_argument("bot '" + name + "': no setting after ':'");
  }
  if (!defaults.empty()) rest = rest.empty() ? defaults : defaults + "," + rest;
  std::vector<std::pair<std::string, std::string>> out;
  if (rest.empty()) return out;
  size_t pos = 0;
  while (pos <= rest.size()) {
    size_t end = rest.find(',', pos);
    if (end == std::string::npos) end = rest.size();
    const std::string item = rest.substr(pos, end - pos);
    const size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::invalid_argument("bot '" + name + "': settings are key=value, not '" + item + "'");
    out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    pos = end + 1;
  }
  return out;
}

// The named levels (players.md): settings applied before any given after the name's colon.
// The analysis (duidiao.analyse) takes its search settings from "expert".
constexpr BotLevel LEVELS[] = {
    {"normal", "worlds=8"},
    {"hard", "worlds=32"},
    {"expert", "worlds=256,solve=5,infer=4,miss=0.5,bury=64,cap=1000"},
};

std::vector<BotLevel> pimc_levels() { return {std::begin(LEVELS), std::end(LEVELS)}; }

std::unique_ptr<Player> make_pimc_player(const std::string& name, uint64_t seed) {
  const std::string base = name.substr(0, name.find(':'));
  const char* level = nullptr;
  for (const BotLevel& l : LEVELS)
    if (base == l.name) level = l.settings;
  if (base != "pimc" && base != "pimc-oracle" && !level) return nullptr;
  PimcOptions o;
  double margin = DEFAULT_MARGIN;
  int bury_worlds = 0;
  int declare_worlds = 0;
  int xiaosa_worlds = 0;
  int grab_worlds = 0;
  o.worlds = DEFAULT_WORLDS;
  o.seconds = 0;
  o.seed = seed;
  for (const auto& [key, value] : bot_settings(name, level ? level : "")) {
    auto number = [&](double low, double high, bool whole) {
      return parse_setting(name, key, value, low, high, whole);
    };
    if (key == "worlds") {
      o.worlds = int(number(1, 1e6, true));
    } else if (key == "ms") {
      o.seconds = seconds_setting(name, key, value);
      o.worlds = 0;
    } else if (key == "cap") {  // a time cap in ms on a counted budget
      o.seconds = seconds_setting(name, key, value);
    } else if (key == "solve") {
      o.solve_cards = int(number(0, 25, true));
    } else if (key == "margin") {
      margin = number(0, 100, false);
    } else if (key == "fair") {
      o.fair_playouts = number(0, 1, true) != 0;
    } else if (key == "infer") {
      o.infer_pool = int(number(1, 64, true));
    } else if (key == "miss") {
      o.infer_miss = number(0.001, 1, false);
    } else if (key == "bury") {
      bury_worlds = int(number(0, 4096, true));
    } else if (key == "declare") {
      declare_worlds = int(number(0, 4096, true));
    } else if (key == "xiaosa") {
      xiaosa_worlds = int(number(0, 4096, true));
    } else if (key == "grab") {
      grab_worlds = int(number(0, 4096, true));
    } else {
      throw std::invalid_argument("bot '" + name + "': unknown setting '" + key +
                                  "' (expected worlds, ms, cap, solve, margin, fair, infer, miss, "
                                  "bury, declare, grab or xiaosa)");
    }
  }
  return std::make_unique<PimcPlayer>(name, o, base == "pimc-oracle", margin, bury_worlds,
                                      declare_worlds, xiaosa_worlds, grab_worlds);
}

}  // namespace duidiao
