// Single-observer information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and
// Whitehouse, 2012), the tree-search answer to PIMC's strategy fusion (pimc.h): one tree over the
// public sequence of plays from the seat to move, shared by every sampled world. Each iteration
// draws a world (WorldSampler), walks the tree choosing among the plays legal in that world by
// UCB (a child's "availability" counts the iterations in which it could have been played),
// adds one node, plays the hand out with the fair heuristic policy and adds the hand score
// (§7.2) to every node on the path, from the side of the seat that made its play. The
// decision is the root's most visited play; a play's value is its mean over its visits.
//
// Because the worlds differ under one node, the plays below the root are valued against every
// world at once: a plan that works only when one guesses right is not credited as if one
// always did (what PIMC does). The price: far fewer samples per play than PIMC at equal time.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "core/hand.h"
#include "search/pimc.h"

namespace duidiao {

struct IsmctsOptions {
  int iterations = 0;       // iterations to run; 0: as many as `seconds` allows
  double seconds = 0;       // the time budget when iterations == 0 (a cap otherwise, when > 0)
  double exploration = 4;   // UCB's constant, in hand-score points
  uint64_t seed = 0;
  int follow_samples = 16;  // below the root, a follow with more legal plays weighs this many
  // Asked before each iteration: true ends the search with the iterations done so far.
  std::function<bool()> stop_check;
};

// Ranks the root's plays: moves as in a PimcAnalysis (mean, worlds = visits), most visited first.
PimcAnalysis ismcts_analyse(const Hand& view, int level_ns, int level_ew, const IsmctsOptions& o);

}  // namespace duidiao
