// The moves of a node and their order: every legal play (with equivalent cards merged), then
// the best first — the move the table remembers, two killers per ply and seat, then rules of
// thumb (combinations and high cards to lead; win cheaply, or give points to a partner who
// wins, or throw away little). A good first move is what makes alpha-beta cut; the order is
// deterministic so that node counts repeat.
#include "search/solver.h"

#include <algorithm>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

void Solver::generate(const Node& node, std::vector<CardSet>& out) const {
  out.clear();
  const Trick& t = node.trick;
  const int seat = t.turn();
  const CardSet& hand = node.held[seat];
  if (t.played) {
    legal_follows(ctx_, hand, t, &out);
  } else {
    // Leads: every simple lead, and the throws that stand (a failed throw comes to its forced
    // component, which is a simple lead already in the list).
    legal_leads(ctx_, hand, true, &out);
    CardSet others[3];
    for (int i = 0; i < 3; ++i) others[i] = node.held[(seat + 1 + i) & 3];
    size_t kept = 0;
    for (size_t i = 0; i < out.size(); ++i) {
      const CardSet& m = out[i];
      if (!is_simple_combination(ctx_, m)) {
        Decomposition d;
        decompose(ctx_, m, &d);
        if (!judge_throw(ctx_, d, ctx_.suit_of(lowest_bit(m.one)), others).valid) continue;
      }
      out[kept++] = m;
    }
    out.resize(kept);
  }
  if (options_.merge_equivalent) merge_equivalents(node, out);
}

void Solver::order(const Node& node, std::vector<CardSet>& moves, int first, int ply) {
  const Trick& t = node.trick;
  const int my_team = team_of(t.turn());
  const bool defending = my_team != team_of(declarer_);
  const bool partner_winning = t.played > 0 && team_of(t.winner_seat()) == my_team;
  std::vector<Scored>& scored = scored_[ply];
  // Written in place: a Scored built apart and copied in stalls on the copy.
  scored.resize(moves.size());
  if (moves.size() == 1) {  // nothing to order
    scored[0] = {0, 0, moves[0]};
    return;
  }
  for (size_t i = 0; i < moves.size(); ++i) {
    const CardSet& m = moves[i];
    int s = 0;
    if (int(i) == first) s = 1 << 26;
    else if (m == killer_[ply * 4 + t.turn()]) s = 1 << 25;
    else if (m == killer2_[ply * 4 + t.turn()]) s = 1 << 24;
    int power = 0;
    for (uint64_t b = m.one; b; b &= b - 1) power += ctx_.power[lowest_bit(b)];
    if (t.played == 0) {
      s += 1000 * m.size() + power;  // combinations and high cards first
    } else {
      const bool takes = t.takes(ctx_, m);  // else the trick's winner stays
      const bool mine = takes || partner_winning;
      const int points = m.points();
      if (takes && partner_winning) s += 40000 + 100 * points - power;
      else if (takes) s += 100000 - 10 * power + (defending ? 50 * points : 0);
      else if (mine) s += 50000 + 100 * points - power;
      else s += 10000 - 100 * points - power;
    }
    Scored& e = scored[i];
    e.score = s;
    e.index = int(i);
    e.move = m;
  }
  // Best first, equal scores in generation order (so node counts repeat): a total order, so
  // the in-place std::sort gives what a stable sort would, and allocates nothing.
  std::sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
    return a.score != b.score ? a.score > b.score : a.index < b.index;
  });
  for (size_t i = 0; i < moves.size(); ++i) moves[i] = scored[i].move;
}

}  // namespace duidiao
