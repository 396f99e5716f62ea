// What the solver's files share: the bounds of a search, points on the table and in the hands,
// and the Zobrist numbers of the hands' keys. Internal to src/search/solver/.
#pragma once
#include <cstdint>

#include "core/trick.h"

namespace duidiao::solver_internal {

constexpr int INF = 30000;
constexpr int MAX_PLY = 25 * 4 + 2;

inline uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  x ^= x >> 33;
  return x;
}

inline int team_points(const CardSet held[4]) {
  return held[0].points() + held[1].points() + held[2].points() + held[3].points();
}

// Zobrist keys: one random number per seat, face and number of copies held (none: 0), so a
// hand's hash changes by two table lookups per face played.
struct Zobrist {
  uint64_t key[4][FACE_NB][3] = {};
  constexpr Zobrist() {
    uint64_t x = 0x853c49e6748fea9bull;
    for (auto& seat : key)
      for (auto& face : seat)
        for (int copies = 1; copies < 3; ++copies) {
          x += 0x9e3779b97f4a7c15ull;  // splitmix64
          uint64_t z = x;
          z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
          z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
          face[copies] = z ^ (z >> 31);
        }
  }
};
constexpr Zobrist ZOBRIST;

inline uint64_t hand_key(int seat, const CardSet& hand) {
  uint64_t k = 0;
  for (uint64_t m = hand.one; m; m &= m - 1) k ^= ZOBRIST.key[seat][lowest_bit(m)][hand.count(lowest_bit(m))];
  return k;
}

inline int table_points(const Trick& t) {
  int p = 0;
  for (int i = 0; i < t.played; ++i) p += t.plays[i].points();
  return p;
}

}  // namespace duidiao::solver_internal
