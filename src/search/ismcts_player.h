// IsmctsPlayer: the `ismcts` bot — every play chosen by information-set MCTS (ismcts.h);
// declaring, burying, 抢牌 and 潇洒 as the heuristic bot does them. A measuring device against
// strategy fusion (analysis.md): compare it with `pimc` at equal time.
//
// Names: "ismcts" or "ismcts:" with comma-separated settings: iterations=N (default 2000),
// ms=M (a time budget instead), cap=M (a time cap on the iterations), c=X (UCB's constant),
// solve=N (from N cards in hand, default 4, the plays are pimc's exact ones, on the same budget
// of time or 32 worlds: the endgame is not where strategy fusion is measured).
#pragma once
#include <memory>
#include <string>

#include "search/bot_table.h"
#include "search/heuristic_player.h"
#include "search/ismcts.h"

namespace duidiao {

class IsmctsPlayer : public Player {
 public:
  IsmctsPlayer(const std::string& name, const IsmctsOptions& options, const PimcOptions& endgame)
      : name_(name), options_(options), seed_(options.seed), endgame_(endgame) {
    options_.stop_check = stop_check();
    endgame_.set_stop_check(stop_check());
  }
  std::string name() const override { return name_; }
  // Decided at once, as the heuristic decides; each still takes (clears) a stop sent for it.
  int declare(const Observation& obs, const std::vector<Declaration>& options) override {
    OneDecision once{*this};
    return heuristic_.declare(obs, options);
  }
  CardSet bury(const Observation& obs) override {
    OneDecision once{*this};
    return heuristic_.bury(obs);
  }
  int grab(const Observation& obs) override {
    OneDecision once{*this};
    return heuristic_.grab(obs);
  }
  std::pair<CardSet, CardSet> xiaosa(const Observation& obs, const CardSet& takeable) override {
    OneDecision once{*this};
    return heuristic_.xiaosa(obs, takeable);
  }
  CardSet play(const Observation& obs) override;
  std::vector<MoveAnalysis> last_values() const override { return last_; }

 private:
  std::string name_;
  IsmctsOptions options_;
  uint64_t seed_;
  uint64_t decisions_ = 0;
  HeuristicPlayer heuristic_{0};
  PimcSearch endgame_;
  std::vector<MoveAnalysis> last_;
};

// The ismcts player from a name's checked settings (bot_table.h: ISMCTS_SETTINGS).
std::unique_ptr<Player> make_ismcts_player(const std::string& name, const BotValues& values,
                                           uint64_t seed);

}  // namespace duidiao
