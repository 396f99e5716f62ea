// Plain minimax with no pruning, no table and no merging, over the Hand API: the oracle the
// solver is tested against on small endgames.
#pragma once
#include <utility>
#include <vector>

#include "search/solver.h"

namespace duidiao {

// Every legal move of the root with its exact value (from the solver's point of view: POINTS
// the defenders' points, SCORE the root's side to move's hand score minus the other team's).
std::vector<std::pair<CardSet, int>> brute_force(const Hand& root, Objective objective, int level_ns,
                                                 int level_ew);

}  // namespace duidiao
