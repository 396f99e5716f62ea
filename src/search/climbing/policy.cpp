#include "search/climbing/policy.h"

#include "search/climbing/endgame.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace duidiao::climbing {

namespace {

// What a set spends: its ordinary cards' values, 2s and jokers weighing most.
int cost(const Set& s) {
  const int base = s.base == TWO ? 20 : s.base;
  return base * (s.plain + s.called) + 20 * s.twos + 40 * s.sj + 60 * s.bj;
}

bool is_play(const Action& a) { return a.kind == PLAY; }

// Leading: going out first, then a whole rank with nothing stuck on, lowest first.
int lead_key(const Hand& h, const Set& s) {
  if (s.size() == h.size()) return -1;
  const bool whole = s.base && s.base != TWO && s.plain + s.called == h.n[s.base] && !s.twos &&
                     !s.sj && !s.bj;
  return (whole ? 0 : 1000) + cost(s) * 8 / std::max(1, s.size());
}

template <class Game>
Action choose(const Game& g, const std::vector<Action>& legal, bool friend_set, bool burn) {
  const Hand& h = g.hand(g.to_act());
  const Action* other = nullptr;
  for (const Action& a : legal)
    if (a.kind == PASS || a.kind == FOLD || a.kind == NOBURN) other = &a;
  if (g.stage() == 0) {  // a lead
    const Action* best = &legal[0];
    for (const Action& a : legal)
      if (lead_key(h, a.set) < lead_key(h, best->set)) best = &a;
    return *best;
  }
  if (burn) {  // burn only to go out at once: the burn binds the rest of the hand
    for (const Action& a : legal)
      if (is_play(a) && a.set.size() == h.size()) return a;
    return *other;
  }
  if (friend_set && other) return *other;
  const Action* best = nullptr;
  for (const Action& a : legal)
    if (is_play(a) && (!best || cost(a.set) < cost(best->set))) best = &a;
  if (!best) return other ? *other : legal[0];
  if (other && (best->set.sj || best->set.bj) && h.size() - best->set.size() > 6) return *other;
  return *best;
}

}  // namespace

Action heuristic_choice(const Gouji& g, const std::vector<Action>& legal) {
  const bool mate = g.owner() >= 0 && same_side(g, g.owner(), g.to_act());
  return choose(g, legal, mate, g.burn_turn());
}

Action heuristic_choice(const Baohuang& g, const std::vector<Action>& legal) {
  const bool mate = g.owner() >= 0 && same_side(g, g.owner(), g.to_act());
  return choose(g, legal, mate, false);
}

double value_for(const Gouji& g, int seat) {
  int team[2];
  g.scores(team);
  return double(team[seat % 2] - team[1 - seat % 2]);
}
double value_for(const Baohuang& g, int seat) {
  int s[BAOHUANG_SEATS];
  g.scores(s);
  return double(s[seat]);
}

namespace {

template <class Game>
double play_out(Game g, int seat, Rng& rng, double random_share, std::vector<Action>& buffer) {
  while (!g.over()) {
    g.legal(buffer);
    const Action a = rng.uniform() < random_share ? buffer[rng.below(buffer.size())]
                                                  : heuristic_choice(g, buffer);
    g.apply(a);
  }
  return value_for(g, seat);
}
}  // namespace

double playout(Gouji g, int seat, Rng& rng, double random_share, std::vector<Action>& buffer) {
  return play_out(g, seat, rng, random_share, buffer);
}
double playout(Baohuang g, int seat, Rng& rng, double random_share, std::vector<Action>& buffer) {
  return play_out(g, seat, rng, random_share, buffer);
}

template <class Game>
std::vector<ActionValue> pimc(const Game& g, const Hand& pool, const PimcSettings& settings,
                              const std::atomic<bool>* stop) {
  using clock = std::chrono::steady_clock;
  const auto deadline = clock::now() + std::chrono::duration<double>(settings.seconds);
  const int seat = g.to_act();
  std::vector<Action> legal, buffer;
  g.legal(legal);
  // Candidates: the heuristic's own choice first, then the rest by cost (cheap first), capped.
  std::vector<ActionValue> out;
  const Action first = heuristic_choice(g, legal);
  out.push_back(ActionValue{first});
  std::vector<Action> rest;
  for (const Action& a : legal)
    if (!(a == first)) rest.push_back(a);
  std::stable_sort(rest.begin(), rest.end(), [](const Action& a, const Action& b) {
    return (a.kind == PLAY ? cost(a.set) : -1) < (b.kind == PLAY ? cost(b.set) : -1);
  });
  for (const Action& a : rest) {
    if (int(out.size()) >= std::max(1, settings.max_actions)) break;
    out.push_back(ActionValue{a});
  }
  std::vector<double> sum(out.size()), squares(out.size());
  Rng rng(settings.seed);
  for (int w = 0; w < settings.worlds; ++w) {
    if (w > 0 && ((stop && stop->load()) || clock::now() > deadline)) break;
    Game world = g;
    world.fill_hidden(pool, rng);
    const uint64_t playout_seed = rng.next();
    for (size_t i = 0; i < out.size(); ++i) {
      Game next = world;
      next.apply(out[i].action);
      double v = 0;
      bool exact = false;
      if (settings.exact_cards > 0 && cards_in_play(next) <= settings.exact_cards) {
        const ExactResult r = solve_exact(next, seat, settings.exact_nodes);
        exact = r.complete;
        v = r.value;
      }
      if (!exact) {
        Rng r(playout_seed);  // the same playout randomness for every candidate
        v = playout(next, seat, r, settings.random_share, buffer);
      }
      sum[i] += v;
      squares[i] += v * v;
      out[i].worlds += 1;
    }
  }
  for (size_t i = 0; i < out.size(); ++i) {
    const int n = out[i].worlds;
    out[i].mean = sum[i] / n;
    out[i].sd = n > 1 ? std::sqrt(std::max(0.0, (squares[i] - sum[i] * sum[i] / n) / (n - 1))) : 0;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ActionValue& a, const ActionValue& b) { return a.mean > b.mean; });
  return out;
}

template std::vector<ActionValue> pimc(const Gouji&, const Hand&, const PimcSettings&,
                                       const std::atomic<bool>*);
template std::vector<ActionValue> pimc(const Baohuang&, const Hand&, const PimcSettings&,
                                       const std::atomic<bool>*);

}  // namespace duidiao::climbing
