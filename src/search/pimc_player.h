// PimcPlayer: the `pimc` bot — every play chosen by determinized Monte Carlo search (pimc.h);
// declaring, burying, 抢牌 and 潇洒 as the heuristic bot does them unless searched (settings
// `declare`, `bury`, `grab`, `xiaosa`).
//
// Names: "pimc" or "pimc:" followed by comma-separated settings, e.g. "pimc:worlds=32,solve=4"
// or "pimc:ms=50". "pimc-oracle" sees every hand (for measuring the cost of hidden information
// only: it is not a fair player). The named levels "normal", "hard" and "expert" are this bot
// with the settings of LEVELS (pimc_player.cpp), which settings after a colon may change
// ("expert:worlds=64"); "easy" is the heuristic bot (player.cpp).
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "search/heuristic_player.h"
#include "search/pimc.h"

namespace duidiao {

class PimcPlayer : public Player {
 public:
  // margin: the standard errors by which a move must beat the heuristic's choice to be played.
  // bury_worlds: 0 buries as the heuristic does, else by search over that many sampled deals
  // (bury_search.h).
  // declare_worlds: 0 declares as the heuristic does, else by search over that many sampled
  // decks (declare_search.h); xiaosa_worlds and grab_worlds the same for 潇洒 and 抢牌
  // (xiaosa_search.h, grab_search.h).
  PimcPlayer(const std::string& name, const PimcOptions& options, bool oracle, double margin,
             int bury_worlds = 0, int declare_worlds = 0, int xiaosa_worlds = 0,
             int grab_worlds = 0);
  std::string name() const override { return name_; }
  bool sees_everything() const override { return oracle_; }
  int declare(const Observation& obs, const std::vector<Declaration>& options) override;
  CardSet bury(const Observation& obs) override;
  int grab(const Observation& obs) override;
  std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) override;
  CardSet play(const Observation& obs) override;
  std::vector<MoveAnalysis> last_values() const override { return last_; }

 private:
  std::string name_;
  bool oracle_;
  double margin_;
  uint64_t seed_;
  int worlds_;  // per decision (0: a time budget)
  int bury_worlds_;
  int declare_worlds_;
  int xiaosa_worlds_;
  int grab_worlds_;
  HeuristicPlayer heuristic_{0};
  PimcSearch search_;
  uint64_t decisions_ = 0;
  std::vector<MoveAnalysis> last_;  // the last play's analysis
};

// The settings of a bot name ("base:key=value,key=value") as (key, value) pairs, after
// `defaults` (a level's own settings, in the same form). Throws std::invalid_argument naming the
// bot for an empty list after the colon or an item that is not key=value.
std::vector<std::pair<std::string, std::string>> bot_settings(const std::string& name,
                                                              const std::string& defaults);
// A setting's value: a number in [low, high], a whole one when `whole`; else throws
// std::invalid_argument naming the bot, the key, the range and the value.
double parse_setting(const std::string& bot, const std::string& key, const std::string& value,
                     double low, double high, bool whole);
// A time setting (ms, cap) given in whole milliseconds from 1 to an hour, in seconds.
inline double seconds_setting(const std::string& bot, const std::string& key,
                              const std::string& value) {
  return parse_setting(bot, key, value, 1, 3.6e6, true) / 1000.0;
}

// A named level of the pimc bot: its name and its settings, in a bot name's form.
struct BotLevel {
  const char* name;
  const char* settings;
};
// The levels "normal", "hard" and "expert", weakest first.
std::vector<BotLevel> pimc_levels();

// The pimc player a name asks for, or nullptr when the name is not a pimc name. Throws
// std::invalid_argument on a bad setting.
std::unique_ptr<Player> make_pimc_player(const std::string& name, uint64_t seed);

}  // namespace duidiao
