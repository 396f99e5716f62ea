// The result of a hand (§7): digs, the point rows, 潇洒 jokers, must-play levels (§7.1), the
// hand score (§7.2), the next declarer (§8.4) and the match win (§8.3).
#pragma once
#include <string>

#include "cardset.h"
#include "context.h"
#include "rules.h"

namespace duidiao {

// §7: a dig of the last trick by the defenders (抠底).
enum Dig : int { DIG_NONE, DIG_JOKER, DIG_LEVEL, DIG_NB };
// §7: how a hand ends: the point rows (光牌, 打成, 打破, 轱辘坡), a joker dig, or a level dig at
// J, Q, K (J到底, Q半截, K翻天 or K三级).
enum Outcome : int {
  OUTCOME_GUANGPAI, OUTCOME_DACHENG, OUTCOME_DAPO, OUTCOME_GULUPO, OUTCOME_JOKER_DIG,
  OUTCOME_J_DAODI, OUTCOME_Q_BANJIE, OUTCOME_K_FANTIAN, OUTCOME_K_SANJI, OUTCOME_NB
};
// The names results print as ("none", "joker"...; "guangpai", "dacheng"...).
const char* dig_name(Dig d);
const char* outcome_name(Outcome o);

struct HandResult {
  int points = 0;
  Dig dig = DIG_NONE;
  Outcome outcome = OUTCOME_GUANGPAI;
  int kitty_jokers_climb = 0;
  bool declarers_stay = false;
  int level_ns = 0, level_ew = 0;
  int score_ns = 0, score_ew = 0;
  int next_declarer = 0;
  bool match_won = false;
};

// §7.1: a climb of n levels from `from`, stopped at the first must-play level and at K.
int climb(const Rules& rules, int from, int n);

// points: P, the defenders' points; last_winner and last_play: the last trick's winning seat
// and play; kitty: the final kitty (its jokers count unless dry).
HandResult hand_result(const Rules& rules, const Context& ctx, int declarer, int level_ns,
                       int level_ew, int points, int last_winner, const CardSet& last_play,
                       const CardSet& kitty, bool dry);

}  // namespace duidiao
