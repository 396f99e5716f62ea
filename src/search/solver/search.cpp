// The search: alpha-beta over the two teams' choices on a lean node (four hands, the trick, the
// points), a transposition table at trick starts, MTD(f) null-window iterations around a guess,
// enhanced transposition cutoffs at a trick's last play, and the root loop that values every
// legal move (solve) or the position alone (value, defenders_reach). The other files give it
// its parts: the moves and their order (ordering.cpp), cheap bounds (bounds.cpp), equivalent
// cards (equivalence.cpp), table keys (keys.cpp) and threads sharing trick starts (split.cpp).
#include "search/solver.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <exception>
#include <mutex>
#include <thread>

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
      child_keys_(MAX_PLY),
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

// Enhanced transposition cutoff at the trick's last play: a move leading to a trick start the
// cheap bounds or the table already show good enough for the mover ends the search here,
// whatever the order. The children's table buckets are fetched all at once.
bool Solver::etc(const Node& node, const std::vector<CardSet>& moves, int alpha, int beta, int ply, int* value) {
  const bool max_node = maximising(node);
  std::vector<std::pair<uint64_t, int>>& keys = keys_[ply];
  std::vector<uint64_t>& child_keys = child_keys_[ply];  // kept for the search of each child
  keys.clear();
  child_keys.assign(moves.size(), 0);
  for (size_t i = 0; i < moves.size(); ++i) {
    Node child = node;
    if (apply(child, moves[i])) continue;
    const auto [lo, hi] = bounds(child, alpha, beta);
    if (max_node ? lo >= beta : hi <= alpha) return *value = max_node ? lo : hi, true;
    const uint64_t key = child_keys[i] = key_of(child, ply + 1);
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

int Solver::search(const Node& node, int alpha, int beta, int ply, uint64_t known_key) {
  if ((++stats_.nodes & 0x3FFF) == 0) poll();
  if (inside_ && cut_above(inside_)) throw SplitCut();  // a shared node above cut off
  const bool trick_start = node.trick.played == 0;
  const int cards = node.held[0].size() + node.held[1].size() + node.held[2].size() + node.held[3].size();
  uint64_t key = 0;
  int table_move = -1;  // its index in the generated list
  // Values at a trick start are stored relative to the points already banked (POINTS).
  const int base = objective_ == Objective::POINTS ? node.points : 0;
  if (trick_start && cards == 4) {
    // Step 0. The last trick plays itself.
    Node last = node;
    for (int i = 0; i < 4; ++i) {
      const CardSet card = last.held[last.trick.turn()];  // a copy: apply() empties the hand
      apply(last, card);
    }
    return terminal_value(last);
  }
  if (trick_start) {
    // Step 1. Cheap bounds: banked points are safe, the points still out at most reachable
    // (POINTS); the outcomes still possible (SCORE).
    const auto [lo, hi] = bounds(node, alpha, beta);
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    // Step 2. The transposition table.
    key = known_key ? known_key : key_of(node, ply);
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
  if (int known = 0; keyed && etc(node, moves, alpha, beta, ply, &known)) return known;
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
                                  : search(child, alpha, beta, ply + 1, keyed ? child_keys_[ply][i] : 0);
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
// every 16,384.
void Solver::poll() {
  if ((stats_.nodes & 0xFFFF) == 0 && stop_check_ && stop_check_()) {
    stopped_ = true;
    throw SearchStopped();
  }
  if (sharing_ && (stats_.nodes >= node_stop_ || std::chrono::steady_clock::now() >= time_stop_))
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

void Solver::ready_helpers() {
  SolverOptions one = options_;
  one.threads = 1;
  one.tt_bytes = 0;  // a bucket: the helpers use this solver's table
  while (int(helpers_.size()) + 1 < options_.threads) {
    helpers_.push_back(std::make_unique<Solver>(one));
    helpers_.back()->tt_.share(tt_);
  }
}

template <typename Root, typename Step>
bool Solver::search_roots_in_parallel(const Hand& root, Objective objective, int level_ns, int level_ew,
                                      std::vector<Root>& roots, const std::vector<size_t>& pending,
                                      Step&& step) {
  ready_helpers();
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failure;
  std::mutex failure_lock;
  Team team;
  team.busy = options_.threads;
  // Each thread takes the next move left, starting its search from its own last value; out of
  // moves, it helps the others at the nodes they share (split.h) until all are done.
  auto work = [&](Solver& s) {
    s.team_ = &team;
    try {
      int guess = 0;
      for (size_t j; !stop && (j = next++) < pending.size();) {
        step(s, roots[pending[j]], guess);
      }
    } catch (const SearchStopped&) {
      stop = true;
    } catch (...) {
      std::lock_guard<std::mutex> hold(failure_lock);
      if (!failure) failure = std::current_exception();
      stop = true;
    }
    --team.busy;
    s.help_until([&] { return team.busy.load() == 0; }, nullptr);
    s.team_ = nullptr;
  };
  std::vector<std::thread> threads;
  for (auto& h : helpers_) {
    h->begin(root, objective, level_ns, level_ew);
    h->stop_check_ = stop_check_;  // asked from the helpers' threads too (it allows it)
    threads.emplace_back(work, std::ref(*h));
  }
  work(*this);
  for (auto& t : threads) t.join();
  for (auto& h : helpers_) {
    h->stop_check_ = nullptr;
    stats_.nodes += h->stats_.nodes;
    stopped_ = stopped_ || h->stopped_;
  }
  if (failure) std::rethrow_exception(failure);
  return !stop;
}

Solution Solver::solve(const Hand& root, Objective objective, int level_ns, int level_ew,
                       const SolveLimits& limits) {
  if (!(limits.seconds >= 0 && limits.seconds < 1e9))
    throw std::invalid_argument("a solve's time limit must be a number of seconds from 0 (none)");
  begin(root, objective, level_ns, level_ew);
  Solution sol;
  std::vector<CardSet> legal;
  root.legal_moves(&legal);
  const Node start = node_of(root);
  const bool max_root = maximising(start);
  const auto [floor, ceiling] = value_range(start);
  // Each legal move and what it is searched as; many legal moves (failed throws, equivalent
  // cards) come to the same play, searched once (`same`: the first move searched so).
  struct Root {
    CardSet canonical;
    Node child;
    int lower, upper;
    size_t same;
    size_t rank;  // its place in the search's order (within k)
  };
  std::vector<Root> roots;
  for (const CardSet& m : legal) {
    const CardSet played = root.resolve(m);
    const CardSet canonical = options_.merge_equivalent ? canonical_play(start, played) : played;
    Root r{canonical, start, -INF, INF, roots.size(), 0};
    for (size_t i = 0; i < roots.size() && r.same == roots.size(); ++i)
      if (roots[i].canonical == r.canonical) r.same = i;
    if (r.same == roots.size() && apply(r.child, r.canonical))
      r.lower = r.upper = terminal_value(r.child);
    roots.push_back(r);
    sol.moves.push_back({m, played, 0, 0, 0});
  }
  // Each move's search starts from the previous move's value. (Finding the root's value first
  // and starting every move from it, knowing none beats it, saves 10% of the nodes on the
  // largest positions but adds 15-30% to the median ones: not done.) Without limits, one pass;
  // with them, the budget left is shared among the moves still open, pass after pass, each
  // resumed from its bounds.
  const bool limited = limits.nodes > 0 || limits.seconds > 0;
  const auto began = std::chrono::steady_clock::now();
  const auto end = began + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(limits.seconds > 0 ? limits.seconds : 1e9));
  // The budget of the part under way (best first: half of it to find the best move).
  auto deadline = end;
  uint64_t node_limit = limits.nodes;
  auto spent = [&] {
    return (node_limit > 0 && stats_.nodes >= node_limit) ||
           (limits.seconds > 0 && std::chrono::steady_clock::now() >= deadline);
  };
  stopped_ = false;
  // Within k: the position's value v first, which bounds every move's from the side to move's
  // side (none is better); then each move is asked "is it as good as v?" until one is (the best,
  // exactly v), and closes on its value from that side to within k. (For exact values this
  // order searches more than each move's own MTD(f): docs/solver.md, "Within k".)
  if (limits.within < 0) throw std::invalid_argument("a solve's tolerance (within) must be 0 or more");
  // Best first: the best move alone, then (below, once it is told) every move exact. Its first
  // part runs on this thread: its null-window searches leave a helper little to share (docs/
  // solver.md, "Best first"), so the helpers value other moves meanwhile (below); the threads
  // then take the moves left as in a full solve.
  const bool best_first = limits.on_best && limits.within == 0;
  int within = best_first ? SOLVE_BEST_ONLY : std::min(limits.within, SOLVE_BEST_ONLY);
  if (best_first) {
    deadline = began + (end - began) / 2;
    if (node_limit > 0) node_limit = std::max<uint64_t>(node_limit / 2, 1);
  }
  int v = 0;
  std::atomic<bool> best_found{false};
  // Best first on more threads: while this thread finds the best move, the others value moves
  // exactly from the end of the order of leads, each on a copy of its root (so that nothing is
  // shared but the table); the bounds they prove join the moves' when the first part is done.
  std::atomic<bool> first_done{false};
  std::atomic<bool> early_stopped{false};  // a helper heard the stop check
  std::vector<std::thread> early;
  std::vector<std::pair<int, int>> early_bounds(roots.size(), {-INF, INF});
  std::exception_ptr early_failure;
  std::mutex early_lock;
  // The helpers' part stopped: their threads joined, the helpers ready for other work. Also
  // when an exception (the stop check's, a failure, on_best's) leaves the solve.
  struct EarlyStop {
    Solver& solver;
    std::atomic<bool>& done;
    std::atomic<bool>& heard;
    std::vector<std::thread>& threads;
    bool armed = false;  // the helpers were given this part's stop check
    bool operator()() {
      done = true;
      for (auto& t : threads) t.join();
      const bool ran = !threads.empty();
      threads.clear();
      if (armed)
        for (auto& h : solver.helpers_) {
          if (ran) solver.stats_.nodes += h->stats_.nodes;
          h->stop_check_ = nullptr;
          h->stopped_ = false;
        }
      armed = false;
      if (heard) solver.stopped_ = true;  // the stop check answered a helper: the solve ends
      return ran;
    }
    ~EarlyStop() { (*this)(); }
  } stop_early{*this, first_done, early_stopped, early};
  if (best_first && !limited && options_.threads > 1) {
    std::vector<CardSet> ordered;
    generate(start, ordered);
    order(start, ordered, -1, 0);
    std::vector<size_t> back;  // the moves to search, last lead first
    for (auto it = ordered.rbegin(); it != ordered.rend(); ++it)
      for (size_t i = 0; i < roots.size(); ++i)
        if (roots[i].same == i && roots[i].canonical == *it && roots[i].lower < roots[i].upper) back.push_back(i);
    ready_helpers();
    auto next = std::make_shared<std::atomic<size_t>>(0);
    stop_early.armed = true;
    for (auto& h : helpers_) {
      h->begin(root, objective, level_ns, level_ew);
      h->stop_check_ = [this, &first_done, &early_stopped] {
        if (first_done) return true;
        if (stop_check_ && stop_check_()) return early_stopped = true;
        return false;
      };
      early.emplace_back([&, next, back, copy = roots, s = h.get()]() mutable {
        try {
          int guess = 0;
          for (size_t j; !first_done && (j = (*next)++) < back.size();) {
            Root& r = copy[back[j]];
            try {
              guess = s->mtdf(r.child, guess, 1, &r.lower, &r.upper);
            } catch (const SearchStopped&) {
            }
            early_bounds[back[j]] = {r.lower, r.upper};  // each move's by the thread that took it
            if (s->stopped_) break;                          // the stop check, not the first part
          }
        } catch (...) {
          std::lock_guard<std::mutex> hold(early_lock);
          if (!early_failure) early_failure = std::current_exception();
        }
      });
    }
  }
  // ... and the bounds they proved joining the moves'.
  auto join_early = [&] {
    if (!stop_early()) return;
    if (early_failure) std::rethrow_exception(early_failure);
    for (size_t i = 0; i < roots.size(); ++i) {
      roots[i].lower = std::max(roots[i].lower, early_bounds[i].first);
      roots[i].upper = std::min(roots[i].upper, early_bounds[i].second);
    }
  };
  if (within > 0) {
    int lo = -INF, hi = INF;
    if (limited) {
      // All of the budget: stopped here, the bounds it proved are all a move can have.
      sharing_ = true;
      node_stop_ = node_limit > 0 ? node_limit : UINT64_MAX;
      time_stop_ = deadline;
    }
    if (!limited && options_.threads > 1 && !best_first) {
      // One search, the other threads helping at its trick starts (split.h).
      const std::vector<size_t> only{0};
      search_roots_in_parallel(root, objective, level_ns, level_ew, roots, only,
                               [&](Solver& s, Root&, int&) { v = s.mtdf(start, 0, 0, &lo, &hi); });
    } else {
      try {
        v = mtdf(start, 0, 0, &lo, &hi);
      } catch (const SearchStopped&) {
      }
    }
    sharing_ = false;
    for (Root& r : roots) {
      if (max_root) r.upper = std::min(r.upper, hi);
      else r.lower = std::max(r.lower, lo);
    }
    if (lo < hi) v = max_root ? hi : lo;  // stopped: the side's bound, which no move may reach
    // The moves in the search's own order: the table's move and the killers (the move that
    // proved the value among them) first, so that the best is usually the first asked.
    std::vector<CardSet> ordered;
    generate(start, ordered);
    int table_move = -1;
    if (TTEntry e; start.trick.played == 0 && tt_.probe(key_of(start, 0), &e)) table_move = e.best - 1;
    order(start, ordered, table_move, 0);
    for (Root& r : roots) {
      r.rank = std::find(ordered.begin(), ordered.end(), r.canonical) - ordered.begin();
      if (r.lower == v && r.upper == v) best_found = true;  // a move ending the hand at v
    }
  }
  // Not yet asked against v: its bounds still hold v and something on the far side of it.
  auto unasked = [&](const Root& r) {
    return within > 0 && !best_found &&
           (max_root ? r.lower < v && r.upper >= v : r.upper > v && r.lower <= v);
  };
  auto open_move = [&](const Root& r) { return r.upper - r.lower > within || unasked(r); };
  int side = within > 0 ? (max_root ? 1 : -1) : 0;
  auto step = [&](Solver& s, Root& r, int& guess) {
    if (unasked(r)) {
      if (max_root) {
        const int g = s.search(r.child, v - 1, v, 1);
        (g >= v ? r.lower : r.upper) = g;
      } else {
        const int g = s.search(r.child, v, v + 1, 1);
        (g <= v ? r.upper : r.lower) = g;
      }
      if (r.lower == r.upper) best_found = true;  // as good as v, which none beats
    }
    guess = s.mtdf(r.child, guess, 1, &r.lower, &r.upper, within, side);
  };
  int guess = 0;
  // Passes over the moves still open until none is (or the budget is spent).
  auto passes = [&] {
    for (bool open = true; open && !stopped_;) {
      std::vector<size_t> pending;
      for (size_t i = 0; i < roots.size(); ++i)
        if (roots[i].same == i && open_move(roots[i])) pending.push_back(i);
      std::stable_sort(pending.begin(), pending.end(),
                       [&](size_t a, size_t b) { return roots[a].rank < roots[b].rank; });
      open = false;
      if (!limited && options_.threads > 1 && pending.size() > 1 && !(best_first && within > 0)) {
        search_roots_in_parallel(root, objective, level_ns, level_ew, roots, pending, step);
        break;
      }
      for (size_t j = 0; j < pending.size() && !stopped_; ++j) {
        if (limited && spent()) break;
        Root& r = roots[pending[j]];
        if (limited) {
          const uint64_t left = pending.size() - j;
          sharing_ = true;
          node_stop_ = UINT64_MAX;
          if (node_limit > 0)
            node_stop_ = stats_.nodes + std::max<uint64_t>((node_limit - stats_.nodes) / left, 1);
          time_stop_ = std::chrono::steady_clock::now() + (deadline - std::chrono::steady_clock::now()) / left;
        }
        try {
          step(*this, r, guess);
        } catch (const SearchStopped&) {
          open = limited;  // its share spent (or the stop check): another pass if budget is left
        }
        sharing_ = false;
      }
      if (limited && spent()) break;
    }
  };
  passes();
  size_t told = roots.size();  // the move told as the best
  if (limits.on_best && within > 0 && best_found && !stopped_) {
    // The best move is known: tell it (the first in the search's order of those at v).
    size_t best = roots.size();
    for (size_t i = 0; i < roots.size(); ++i) {
      const Root& r = roots[roots[i].same];
      if (r.lower == v && r.upper == v && (best == roots.size() || r.rank < roots[roots[best].same].rank))
        best = i;
    }
    first_done = true;  // the helpers stop while the best is told
    if (best < roots.size()) {
      struct Telling {
        bool& flag;
        ~Telling() { flag = false; }
      } telling{telling_ = true};
      limits.on_best(sol.moves[told = best].move, v);
    }
    guess = v;
  }
  join_early();
  if (best_first && !stopped_) {
    // Then every move exact, each from the bounds proven so far (the first MTD(f) from the
    // best's value), with the whole budget left (half of it was the first part's, spent or not).
    within = side = 0;
    deadline = end;
    node_limit = limits.nodes;
    if (!(limited && spent())) passes();
  }
  within = best_first ? 0 : within;  // complete: every value exact, as asked
  sharing_ = false;
  sol.complete = true;
  for (size_t i = 0; i < roots.size(); ++i) {
    const Root& r = roots[roots[i].same];
    MoveValue& mv = sol.moves[i];
    // A side not proven yet is the values any play can end with (the search starts from
    // none, so that an unlimited solve searches as it always has).
    mv.lower = r.lower == -INF ? floor : r.lower;
    mv.upper = r.upper == INF ? ceiling : r.upper;
    mv.value = max_root ? mv.lower : mv.upper;
    if (mv.upper - mv.lower > within || (within > 0 && !best_found)) sol.complete = false;
  }
  // Best first for the side to move (by the value it is sure of, then by the other bound);
  // stable so equal values keep the generation order, but for the move told as the best,
  // which stays first among its equals.
  if (told < sol.moves.size())
    std::rotate(sol.moves.begin(), sol.moves.begin() + told, sol.moves.begin() + told + 1);
  std::stable_sort(sol.moves.begin(), sol.moves.end(), [&](const MoveValue& a, const MoveValue& b) {
    if (a.value != b.value) return max_root ? a.value > b.value : a.value < b.value;
    return max_root ? a.upper > b.upper : a.lower < b.lower;
  });
  sol.value = sol.moves.front().value;
  // The position's value is the best move's: its bounds the best of the moves' bounds.
  sol.lower = sol.upper = max_root ? -INF : INF;
  for (const MoveValue& mv : sol.moves) {
    sol.lower = max_root ? std::max(sol.lower, mv.lower) : std::min(sol.lower, mv.lower);
    sol.upper = max_root ? std::max(sol.upper, mv.upper) : std::min(sol.upper, mv.upper);
  }
  // Values are the max team's; report SCORE from the side to move (it is the max team).
  // The principal variation: at each node, a move that keeps the value. A stop while it is
  // built keeps the line found so far.
  if (sol.complete && limits.pv) {
    CardSet move = sol.moves.front().played;
    sol.pv.push_back(move);
    try {
      pv_from(start, move, sol);
    } catch (const SearchStopped&) {
    }
  }
  stats_.tt = tt_.stats();
  sol.stats = stats_;
  return sol;
}

void Solver::pv_from(Node node, CardSet move, Solution& sol) {
  if (!sol.complete) return;
  for (int ply = 0;; ++ply) {
    if (ply > 0) sol.pv.push_back(move);
    if (apply(node, move)) break;
    std::vector<CardSet> moves;
    generate(node, moves);
    order(node, moves, -1, ply + 1);
    bool found = false;
    for (const CardSet& m : moves) {
      Node child = node;
      int v = apply(child, m) ? terminal_value(child) : search(child, sol.value - 1, sol.value + 1, ply + 2);
      if (v == sol.value) {
        move = m;
        found = true;
        break;
      }
    }
    if (!found) break;
  }
}

}  // namespace duidiao
