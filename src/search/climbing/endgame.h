// The exact endgame of the climbing games: when every hand is known and few cards remain, the
// value of a position for a seat by alpha-beta search, the two sides playing against each other
// (够级: the teams; 保皇: the emperor's side against the rebels). Both games are zero-sum between
// the sides (rules §12.12, §13.7), so the other side's best is the seat's worst.
#pragma once
#include <cstdint>
#include <vector>

#include "core/climbing/baohuang.h"
#include "core/climbing/gouji.h"

namespace duidiao::climbing {

struct ExactResult {
  bool complete = false;  // false: the node budget ran out (value meaningless)
  double value = 0;       // for `seat`, as the playouts count it
  int64_t nodes = 0;
};

// The cards still held by the seats that play on (the size the endgame is chosen by).
int cards_in_play(const Gouji& g);
int cards_in_play(const Baohuang& g);

// The exact value for `seat` of a position with every hand known, or complete=false after
// `max_nodes` positions.
ExactResult solve_exact(const Gouji& g, int seat, int64_t max_nodes);
ExactResult solve_exact(const Baohuang& g, int seat, int64_t max_nodes);

}  // namespace duidiao::climbing
