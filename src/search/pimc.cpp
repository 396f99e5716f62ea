#include "search/pimc.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <mutex>
#include <thread>
#include <string>
#include <tuple>

#include "core/checks.h"
#include "core/combination.h"
#include "core/legal.h"
#include "search/belief.h"
#include "search/heuristic_player.h"
#include "search/inference.h"
#include "search/sampler.h"

namespace duidiao {

namespace {

using Clock = std::chrono::steady_clock;

// Sums of integer values stay exact in doubles, so the totals do not depend on the order in which
// threads add their worlds: a fixed world count gives the same analysis with any thread count.
struct Totals {
  std::vector<double> sum, sum_sq;      // of each move's values
  std::vector<double> gain, gain_sq;    // of its value minus the baseline move's, world by world
  std::vector<int> makes;
  int worlds = 0;
  double times_sq = 0;  // the sum of each world's count squared: worlds when none repeats

  void reset(size_t n) {
    for (auto* v : {&sum, &sum_sq, &gain, &gain_sq}) v->assign(n, 0);
    makes.assign(n, 0);
    worlds = 0;
    times_sq = 0;
  }
  // How many independent worlds the counted ones are worth: a world counted t times adds t to
  // the mean's weight but t^2 to its variance, so n_eff = worlds^2 / sum t^2.
  double independent_worlds() const { return times_sq > 0 ? double(worlds) * worlds / times_sq : 0; }
  // One world's values (and whether the declaring team makes the hand) for every move, counted
  // `times` times (a world drawn more than once by the inference's resampling).
  void add_world(const std::vector<int>& values, const std::vector<char>& make, size_t baseline,
                 int times = 1) {
    for (size_t i = 0; i < values.size(); ++i) {
      const double v = values[i], g = values[i] - values[baseline];
      sum[i] += times * v;
      sum_sq[i] += times * v * v;
      gain[i] += times * g;
      gain_sq[i] += times * g * g;
      makes[i] += times * make[i];
    }
    worlds += times;
    times_sq += double(times) * times;
  }
  void merge(const Totals& o) {
    for (size_t i = 0; i < sum.size(); ++i) {
      sum[i] += o.sum[i];
      sum_sq[i] += o.sum_sq[i];
      gain[i] += o.gain[i];
      gain_sq[i] += o.gain_sq[i];
      makes[i] += o.makes[i];
    }
    worlds += o.worlds;
    times_sq += o.times_sq;
  }
};

// The mean of n values from their sum and sum of squares, and its standard error when they are
// worth `independent` independent values (fewer than n when some world is counted twice).
std::pair<double, double> mean_and_error(double sum, double sum_sq, double n, double independent) {
  if (n <= 0) return {0, 0};
  const double mean = sum / n;
  if (n < 2 || independent <= 1) return {mean, 0};
  const double var = std::max(0.0, (sum_sq - sum * sum / n) / (n - 1));
  return {mean, std::sqrt(var / independent)};
}

// Under the score objective the declaring team's value is ≥ 0 when it stays (it climbs 0 or
// more levels) and ≤ −4 when the defenders take over (+2 for them, −2 for it, at the least).
bool declarers_make(int value, int mover, int declarer) {
  const int declaring_value = team_of(mover) == team_of(declarer) ? value : -value;
  return declaring_value > -4;
}

// A world's solve: every move's value, no principal variation (only the values are averaged).
SolveLimits values_only() {
  SolveLimits limits;
  limits.pv = false;
  return limits;
}

size_t index_of_move(const std::vector<CardSet>& moves, const CardSet& m) {
  for (size_t i = 0; i < moves.size(); ++i)
    if (moves[i] == m) return i;
  throw std::logic_error("not a legal move: " + to_string(m));
}

uint64_t world_seed(uint64_t seed, int world) {
  return seed ^ (0x9E3779B97F4A7C15ull * uint64_t(world + 1));
}

// A world to search: its number (its seed) and how many times it counts; with mcmc, which
// copy of a world drawn several times it is (each moved on its own).
struct Drawn {
  int world = 0;
  int times = 1;
  int copy = 0;
};

// Inference (inference.h): `pool` worlds drawn and weighed, then `n` of them drawn by weight
// with systematic resampling (one uniform offset, n evenly spaced pointers: the least variance
// of the simple schemes). Deterministic in the seed. Returns the effective sample size.
// A stop (`stopping`, asked every 64 worlds) ends the weighing early: the draw is then made
// from the worlds weighed so far (none: no world is drawn).
// Round r (time budgets search in rounds) weighs worlds r * pool onwards, and out gets them
// appended with their numbers; *weighed is set to the worlds weighed (fewer when stopped).
// The hidden cards of a world as the seat to move could not see them: rel 1, 2, 3, the kitty.
void hidden_places(const Hand& view, const Hand& world, CardSet out[BELIEF_HOLDERS]) {
  const int mover = view.turn();
  for (int r = 1; r < 4; ++r) {
    const int s = (mover + r) & 3;
    out[r - 1] = world.held(s).minus(view.held(s));
  }
  out[3] = view.kitty_known() ? CardSet{} : world.kitty();
}

// add(face) for every copy in `cards`
template <typename Add>
void each_copy(const CardSet& cards, const Add& add) {
  for (int n = 1; n <= CardSet::MAX; ++n)
    for (uint64_t bits = cards.at_least(n); bits; bits &= bits - 1) add(__builtin_ctzll(bits));
}

// The sum of the belief's factors over a world's hidden cards' places (pimc.h).
double belief_sum(const Hand& view, const Hand& world, const PimcOptions& options) {
  CardSet places[BELIEF_HOLDERS];
  hidden_places(view, world, places);
  double sum = 0;
  for (int h = 0; h < BELIEF_HOLDERS; ++h)
    each_copy(places[h], [&](int f) { sum += options.belief_factors[size_t(f) * BELIEF_HOLDERS + h]; });
  return sum;
}

// The log of a world's weight under the inference, but for the uniform draw's (the misses, the
// belief's factors): what pimc's mcmc moves keep.
double log_inferred(const Hand& view, const Hand& world, const CardSet shown[4],
                    const PimcOptions& options) {
  int by_partner = 0;
  const int all = heuristic_misses(world, view.turn(), shown, &by_partner);
  const double mate = options.infer_mate_miss > 0 ? options.infer_mate_miss : options.infer_miss;
  double log_w = (all - by_partner) * std::log(options.infer_miss) + by_partner * std::log(mate);
  if (options.belief_weight > 0 && !options.belief_factors.empty())
    log_w += options.belief_weight * belief_sum(view, world, options);
  return log_w;
}

template <typename Stop>
double weigh_worlds(const WorldSampler& sampler, const Hand& view, uint64_t seed, int pool, int n,
                    const PimcOptions& options, int round, const Stop& stopping,
                    std::vector<Drawn>* out, int* weighed) {
  const int mover = view.turn();
  CardSet shown[4];
  shown_in_view(view, mover, shown);
  constexpr int UNDRAWN = -1;  // a world the sampler could not draw: weight 0
  const bool belief = options.belief_weight > 0 && !options.belief_factors.empty();
  std::vector<int> misses;
  misses.reserve(size_t(pool));
  // The partner's misses apart, when they weigh otherwise than the others' (mate).
  const bool mate = options.infer_mate_miss > 0 && options.infer_mate_miss != options.infer_miss;
  std::vector<int> mate_misses;
  if (mate) mate_misses.reserve(size_t(pool));
  const bool logs = belief || mate;  // weights from log-weights (else powers of miss)
  // With a belief: the sum of its factors over the hidden cards; then the misses' part.
  std::vector<double> log_weight;
  if (logs) log_weight.reserve(size_t(pool));
  Hand world;
  const int first = round * pool;
  for (int i = 0; i < pool; ++i) {
    if ((i & 63) == 63 && stopping()) break;
    Rng rng(world_seed(seed, first + i));
    double log_tilt = 0;
    const bool drawn = sampler.try_sample(rng, &world, &log_tilt);
    int by_partner = 0;
    misses.push_back(drawn ? heuristic_misses(world, mover, shown, &by_partner) : UNDRAWN);
    if (mate) mate_misses.push_back(by_partner);
    if (!logs) continue;
    const double sum = drawn && belief ? belief_sum(view, world, options) : 0;
    log_weight.push_back(options.belief_weight * sum - log_tilt);
  }
  pool = int(misses.size());
  *weighed = pool;
  int fewest = INT_MAX;  // weights relative to the best-explained world's: none underflows to 0
  for (int m : misses)
    if (m != UNDRAWN) fewest = std::min(fewest, m);
  if (fewest == INT_MAX) return 0;  // none drawn (or stopped first)
  const size_t start = out->size();
  if (logs) {
    const double log_miss = std::log(options.infer_miss);
    for (int i = 0; i < pool; ++i) log_weight[size_t(i)] += log_miss * (misses[size_t(i)] - fewest);
    if (mate) {
      const double log_mate = std::log(options.infer_mate_miss) - log_miss;
      for (int i = 0; i < pool; ++i) log_weight[size_t(i)] += log_mate * mate_misses[size_t(i)];
    }
  }
  double top = -HUGE_VAL;  // the largest log-weight: exp of the others' differences never overflows
  for (int i = 0; logs && i < pool; ++i)
    if (misses[size_t(i)] != UNDRAWN) top = std::max(top, log_weight[size_t(i)]);
  std::vector<double> weight(static_cast<size_t>(pool));
  double total = 0, total_sq = 0;
  for (int i = 0; i < pool; ++i) {
    const int m = misses[size_t(i)];
    // Without a belief, the power itself (the weights, and so the worlds drawn, stay those of
    // the inference before the belief, bit for bit).
    weight[size_t(i)] = m == UNDRAWN ? 0
                        : logs       ? std::exp(log_weight[size_t(i)] - top)
                                     : std::pow(options.infer_miss, m - fewest);
    total += weight[size_t(i)];
    total_sq += weight[size_t(i)] * weight[size_t(i)];
  }
  Rng rng(seed ^ 0xC2B2AE3D27D4EB4Full ^ (0x632BE59BD9B4E019ull * uint64_t(round)));
  const double step = total / n;
  double pointer = rng.uniform() * step, cumulative = 0;
  int counted = 0;
  for (int i = 0; i < pool && counted < n; ++i) {
    cumulative += weight[size_t(i)];
    int times = 0;
    for (; counted < n && pointer < cumulative; pointer += step) ++times, ++counted;
    if (!times) continue;
    if (options.infer_mcmc > 0)
      for (int c = 0; c < times; ++c) out->push_back({first + i, 1, c});
    else
      out->push_back({first + i, times});
  }
  // Rounding can leave the last pointers just past the total: they go to the last world drawn.
  if (counted < n) {
    if (out->size() == start) {
      int last = pool - 1;
      while (misses[size_t(last)] == UNDRAWN) --last;  // some world was drawn (fewest is set)
      out->push_back({first + last, 0});
    }
    if (options.infer_mcmc > 0) {
      // More copies of the last world, numbered on from its own (a placeholder counts none).
      const Drawn last = out->back();
      if (last.times == 0) out->pop_back();
      for (int c = last.times == 0 ? 0 : last.copy + 1; counted < n; ++c, ++counted)
        out->push_back({last.world, 1, c});
    } else {
      out->back().times += n - counted;
    }
  }
  *weighed = pool;
  return total_sq > 0 ? total * total / total_sq : 0;
}

// A suit's throws from the top: its components from the highest down, each prefix of two
// components or more (as far as the whole suit). Any other throw leaves out a higher component
// and keeps a lower one of the suit: when it stands the prefix of the same size stands too, so
// these are the throws worth weighing (the rest are pruned on that ground, not proven worse).
void top_throws(const Context& ctx, const CardSet& hand, std::vector<CardSet>* out) {
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    if (e == TRUMP && !ctx.throws_in_trumps) continue;
    const CardSet suit = hand.within(ctx.suit_mask[e]);
    if (suit.size() < 2) continue;
    Decomposition d;
    decompose(ctx, suit, &d);
    std::stable_sort(d.parts, d.parts + d.size,
              [](const Component& a, const Component& b) { return a.top_power > b.top_power; });
    CardSet throw_cards = d.parts[0].cards;
    for (int k = 1; k < d.size; ++k) {
      throw_cards = throw_cards.plus(d.parts[k].cards);
      if (!is_simple_combination(ctx, throw_cards)) out->push_back(throw_cards);
    }
  }
}

}  // namespace

void candidate_moves(const Hand& view, uint64_t seed, std::vector<CardSet>* out) {
  out->clear();
  if (view.count_legal_moves() <= PIMC_CANDIDATES_FROM) return view.legal_moves(out);
  const Context& ctx = view.context();
  const int mover = view.turn();
  const CardSet& hand = view.held(mover);
  const Trick& t = view.trick();
  out->push_back(heuristic_play(view, mover));  // the baseline, always weighed
  if (t.played == 0) {
    // Every single, pair and tractor; the throws from the top of each suit.
    legal_leads(ctx, hand, false, out);
    top_throws(ctx, hand, out);
  } else {
    // Many follows: a void follower's fills, or a long suit's ways to meet a long lead. A
    // uniform sample of them next to the heuristic's (a pruning by chance, not by value).
    Rng rng(seed ^ 0x5bd1e995u);
    for (int i = 0; i < PIMC_FOLLOW_SAMPLES; ++i) out->push_back(random_follow(ctx, hand, t, rng));
  }
  std::sort(out->begin(), out->end(), [](const CardSet& a, const CardSet& b) {
    return a < b;
  });
  out->erase(std::unique(out->begin(), out->end()), out->end());
}

// With `postpone` (pimc.h), what one move comes to in one world: the other seats' plays up to
// the seat's next turn, and the value of each of its moves there (none: the hand ended, `end`).
struct Postponed {
  std::vector<CardSet> seen;
  std::vector<MoveValue> next;
  int end = 0;
};
struct PostponedWorld {
  int times = 1;
  std::vector<Postponed> moves;  // as the search's moves
};

namespace {

// The worlds' values of each move once the seat's next decision is one choice for all worlds
// that show it the same plays: per move, the worlds grouped by what they show, each group's
// choice its best summed over the group; each world then adds its value under that choice.
void add_postponed(const std::vector<const PostponedWorld*>& worlds, size_t nm, size_t baseline,
                   int mover, int declarer, Totals* totals) {
  std::vector<std::vector<int>> values(worlds.size(), std::vector<int>(nm, 0));
  for (size_t m = 0; m < nm; ++m) {
    // Integer sums, so that the choice does not depend on the order the worlds came in.
    std::map<std::vector<CardSet>, std::map<CardSet, int64_t>> sums;
    for (const PostponedWorld* w : worlds)
      for (const MoveValue& mv : w->moves[m].next)
        sums[w->moves[m].seen][mv.move] += int64_t(w->times) * mv.value;
    std::map<std::vector<CardSet>, CardSet> choice;
    for (const auto& [seen, by_move] : sums) {
      auto best = by_move.begin();
      for (auto it = by_move.begin(); it != by_move.end(); ++it)
        if (it->second > best->second) best = it;
      choice[seen] = best->first;
    }
    for (size_t i = 0; i < worlds.size(); ++i) {
      const Postponed& p = worlds[i]->moves[m];
      values[i][m] = p.end;
      if (p.next.empty()) continue;
      const CardSet& chosen = choice[p.seen];
      for (const MoveValue& mv : p.next)
        if (mv.move == chosen) values[i][m] = mv.value;
    }
  }
  std::vector<char> makes(nm);
  for (size_t i = 0; i < worlds.size(); ++i) {
    for (size_t m = 0; m < nm; ++m) makes[m] = declarers_make(values[i][m], mover, declarer);
    totals->add_world(values[i], makes, baseline, worlds[i]->times);
  }
}

}  // namespace

struct PimcSearch::Worker {
  explicit Worker(const PimcOptions& o) : solver(SolverOptions{o.tt_bytes, true}) {}
  Solver solver;
  Hand world;
  std::vector<int> values;
  std::vector<char> makes;
  std::vector<PostponedWorld> postponed;  // with `postpone`, in exact worlds
  Totals totals;
  std::mutex totals_lock;  // held while a world is added, so that progress reports can read
  uint64_t nodes = 0;
};

namespace {

// The option checks' messages, worded as the Python API's own (`name: expected ..., not V`).
void require_whole(const char* name, int value, int low, int high) {
  if (value < low || value > high)
    throw std::invalid_argument(std::string(name) + ": expected a whole number from " +
                                std::to_string(low) + " to " + std::to_string(high) + ", not " +
                                std::to_string(value));
}

std::string number_text(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

}  // namespace

PimcSearch::PimcSearch(const PimcOptions& options) : options_(options) {
  require_whole("threads", options_.threads, 1, PIMC_MAX_THREADS);
  if (options_.worlds < 0) throw std::invalid_argument("worlds cannot be negative");
  require_whole("solve_cards", options_.solve_cards, 0, TWO_DECKS.hand_cards);
  require_whole("infer_pool", options_.infer_pool, 1, PIMC_MAX_INFER_POOL);
  if (options_.infer_pool > 1 && int64_t(options_.worlds) * options_.infer_pool > (int64_t(1) << 30))
    throw std::invalid_argument("inference: worlds x infer_pool must be at most 2^30");
  if (!(options_.infer_miss > 0 && options_.infer_miss <= 1))
    throw std::invalid_argument("infer_miss: expected a number above 0 and at most 1, not " +
                                number_text(options_.infer_miss));
  if (options_.infer_mcmc < 0 || options_.infer_mcmc > PIMC_MAX_MCMC)
    throw std::invalid_argument("infer_mcmc: expected 0 to " + std::to_string(PIMC_MAX_MCMC) +
                                " Metropolis steps, not " + std::to_string(options_.infer_mcmc));
  if (!(options_.infer_mate_miss >= 0 && options_.infer_mate_miss <= 1))
    throw std::invalid_argument("infer_mate_miss: expected 0 (as infer_miss) or a number above 0 "
                                "and at most 1, not " + number_text(options_.infer_mate_miss));
  if (options_.worlds == 0 && !(options_.seconds > 0 && std::isfinite(options_.seconds)))
    throw std::invalid_argument("seconds: expected a positive number of seconds (or a number of "
                                "worlds), not " + number_text(options_.seconds));
  for (int t = 0; t < options_.threads; ++t) workers_.push_back(std::make_unique<Worker>(options_));
}

PimcSearch::~PimcSearch() = default;

PimcAnalysis PimcSearch::analyse(const Hand& view, int level_ns, int level_ew,
                                 const PimcProgress& progress) {
  return run(view, level_ns, level_ew, progress, nullptr);
}

PimcAnalysis PimcSearch::analyse_moves(const Hand& view, int level_ns, int level_ew,
                                       const std::vector<CardSet>& moves) {
  if (moves.empty()) throw std::invalid_argument("analyse_moves: no move to weigh");
  for (const CardSet& m : moves) {
    bool legal = false;
    view.extensions(m, &legal);
    if (!legal) throw std::invalid_argument("analyse_moves: not a legal move: " + to_string(m));
  }
  return run(view, level_ns, level_ew, nullptr, &moves);
}

PimcAnalysis PimcSearch::run(const Hand& view, int level_ns, int level_ew,
                             const PimcProgress& progress, const std::vector<CardSet>* only) {
  if (view.is_over())
    throw BadSetup("the hand is over: there is no play to choose", {"turn", "", "over"});
  if (level_ns < 0 || level_ns >= LEVEL_NB || level_ew < 0 || level_ew >= LEVEL_NB)
    throw std::invalid_argument("team levels must be from A to K");
  const int mover = view.turn();
  if (view.unknown(mover))  // the Python API words it from the reason (HiddenCardsError)
    throw BadSetup("analysis is done from the view of the seat to move, " + seat_name(mover) +
                       ", and " + std::to_string(view.unknown(mover)) + " of its cards are unknown",
                   {seat_name(mover), std::to_string(view.unknown(mover)), "mover_hidden"});
  const uint64_t move_count = view.count_legal_moves();
  WorldSampler sampler(view, mover);
  // The belief draws the worlds it weighs (pimc.h): only where inference weighs them.
  if (options_.infer_pool > 1 && options_.belief_weight > 0 && !options_.belief_factors.empty())
    sampler.tilt(options_.belief_factors, options_.belief_weight);
  std::vector<CardSet> moves;
  if (only)
    moves = *only;
  else
    candidate_moves(view, options_.seed, &moves);
  const size_t nm = moves.size();
  const bool exact = view.held(mover).size() <= options_.solve_cards;
  const int team = team_of(mover), declarer = view.declarer();
  // The heuristic bot's choice in this view (or the first move given): the baseline each
  // move's gain is measured from.
  const size_t baseline = only ? 0 : index_of_move(moves, heuristic_play(view, mover));
  auto stopping = [&] {
    return stop_requested_.load(std::memory_order_relaxed) ||
           (options_.stop_check && options_.stop_check());
  };
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(options_.seconds > 0 ? options_.seconds : 1e9));
  // The worlds to search, in order: 0, 1, 2, ... (one if all is known), or with inference the
  // ones drawn by weight: a counted budget draws its worlds in one round, a time budget in
  // rounds of INFER_ROUND_WORLDS, each weighed and drawn on its own, as long as time is left.
  const bool infer = options_.infer_pool > 1 && sampler.hidden_cards() > 0;
  CardSet shown_then[4];  // for mcmc's weights, as the inference weighed them
  if (infer) shown_in_view(view, mover, shown_then);
  const int round_worlds = options_.worlds > 0 ? options_.worlds : INFER_ROUND_WORLDS;
  std::vector<Drawn> drawn;
  std::mutex drawn_lock;
  int rounds = 0, pool = 0;
  double effective_pool = 0;
  // The index-th world to search; false when there is none (the budget is spent or stopped).
  auto take = [&](int index, Drawn* d) {
    if (!infer) {
      *d = Drawn{index, 1};
      return true;
    }
    std::lock_guard<std::mutex> hold(drawn_lock);
    while (size_t(index) >= drawn.size()) {
      if ((options_.worlds > 0 && rounds == 1) || stopping() ||
          (rounds > 0 && Clock::now() >= deadline))
        return false;
      const size_t before = drawn.size();
      int weighed = 0;
      effective_pool += weigh_worlds(sampler, view, options_.seed, round_worlds * options_.infer_pool,
                                     round_worlds, options_, rounds, stopping, &drawn,
                                     &weighed);
      pool += weighed;
      ++rounds;
      if (drawn.size() == before) return false;  // stopped while weighing
    }
    *d = drawn[size_t(index)];
    return true;
  };
  const int limit = infer ? 0 : sampler.hidden_cards() == 0 ? 1 : options_.worlds;
  std::atomic<int> next{0}, done{0};
  std::atomic<bool> stop{false};

  // Searches world d into the worker's totals; false when a stop ended it first.
  auto search_world = [&](Worker& w, const Drawn& d) {
    Rng rng(world_seed(options_.seed, d.world));
    // A world the sampler cannot draw is skipped: it adds nothing (no world at all leaves the
    // heuristic's choice first, as a search stopped before any world does).
    if (!sampler.try_sample(rng, &w.world)) return true;
    if (infer && options_.infer_mcmc > 0) {
      Rng moves_rng(world_seed(options_.seed, d.world) ^ (0xD1B54A32D192ED03ull * uint64_t(d.copy + 1)));
      sampler.walk(moves_rng, options_.infer_mcmc,
                   [&](const Hand& world) { return log_inferred(view, world, shown_then, options_); },
                   &w.world);
    }
    w.values.assign(nm, 0);
    w.makes.assign(nm, 0);
    if (exact && options_.postpone) {
      // Each move, then the others' double-dummy plays up to the seat's next turn, where every
      // move of the seat is valued (pimc.h: postpone).
      PostponedWorld pw;
      pw.times = d.times;
      for (size_t m = 0; m < nm; ++m) {
        Postponed p;
        Hand after = w.world;
        after.play(moves[m]);
        try {
          while (!after.is_over() && after.turn() != mover) {
            const Solution s = w.solver.solve(after, Objective::SCORE, level_ns, level_ew);
            if (!s.complete) return false;
            w.nodes += s.stats.nodes;
            // The principal variation: the next seats' best plays, as far as it goes (at
            // least the best move).
            if (s.pv.empty()) {
              p.seen.push_back(after.play(s.moves.front().move));
              continue;
            }
            for (const CardSet& play : s.pv) {
              if (after.is_over() || after.turn() == mover) break;
              p.seen.push_back(after.play(play));
            }
          }
          if (after.is_over()) {
            p.end = after.result(level_ns, level_ew).score_margin(team);
          } else {
            Solution s = w.solver.solve(after, Objective::SCORE, level_ns, level_ew, values_only());
            if (!s.complete) return false;
            w.nodes += s.stats.nodes;
            p.next = std::move(s.moves);
          }
        } catch (const SearchStopped&) {
          return false;
        }
        pw.moves.push_back(std::move(p));
      }
      std::lock_guard<std::mutex> hold(w.totals_lock);
      w.postponed.push_back(std::move(pw));
      return true;
    }
    if (exact) {
      Solution s;
      try {
        s = w.solver.solve(w.world, Objective::SCORE, level_ns, level_ew, values_only());
      } catch (const SearchStopped&) {
        return false;
      }
      if (!s.complete) return false;
      w.nodes += s.stats.nodes;
      for (const MoveValue& mv : s.moves) {
        // The solver values every legal move; only the candidates are kept (with at most
        // solve_cards cards in hand there are few moves, and all are candidates anyway).
        const auto it = std::find(moves.begin(), moves.end(), mv.move);
        if (it == moves.end()) continue;
        const size_t m = size_t(it - moves.begin());
        w.values[m] = mv.value;
        w.makes[m] = declarers_make(mv.value, mover, declarer);
      }
    } else {
      // Each move checked on the world (a throw stands or fails by its hands), then played out
      // on the lean state: the heuristic's plays are legal, its throws sure to stand.
      const Context& ctx = w.world.context();
      const CardSet& kitty = w.world.kitty();
      for (size_t m = 0; m < nm; ++m) {
        // A world of many plays takes long: a stop ends it between playouts (it then does not
        // count, like a stopped exact one).
        if ((m & 7) == 7 && stopping()) return false;
        PlayState line = w.world.state();
        line.apply<false>(ctx, declarer, w.world.resolve(moves[m]));
        heuristic_playout(ctx, w.world.rules(), declarer, kitty, &line, options_.fair_playouts,
                          nullptr, options_.tail_cards);
        if (!line.hands_empty()) {
          int v;
          try {
            v = w.solver.value_after(w.world, line, Objective::SCORE, level_ns, level_ew);
          } catch (const SearchStopped&) {
            return false;
          }
          w.nodes += w.solver.stats().nodes;
          w.values[m] = v;
          w.makes[m] = declarers_make(v, mover, declarer);
          continue;
        }
        const HandResult r = w.world.result_of(line, level_ns, level_ew);
        w.values[m] = r.score_margin(team);
        w.makes[m] = r.declarers_stay;
      }
    }
    std::lock_guard<std::mutex> hold(w.totals_lock);
    w.totals.add_world(w.values, w.makes, baseline, d.times);
    return true;
  };
  // The best move by mean over the worlds finished so far (all threads).
  auto snapshot = [&](int worlds) {
    PimcProgressInfo info;
    info.worlds = worlds;
    info.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    std::vector<double> sum(nm, 0);
    int n = 0;
    for (auto& w : workers_) {
      std::lock_guard<std::mutex> hold(w->totals_lock);
      for (size_t m = 0; m < nm; ++m) sum[m] += w->totals.sum[m];
      n += w->totals.worlds;
    }
    const size_t best = size_t(std::max_element(sum.begin(), sum.end()) - sum.begin());
    info.best = moves[best];
    info.best_mean = n ? sum[best] / n : 0;
    return info;
  };
  // Each worker takes the next world until the count or the time runs out.
  auto run = [&](Worker& w, bool reports) {
    for (;;) {
      if (stop.load(std::memory_order_relaxed)) return;
      if (stopping()) {
        stop = true;
        return;
      }
      const int i = next.fetch_add(1);
      if ((limit > 0 && i >= limit) || (options_.seconds > 0 && Clock::now() >= deadline && i > 0)) {
        stop = true;
        return;
      }
      Drawn world;
      if (!take(i, &world)) {
        stop = true;
        return;
      }
      if (!search_world(w, world)) {  // stopped inside an exact world: it does not count
        stop = true;
        return;
      }
      const int d = done.fetch_add(1) + 1;
      if (reports && progress && !progress(snapshot(d))) stop = true;
    }
  };

  for (auto& w : workers_) {
    w->totals.reset(nm);
    w->postponed.clear();
    w->nodes = 0;
    w->solver.set_stop_check(stopping);
  }
  // A stop request is for one analysis: cleared once it ends, however it ends.
  struct ClearStop {
    PimcSearch& search;
    ~ClearStop() {
      search.stop_requested_ = false;
      for (auto& w : search.workers_) w->solver.set_stop_check(nullptr);
    }
  } clear_stop{*this};
  std::vector<std::thread> helpers;
  std::exception_ptr failure;
  std::mutex failure_lock;
  for (size_t t = 1; t < workers_.size(); ++t)
    helpers.emplace_back([&, t] {
      try {
        run(*workers_[t], false);
      } catch (...) {
        std::lock_guard<std::mutex> g(failure_lock);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
    });
  try {
    run(*workers_[0], true);
  } catch (...) {
    std::lock_guard<std::mutex> g(failure_lock);
    if (!failure) failure = std::current_exception();
    stop = true;
  }
  for (auto& h : helpers) h.join();
  if (failure) std::rethrow_exception(failure);

  Totals all;
  all.reset(nm);
  PimcAnalysis a;
  std::vector<const PostponedWorld*> postponed;
  for (auto& w : workers_) {
    all.merge(w->totals);
    a.solver_nodes += w->nodes;
    for (const PostponedWorld& pw : w->postponed) postponed.push_back(&pw);
  }
  if (!postponed.empty()) add_postponed(postponed, nm, baseline, mover, declarer, &all);
  a.worlds = all.worlds;
  a.pool = pool;
  a.effective_pool = effective_pool;
  a.independent_worlds = all.independent_worlds();
  a.exact = exact;
  a.legal = move_count;
  a.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  for (size_t m = 0; m < nm; ++m) {
    MoveAnalysis ma;
    ma.move = moves[m];
    ma.worlds = all.worlds;
    ma.baseline = m == baseline;
    const double independent = a.independent_worlds;
    std::tie(ma.mean, ma.stderr_) = mean_and_error(all.sum[m], all.sum_sq[m], all.worlds, independent);
    std::tie(ma.gain, ma.gain_stderr) =
        mean_and_error(all.gain[m], all.gain_sq[m], all.worlds, independent);
    ma.makes = all.worlds ? double(all.makes[m]) / all.worlds : 0;
    a.moves.push_back(ma);
  }
  std::stable_sort(a.moves.begin(), a.moves.end(),
                   [](const MoveAnalysis& x, const MoveAnalysis& y) { return x.mean > y.mean; });
  if (a.worlds == 0)  // stopped before any world: nothing beats the heuristic's choice
    std::stable_partition(a.moves.begin(), a.moves.end(), [](const MoveAnalysis& m) { return m.baseline; });
  return a;
}

}  // namespace duidiao
