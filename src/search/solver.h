// Solver: the exact double-dummy value of a fully known play-phase position — two-team minimax
// with alpha-beta, a transposition table at trick starts, move ordering, merging of equivalent
// cards and cheap bounds at each trick's start. Split by idea in src/search/solver/: root.cpp,
// search.cpp, ordering.cpp, bounds.cpp, equivalence.cpp, keys.cpp, split.cpp (each opens with
// what it does and why).
//
// Objectives: POINTS, the defenders' final points, the result's T with the kitty's bonus when
// the rules count it (§10.7; the defenders maximise); SCORE, the hand score difference of §7.2
// (NS minus EW; a Solution reports it from the side to move's team).
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/hand.h"
#include "search/transposition.h"

namespace duidiao {

namespace solver_internal {
struct SplitPoint;
struct Team;
}  // namespace solver_internal

enum class Objective { POINTS, SCORE };

struct SolverStats {
  uint64_t nodes = 0;
  TTStats tt;
};

struct MoveValue {
  CardSet move;    // the legal move as chosen
  CardSet played;  // what it comes to (a failed throw is its forced component)
  // The exact value; for a move a limit left unsolved, the value the side to move is sure of
  // (its lower bound when the side to move maximises, else its upper bound).
  int value = 0;
  int lower = 0, upper = 0;  // proven bounds (equal: the exact value)
  bool exact() const { return lower == upper; }
};

struct Solution {
  int value = 0;                 // from the side to move's point of view (POINTS: defenders')
  int lower = 0, upper = 0;      // the position's proven bounds (equal when complete)
  // Every legal move, best first (by the value the side to move is sure of, then by the other
  // bound).
  std::vector<MoveValue> moves;
  bool complete = true;          // false: a limit or the stop check left some move with bounds
  std::vector<CardSet> pv;       // principal variation from the root
  SolverStats stats;
};

// A solve's budget: nodes searched and seconds of wall time (0: no limit). Spent, the solve
// returns each move's proven bounds instead of its value (Solution::complete false).
struct SolveLimits {
  uint64_t nodes = 0;
  double seconds = 0;
  // Each move's value to within this many (0: exact): the best move is solved exactly and every
  // other move proven to within `within` of its value (its bounds no further apart); from
  // SOLVE_BEST_ONLY on, the others only proven no better than the best.
  int within = 0;
  // Told the best move (the legal move as asked) and its exact value as soon as they are known,
  // on the solving thread. An exact solve (within 0) then finds the best move first, as
  // SOLVE_BEST_ONLY does, and afterwards closes every move on its value from the bounds proven
  // so far: from 6 cards a hand, the first answer in a quarter to a half of a full solve's time
  // (median), for about the same in all on one thread (median) and 12-31% more on two
  // (docs/solver.md, "Best first"). Under a limit the first part gets half of it.
  std::function<void(const CardSet& move, int value)> on_best;
  // The principal variation (Solution::pv) built after the values: a search at each of its
  // plies, which a caller that wants only the values (the bots' worlds) spares itself.
  bool pv = true;
};
constexpr int SOLVE_BEST_ONLY = 1 << 25;

struct SolverOptions {
  size_t tt_bytes = size_t(16) << 20;  // 16 MiB: as fast as larger tables up to 10 cards
  bool merge_equivalent = true;
  // Table keys by relative ranks (keys.cpp), so that positions differing only in which plain
  // cards are gone share an entry, for solves whose largest hand holds at least this many cards
  // (smaller ones: the hands' Zobrist hash). Measured on the bench suites: they save 3% of the
  // nodes at 4 cards, 12% at 6, 16% at 8, 25% at 10, and cost about as much time as they save
  // up to 8 cards (docs/solver.md).
  int relative_keys_from = 8;
  // Threads searching one solve's root moves, sharing the one table (entries without locks,
  // transposition.h); the values are the same with any number (an unlimited solve; a limited
  // one uses one).
  int threads = 1;
  // A thread out of root moves helps another at a trick start with at least this many cards
  // left whose first lead did not cut off, taking leads from it (Young Brothers Wait,
  // solver/split.h); smaller trick starts are not worth the hand-over.
  int split_from_cards = 20;
};
constexpr int SOLVER_MAX_THREADS = 64;

// Thrown out of a search whose stop check answered true; the solver stays usable.
struct SearchStopped : std::runtime_error {
  SearchStopped() : std::runtime_error("the search was stopped") {}
};

class Solver {
 public:
  explicit Solver(const SolverOptions& options = {});

  // Every legal move valued. Levels are the teams' levels, for the SCORE objective. Under
  // limits the budget is shared among the moves still unsolved, pass after pass, each move's
  // search resumed from the bounds it has proven; when the budget is spent (or the stop check
  // ends it) every move comes back with its bounds and complete == false (and no principal
  // variation).
  Solution solve(const Hand& root, Objective objective, int level_ns, int level_ew,
                 const SolveLimits& limits = {});
  // The value alone.
  int value(const Hand& root, Objective objective, int level_ns, int level_ew);
  // The value of `line`, a trick start reached by playing on from `world` (every hand known),
  // from the point of view of the team to move in `world` (a playout's end searched exactly).
  int value_after(const Hand& world, const PlayState& line, Objective objective, int level_ns,
                  int level_ew);
  // Can the defenders reach at least `target` points? A null-window search.
  bool defenders_reach(const Hand& root, int target);

  // Asked every 65,536 nodes (from the searching thread): true stops the search with
  // SearchStopped. For an interrupt (Ctrl-C) or a deadline; none by default.
  void set_stop_check(std::function<bool()> check) { stop_check_ = std::move(check); }

  const SolverStats& stats() const { return stats_; }
  size_t tt_bytes() const { return tt_.bytes(); }

  // A node of the search: the lean play state every search shares (its key is the hands'
  // Zobrist hash).
  using Node = PlayState;

 private:
  // `line`, when given, is the position searched (played on from root's): its hands decide the
  // kind of keys.
  void begin(const Hand& root, Objective objective, int level_ns, int level_ew,
             const PlayState* line = nullptr);
  Node node_of(const Hand& h) const;
  // What etc learned of a child trick start, for its search: its table key (0: not made), its
  // bounds from the points and lo, hi: those tightened by cashing when etc's window left them
  // open (else the same).
  struct Known {
    uint64_t key = 0;
    int point_lo = 0, point_hi = 0, lo = 0, hi = 0;
  };
  // `known`: what the caller learned of the node already (etc), or null.
  int search(const Node& node, int alpha, int beta, int ply, const Known* known = nullptr);
  // Enhanced transposition cutoff: true, with the value in *value, when a reply is known to cut.
  bool etc(const Node& node, const std::vector<CardSet>& moves, int alpha, int beta, int ply, int* value);
  // MTD(f) from `guess`, narrowing [*lower, *upper] (which hold what is proven even when a
  // stop ends it).
  // Stops once *upper - *lower <= within; side +1 tests at *upper - within (closing from
  // above: a maximising root whose value bounds its moves'), -1 at *lower + within + 1, 0
  // from the guess.
  int mtdf(const Node& node, int guess, int ply, int* lower, int* upper, int within = 0, int side = 0);
  // The stop check and the share of a limited solve (see solve): every 1,024 nodes.
  void poll();
  // The values any play from `node` can still end with: the outcomes of the final points
  // (every point not yet banked, the table's included, and the kitty's largest bonus).
  std::pair<int, int> value_range(const Node& node) const;
  // The values of the outcomes with a final T in [lowest, highest] (POINTS: those bounds).
  std::pair<int, int> outcomes(const Node& node, int lowest, int highest) const;
  // The principal variation after `move` from `node`, appended to sol.pv (sol.value kept).
  void pv_from(Node node, CardSet move, Solution& sol);
  // Applies a play (a simple lead, a standing throw or a follow); true when the hand ended.
  bool apply(Node& node, const CardSet& cards) const;
  int terminal_value(const Node& node) const;
  // The value of a trick start with one card a hand: the last trick plays itself.
  int last_trick_value(const Node& node) const;
  // §10.7: the kitty's bonus of a finished hand, and the most the cards left can still give.
  int kitty_bonus(const Node& end) const;
  // Inline: most positions have no bonus to bound (no kitty points), and the call then costs a test.
  int kitty_bonus_bound(const Node& node) const { return kitty_bonus_points_ ? kitty_multiplier_bound(node) : 0; }
  int kitty_multiplier_bound(const Node& node) const;
  int power_extreme(int e, uint64_t mask, bool highest) const;
  int cashable_points(const Node& node) const;
  std::pair<int, int> bounds(const Node& node, int alpha, int beta) const;
  // bounds' two parts: from the points alone, and those tightened by cashing.
  std::pair<int, int> point_bounds(const Node& node) const;
  std::pair<int, int> cash_bounds(const Node& node, int lo, int hi) const;
  void generate(const Node& node, std::vector<CardSet>& out) const;
  // Sorts `moves` best first; `first` (an index in the list, or -1) goes first.
  void order(const Node& node, std::vector<CardSet>& moves, int first, int ply);
  struct Equivalence;
  // f(card) for each face of `mask` (of effective suit e), lowest power first, equal powers in
  // face order.
  template <typename F>
  void each_by_power(int e, uint64_t mask, F&& f) const;
  void merge_equivalents(const Node& node, std::vector<CardSet>& moves) const;
  // The move a play is searched as: its equivalent cards written as the lowest of each class.
  CardSet canonical_play(const Node& node, const CardSet& play) const;
  // The table key of a trick start; `ply` picks the cache of the hands' part (keys.cpp).
  uint64_t key_of(const Node& node, int ply);
  // The hands' part of the key by relative ranks, and one effective suit's share of it.
  uint64_t relative_hands_key(const Node& node, int ply);
  uint64_t suit_key(const Node& node, int e) const;
  // begin()'s part for the relative keys: each face's role and place (see plain_).
  void prepare_keys();
  // The points still in the hands: all but the kitty's, less those out of play.
  int points_in_hands(const Node& node) const { return points_but_kitty_ - node.out.points(); }
  uint64_t score_points_key(const Node& node) const;
  bool maximising(const Node& node) const;

  SolverOptions options_;
  TranspositionTable tt_;
  SolverStats stats_;
  std::function<bool()> stop_check_;
  std::vector<std::unique_ptr<Solver>> helpers_;  // options_.threads - 1, made when first needed
  void ready_helpers();
  bool telling_ = false;  // a solve's on_best is running (it must not use this solver)
  class RootSearch;  // one solve's root moves and its parts (solver/root.cpp)
  // Searches the root moves `pending` of `roots` (a solve's) on this solver and its helpers, each
  // taking the next move left; true when all were searched (false: the stop check ended it).
  // step(solver, root move, guess) closes one move as far as asked.
  template <typename Root, typename Step>
  bool search_roots_in_parallel(const Hand& root, Objective objective, int level_ns, int level_ew,
                                std::vector<Root>& roots, const std::vector<size_t>& pending, Step&& step);
  // Young Brothers Wait (solver/split.h): the team of a parallel root search, null outside
  // one; and the innermost shared node this solver searches in, null when none.
  solver_internal::Team* team_ = nullptr;
  const solver_internal::SplitPoint* inside_ = nullptr;
  // Offers the leads of the trick start `node` from `from` on (those before searched, no
  // cutoff) to an idle thread and searches them with it; *best and *best_index (the best
  // lead's place in the ordered list) take the merged result. False when another node's offer
  // is out (the caller searches on alone); throws SplitCut when a shared node above cut off
  // meanwhile.
  bool split(const Node& node, size_t from, int alpha, int beta, int ply, int* best, int* best_index);
  // A move that cut off at `node`: the killer moves of its ply and seat.
  void remember_cutoff(const Node& node, int ply, const CardSet& move);
  // Idle, helps at the nodes other threads share (those under `under` only, when not null)
  // until done() holds.
  template <typename Done>
  void help_until(Done&& done, const solver_internal::SplitPoint* under);
  // What owner and helper both run at a shared node; with the shared node as inside_, true
  // when a shared node above it cut off.
  void search_shared(solver_internal::SplitPoint& sp);
  bool take_part(solver_internal::SplitPoint& sp);
  // A limited solve's share for the move being searched: a stop once either is passed.
  bool sharing_ = false;
  uint64_t node_stop_ = 0;
  std::chrono::steady_clock::time_point time_stop_;
  bool stopped_ = false;  // the stop check answered true: the whole solve ends
  std::vector<std::vector<CardSet>> buffers_;  // one move list per ply, reused
  struct Scored {
    int score;
    int index;  // in the generated list
    CardSet move;
  };
  std::vector<std::vector<Scored>> scored_;    // ordering per ply: the moves' generated places
  std::vector<std::vector<std::pair<uint64_t, int>>> keys_;  // per ply: children's keys (etc)
  std::vector<std::vector<Known>> child_known_;  // per ply: what etc learned of each move's child
  std::vector<CardSet> killer_, killer2_;      // per ply and seat: the last two moves that cut off
  // Per ply: the hands a key was last made from and each effective suit's share of it, so
  // that the next key at that ply recomputes only the suits whose cards changed.
  struct SuitKeys {
    CardSet held[4];
    uint64_t suit[EFFECTIVE_SUIT_NB] = {};
    bool valid = false;
  };
  std::vector<SuitKeys> suit_keys_;
  // Suits' parts of keys made in this solve, by a hash of the suit's cards as held: a suit's
  // cards recur in many positions, and the hash costs less than the part.
  struct SuitMemo {
    uint64_t cards = 0, key = 0;  // the hash of the suit's cards as held (0: empty), its part
  };
  static constexpr size_t SUIT_MEMO = 4096;
  std::vector<SuitMemo> suit_memo_;

  // The hand being solved.
  Rules rules_;
  uint64_t base_key_ = 0;  // the solve's part of every table key (see begin)
  bool relative_keys_ = false;  // this solve's keys are by relative ranks (relative_keys_from)
  Context ctx_;
  // The trump suit by power, lowest first: its plain faces (in face order, which is their
  // power's), then the other faces (the 2s under §11.2, the level cards, the jokers) in groups
  // of equal power. (prepare_keys)
  static constexpr int TRUMP_PARTS_MAX = 8;
  uint64_t trump_parts_[TRUMP_PARTS_MAX] = {};
  int trump_parts_nb_ = 0;
  static constexpr int MAX_POWER = 23;  // the big joker's (Context::power)
  uint64_t at_least_[EFFECTIVE_SUIT_NB][MAX_POWER + 2] = {};  // faces of a suit of power >= p
  // Relative keys (keys.cpp): per effective suit its plain faces (ranked by their place among
  // the faces still held), per face what the rules see in it besides its power (points, §5.2's
  // top ranks) and the faces of the next place in the tractor order, and per suit the faces
  // after an ace standing low.
  uint64_t plain_[EFFECTIVE_SUIT_NB] = {};
  uint8_t face_role_[FACE_NB] = {};
  uint64_t chain_next_[FACE_NB] = {};
  uint64_t ace_low_next_[EFFECTIVE_SUIT_NB] = {};
  Card ace_low_[EFFECTIVE_SUIT_NB] = {};
  int declarer_ = 0;
  CardSet kitty_;
  int points_but_kitty_ = 0;  // the points in the hands and out of play
  bool dry_ = false;
  int stake_ = 1;  // §11.9: the hand's stake, with `stakes` the scores' factor
  int levels_[2] = {};
  Objective objective_ = Objective::SCORE;
  int max_team_ = 0;  // the team whose value search() returns (POINTS: the defenders)
  int kitty_bonus_points_ = 0;  // the kitty's points when the rules count them (§10.7), else 0
  // SCORE: the value of each way the hand can end. Without a dig the value is a function of T
  // alone, constant on each row of the rules' point table: rows_[i] holds it from T = from up
  // to the next row's from (rows of equal value merged). thresholds_ are the table's own row
  // starts above 0 (next_row_points), for the table keys.
  struct Row {
    int from, value;
  };
  static constexpr int ROWS_MAX = 32;
  Row rows_[ROWS_MAX] = {};
  int rows_nb_ = 0;
  int thresholds_[ROWS_MAX] = {};
  int thresholds_nb_ = 0;
  enum { DIG_SMALL_JOKER, DIG_BIG_JOKER, DIG_LEVEL, DIG_OUTCOME_NB };
  int dig_value_[DIG_OUTCOME_NB] = {};  // the digs' values (digs on)
};

}  // namespace duidiao
