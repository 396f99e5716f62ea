// What the solver's files share: the bounds of a search and the key mixer. Internal to
// src/search/solver/ (the hands' Zobrist numbers are PlayState's, in core/play_state.h).
#pragma once
#include <cstdint>

#include "core/trick.h"

namespace duidiao::solver_internal {

// Beyond every value: a score difference is small, and the points objective's T is at most 200
// plus the kitty's points (at most 80 on eight cards) times 2^13 (rules §10.7 `power`, a
// tractor of 12 pairs) — under 2^20. The table keeps 16-bit bounds (TranspositionTable::store).
constexpr int INF = 1 << 24;
constexpr int MAX_PLY = MAX_TRICKS * SEAT_NB + 2;

// Bounds [lo, hi] on a value that leave nothing to search in the window (alpha, beta).
inline bool settled(int lo, int hi, int alpha, int beta) { return lo >= beta || hi <= alpha || lo == hi; }

inline uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

}  // namespace duidiao::solver_internal
