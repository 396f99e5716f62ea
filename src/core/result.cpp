#include "result.h"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "combination.h"

namespace duidiao {

const char* dig_name(Dig d) {
  static const char* NAMES[DIG_NB] = {"none", "joker", "level"};
  return d >= 0 && d < DIG_NB ? NAMES[d] : "?";
}

const char* outcome_name(Outcome o) {
  static const char* NAMES[OUTCOME_NB] = {"guangpai",  "dacheng",  "dapo",      "gulupo",
                                          "joker_dig", "j_daodi",  "q_banjie",  "k_fantian",
                                          "k_sanji",   "xiaoguang", "dapo_climb"};
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

int kitty_multiplier(const Rules& rules, const Context& ctx, const CardSet& last_play) {
  if (rules.kitty_points == KITTY_POINTS_CARDS) return 2 * last_play.size();
  if (rules.kitty_points == KITTY_POINTS_DOUBLE) return 2;
  if (rules.kitty_points == KITTY_POINTS_COMPONENT) {
    // §11.9: min(64, 2^k), k the cards of the largest of the play's own components.
    Decomposition d;
    decompose(ctx, last_play, &d);
    int k = 0;
    for (int i = 0; i < d.size; ++i) k = std::max(k, d.parts[i].cards.size());
    return k >= 6 ? 64 : 1 << k;
  }
  if (rules.kitty_points != KITTY_POINTS_POWER) return 0;
  // The decomposition's first part is its longest tractor (§4, §10.2); else a pair, if any.
  int longest = last_play.two ? 1 : 0;
  if (popcount(last_play.two) >= 2) {
    Decomposition d;
    decompose(ctx, last_play, &d);
    if (d.size && d.parts[0].kind == TRACTOR) longest = d.parts[0].length;
  }
  return 2 << longest;
}

namespace {

// A row of the point table (§7 or §10.7's bands): how T ends the hand without a dig.
struct Row {
  Outcome outcome;
  bool declarers_stay;
  int climb;         // of the hand's winners
  bool back_to_start = false;  // 轱辘坡: the declaring team's level goes back to the start
};

// §10.7, §11.9: the band of `scoring=bands`, 20 points a pack (40 with two decks).
int band(const Rules& rules) { return 20 * rules.decks; }

Row row_of(const Rules& rules, int points) {
  if (rules.scoring == SCORING_BANDS) {
    const int b = band(rules);
    if (points <= 0) return {OUTCOME_GUANGPAI, true, 3};
    if (points < b) return {OUTCOME_XIAOGUANG, true, 2};
    if (points < 2 * b) return {OUTCOME_DACHENG, true, 1};
    if (points < 3 * b) return {OUTCOME_DAPO, false, 0};
    return {OUTCOME_DAPO_CLIMB, false, (points - 2 * b) / b};
  }
  if (points == 0) return {OUTCOME_GUANGPAI, true, 3};
  if (points < 80) return {OUTCOME_DACHENG, true, 1};
  if (points < 140) return {OUTCOME_DAPO, false, 0};
  return {OUTCOME_GULUPO, false, 0, true};
}

}  // namespace

int next_row_points(const Rules& rules, int points) {
  if (points < 5) return 5;
  if (rules.scoring == SCORING_BANDS) {
    const int b = band(rules);
    if (points < b) return b;
    if (points < 3 * b) return points < 2 * b ? 2 * b : 3 * b;
    // Past 3b, a level every b points; a climb of LEVEL_TOP reaches the top from anywhere.
    const int up = (points - 2 * b) / b;
    return up >= LEVEL_TOP ? INT_MAX : 2 * b + b * (up + 1);
  }
  if (points < 80) return 80;
  return points < 140 ? 140 : INT_MAX;
}

HandResult hand_result(const Rules& rules, const Context& ctx, int declarer, int level_ns,
                       int level_ew, int points, int last_winner, const CardSet& last_play,
                       const CardSet& kitty, bool dry, int stake) {
  if (level_ns < 0 || level_ns > 12 || level_ew < 0 || level_ew > 12)
    throw std::invalid_argument("levels must be 0..12");
  const int decl_team = team_of(declarer), def_team = 1 - decl_team;
  int levels[2] = {level_ns, level_ew};
  const int before[2] = {level_ns, level_ew};
  if (levels[decl_team] != ctx.level)
    throw std::invalid_argument("the declaring team's level must be the hand's level");
  const bool defenders_last = team_of(last_winner) == def_team;

  HandResult r;
  // §10.7 the kitty's points, times the multiplier, to the defenders who win the last trick.
  r.kitty_points = kitty.points();
  r.kitty_multiplier = defenders_last ? kitty_multiplier(rules, ctx, last_play) : 0;
  r.points = points + r.kitty_points * r.kitty_multiplier;
  r.kitty_jokers_climb =
      dry || !rules.xiaosa ? 0 : 3 * kitty.count(BIG_JOKER) + 2 * kitty.count(SMALL_JOKER);

  // §7 the last trick: a joker dig, else a level dig when the level cards are J, Q or K.
  const int rank = ctx.level_card;
  int dig_climb = 0;
  if (rules.digs && defenders_last) {
    if (last_play.count(BIG_JOKER)) dig_climb = 3;
    else if (last_play.count(SMALL_JOKER)) dig_climb = 2;
    if (dig_climb) {
      r.dig = DIG_JOKER;
    } else if (rank >= RANK_J && rank <= RANK_K && (last_play.one & ~ctx.level_cards) == 0) {
      r.dig = DIG_LEVEL;
    }
  }

  int winners_climb = 0;
  if (r.dig == DIG_JOKER) {
    r.outcome = OUTCOME_JOKER_DIG;
    winners_climb = dig_climb;
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
  } else {
    // Without a dig T decides, by the rules' rows.
    const Row row = row_of(rules, r.points);
    r.outcome = row.outcome;
    r.declarers_stay = row.declarers_stay;
    winners_climb = row.climb;
    if (row.back_to_start) levels[decl_team] = LEVEL_START;
  }

  // The jokers in the kitty join the winners' climb: one climb, stopped by §7.1. §10.7 gates:
  // defenders who take over while their level is a must-play level climb nothing.
  const int winners = r.declarers_stay ? decl_team : def_team;
  int total = winners_climb + r.kitty_jokers_climb;
  if (rules.gated_takeover && !r.declarers_stay && rules.is_must_play(before[def_team])) total = 0;
  levels[winners] = climb(rules, levels[winners], total);

  r.level_ns = levels[0];
  r.level_ew = levels[1];
  int score[2];
  for (int t = 0; t < 2; ++t) score[t] = 2 * (levels[t] - before[t]);
  if (!r.declarers_stay) score[def_team] += 2, score[decl_team] -= 2;
  if (rules.stakes) {
    // §11.9: X = 1 + c when the declarers climb c, 2 + c when the defenders take over and climb
    // c (the row's climb, wherever the levels stand); ±s·X.
    r.stake = stake;
    r.base = r.declarers_stay ? 1 + winners_climb : 2 + winners_climb;
    const int won = stake * r.base;
    score[winners] = won;
    score[1 - winners] = -won;
  }
  r.score_ns = score[0];
  r.score_ew = score[1];
  r.next_declarer = r.declarers_stay ? partner(declarer) : next_seat(declarer);
  r.match_won = r.declarers_stay && before[decl_team] == LEVEL_TOP;
  return r;
}

}  // namespace duidiao
