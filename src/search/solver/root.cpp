// The root of a solve: every legal move valued as asked (exactly, within k, or the best move
// first), under the solve's limits, the moves shared among threads; then the answer and its
// principal variation. The searches themselves are search.cpp's.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <vector>

#include "search/solver.h"
#include "search/solver/internal.h"
#include "search/solver/split.h"

namespace duidiao {

using namespace solver_internal;

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

// One solve: its root moves, its budget and the parts it runs in turn (run()).
class Solver::RootSearch {
 public:
  RootSearch(Solver& solver, const Hand& root, Objective objective, int level_ns, int level_ew,
             const SolveLimits& limits);
  // The helpers' threads joined whatever leaves the solve (a stop, a failure, on_best's throw).
  ~RootSearch() { stop_helpers(); }
  Solution run();

 private:
  using Clock = std::chrono::steady_clock;
  // A legal move and what it is searched as; many legal moves (failed throws, equivalent
  // cards) come to the same play, searched once (`same`: the first move searched so).
  struct Move {
    CardSet canonical;
    Node child;
    int lower, upper;
    size_t same;
    size_t rank;  // its place in the search's order (within k)
  };

  // Within k: the position's value v first, and the moves ranked in the search's order.
  void value_first();
  // Not yet asked against v: its bounds still hold v and something on the far side of it.
  bool unasked(const Move& m) const;
  bool open(const Move& m) const { return m.upper - m.lower > within_ || unasked(m); }
  // One move closed as far as asked, on solver s (this one or a helper).
  void step(Solver& s, Move& m, int& guess);
  // Passes over the moves still open until none is, or the budget is spent.
  void passes();
  bool spent() const;
  // Best first: the best move known, on_best is told it.
  void tell_best();
  // Best first on more threads: while this thread finds the best move, the helpers value
  // moves exactly from the end of the order of leads, each on a copy of its root (so that
  // nothing is shared but the table); stop_helpers joins them (true when they ran), and
  // join_helpers also gives the moves the bounds they proved.
  void start_helpers();
  bool stop_helpers();
  void join_helpers();
  Solution answer();

  Solver& s_;
  const Hand& root_;
  const Objective objective_;
  const int level_ns_, level_ew_;
  const SolveLimits& limits_;
  Node start_;
  bool max_root_ = false;
  int floor_ = 0, ceiling_ = 0;  // the values any play can end with
  std::vector<Move> moves_;
  Solution sol_;
  // The budget, and the part under way's (best first: half of it to find the best move).
  bool limited_ = false;
  Clock::time_point end_, deadline_;
  uint64_t node_limit_ = 0;
  // What is asked: best first, or each move to within within_ (SOLVE_BEST_ONLY: no better than
  // the best), closed from the side to move's side (side_ +1 or -1; 0 for exact values).
  bool best_first_ = false;
  int within_ = 0, side_ = 0;
  int v_ = 0;  // within k: the position's value (or the side's bound, when stopped)
  std::atomic<bool> best_found_{false};
  int guess_ = 0;
  size_t told_;  // the move told as the best (moves_.size(): none)
  // The helpers' part (start_helpers).
  std::atomic<bool> first_done_{false};
  std::atomic<bool> helper_heard_stop_{false};
  std::vector<std::thread> early_;
  std::vector<std::pair<int, int>> early_bounds_;
  std::exception_ptr early_failure_;
  std::mutex early_lock_;
  bool early_armed_ = false;  // the helpers were given this part's stop check
};

Solver::RootSearch::RootSearch(Solver& solver, const Hand& root, Objective objective, int level_ns,
                               int level_ew, const SolveLimits& limits)
    : s_(solver), root_(root), objective_(objective), level_ns_(level_ns), level_ew_(level_ew), limits_(limits) {
  if (!(limits.seconds >= 0 && limits.seconds < 1e9))
    throw std::invalid_argument("a solve's time limit must be a number of seconds from 0 (none)");
  if (limits.within < 0)
    throw std::invalid_argument("a solve's tolerance (within) must be 0 or more");
  s_.begin(root, objective, level_ns, level_ew);
  std::vector<CardSet> legal;
  root.legal_moves(&legal);
  start_ = s_.node_of(root);
  max_root_ = s_.maximising(start_);
  std::tie(floor_, ceiling_) = s_.value_range(start_);
  for (const CardSet& m : legal) {
    const CardSet played = root.resolve(m);
    const CardSet canonical = s_.options_.merge_equivalent ? s_.canonical_play(start_, played) : played;
    Move r{canonical, start_, -INF, INF, moves_.size(), 0};
    for (size_t i = 0; i < moves_.size() && r.same == moves_.size(); ++i)
      if (moves_[i].canonical == r.canonical) r.same = i;
    if (r.same == moves_.size() && s_.apply(r.child, r.canonical)) r.lower = r.upper = s_.terminal_value(r.child);
    moves_.push_back(r);
    sol_.moves.push_back({m, played, 0, 0, 0});
  }
  told_ = moves_.size();
  early_bounds_.assign(moves_.size(), {-INF, INF});
  limited_ = limits.nodes > 0 || limits.seconds > 0;
  const auto began = Clock::now();
  end_ = began + std::chrono::duration_cast<Clock::duration>(
                     std::chrono::duration<double>(limits.seconds > 0 ? limits.seconds : 1e9));
  deadline_ = end_;
  node_limit_ = limits.nodes;
  s_.stopped_ = false;
  // Best first: the best move alone, then (once it is told) every move exact. Its first part
  // runs on this thread: its null-window searches leave a helper little to share (docs/
  // solver.md, "Best first"), so the helpers value other moves meanwhile (start_helpers); the
  // threads then take the moves left as in a full solve.
  best_first_ = limits.on_best && limits.within == 0;
  within_ = best_first_ ? SOLVE_BEST_ONLY : std::min(limits.within, SOLVE_BEST_ONLY);
  side_ = within_ > 0 ? (max_root_ ? 1 : -1) : 0;
  if (best_first_) {
    deadline_ = began + (end_ - began) / 2;
    if (node_limit_ > 0) node_limit_ = std::max<uint64_t>(node_limit_ / 2, 1);
  }
}

// Each move's search starts from the previous move's value. (Finding the root's value first
// and starting every move from it, knowing none beats it, saves 10% of the nodes on the largest
// positions but adds 15-30% to the median ones: not done for exact values.) Without limits, one
// pass; with them, the budget left is shared among the moves still open, pass after pass, each
// resumed from its bounds.
Solution Solver::RootSearch::run() {
  if (best_first_ && !limited_ && s_.options_.threads > 1) start_helpers();
  if (within_ > 0) value_first();
  passes();
  if (limits_.on_best && within_ > 0 && best_found_ && !s_.stopped_) tell_best();
  join_helpers();
  if (best_first_ && !s_.stopped_) {
    // Then every move exact, each from the bounds proven so far (the first MTD(f) from the
    // best's value), with the whole budget left (half of it was the first part's, spent or not).
    within_ = side_ = 0;
    deadline_ = end_;
    node_limit_ = limits_.nodes;
    if (!(limited_ && spent())) passes();
  }
  if (best_first_) within_ = 0;  // complete: every value exact, as asked
  return answer();
}

// Within k: the position's value v first, which bounds every move's from the side to move's
// side (none is better); then each move is asked "is it as good as v?" until one is (the best,
// exactly v), and closes on its value from that side to within k (step). (For exact values this
// order searches more than each move's own MTD(f): docs/solver.md, "Within k".)
void Solver::RootSearch::value_first() {
  int lo = -INF, hi = INF;
  if (limited_) {
    // All of the budget: stopped here, the bounds it proved are all a move can have.
    s_.sharing_ = true;
    s_.node_stop_ = node_limit_ > 0 ? node_limit_ : UINT64_MAX;
    s_.time_stop_ = deadline_;
  }
  if (!limited_ && s_.options_.threads > 1 && !best_first_) {
    // One search, the other threads helping at its trick starts (split.h).
    const std::vector<size_t> only{0};
    s_.search_roots_in_parallel(root_, objective_, level_ns_, level_ew_, moves_, only,
                                [&](Solver& s, Move&, int&) { v_ = s.mtdf(start_, 0, 0, &lo, &hi); });
  } else {
    try {
      v_ = s_.mtdf(start_, 0, 0, &lo, &hi);
    } catch (const SearchStopped&) {
    }
  }
  s_.sharing_ = false;
  for (Move& r : moves_) {
    if (max_root_) r.upper = std::min(r.upper, hi);
    else r.lower = std::max(r.lower, lo);
  }
  if (lo < hi) v_ = max_root_ ? hi : lo;  // stopped: the side's bound, which no move may reach
  // The moves in the search's own order: the table's move and the killers (the move that
  // proved the value among them) first, so that the best is usually the first asked.
  std::vector<CardSet> ordered;
  s_.generate(start_, ordered);
  int table_move = -1;
  if (TTEntry e; start_.trick.played == 0 && s_.tt_.probe(s_.key_of(start_, 0), &e)) table_move = e.best - 1;
  s_.order(start_, ordered, table_move, 0);
  for (Move& r : moves_) {
    r.rank = std::find(ordered.begin(), ordered.end(), r.canonical) - ordered.begin();
    if (r.lower == v_ && r.upper == v_) best_found_ = true;  // a move ending the hand at v
  }
}

bool Solver::RootSearch::unasked(const Move& m) const {
  return within_ > 0 && !best_found_ && (max_root_ ? m.lower < v_ && m.upper >= v_ : m.upper > v_ && m.lower <= v_);
}

void Solver::RootSearch::step(Solver& s, Move& m, int& guess) {
  if (unasked(m)) {
    if (max_root_) {
      const int g = s.search(m.child, v_ - 1, v_, 1);
      (g >= v_ ? m.lower : m.upper) = g;
    } else {
      const int g = s.search(m.child, v_, v_ + 1, 1);
      (g <= v_ ? m.upper : m.lower) = g;
    }
    if (m.lower == m.upper) best_found_ = true;  // as good as v, which none beats
  }
  guess = s.mtdf(m.child, guess, 1, &m.lower, &m.upper, within_, side_);
}

bool Solver::RootSearch::spent() const {
  return (node_limit_ > 0 && s_.stats_.nodes >= node_limit_) ||
         (limits_.seconds > 0 && Clock::now() >= deadline_);
}

void Solver::RootSearch::passes() {
  for (bool open_left = true; open_left && !s_.stopped_;) {
    std::vector<size_t> pending;
    for (size_t i = 0; i < moves_.size(); ++i)
      if (moves_[i].same == i && open(moves_[i])) pending.push_back(i);
    std::stable_sort(pending.begin(), pending.end(),
                     [&](size_t a, size_t b) { return moves_[a].rank < moves_[b].rank; });
    open_left = false;
    if (!limited_ && s_.options_.threads > 1 && pending.size() > 1 && !(best_first_ && within_ > 0)) {
      s_.search_roots_in_parallel(root_, objective_, level_ns_, level_ew_, moves_, pending,
                                  [this](Solver& s, Move& m, int& guess) { step(s, m, guess); });
      break;
    }
    for (size_t j = 0; j < pending.size() && !s_.stopped_; ++j) {
      if (limited_ && spent()) break;
      Move& r = moves_[pending[j]];
      if (limited_) {
        // This move's share of the budget left.
        const uint64_t left = pending.size() - j;
        s_.sharing_ = true;
        s_.node_stop_ = UINT64_MAX;
        if (node_limit_ > 0)
          s_.node_stop_ = s_.stats_.nodes + std::max<uint64_t>((node_limit_ - s_.stats_.nodes) / left, 1);
        s_.time_stop_ = Clock::now() + (deadline_ - Clock::now()) / left;
      }
      try {
        step(s_, r, guess_);
      } catch (const SearchStopped&) {
        open_left = limited_;  // its share spent (or the stop check): another pass if budget is left
      }
      s_.sharing_ = false;
    }
    if (limited_ && spent()) break;
  }
}

// The first in the search's order of the moves at v is told; it stays first among its equals
// in the answer.
void Solver::RootSearch::tell_best() {
  size_t best = moves_.size();
  for (size_t i = 0; i < moves_.size(); ++i) {
    const Move& r = moves_[moves_[i].same];
    if (r.lower == v_ && r.upper == v_ && (best == moves_.size() || r.rank < moves_[moves_[best].same].rank))
      best = i;
  }
  first_done_ = true;  // the helpers stop while the best is told
  if (best < moves_.size()) {
    struct Telling {
      bool& flag;
      ~Telling() { flag = false; }
    } telling{s_.telling_ = true};
    limits_.on_best(sol_.moves[told_ = best].move, v_);
  }
  guess_ = v_;
}

void Solver::RootSearch::start_helpers() {
  std::vector<CardSet> ordered;
  s_.generate(start_, ordered);
  s_.order(start_, ordered, -1, 0);
  std::vector<size_t> back;  // the moves to search, last lead first
  for (auto it = ordered.rbegin(); it != ordered.rend(); ++it)
    for (size_t i = 0; i < moves_.size(); ++i)
      if (moves_[i].same == i && moves_[i].canonical == *it && moves_[i].lower < moves_[i].upper) back.push_back(i);
  s_.ready_helpers();
  auto next = std::make_shared<std::atomic<size_t>>(0);
  early_armed_ = true;
  for (auto& h : s_.helpers_) {
    h->begin(root_, objective_, level_ns_, level_ew_);
    h->stop_check_ = [this] {
      if (first_done_) return true;
      if (s_.stop_check_ && s_.stop_check_()) return helper_heard_stop_ = true;
      return false;
    };
    early_.emplace_back([this, next, back, copy = moves_, s = h.get()]() mutable {
      try {
        int guess = 0;
        for (size_t j; !first_done_ && (j = (*next)++) < back.size();) {
          Move& r = copy[back[j]];
          try {
            guess = s->mtdf(r.child, guess, 1, &r.lower, &r.upper);
          } catch (const SearchStopped&) {
          }
          early_bounds_[back[j]] = {r.lower, r.upper};  // each move's by the thread that took it
          if (s->stopped_) break;                           // the stop check, not the first part
        }
      } catch (...) {
        std::lock_guard<std::mutex> hold(early_lock_);
        if (!early_failure_) early_failure_ = std::current_exception();
      }
    });
  }
}

bool Solver::RootSearch::stop_helpers() {
  first_done_ = true;
  for (auto& t : early_) t.join();
  const bool ran = !early_.empty();
  early_.clear();
  if (early_armed_)
    for (auto& h : s_.helpers_) {
      if (ran) s_.stats_.nodes += h->stats_.nodes;
      h->stop_check_ = nullptr;
      h->stopped_ = false;
    }
  early_armed_ = false;
  if (helper_heard_stop_) s_.stopped_ = true;  // the stop check answered a helper: the solve ends
  return ran;
}

void Solver::RootSearch::join_helpers() {
  if (!stop_helpers()) return;
  if (early_failure_) std::rethrow_exception(early_failure_);
  for (size_t i = 0; i < moves_.size(); ++i) {
    moves_[i].lower = std::max(moves_[i].lower, early_bounds_[i].first);
    moves_[i].upper = std::min(moves_[i].upper, early_bounds_[i].second);
  }
}

Solution Solver::RootSearch::answer() {
  Solution& sol = sol_;
  s_.sharing_ = false;
  sol.complete = true;
  for (size_t i = 0; i < moves_.size(); ++i) {
    const Move& r = moves_[moves_[i].same];
    MoveValue& mv = sol.moves[i];
    // A side not proven yet is the values any play can end with (the search starts from
    // none, so that an unlimited solve searches as it always has).
    mv.lower = r.lower == -INF ? floor_ : r.lower;
    mv.upper = r.upper == INF ? ceiling_ : r.upper;
    mv.value = max_root_ ? mv.lower : mv.upper;
    if (mv.upper - mv.lower > within_ || (within_ > 0 && !best_found_)) sol.complete = false;
  }
  // Best first for the side to move (by the value it is sure of, then by the other bound);
  // stable so equal values keep the generation order, but for the move told as the best,
  // which stays first among its equals.
  if (told_ < sol.moves.size())
    std::rotate(sol.moves.begin(), sol.moves.begin() + told_, sol.moves.begin() + told_ + 1);
  std::stable_sort(sol.moves.begin(), sol.moves.end(), [&](const MoveValue& a, const MoveValue& b) {
    if (a.value != b.value) return max_root_ ? a.value > b.value : a.value < b.value;
    return max_root_ ? a.upper > b.upper : a.lower < b.lower;
  });
  sol.value = sol.moves.front().value;
  // The position's value is the best move's: its bounds the best of the moves' bounds.
  sol.lower = sol.upper = max_root_ ? -INF : INF;
  for (const MoveValue& mv : sol.moves) {
    sol.lower = max_root_ ? std::max(sol.lower, mv.lower) : std::min(sol.lower, mv.lower);
    sol.upper = max_root_ ? std::max(sol.upper, mv.upper) : std::min(sol.upper, mv.upper);
  }
  // Values are the max team's; report SCORE from the side to move (it is the max team).
  // The principal variation: at each node, a move that keeps the value. A stop while it is
  // built keeps the line found so far.
  if (sol.complete && limits_.pv) {
    CardSet move = sol.moves.front().played;
    sol.pv.push_back(move);
    try {
      s_.pv_from(start_, move, sol);
    } catch (const SearchStopped&) {
    }
  }
  s_.stats_.tt = s_.tt_.stats();
  sol.stats = s_.stats_;
  return std::move(sol_);
}

Solution Solver::solve(const Hand& root, Objective objective, int level_ns, int level_ew,
                       const SolveLimits& limits) {
  RootSearch search(*this, root, objective, level_ns, level_ew, limits);
  return search.run();
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
