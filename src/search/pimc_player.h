// PimcPlayer: the `pimc` bot — every play chosen by determinized Monte Carlo search (pimc.h);
// declaring, burying, 抢牌 and 潇洒 as the heuristic bot does them unless searched (settings
// `declare`, `bury`, `grab`, `xiaosa`).
//
// Names: "pimc" or "pimc:" followed by comma-separated settings, e.g. "pimc:worlds=32,solve=4"
// or "pimc:ms=50". "pimc-oracle" sees every hand (for measuring the cost of hidden information
// only: it is not a fair player). The named levels "normal", "hard" and "expert" are this bot
// with settings of their own (bot_table.cpp), which settings after a colon may change
// ("expert:worlds=64"); "easy" is the heuristic bot.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "search/heuristic_player.h"
#include "search/bot_table.h"
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
  // recheck_worlds: 0 plays the first search's choice; else a second search over that many
  // fresh worlds weighs the choice and the RECHECK_MOVES − 1 moves ranked next, and another
  // move replaces the choice only when its gain over it, paired world by world, has a 95%
  // lower bound above 0 (against the best of many noisy means being merely the luckiest).
  // With a `cap` it shares the decision's cap; with an `ms` budget it has a budget of its own.
  // belief_weight: 0, or the power of the learned belief in the inference's weights (pimc.h);
  // used under the rules the loaded model was trained for, and nowhere else.
  PimcPlayer(const std::string& name, const PimcOptions& options, bool oracle, double margin,
             int bury_worlds = 0, int declare_worlds = 0, int xiaosa_worlds = 0,
             int grab_worlds = 0, int recheck_worlds = 0, double belief_weight = 0);
  std::string name() const override { return name_; }
  bool sees_everything() const override { return oracle_; }
  int declare(const Observation& obs, const std::vector<Declaration>& options) override;
  CardSet bury(const Observation& obs) override;
  int grab(const Observation& obs) override;
  std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) override;
  CardSet play(const Observation& obs) override;
  std::vector<MoveAnalysis> last_values() const override { return last_; }
  WorldsWorth last_worlds() const override { return last_worlds_; }

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
  int recheck_worlds_;
  double belief_weight_;
  double seconds_;  // the decision's time cap (0: none), shared by the search and its re-check
  HeuristicPlayer heuristic_{0};
  PimcSearch search_;
  uint64_t decisions_ = 0;
  std::vector<MoveAnalysis> last_;  // the last play's analysis
  WorldsWorth last_worlds_;
  CardSet recheck(const Observation& obs, const CardSet& choice, double elapsed);
  // Hands the search this decision's belief table (or none).
  void set_belief(const Observation& obs);
};

// The moves a re-check weighs: the first search's choice and the best ranked after it.
constexpr size_t RECHECK_MOVES = 3;
// The lower bound's standard errors (95%, one-sided against the choice).
constexpr double RECHECK_Z = 1.645;

// The pimc bot (and pimc-oracle, and its levels) from a name's checked settings (bot_table.h:
// PIMC_SETTINGS, whose defaults, and whose 32 worlds a decision — about 50 ms early in a hand on
// one core; duels showed 32 worlds clearly ahead of 16 — say what an absent setting means).
std::unique_ptr<Player> make_pimc_player(const std::string& name, const BotValues& values,
                                         uint64_t seed);

}  // namespace duidiao
