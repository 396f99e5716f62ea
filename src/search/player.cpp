#include "search/player.h"

#include <stdexcept>


namespace duidiao {

Decision Player::decide(const Observation& obs) {
  Decision d;
  d.phase = obs.phase;
  d.seat = obs.seat;
  const int rank = obs.rules.level_rank(obs.level);
  switch (obs.phase) {
    case PHASE_DECLARE:
    case PHASE_COUNTER: {  // §11.8: a counter is a declaration, asked as one
      const std::vector<Declaration> options =
          obs.phase == PHASE_DECLARE
              ? declaration_options(obs.rules, obs.seat, obs.hand, rank, obs.declarations, obs.drawn)
              : counter_options(obs.rules, obs.seat, obs.hand, rank, standing_declaration(obs));
      const int i = declare(obs, options);
      if (i < 0) {
        d.pass = true;
      } else {
        d.suit = options.at(size_t(i)).suit;
        d.kind = options.at(size_t(i)).kind;
      }
      break;
    }
    case PHASE_BURY:
      d.cards = bury(obs);
      break;
    case PHASE_GRAB:
      d.put = grab(obs);
      d.pass = d.put < 0;
      break;
    case PHASE_XIAOSA: {
      auto [jokers, taken] = xiaosa(obs, xiaosa_takeable(obs.kitty, rank));
      d.pass = jokers.empty();
      d.cards = jokers;
      d.taken = taken;
      break;
    }
    case PHASE_PLAY:
      d.cards = play(obs);
      break;
    default:
      throw std::invalid_argument("the hand is over: there is no decision to make");
  }
  return d;
}

void play_game(Game& game, Player* const players[4]) {
  Observation obs;
  while (game.phase() != PHASE_OVER) {
    const int seat = game.to_act();
    Player& p = *players[seat];
    observe(game, seat, p.sees_everything(), &obs);
    game.apply(p.decide(obs));
  }
}

}  // namespace duidiao
