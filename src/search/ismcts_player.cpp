#include "search/ismcts_player.h"

#include <stdexcept>


namespace duidiao {

CardSet IsmctsPlayer::play(const Observation& obs) {
  OneDecision once{*this};
  const Hand& view = obs.view;
  last_.clear();
  if (view.count_legal_moves() == 1) {
    std::vector<CardSet> moves;
    view.legal_moves(&moves);
    return moves[0];
  }
  IsmctsOptions o = options_;
  o.seed = seed_ + 0xD1B54A32D192ED03ull * ++decisions_;
  PimcAnalysis a;
  if (view.held(obs.seat).size() <= endgame_.options().solve_cards) {
    endgame_.set_seed(o.seed);
    a = endgame_.analyse(view, obs.levels[0], obs.levels[1]);
  } else {
    a = ismcts_analyse(view, obs.levels[0], obs.levels[1], o);
  }
  last_ = std::move(a.moves);
  return last_.front().move;
}

std::unique_ptr<Player> make_ismcts_player(const std::string& name, const BotValues& values,
                                           uint64_t seed) {
  auto value = [&](const char* key, double otherwise) {
    const auto it = values.find(key);
    return it == values.end() ? otherwise : it->second;
  };
  IsmctsOptions o;
  o.seed = seed;
  o.iterations = int(value("iterations", 0));  // none: a time budget (ms)
  o.seconds = value("ms", value("cap", 0)) / 1000.0;
  o.exploration = value("c", o.exploration);
  PimcOptions endgame;
  endgame.worlds = 32;
  endgame.seconds = value("cap", 0) / 1000.0;
  endgame.solve_cards = int(value("solve", endgame.solve_cards));
  if (o.iterations == 0) {  // a time budget: the endgame's too
    endgame.worlds = 0;
    endgame.seconds = o.seconds;
  }
  return std::make_unique<IsmctsPlayer>(name, o, endgame);
}

}  // namespace duidiao
