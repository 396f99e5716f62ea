#include "search/ismcts_player.h"

#include <stdexcept>

#include "search/pimc_player.h"

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

std::unique_ptr<Player> make_ismcts_player(const std::string& name, uint64_t seed) {
  const std::string base = name.substr(0, name.find(':'));
  if (base != "ismcts") return nullptr;
  IsmctsOptions o;
  o.iterations = 2000;
  o.seed = seed;
  PimcOptions endgame;
  endgame.worlds = 32;
  endgame.seconds = 0;
  for (const auto& [key, value] : bot_settings(name, "")) {
    auto number = [&](double low, double high, bool whole) {
      return parse_setting(name, key, value, low, high, whole);
    };
    if (key == "iterations") {
      o.iterations = int(number(1, 1e8, true));
    } else if (key == "ms") {
      o.seconds = seconds_setting(name, key, value);
      o.iterations = 0;
    } else if (key == "cap") {
      o.seconds = endgame.seconds = seconds_setting(name, key, value);
    } else if (key == "c") {
      o.exploration = number(0, 1000, false);
    } else if (key == "solve") {
      endgame.solve_cards = int(number(0, 25, true));
    } else {
      throw std::invalid_argument("bot '" + name + "': unknown setting '" + key +
                                  "' (expected iterations, ms, cap, c or solve)");
    }
  }
  if (o.iterations == 0) {  // a time budget: the endgame's too
    endgame.worlds = 0;
    endgame.seconds = o.seconds;
  }
  return std::make_unique<IsmctsPlayer>(name, o, endgame);
}

}  // namespace duidiao
