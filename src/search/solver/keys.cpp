// Transposition-table keys: the hands' Zobrist hash (kept up to date as cards are played), the
// leader and the plays on the table, and (SCORE) only what the banked points mean for the value,
// so that positions that differ in nothing the rest of the hand can see share an entry.
#include "search/solver.h"

#include <algorithm>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

// SCORE, at a trick start: what the banked points mean for the value. Only the point row the
// final points fall in counts (§7: 0, 5-75, 80-135, 140 and more), so banked points that leave
// the same rows at the same distances share table entries: none banked or some, and the
// distances to 80 and to 140 (0 when passed, capped just beyond the points still out).
uint64_t Solver::score_points_key(const Node& node) const {
  const int p = node.points, out = points_in_hands(node);
  auto distance = [&](int row) { return row <= p ? 0 : std::min(row - p, out + 5); };
  return uint64_t(p > 0) | uint64_t(distance(80)) << 1 | uint64_t(distance(140)) << 12;
}

// The position's part of the key: the hands' Zobrist hash (kept up to date by PlayState::apply), the
// leader, the plays on the table and (SCORE) the banked points' rows, mixed with what the
// whole solve shares (base_key_).
uint64_t Solver::key_of(const Node& node) const {
  static constexpr uint64_t SEED[8] = {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull, 0x94d049bb133111ebull,
                                       0x2545f4914f6cdd1dull, 0xd6e8feb86659fd93ull, 0xa0761d6478bd642full,
                                       0xe7037ed1a0b428dbull, 0x8ebc6af09c88c6e3ull};
  uint64_t k = base_key_ + uint64_t(node.trick.leader + 1) * SEED[7] + node.key;
  for (int i = 0; i < node.trick.played; ++i)
    k += mix(node.trick.plays[i].one + SEED[i] * 3) + mix(node.trick.plays[i].two + SEED[i + 4] * 5);
  if (objective_ == Objective::SCORE) k += mix(score_points_key(node) * SEED[6] + 1);
  k = mix(k);
  return k ? k : 1;  // 0 marks an empty slot
}

}  // namespace duidiao
