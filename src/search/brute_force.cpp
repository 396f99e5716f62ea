#include "search/brute_force.h"

#include <algorithm>

namespace duidiao {

namespace {

struct Minimax {
  Objective objective;
  int level_ns, level_ew;
  int max_team;

  int value(const Hand& h) const {
    if (h.is_over()) {
      if (objective == Objective::POINTS)  // T: with the kitty's bonus when it counts (§10.7)
        return h.rules().kitty_points == KITTY_POINTS_NEVER
                   ? h.points()
                   : h.result(h.context().level, h.context().level).points;
      HandResult r = h.result(level_ns, level_ew);
      int diff = r.score_ns - r.score_ew;
      return max_team == 0 ? diff : -diff;
    }
    std::vector<CardSet> moves;
    h.legal_moves(&moves);
    const bool max_node = team_of(h.turn()) == max_team;
    int best = max_node ? -100000 : 100000;
    for (const CardSet& m : moves) {
      Hand child = h;
      child.play(m);
      int v = value(child);
      best = max_node ? std::max(best, v) : std::min(best, v);
    }
    return best;
  }
};

}  // namespace

std::vector<std::pair<CardSet, int>> brute_force(const Hand& root, Objective objective, int level_ns,
                                                 int level_ew) {
  Minimax mm{objective, level_ns, level_ew,
             objective == Objective::POINTS ? 1 - team_of(root.declarer()) : team_of(root.turn())};
  std::vector<CardSet> moves;
  root.legal_moves(&moves);
  std::vector<std::pair<CardSet, int>> out;
  for (const CardSet& m : moves) {
    Hand child = root;
    child.play(m);
    out.push_back({m, mm.value(child)});
  }
  return out;
}

}  // namespace duidiao
