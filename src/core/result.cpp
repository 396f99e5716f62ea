#include "result.h"

#include <stdexcept>

namespace duidiao {

const char* dig_name(Dig d) {
  static const char* NAMES[DIG_NB] = {"none", "joker", "level"};
  return d >= 0 && d < DIG_NB ? NAMES[d] : "?";
}

const char* outcome_name(Outcome o) {
  static const char* NAMES[OUTCOME_NB] = {"guangpai", "dacheng", "dapo", "gulupo", "joker_dig",
                                          "j_daodi", "q_banjie", "k_fantian", "k_sanji"};
  return o >= 0 && o < OUTCOME_NB ? NAMES[o] : "?";
}

int climb(const Rules& rules, int from, int n) {
  int level = from;
  for (int i = 0; i < n && level < LEVEL_TOP; ++i) {
    ++level;
    if (rules.is_must_play(level)) break;
  }
  return level;
}

HandResult hand_result(const Rules& rules, const Context& ctx, int declarer, int level_ns,
                       int level_ew, int points, int last_winner, const CardSet& last_play,
                       const CardSet& kitty, bool dry) {
  if (level_ns < 0 || level_ns > 12 || level_ew < 0 || level_ew > 12)
    throw std::invalid_argument("levels must be 0..12");
  const int decl_team = team_of(declarer), def_team = 1 - decl_team;
  int levels[2] = {level_ns, level_ew};
  const int before[2] = {level_ns, level_ew};
  if (levels[decl_team] != ctx.level)
    throw std::invalid_argument("the declaring team's level must be the hand's level");

  HandResult r;
  r.points = points;
  r.kitty_jokers_climb =
      dry || !rules.xiaosa ? 0 : 3 * kitty.count(BIG_JOKER) + 2 * kitty.count(SMALL_JOKER);

  // §7 the last trick: a joker dig, else a level dig when the level cards are J, Q or K.
  const int rank = ctx.level_card;
  int dig_climb = 0;
  if (rules.digs && team_of(last_winner) == def_team) {
    if (last_play.count(BIG_JOKER)) dig_climb = 3;
    else if (last_play.count(SMALL_JOKER)) dig_climb = 2;
    if (dig_climb) {
      r.dig = DIG_JOKER;
    } else if (rank >= RANK_J && rank <= RANK_K && (last_play.one & ~ctx.level_cards) == 0) {
      r.dig = DIG_LEVEL;
    }
  }

  int declarer_climb = 0, defender_climb = 0;
  if (r.dig == DIG_JOKER) {
    r.outcome = OUTCOME_JOKER_DIG;
    defender_climb = dig_climb;
  } else if (r.dig == DIG_LEVEL) {
    if (rank == RANK_J) {
      r.outcome = OUTCOME_J_DAODI;
      levels[decl_team] = LEVEL_START;
    } else if (rank == RANK_Q) {
      r.outcome = OUTCOME_Q_BANJIE;
      levels[decl_team] = rules.level_of_rank(RANK_6);
    } else if (rules.k_dig == K_DIG_SWAP) {
      r.outcome = OUTCOME_K_FANTIAN;
      std::swap(levels[0], levels[1]);
    } else {
      r.outcome = OUTCOME_K_SANJI;
      levels[decl_team] = rules.level_of_rank(RANK_10);
    }
  } else if (points == 0) {
    r.outcome = OUTCOME_GUANGPAI;
    declarer_climb = 3;
  } else if (points < 80) {
    r.outcome = OUTCOME_DACHENG;
    declarer_climb = 1;
  } else if (points < 140) {
    r.outcome = OUTCOME_DAPO;
  } else {
    r.outcome = OUTCOME_GULUPO;
    levels[decl_team] = LEVEL_START;
  }
  r.declarers_stay = r.outcome == OUTCOME_GUANGPAI || r.outcome == OUTCOME_DACHENG;

  // The jokers in the kitty join the winner's climb: one climb, stopped by §7.1.
  if (r.declarers_stay)
    levels[decl_team] = climb(rules, levels[decl_team], declarer_climb + r.kitty_jokers_climb);
  else
    levels[def_team] = climb(rules, levels[def_team], defender_climb + r.kitty_jokers_climb);

  r.level_ns = levels[0];
  r.level_ew = levels[1];
  int score[2];
  for (int t = 0; t < 2; ++t) score[t] = 2 * (levels[t] - before[t]);
  if (!r.declarers_stay) score[def_team] += 2, score[decl_team] -= 2;
  r.score_ns = score[0];
  r.score_ew = score[1];
  r.next_declarer = r.declarers_stay ? partner(declarer) : next_seat(declarer);
  r.match_won = r.declarers_stay && before[decl_team] == LEVEL_TOP;
  return r;
}

}  // namespace duidiao
