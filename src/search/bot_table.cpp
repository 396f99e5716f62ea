#include "search/bot_table.h"

#include <cstdio>
#include <stdexcept>

#include "search/heuristic_player.h"
#include "search/ismcts_player.h"
#include "search/pimc_player.h"
#include "search/random_player.h"

namespace duidiao {

namespace {

constexpr double HOUR_MS = 3.6e6;

// pimc's settings (pimc_player.h says what each does to the search).
const std::vector<BotSetting> PIMC_SETTINGS = {
    {"worlds", true, 1, 1e6, "32", "sampled worlds per decision"},
    {"ms", true, 1, HOUR_MS, "", "a time budget per decision in milliseconds instead of worlds"},
    {"solve", true, 0, TWO_DECKS.hand_cards, "4", "solve worlds exactly from this many cards in hand"},
    {"margin", false, 0, 100, "1", "standard errors a move must gain over the heuristic's choice"},
    {"fair", true, 0, 1, "1", "1: each playout seat sees only its own hand; 0: the whole sampled deal"},
    {"cap", true, 1, HOUR_MS, "", "a time cap per decision in milliseconds on a budget of worlds"},
    {"infer", true, 1, 64, "1",
     "inference from the play: draw this many times the worlds and weigh them (1: off)"},
    {"miss", false, 0.001, 1, "1",
     "inference: a world's weight per past play the heuristic would not have made"},
    {"mate", false, 0.001, 1, "",
     "inference: the same for the partner's plays (default: as miss)"},
    {"mcmc", true, 0, 4096, "0",
     "inference: Metropolis steps moving each world drawn, so that copies of a world part ways (0: off; needs infer)"},
    {"bury", true, 0, 4096, "0", "bury by search over this many sampled deals (0: as the heuristic buries)"},
    {"declare", true, 0, 4096, "0",
     "declare and counter (反底) by search over this many sampled decks (0: as the heuristic declares)"},
    {"xiaosa", true, 0, 4096, "0", "潇洒 by search over this many sampled deals (0: as the heuristic does)"},
    {"grab", true, 0, 4096, "0", "抢牌 by search over this many sampled deals (0: as the heuristic does)"},
    {"recheck", true, 0, 1e6, "0",
     "re-check the choice and the next two moves over this many fresh worlds (0: off)"},
    {"postpone", true, 0, 1, "0",
     "exact worlds: one choice at the seat's next decision for the worlds that look alike to it there (extended PIMC; 0: off)"},
    {"tail", true, 0, TWO_DECKS.hand_cards, "0",
     "worlds played out: solve exactly from this many cards in hand (0: the heuristic to the end)"},
    {"belief", false, 0, 4, "0",
     "inference: weigh the worlds also by the learned belief, to this power, under the rules it was trained for (0: off; needs infer)"},
};

const std::vector<BotSetting> ISMCTS_SETTINGS = {
    {"iterations", true, 1, 1e8, "2000", "tree-search iterations per decision (one sampled world each)"},
    {"ms", true, 1, HOUR_MS, "", "a time budget per decision in milliseconds instead of iterations"},
    {"cap", true, 1, HOUR_MS, "", "a time cap per decision in milliseconds on the iterations"},
    {"c", false, 0, 1000, "4", "the UCB exploration constant, in hand-score points"},
    {"solve", true, 0, TWO_DECKS.hand_cards, "4",
     "from this many cards in hand, pimc's exact search (32 worlds, or the same time)"},
};

std::unique_ptr<Player> make_random(const std::string&, const BotValues&, uint64_t seed) {
  return std::make_unique<RandomPlayer>(seed);
}

std::unique_ptr<Player> make_heuristic(const std::string& name, const BotValues&, uint64_t seed) {
  return std::make_unique<HeuristicPlayer>(seed, name.substr(0, name.find(':')));
}

// A setting's value: a number in its range, a whole one when the setting says so.
double checked_value(const std::string& bot, const BotSetting& s, const std::string& value) {
  size_t used = 0;
  double v = 0;
  try {
    v = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty() || !(v >= s.low && v <= s.high) ||
      (s.whole && v != double(int64_t(v)))) {
    // Whole ranges in digits ("1 to 1000000", not "1e+06"); others as short as they go.
    char range[64];
    if (s.whole)
      std::snprintf(range, sizeof range, "%.0f to %.0f", s.low, s.high);
    else
      std::snprintf(range, sizeof range, "%g to %g", s.low, s.high);
    throw std::invalid_argument("bot '" + bot + "': " + s.key + " needs " +
                                (s.whole ? "a whole number" : "a number") + " from " + range +
                                ", not '" + value + "'");
  }
  return v;
}

}  // namespace

const std::vector<BotKind>& bot_kinds() {
  // The levels: the pimc bot with settings of its own (players.md); "easy" is the heuristic.
  // The analysis (duidiao.analyse) takes its search settings from "expert".
  static const std::vector<BotKind> kinds = {
      {"random", "uniformly random legal decisions", "", false, false, false, {}, make_random},
      {"heuristic", "hand-written rules of thumb", "", false, false, false, {}, make_heuristic},
      {"pimc",
       "every card by Monte Carlo search over sampled deals (other decisions as heuristic)", "",
       true, false, false, PIMC_SETTINGS, make_pimc_player},
      {"pimc-oracle",
       "pimc that sees every hand of the position it is given (a measuring device, not a fair "
       "player)",
       "", true, true, false, PIMC_SETTINGS, make_pimc_player},
      {"ismcts",
       "every card by information-set MCTS over sampled deals (against strategy fusion; other "
       "decisions as heuristic)",
       "", true, false, false, ISMCTS_SETTINGS, make_ismcts_player},
      {"easy", "the weakest level: the heuristic bot, instant", "", false, false, true, {},
       make_heuristic},
      {"normal", "pimc at 8 worlds", "worlds=8", true, false, true, PIMC_SETTINGS, make_pimc_player},
      {"hard", "pimc at 32 worlds (the pimc bot)", "worlds=32", true, false, true, PIMC_SETTINGS,
       make_pimc_player},
      {"expert",
       "the strongest level: 256 worlds, exact from 5 cards, inference from the play, a searched "
       "bury, capped at 1 s a decision",
       "worlds=256,solve=5,infer=4,miss=0.5,bury=64,cap=1000", true, false, true, PIMC_SETTINGS,
       make_pimc_player},
  };
  return kinds;
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

std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed) {
  const std::string base = name.substr(0, name.find(':'));
  for (const BotKind& kind : bot_kinds()) {
    if (base != kind.name) continue;
    if (kind.settings.empty() && name.find(':') != std::string::npos)
      throw std::invalid_argument("bot '" + name + "': the " + kind.name +
                                  (kind.level ? " level" : " bot") + " takes no settings");
    // The table's defaults, then the bot's own (a level's), then the name's, each checked: a
    // setting given later wins (and the factories read them in this order).
    BotValues values;
    std::string fallbacks;
    for (const BotSetting& s : kind.settings)
      if (*s.fallback) fallbacks += std::string(fallbacks.empty() ? "" : ",") + s.key + "=" + s.fallback;
    std::string defaults = fallbacks;
    if (*kind.defaults) defaults += std::string(defaults.empty() ? "" : ",") + kind.defaults;
    for (const auto& [key, value] : bot_settings(name, defaults)) {
      const BotSetting* setting = nullptr;
      for (const BotSetting& s : kind.settings)
        if (key == s.key) setting = &s;
      if (!setting) {
        std::string keys;
        for (size_t i = 0; i < kind.settings.size(); ++i)
          keys += (i ? (i + 1 == kind.settings.size() ? " or " : ", ") : "") + std::string(kind.settings[i].key);
        throw std::invalid_argument("bot '" + name + "': unknown setting '" + key + "' (expected " +
                                    keys + ")");
      }
      const double v = checked_value(name, *setting, value);
      // A time budget and a count (worlds, iterations: the first setting) replace each other,
      // the later one given winning: ms after the defaults' count makes a time budget, a count
      // after ms is capped at that time.
      const std::string count = kind.settings.front().key;
      if (key == "ms") values.erase(count);
      if (key == count && values.count("ms")) {
        values["cap"] = values["ms"];
        values.erase("ms");
      }
      values[key] = v;
    }
    return kind.make(name, values, seed);
  }
  std::string names;
  for (const BotKind& kind : bot_kinds()) names += std::string(names.empty() ? "" : ", ") + kind.name;
  throw std::invalid_argument("unknown bot '" + name + "' (expected " + names + ")");
}

}  // namespace duidiao
