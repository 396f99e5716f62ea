#include "search/player.h"

#include <stdexcept>

#include "search/heuristic_player.h"
#include "search/ismcts_player.h"
#include "search/pimc_player.h"
#include "search/random_player.h"

namespace duidiao {

std::unique_ptr<Player> make_player(const std::string& name, uint64_t seed) {
  if (name == "random") return std::make_unique<RandomPlayer>(seed);
  if (name == "heuristic") return std::make_unique<HeuristicPlayer>(seed);
  if (name == "easy") return std::make_unique<HeuristicPlayer>(seed, "easy");  // the first level
  if (name.rfind("easy:", 0) == 0)
    throw std::invalid_argument("bot '" + name + "': the easy level takes no settings");
  if (auto pimc = make_pimc_player(name, seed)) return pimc;
  if (auto ismcts = make_ismcts_player(name, seed)) return ismcts;
  throw std::invalid_argument("unknown bot '" + name + "' (expected random, heuristic, pimc, ismcts, or a level: easy, normal, hard, expert)");
}

void play_game(Game& game, Player* const players[4]) {
  Observation obs;
  while (game.phase() != PHASE_OVER) {
    const int seat = game.to_act();
    Player& p = *players[seat];
    observe(game, seat, p.sees_everything(), &obs);
    switch (game.phase()) {
      case PHASE_DECLARE: {
        std::vector<Declaration> options = game.declare_options();
        int i = p.declare(obs, options);
        if (i < 0) game.pass();
        else game.declare(options.at(i).suit, options.at(i).kind);
        break;
      }
      case PHASE_BURY:
        game.bury(p.bury(obs));
        break;
      case PHASE_GRAB: {
        int put = p.grab(obs);
        if (put < 0) game.pass();
        else game.grab(put);
        break;
      }
      case PHASE_XIAOSA: {
        auto [jokers, taken] = p.xiaosa(obs, game.xiaosa_takeable());
        if (jokers.empty()) game.pass();
        else game.xiaosa(jokers, taken);
        break;
      }
      case PHASE_PLAY:
        game.play(p.play(obs));
        break;
      case PHASE_OVER:
      case PHASE_NB:  // not a phase: the count of them
        break;
    }
  }
}

}  // namespace duidiao
