// Self-play of whole hands entirely in C++ (deal to result), for speed and for quick statistics.
#pragma once
#include <cstdint>
#include <string>

#include "search/player.h"

namespace duidiao {

struct SelfplayStats {
  int hands = 0;
  int declarer_stays = 0;
  int64_t defender_points = 0;
  int digs = 0;
  int xiaosa_hands = 0;
  int64_t score_ns = 0;  // hand scores summed, NS minus EW
  uint64_t checksum = 0;
};

// n independent hands at random team levels, a random fixed declarer drawing first; the seats'
// bots are names for make_player.
SelfplayStats selfplay_hands(const Rules& rules, int n, uint64_t seed, const std::string bots[4]);

}  // namespace duidiao
