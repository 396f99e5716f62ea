#include "search/selfplay.h"

#include "search/bot_table.h"

#include "core/playout.h"

namespace duidiao {

SelfplayStats selfplay_hands(const Rules& rules, int n, uint64_t seed, const std::string bots[4]) {
  Rng rng(seed);
  std::unique_ptr<Player> owned[4];
  Player* players[4];
  for (int s = 0; s < 4; ++s) {
    owned[s] = make_player(bots[s], rng.next());
    players[s] = owned[s].get();
  }
  SelfplayStats stats;
  for (int h = 0; h < n; ++h) {
    GameSetup setup;
    setup.rules = rules;
    setup.level_ns = int(rng.below(LEVEL_NB));
    setup.level_ew = int(rng.below(LEVEL_NB));
    setup.declarer = setup.first_drawer = int(rng.below(4));
    shuffle_deck(rng, rules.decks, setup.deck);
    Game game(setup);
    play_game(game, players);
    HandResult r = game.result();
    ++stats.hands;
    stats.declarer_stays += r.declarers_stay;
    stats.defender_points += r.points;
    stats.digs += r.dig != DIG_NONE;
    stats.xiaosa_hands += !game.xiaosas().empty();
    stats.score_ns += r.score_ns - r.score_ew;
    stats.checksum = stats.checksum * 1000003 + uint64_t(r.points * 64 + r.level_ns * 13 + r.level_ew);
  }
  return stats;
}

}  // namespace duidiao
