#include "search/climbing/endgame.h"

#include <algorithm>
#include <deque>

#include "search/climbing/policy.h"

namespace duidiao::climbing {

namespace {

template <class Game>
struct Search {
  int seat = 0;
  int64_t max_nodes = 0;
  int64_t nodes = 0;
  // One move list per depth, kept between calls: no allocation once the lists have grown (a
  // deque: growing it at the end leaves the lists above in place).
  std::deque<std::vector<Action>> lists;

  // The value for `seat` within (alpha, beta); `false` in `ok` once the budget is spent.
  double value(const Game& g, double alpha, double beta, int depth, bool& ok) {
    if (g.over()) return value_for(g, seat);
    if (++nodes > max_nodes) {
      ok = false;
      return 0;
    }
    while (int(lists.size()) <= depth) lists.emplace_back();
    std::vector<Action>& moves = lists[depth];
    g.legal(moves);
    // The heuristic's choice first: it is often best, and cuts early.
    const Action first = heuristic_choice(g, moves);
    for (Action& a : moves)
      if (a == first) std::swap(a, moves[0]);
    const bool maximising = same_side(g, g.to_act(), seat);
    double best = maximising ? -1e9 : 1e9;
    for (size_t i = 0; i < moves.size(); ++i) {
      Game next = g;
      next.apply(moves[i]);
      const double v = value(next, alpha, beta, depth + 1, ok);
      if (!ok) return 0;
      if (maximising) {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }
};

template <class Game>
ExactResult solve(const Game& g, int seat, int64_t max_nodes) {
  Search<Game> s;
  s.seat = seat;
  s.max_nodes = max_nodes;
  ExactResult out;
  bool ok = true;
  out.value = s.value(g, -1e9, 1e9, 0, ok);
  out.complete = ok;
  out.nodes = s.nodes;
  return out;
}

template <class Game>
int held(const Game& g, int seats) {
  int n = 0;
  for (int p = 0; p < seats; ++p)
    if (g.present(p)) n += g.hand(p).size();
  return n;
}

}  // namespace

int cards_in_play(const Gouji& g) { return held(g, GOUJI_SEATS); }
int cards_in_play(const Baohuang& g) { return held(g, BAOHUANG_SEATS); }

ExactResult solve_exact(const Gouji& g, int seat, int64_t max_nodes) {
  return solve(g, seat, max_nodes);
}
ExactResult solve_exact(const Baohuang& g, int seat, int64_t max_nodes) {
  return solve(g, seat, max_nodes);
}

}  // namespace duidiao::climbing
