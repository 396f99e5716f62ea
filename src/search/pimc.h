// Determinized Monte Carlo search (PIMC): rank the legal moves of the seat to move by sampling
// the hidden cards (WorldSampler), valuing every move in each sampled world — exactly with the
// double-dummy solver when few cards are left, else by playing the hand out with the heuristic
// policy — and averaging over the worlds.
//
// Values are hand score differences (§7.2) from the team of the seat to move. The known weakness
// of the approach: in each world the search sees every card (strategy fusion), so it overrates
// plays that only work when one guesses right; averaging over worlds softens it.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/hand.h"
#include "search/solver.h"

namespace duidiao {

// Every play is played out in every world, so a position with many legal plays (throws: 3^k
// of a suit of k faces held; in trumps, rules §10.3, millions) weighs candidates instead:
// above PIMC_CANDIDATES_FROM legal plays, see candidate_moves() in pimc.cpp.
constexpr uint64_t PIMC_CANDIDATES_FROM = 2000;
// Follows drawn at random (uniformly over the legal ones) among a follow's candidates.
constexpr int PIMC_FOLLOW_SAMPLES = 256;

// With inference and a time budget, worlds are weighed and drawn in rounds of this many (the
// expert bot's count), each round on its own, until the time is up.
constexpr int INFER_ROUND_WORLDS = 256;
// The options' limits, checked by PimcSearch (the Python API and the bots' settings rely on it).
constexpr int PIMC_MAX_THREADS = 256;
constexpr int PIMC_MAX_INFER_POOL = 64;
constexpr int PIMC_MAX_MCMC = 4096;

struct PimcOptions {
  int worlds = 0;          // worlds to search; 0: as many as `seconds` allows
  double seconds = 1.0;    // the time budget when worlds == 0 (a cap otherwise, when > 0)
  int threads = 1;         // worker threads, each searching whole worlds
  uint64_t seed = 0;       // world i is drawn from (seed, i): the same seed gives the same worlds
  int solve_cards = 4;     // solve exactly when the seat to move holds at most this many cards
  // Playouts: each seat's heuristic sees only its own hand and the public cards (true), or the
  // whole sampled deal (false: faster, but every seat then plays as if it could see through).
  bool fair_playouts = true;
  size_t tt_bytes = size_t(4) << 20;  // the solver's table, per thread
  // Inference from the play (inference.h): draw infer_pool times as many worlds, weigh each by
  // infer_miss^k (k: the other seats' past plays the heuristic would not have made there), and
  // search `worlds` of them drawn by weight (systematic resampling; a world drawn twice counts
  // twice). A time budget does so in rounds of INFER_ROUND_WORLDS. infer_pool 1: no inference.
  int infer_pool = 1;
  double infer_miss = 1.0;
  // The partner's past plays weigh this each instead (0: as infer_miss): the heuristic may model
  // the opponents well and the partner, another kind of player, badly.
  double infer_mate_miss = 0;
  // Metropolis steps on each world the inference draws, each copy of a world drawn twice or
  // more moved on its own (resample-move): two hidden cards of one group swapped, kept by the
  // weights' ratio, so the copies part ways while the worlds keep the weighting (0: off).
  int infer_mcmc = 0;
  // A learned belief (belief.h), with inference only: the worlds are drawn towards it and
  // weighed by the rest. belief_factors[face * BELIEF_HOLDERS + h] (from the seat to move; h:
  // rel 1, 2, 3, the kitty) times belief_weight tilt the draw of each suit's counts by holder
  // (WorldSampler::tilt), and each weighed world's weight is also multiplied by exp(belief_weight
  // x the sum of the factors of its hidden cards' places) over that tilt: the worlds stand for
  // the uniform draw weighed by the belief, with the weights' spread left only within suits.
  // Empty, or a weight of 0: not used.
  std::vector<float> belief_factors;
  double belief_weight = 0;
  // Exact worlds only (extended PIMC, depth 1): the perfect-information leaf postponed past the
  // seat's next decision. In each world a move is followed by the other seats' double-dummy
  // plays up to the seat's next turn; the worlds whose plays look the same from the seat (the
  // same public cards) then share one choice there, the one best summed over them, instead of
  // each world's own best (strategy fusion, one decision later).
  bool postpone = false;
  // Worlds played out (not exact): the playout stops where the hands hold this many cards and
  // the rest is solved exactly (0: the heuristic plays to the end).
  int tail_cards = 0;
  // Asked before each world and, inside exact worlds, every 65,536 solver nodes (from the
  // searching threads): true ends the search with the worlds finished so far.
  std::function<bool()> stop_check;
};

struct MoveAnalysis {
  CardSet move;
  double mean = 0;     // mean value over the worlds searched
  double stderr_ = 0;  // its standard error
  double makes = 0;    // share of worlds in which the declaring team makes the hand (stays)
  int worlds = 0;
  // Compared with the heuristic bot's choice in the same worlds (the baseline): the mean gain
  // and its standard error. Paired, so much more precise than the means' own errors.
  double gain = 0, gain_stderr = 0;
  bool baseline = false;  // this move is the heuristic bot's choice
};

// The plays an analysis weighs: every legal one, or the candidates when they are many.
void candidate_moves(const Hand& view, uint64_t seed, std::vector<CardSet>* out);

struct PimcAnalysis {
  std::vector<MoveAnalysis> moves;  // every move weighed (all legal ones, or candidates), best first
  uint64_t legal = 0;               // the legal moves (more than moves.size() when pruned)
  int worlds = 0;                   // worlds searched, counted as often as each was drawn
  double seconds = 0;
  bool exact = false;               // values came from the double-dummy solver
  // With inference: the worlds drawn before weighing, and the effective sample size of their
  // weights ((sum w)^2 / sum w^2: how many equally weighted worlds they are worth).
  int pool = 0;
  double effective_pool = 0;
  // What the worlds searched are worth as independent ones: worlds^2 / sum of each world's count
  // squared (the worlds themselves without inference). The standard errors are computed from it.
  double independent_worlds = 0;
  uint64_t solver_nodes = 0;
};

// What a search has found so far, for a progress report.
struct PimcProgressInfo {
  int worlds = 0;       // worlds done
  CardSet best;         // the best move by mean value so far
  double best_mean = 0;
  double seconds = 0;   // since the search began
};

// Called after each world of the first thread; return false to stop early.
using PimcProgress = std::function<bool(const PimcProgressInfo&)>;

class PimcSearch {
 public:
  explicit PimcSearch(const PimcOptions& options);
  ~PimcSearch();

  // `view`: the play as the seat to move sees it (its own hand known). Levels are the teams'
  // levels (they decide the hand score). Throws std::invalid_argument on a bad view.
  PimcAnalysis analyse(const Hand& view, int level_ns, int level_ew,
                       const PimcProgress& progress = nullptr);
  // The same over the given moves only (each legal in `view`), the first of them the baseline
  // every gain is paired with: a second look at a few candidates (the bots' re-check).
  PimcAnalysis analyse_moves(const Hand& view, int level_ns, int level_ew,
                             const std::vector<CardSet>& moves);

  const PimcOptions& options() const { return options_; }
  void set_seed(uint64_t seed) { options_.seed = seed; }
  void set_worlds(int worlds) { options_.worlds = worlds; }
  void set_seconds(double seconds) { options_.seconds = seconds; }
  void set_stop_check(std::function<bool()> check) { options_.stop_check = std::move(check); }
  void set_belief(std::vector<float> factors, double weight) {
    options_.belief_factors = std::move(factors);
    options_.belief_weight = weight;
  }
  // From any thread: the analysis in progress (or, if none is, the next one) ends at once with
  // the worlds finished so far. With no world finished, every move has 0 worlds and the
  // heuristic's choice (the baseline) comes first.
  void stop() { stop_requested_ = true; }

 private:
  struct Worker;
  PimcAnalysis run(const Hand& view, int level_ns, int level_ew, const PimcProgress& progress,
                   const std::vector<CardSet>* only);
  std::atomic<bool> stop_requested_{false};
  PimcOptions options_;
  std::vector<std::unique_ptr<Worker>> workers_;  // kept between calls: their solvers' tables
};

}  // namespace duidiao
