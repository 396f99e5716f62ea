#include "search/inference.h"

#include "search/heuristic_player.h"

namespace duidiao {

void shown_in_view(const Hand& view, int observer, CardSet shown[4]) {
  for (int p = 0; p < 4; ++p) {
    const CardSet& start = view.shown_at_start(p);
    const CardSet now = p == observer ? CardSet{} : view.held(p);
    shown[p] = start.larger(now);
  }
}

int heuristic_misses(const Hand& world, int observer, const CardSet shown_then[4],
                     int* by_partner) {
  const Context& ctx = world.context();
  const int declarer = world.declarer();
  // A kitty buried face down (§10.6) is the declarer's secret until the hand is over.
  const CardSet kitty = world.kitty();
  const Trick& now = world.trick();
  const int tricks = world.history_size();
  // The state before the first recorded trick: every card played since goes back to its hand.
  PlayState st = world.state();
  int points = st.points;
  auto give_back = [&](int leader, const CardSet plays[4], int played) {
    for (int k = 0; k < played; ++k) {
      const int seat = (leader + k) & 3;
      st.held[seat] = st.held[seat].plus(plays[k]);
      st.out = st.out.minus(plays[k]);
    }
  };
  for (int i = 0; i < tricks; ++i) {
    const TrickRecord& r = world.history(i);
    give_back(r.leader, r.plays, 4);
    if (team_of(r.winner) != team_of(declarer)) points -= r.points;
  }
  give_back(now.leader, now.plays, now.played);
  st.points = points;
  // Voids are learnt again as the tricks are replayed (a position's voids known from before its
  // recorded tricks are not: the heuristic then knows a little less than the seat did).
  for (auto& v : st.voids) v = 0;
  st.trick.start(tricks > 0 ? world.history(0).leader : now.leader);

  CardSet shown[4];  // still shown: a copy played goes (a shown one first, as Game does)
  std::copy(shown_then, shown_then + 4, shown);
  int misses = 0, partner_misses = 0;
  PlayState seen;  // the state as the deciding seat saw it
  int hidden[4];
  auto replay = [&](const CardSet plays[4], int played, const CardSet& attempt) {
    for (int k = 0; k < played; ++k) {
      const int seat = st.trick.turn();
      if (seat != observer) {
        seen = st;
        for (int p = 0; p < 4; ++p) {
          if (p != seat) seen.held[p] = st.held[p].common(shown[p]);
          hidden[p] = st.held[p].size() - seen.held[p].size();
        }
        const CardSet chosen = k == 0 && !attempt.empty() ? attempt : plays[k];
        const CardSet known_kitty = kitty_known_to(world.rules(), kitty, seat, declarer);
        if (heuristic_play(ctx, declarer, known_kitty, seen, hidden, seat, false) != chosen) {
          ++misses;
          if (seat == partner(observer)) ++partner_misses;
        }
      }
      const CardSet& s = shown[seat];
      shown[seat] = s.minus(s.common(plays[k]));
      st.apply<false>(ctx, declarer, plays[k]);
    }
  };
  for (int i = 0; i < tricks; ++i) {
    const TrickRecord& r = world.history(i);
    replay(r.plays, 4, r.attempt);
  }
  replay(now.plays, now.played, world.lead_attempt());
  if (by_partner) *by_partner = partner_misses;
  return misses;
}

}  // namespace duidiao
