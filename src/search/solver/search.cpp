// The search: alpha-beta over the two teams' choices on a lean node (four hands, the trick, the
// points), a transposition table at trick starts, MTD(f) null-window iterations around a guess,
// enhanced transposition cutoffs at a trick's last play, and the searches of a position's value
// alone (value, value_after, defenders_reach). The other files give it its parts: the root of a
// solve, every legal move valued (root.cpp), the moves and their order (ordering.cpp), cheap
// bounds (bounds.cpp), equivalent cards (equivalence.cpp), table keys (keys.cpp) and threads
// sharing trick starts (split.cpp).
#include "search/solver.h"

#include <algorithm>
#include <climits>
#include <tuple>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"
#include "search/solver/split.h"

namespace duidiao {

using namespace solver_internal;

namespace {
// A table entry's bounds with `base` points banked (POINTS; 0 for SCORE); a missing one infinite.
int lower_of(const TTEntry& e, int base) { return e.lower == TTEntry::NO_LOWER ? -INF : e.lower + base; }
int upper_of(const TTEntry& e, int base) { return e.upper == TTEntry::NO_UPPER ? INF : e.upper + base; }
}  // namespace

Solver::Solver(const SolverOptions& options)
    : options_((options.threads >= 1 && options.threads <= SOLVER_MAX_THREADS)
                   ? options
                   : throw std::invalid_argument("a solver's threads must be from 1 to " +
                                                 std::to_string(SOLVER_MAX_THREADS))),
      tt_(options.tt_bytes),
      buffers_(MAX_PLY),
      scored_(MAX_PLY),
      keys_(MAX_PLY),
      child_known_(MAX_PLY),
      killer_(MAX_PLY * 4),
      killer2_(MAX_PLY * 4),
      suit_keys_(MAX_PLY + 1),
      suit_memo_(SUIT_MEMO) {}

void Solver::begin(const Hand& root, Objective objective, int level_ns, int level_ew,
                   const PlayState* line) {
  if (telling_)
    throw std::invalid_argument("a solve's on_best must not use the solver that tells it (use another)");
  for (int s = 0; s < 4; ++s)
    if (root.unknown(s))
      throw std::invalid_argument("the solver needs every hand known: " + seat_name(s) + " has " +
                                  std::to_string(root.unknown(s)) + " hidden cards");
  if (!root.kitty_known() && objective == Objective::SCORE)
    throw std::invalid_argument("the score objective needs the kitty known (its jokers count)");
  if (!root.kitty_known() && root.rules().kitty_points != KITTY_POINTS_NEVER)
    throw std::invalid_argument(std::string("the points objective needs the kitty known when its "
                                            "points count (kitty_points=") +
                                kitty_points_name(root.rules().kitty_points) + ")");
  if (root.is_over()) throw std::invalid_argument("the hand is over: there is nothing to solve");
  rules_ = root.rules();
  ctx_ = root.context();
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for (int p = 0; p <= MAX_POWER + 1; ++p) {
      at_least_[e][p] = 0;
      for (uint64_t m = ctx_.suit_mask[e]; m; m &= m - 1)
        if (ctx_.power[lowest_bit(m)] >= p) at_least_[e][p] |= bit(lowest_bit(m));
    }
  declarer_ = root.declarer();
  kitty_ = root.kitty();
  // The points in the hands and out of play stay the same sum (the kitty's, known or not, apart).
  points_but_kitty_ = root.out().points();
  for (int s = 0; s < 4; ++s) points_but_kitty_ += root.held(s).points();
  dry_ = root.dry();
  stake_ = root.stake();
  kitty_bonus_points_ = rules_.kitty_points != KITTY_POINTS_NEVER ? kitty_.points() : 0;
  levels_[0] = level_ns;
  levels_[1] = level_ew;
  objective_ = objective;
  const int defenders = 1 - team_of(declarer_);
  max_team_ = objective == Objective::POINTS ? defenders : team_of(root.turn());
  if (objective == Objective::SCORE && levels_[team_of(declarer_)] != ctx_.level)
    throw std::invalid_argument("the declaring team's level must be the hand's level");
  stats_ = SolverStats{};
  sharing_ = false;  // a limited solve that failed otherwise than by its stop left it set
  tt_.reset_stats();
  tt_.new_search();
  std::fill(killer_.begin(), killer_.end(), CardSet{});  // node counts depend on this call only
  std::fill(killer2_.begin(), killer2_.end(), CardSet{});
  // Everything that tells one solve from another, except the cards left (key_of adds those):
  // a table reused for another deal or objective never confuses their positions.
  uint64_t k = mix(uint64_t(objective == Objective::SCORE) * 0x9E37 + uint64_t(max_team_) * 7 +
                   uint64_t(declarer_) * 131 + uint64_t(ctx_.level) * 1031 + uint64_t(ctx_.trump) * 7919 +
                   uint64_t(dry_) * 104729);
  k = mix(k ^ kitty_.one) ^ mix(kitty_.two + 0x1234567);
  if (COPIES >= 3) k ^= mix(kitty_.at_least(3) + 0x7654321);
  if (stake_ != 1) k ^= mix(uint64_t(stake_) * 0x51ED27ull);  // §11.9: values scale with it
  int largest = 0;
  for (int s = 0; s < 4; ++s) largest = std::max(largest, (line ? line->held[s] : root.held(s)).size());
  relative_keys_ = largest >= options_.relative_keys_from;
  if (relative_keys_) k ^= 0x6a09e667f3bcc909ull;  // the two kinds of keys never meet in a table
  prepare_keys();
  base_key_ = mix(k ^ uint64_t(levels_[0] * 16 + levels_[1]) ^ mix(rules_.fingerprint()));
  if (objective == Objective::SCORE) {
    // The value of each way the hand can end, for the bounds at trick starts. A declaring seat
    // winning the last trick makes no dig and no kitty bonus: its value is T's row's; a
    // defending one with a joker or a level card digs (digs on).
    const int decl = declarer_, defender = next_seat(declarer_);
    auto score = [&](int points, int winner, const CardSet& play) {
      HandResult r =
          hand_result(rules_, ctx_, decl, levels_[0], levels_[1], points, winner, play, kitty_, dry_, stake_);
      return max_team_ == 0 ? r.score_ns - r.score_ew : r.score_ew - r.score_ns;
    };
    rows_nb_ = thresholds_nb_ = 0;
    for (int t = 0; t != INT_MAX; t = next_row_points(rules_, t)) {
      if (rows_nb_ == ROWS_MAX || thresholds_nb_ == ROWS_MAX)
        throw std::logic_error("the rules' point table has too many rows");
      if (t > 0) thresholds_[thresholds_nb_++] = t;
      const int v = score(t, decl, CardSet{});
      if (rows_nb_ == 0 || rows_[rows_nb_ - 1].value != v) rows_[rows_nb_++] = {t, v};
    }
    // What score_points_key assumes of the row starts.
    if (thresholds_nb_ == 0 || thresholds_[0] != 5 || thresholds_[thresholds_nb_ - 1] >= 2048)
      throw std::logic_error("the rules' point table does not fit the table keys");
    if (rules_.digs) {
      dig_value_[DIG_SMALL_JOKER] = score(0, defender, {bit(SMALL_JOKER), 0});
      dig_value_[DIG_BIG_JOKER] = score(0, defender, {bit(BIG_JOKER), 0});
      dig_value_[DIG_LEVEL] = score(0, defender, {bit(lowest_bit(ctx_.level_cards)), 0});
    }
  }
}

Solver::Node Solver::node_of(const Hand& h) const { return h.state(); }

bool Solver::maximising(const Node& node) const { return team_of(node.trick.turn()) == max_team_; }

bool Solver::apply(Node& node, const CardSet& cards) const {
  return node.apply(ctx_, declarer_, cards) && node.hands_empty();
}

int Solver::kitty_bonus(const Node& end) const {
  if (!kitty_bonus_points_ || team_of(end.last_winner) == team_of(declarer_)) return 0;
  return kitty_bonus_points_ * kitty_multiplier(rules_, ctx_, end.last_play);
}

int Solver::terminal_value(const Node& node) const {
  if (objective_ == Objective::POINTS) return node.points + kitty_bonus(node);
  HandResult r = hand_result(rules_, ctx_, declarer_, levels_[0], levels_[1], node.points,
                             node.last_winner, node.last_play, kitty_, dry_, stake_);
  int diff = r.score_ns - r.score_ew;
  return max_team_ == 0 ? diff : -diff;
}

int Solver::last_trick_value(const Node& node) const {
  Node last = node;
  for (int i = 0; i < 4; ++i) {
    const CardSet card = last.held[last.trick.turn()];  // a copy: apply() empties the hand
    apply(last, card);
  }
  return terminal_value(last);
}

// Enhanced transposition cutoff at the trick's last play: a move leading to a trick start the
// cheap bounds or the table already show good enough for the mover ends the search here,
// whatever the order. The children's table buckets are fetched all at once.
bool Solver::etc(const Node& node, const std::vector<CardSet>& moves, int alpha, int beta, int ply, int* value) {
  const bool max_node = maximising(node);
  std::vector<std::pair<uint64_t, int>>& keys = keys_[ply];
  std::vector<Known>& known = child_known_[ply];  // kept for the search of each child
  keys.clear();
  known.resize(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    Known& k = known[i] = Known{};
    Node child = node;
    if (apply(child, moves[i])) continue;
    std::tie(k.point_lo, k.point_hi) = point_bounds(child);
    k.lo = k.point_lo, k.hi = k.point_hi;
    if (!settled(k.lo, k.hi, alpha, beta)) std::tie(k.lo, k.hi) = cash_bounds(child, k.lo, k.hi);
    const int lo = k.lo, hi = k.hi;
    if (max_node ? lo >= beta : hi <= alpha) return *value = max_node ? lo : hi, true;
    if (child.held[0].size() == 1) continue;  // the last trick: it plays itself, never stored
    const uint64_t key = k.key = key_of(child, ply + 1);
    tt_.prefetch(key);
    keys.push_back({key, objective_ == Objective::POINTS ? child.points : 0});
  }
  for (const auto& [key, base] : keys) {
    TTEntry e;
    if (!tt_.probe(key, &e)) continue;
    if (max_node && lower_of(e, base) >= beta) return *value = lower_of(e, base), true;
    if (!max_node && upper_of(e, base) <= alpha) return *value = upper_of(e, base), true;
  }
  return false;
}

void Solver::remember_cutoff(const Node& node, int ply, const CardSet& move) {
  const int k = ply * 4 + node.trick.turn();
  if (move != killer_[k]) killer2_[k] = killer_[k], killer_[k] = move;
}

int Solver::search(const Node& node, int alpha, int beta, int ply, const Known* known) {
  if ((++stats_.nodes & 0x3FF) == 0) poll();
  if (inside_ && cut_above(inside_)) throw SplitCut();  // a shared node above cut off
  const bool trick_start = node.trick.played == 0;
  const int cards = node.held[0].size() + node.held[1].size() + node.held[2].size() + node.held[3].size();
  uint64_t key = 0;
  int table_move = -1;  // its index in the generated list
  // Values at a trick start are stored relative to the points already banked (POINTS).
  const int base = objective_ == Objective::POINTS ? node.points : 0;
  if (trick_start && cards == 4) return last_trick_value(node);  // Step 0. It plays itself.
  if (trick_start) {
    // Step 1. Cheap bounds: banked points are safe, the points still out at most reachable
    // (POINTS); the outcomes still possible (SCORE).
    int lo, hi;
    if (!known) {
      std::tie(lo, hi) = bounds(node, alpha, beta);
    } else {
      // etc's, as bounds() gives them in this window: the window only narrowed since etc, so
      // point bounds open here were open there too, and etc tightened them by cashing.
      lo = known->point_lo, hi = known->point_hi;
      if (!settled(lo, hi, alpha, beta)) lo = known->lo, hi = known->hi;
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    // Step 2. The transposition table.
    key = known && known->key ? known->key : key_of(node, ply);
    if (TTEntry e; tt_.probe(key, &e)) {
      const int lower = lower_of(e, base), upper = upper_of(e, base);
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
      alpha = std::max(alpha, lower);
      beta = std::min(beta, upper);
      table_move = e.best - 1;
    }
  }
  const int alpha_in = alpha, beta_in = beta;
  // Step 3. Moves, best first.
  std::vector<CardSet>& moves = buffers_[ply];
  generate(node, moves);
  order(node, moves, table_move, ply);
  const bool max_node = maximising(node);
  const bool keyed = node.trick.played == 3 && moves.size() > 1;  // etc makes the children's keys
  if (int cut = 0; keyed && etc(node, moves, alpha, beta, ply, &cut)) return cut;
  int best = max_node ? -INF : INF;
  int best_i = -1;  // the best move's place in the ordered list
  // The list is this ply's buffer: deeper plies use others, so it stays valid while iterating.
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0 && trick_start && team_ && i + 1 < moves.size() && cards >= options_.split_from_cards &&
        team_->idle.load(std::memory_order_relaxed) > 0) {
      // Step 3b. No cutoff yet and a thread idle: the leads left are shared with it (split.h).
      if (split(node, i, alpha, beta, ply, &best, &best_i)) {
        if (max_node ? best >= beta : best <= alpha) remember_cutoff(node, ply, moves[best_i]);
        break;
      }
    }
    const CardSet m = moves[i];
    Node child = node;
    const int v = apply(child, m) ? terminal_value(child)
                                  : search(child, alpha, beta, ply + 1, keyed ? &child_known_[ply][i] : nullptr);
    if (max_node ? v > best : v < best) best = v, best_i = int(i);
    if (max_node) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) {
      remember_cutoff(node, ply, m);
      break;
    }
  }
  // Step 4. Store: an exact value, or the bound the window proved.
  if (trick_start) {
    int lower = -INF, upper = INF;
    if (best <= alpha_in) upper = best;
    else if (best >= beta_in) lower = best;
    else lower = upper = best;
    if (TTEntry e; tt_.probe(key, &e)) {  // keep what was known before
      lower = std::max(lower, lower_of(e, base));
      upper = std::min(upper, upper_of(e, base));
    }
    const int best_move = best_i < 0 ? -1 : scored_[ply][best_i].index;  // in the generated list
    tt_.store(key, lower == -INF ? -INF : lower - base, upper == INF ? INF : upper - base, cards,
              best_move + 1 < 256 ? best_move + 1 : 0);
  }
  return best;
}

// The stop check every 65,536 nodes (from Python it takes the GIL); a limited solve's share
// of nodes every 16,384 (where node-limited solves have always stopped) and of time every
// 1,024: a slow node rate (a sanitizer build, a busy machine) must not overrun the deadline.
void Solver::poll() {
  if ((stats_.nodes & 0xFFFF) == 0 && stop_check_ && stop_check_()) {
    stopped_ = true;
    throw SearchStopped();
  }
  if (sharing_ && (((stats_.nodes & 0x3FFF) == 0 && stats_.nodes >= node_stop_) ||
                   std::chrono::steady_clock::now() >= time_stop_))
    throw SearchStopped();
}

// MTD(f): a sequence of null-window searches closing on the value, each answered fast with the
// table filled by the ones before.
int Solver::mtdf(const Node& node, int guess, int ply, int* lower, int* upper, int within, int side) {
  int g = std::clamp(guess, *lower, *upper);
  while (*upper - *lower > within) {
    int beta;
    if (side > 0 && *upper < INF) beta = *upper - within;
    else if (side < 0 && *lower > -INF) beta = *lower + within + 1;
    else beta = g == *lower ? g + 1 : g;
    g = search(node, beta - 1, beta, ply);
    if (g < beta) *upper = g;
    else *lower = g;
  }
  return g;
}

int Solver::value(const Hand& root, Objective objective, int level_ns, int level_ew) {
  begin(root, objective, level_ns, level_ew);
  int lower = -INF, upper = INF;
  int v = mtdf(node_of(root), 0, 0, &lower, &upper);
  stats_.tt = tt_.stats();
  return v;
}

int Solver::value_after(const Hand& world, const PlayState& line, Objective objective, int level_ns,
                        int level_ew) {
  begin(world, objective, level_ns, level_ew, &line);
  int lower = -INF, upper = INF;
  const int v = line.hands_empty() ? terminal_value(line) : mtdf(line, 0, 0, &lower, &upper);
  stats_.tt = tt_.stats();
  return v;
}

bool Solver::defenders_reach(const Hand& root, int target) {
  begin(root, Objective::POINTS, root.context().level, root.context().level);
  bool yes = search(node_of(root), target - 1, target, 0) >= target;
  stats_.tt = tt_.stats();
  return yes;
}

}  // namespace duidiao
