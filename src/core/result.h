// The result of a hand (§7, §10.7): the kitty's points for the defenders (§10.7), digs, the
// point rows (§7's or §10.7's bands), 潇洒 jokers, must-play levels and gates (§7.1, §10.7),
// the hand score (§7.2), the next declarer (§8.4) and the match win (§8.3).
#pragma once
#include <string>

#include "cardset.h"
#include "context.h"
#include "rules.h"

namespace duidiao {

// §7: a dig of the last trick by the defenders (抠底).
enum Dig : int { DIG_NONE, DIG_JOKER, DIG_LEVEL, DIG_NB };
// §7: how a hand ends: the point rows (光牌, 打成, 打破, 轱辘坡), a joker dig, or a level dig at
// J, Q, K (J到底, Q半截, K翻天 or K三级). §10.7's bands add two rows: 5–35 (xiaoguang, the
// declarers climb 2) and 120 or more (dapo_climb, the defenders take over and climb); their 0,
// 40–75 and 80–115 are guangpai, dacheng and dapo. Appended: the numbers stay.
enum Outcome : int {
  OUTCOME_GUANGPAI, OUTCOME_DACHENG, OUTCOME_DAPO, OUTCOME_GULUPO, OUTCOME_JOKER_DIG,
  OUTCOME_J_DAODI, OUTCOME_Q_BANJIE, OUTCOME_K_FANTIAN, OUTCOME_K_SANJI, OUTCOME_XIAOGUANG,
  OUTCOME_DAPO_CLIMB, OUTCOME_NB
};
// The names results print as ("none", "joker"...; "guangpai", "dacheng"...).
const char* dig_name(Dig d);
const char* outcome_name(Outcome o);

struct HandResult {
  int points = 0;  // T: the defenders' points from tricks plus the kitty's times its multiplier
  Dig dig = DIG_NONE;
  Outcome outcome = OUTCOME_GUANGPAI;
  int kitty_jokers_climb = 0;
  bool declarers_stay = false;
  int level_ns = 0, level_ew = 0;
  int score_ns = 0, score_ew = 0;
  int next_declarer = 0;
  bool match_won = false;
  int kitty_points = 0;      // the final kitty's own face points
  int kitty_multiplier = 0;  // what they count times for the defenders (§10.7); 0: no bonus
  // §11.9 with `stakes`: the hand's stake s (2^d) and base X; the winners score +s·X, the
  // others -s·X (1 and 0 without stakes).
  int stake = 1, base = 0;

  // The hand score difference (§7.2) from `team`'s side (0: NS, 1: EW): what searches maximise.
  int score_margin(int team) const { return team == 0 ? score_ns - score_ew : score_ew - score_ns; }
};

// §7.1, §10.7: a climb of n levels from `from`, stopped at the first must-play level (gate) and
// at the ladder's top.
int climb(const Rules& rules, int from, int n);

// §10.7: what the kitty's points count times for the defenders when a defender wins the last
// trick with `last_play` (one effective suit, as a winning play is): `power`: 2^(1+L), L the
// longest tractor among the play's own components (a pair 1, singles only 0); `cards`: 2 times
// the cards of the play; `never`: 0.
int kitty_multiplier(const Rules& rules, const Context& ctx, const CardSet& last_play);

// The point rows (§7, §10.7 `scoring`): the least points above `points` that fall in another
// row, or INT_MAX when no more points change the result (the rows after the last one whose
// climb can still move a level). Without a dig the result depends on T only through its row.
int next_row_points(const Rules& rules, int points);

// points: P, the defenders' points from tricks; last_winner and last_play: the last trick's
// winning seat and play; kitty: the final kitty (its points count for the defenders who win the
// last trick, by `kitty_points`; its jokers climb with `xiaosa` unless dry). The result's points
// are T, P plus the kitty's bonus.
// stake: §11.9's s, read with `stakes` on.
HandResult hand_result(const Rules& rules, const Context& ctx, int declarer, int level_ns,
                       int level_ew, int points, int last_winner, const CardSet& last_play,
                       const CardSet& kitty, bool dry, int stake = 1);

}  // namespace duidiao
