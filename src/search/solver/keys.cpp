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

// SCORE, at a trick start: what the banked points mean for the value. Without a dig the value
// depends on the final T only through its row of the rules' point table (§7: 0, 5-75, 80-135,
// 140 and more; §10.7: bands of 40), so banked points that leave the same rows at the same
// distances share table entries: the row starts already passed, and the distances to those
// still ahead, capped just beyond what is still out (the points in the hands and the most the
// kitty's bonus can add). The first row start is 5 (T = 0 is a row of its own), so "passed it"
// is all its distance says. With few rows (§7's) every distance has 11 bits of its own; with
// many (the bands) the passed ones are counted and the reachable ones packed after, and when
// more than five are reachable the key is the banked points themselves (sound, fewer hits).
uint64_t Solver::score_points_key(const Node& node) const {
  const int p = node.points, reach = points_in_hands(node) + kitty_bonus_bound(node);
  auto distance = [&](int row) { return row <= p ? 0 : std::min(row - p, reach + 5); };
  constexpr int BITS = 11;  // a distance is at most a row start: under 2^11 (begin checks)
  if (thresholds_nb_ <= 6) {
    uint64_t k = uint64_t(p >= thresholds_[0]);
    for (int i = 1; i < thresholds_nb_; ++i)
      k |= uint64_t(distance(thresholds_[i])) << (1 + BITS * (i - 1));
    return k;
  }
  int passed = 0;
  while (passed < thresholds_nb_ && thresholds_[passed] <= p) ++passed;
  uint64_t k = uint64_t(passed);
  for (int i = passed, n = 0; i < thresholds_nb_ && thresholds_[i] - p <= reach; ++i, ++n) {
    if (n == 5) return uint64_t(1) << 63 | uint64_t(p);
    k |= uint64_t(thresholds_[i] - p) << (6 + BITS * n);
  }
  return k;
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
    k += mix(node.trick.plays[i].one + SEED[i] * 3) + mix(node.trick.plays[i].two + SEED[i + 4] * 5) +
         (COPIES >= 3 ? mix(node.trick.plays[i].at_least(3) + SEED[i] * 7) : 0);  // 0: the two-deck keys as ever
  if (objective_ == Objective::SCORE) k += mix(score_points_key(node) * SEED[6] + 1);
  k = mix(k);
  return k ? k : 1;  // 0 marks an empty slot
}

}  // namespace duidiao
