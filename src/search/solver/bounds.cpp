// Cheap bounds at a trick's start, which end a search before it looks at a move: the points
// already banked, the points still out, and the points the leader's team is sure to cash.
#include "search/solver.h"

#include <algorithm>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

// The highest (or lowest) power among the faces of `mask`, non-empty, of effective suit e.
int Solver::power_extreme(int e, uint64_t mask, bool highest) const {
  if (e != TRUMP) return ctx_.power[highest ? highest_bit(mask) : lowest_bit(mask)];
  for (int i = 0; i < trump_parts_nb_; ++i) {
    const uint64_t m = mask & trump_parts_[highest ? trump_parts_nb_ - 1 - i : i];
    if (m) return ctx_.power[highest ? highest_bit(m) : lowest_bit(m)];
  }
  return 0;
}

// Points the leader's team is sure to take from here. The leader cashes its singles that no
// opponent can beat, one trick each: cards at least as high as every opponent's card of their
// suit (an equal card played later loses). In a side suit it leads no more of them than an
// opponent holding trumps can follow, so that opponent never becomes void there and trumps
// (in a trump trick it may run out of trumps, and then cannot trump later); an opponent without
// trumps cannot trump at all. In any suit it leads no more of them than its partner can follow
// with cards no higher than the lowest of them, so the partner never takes the trick and the
// lead — unless the partner is void there and cannot win: the suit is trumps, or it holds no
// trumps (it discards cards it does not need for following: there are enough, as every trick
// of the plan takes one card from each hand). So each of these tricks goes to the leader, in
// any order, whatever the opponents do. The team banks every card played in them: the
// leader's, the partner's best points among its low cards, and at least an opponent's least
// points of each suit for the tricks it can follow (it plays at least that many cards of the
// suit, following or discarding).
int Solver::cashable_points(const Node& node) const {
  const int leader = node.trick.leader;
  const CardSet& mine = node.held[leader];
  const CardSet& mate = node.held[partner(leader)];
  const CardSet* opponents[2] = {&node.held[next_seat(leader)], &node.held[partner(next_seat(leader))]};
  const uint64_t opponent_faces = opponents[0]->one | opponents[1]->one;
  const uint64_t trumps = ctx_.suit_mask[TRUMP];
  // Points of the best or the least k cards of a set, from its counts of tens and fives.
  auto best = [](const CardSet& c, int k) {
    const int tens = c.within(TEN_POINT_FACES).size(), fives = c.within(FIVE_FACES).size();
    const int t = std::min(tens, k);
    return 10 * t + 5 * std::min(fives, k - t);
  };
  auto least = [](const CardSet& c, int k) {
    const int tens = c.within(TEN_POINT_FACES).size(), fives = c.within(FIVE_FACES).size();
    const int zeros = c.size() - tens - fives;
    k = std::min(k, c.size()) - zeros;
    if (k <= 0) return 0;
    const int f = std::min(fives, k);
    return 5 * f + 10 * (k - f);
  };
  int total = 0;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    const uint64_t suit = ctx_.suit_mask[e];
    if (!(mine.one & suit)) continue;
    const uint64_t theirs = opponent_faces & suit;
    // The leader's faces that no opponent beats, and the partner's no higher than all of them.
    const uint64_t winners = mine.one & (theirs ? at_least_[e][power_extreme(e, theirs, true)] : suit);
    if (!winners) continue;
    const CardSet cashed = mine.within(winners);
    const uint64_t low = mate.one & suit & ~at_least_[e][power_extreme(e, winners, false) + 1];
    // A partner void in the suit discards instead, and cannot take the trick when the suit is
    // trumps or it holds no trumps (what it discards, it has to spare: it follows suit low only
    // in as many tricks as it has reserved cards for, fewer than its hand).
    const bool discards = !(mate.one & suit) && (e == TRUMP || !(mate.one & trumps));
    int n = discards ? cashed.size() : std::min(cashed.size(), mate.within(low).size());
    if (e != TRUMP)
      for (const CardSet* o : opponents)
        if (o->one & trumps) n = std::min(n, o->within(suit).size());
    if (n <= 0) continue;
    total += best(cashed, n) + best(mate.within(low), n);
    for (const CardSet* o : opponents) total += least(o->within(suit), n);
  }
  return total;
}

// The most the kitty's bonus (§10.7) can still add: its points times the largest multiplier a
// defender's last play can have with the cards left — 2 × the cards it holds (`cards`), or
// 2^(1+L) with L the longest tractor it holds in one suit, a pair 1 (`power`): the last play is
// part of the hand, and a tractor in it is one in the hand.
int Solver::kitty_multiplier_bound(const Node& node) const {
  const int first = next_seat(declarer_);
  const CardSet* defenders[2] = {&node.held[first], &node.held[partner(first)]};
  if (rules_.kitty_points == KITTY_POINTS_CARDS)
    return kitty_bonus_points_ * 2 * std::max(defenders[0]->size(), defenders[1]->size());
  if (rules_.kitty_points == KITTY_POINTS_DOUBLE) return kitty_bonus_points_ * 2;
  if (rules_.kitty_points == KITTY_POINTS_COMPONENT) {
    // §11.9: min(64, 2^k), k the cards of a component: at most 1 without a pair, 3 a triple,
    // 6 or more (64) with a tractor of 3 or a Titanic; bounded here by the pairs and triples held.
    int k = 1;
    for (const CardSet* h : defenders) {
      const int pairs = popcount(h->two), triples = popcount(h->at_least(3));
      k = std::max({k, pairs ? 2 * std::min(pairs, 3) : 1, triples ? 3 * std::min(triples, 2) : 1});
    }
    return kitty_bonus_points_ << std::min(k, 6);
  }
  int longest = 0;
  for (const CardSet* h : defenders) {
    if (!h->two) continue;
    longest = std::max(longest, 1);
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
      const uint64_t pairs = h->two & ctx_.suit_mask[e];
      if (popcount(pairs) <= longest) continue;
      for_each_tractor(ctx_, e, pairs, [&](uint64_t, int length, int, Card) {
        longest = std::max(longest, length);
        return false;
      });
    }
  }
  return kitty_bonus_points_ << (1 + longest);
}

// SCORE: the values of the point rows a final T in [lowest, highest] falls in, and of the digs
// the defenders still hold cards for.
std::pair<int, int> Solver::outcomes(const Node& node, int lowest, int highest) const {
  if (objective_ == Objective::POINTS) return {lowest, highest};
  const CardSet defenders = node.held[next_seat(declarer_)].plus(node.held[partner(next_seat(declarer_))]);
  int lo = INF, hi = -INF;
  auto can = [&](int value) {
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  };
  for (int i = 0; i < rows_nb_ && rows_[i].from <= highest; ++i)
    if (i + 1 == rows_nb_ || rows_[i + 1].from > lowest) can(rows_[i].value);
  if (rules_.digs) {
    if (defenders.count(BIG_JOKER)) can(dig_value_[DIG_BIG_JOKER]);
    if (defenders.count(SMALL_JOKER)) can(dig_value_[DIG_SMALL_JOKER]);
    if (ctx_.level_card >= RANK_J && ctx_.level_card <= RANK_K && (defenders.one & ctx_.level_cards))
      can(dig_value_[DIG_LEVEL]);
  }
  return {lo, hi};
}

// Any node, a trick's start or not: the cards on the table are out of the hands but not banked,
// and may yet win the kitty's bonus or a dig, so they count as still held.
std::pair<int, int> Solver::value_range(const Node& node) const {
  Node whole = node;
  int table = 0;
  for (int i = 0; i < node.trick.played; ++i) {
    const int seat = (node.trick.leader + i) & 3;
    whole.held[seat] = whole.held[seat].plus(node.trick.plays[i]);
    table += node.trick.plays[i].points();
  }
  const int p = node.points;
  return outcomes(whole, p, p + table + points_in_hands(node) + kitty_bonus_bound(whole));
}

// Bounds on the value at a trick start, from the final T the hand can still reach: the banked
// points are safe, the points still out at most all reachable, and the kitty's bonus at most
// kitty_bonus_bound (POINTS: those bounds; SCORE: the values of the point rows T can still fall
// in, and of the digs the defenders still hold cards for). When those bounds leave the window
// (alpha, beta) open, the points the leader's team can cash tighten its side.
std::pair<int, int> Solver::bounds(const Node& node, int alpha, int beta) const {
  const auto [lo, hi] = point_bounds(node);
  if (settled(lo, hi, alpha, beta)) return {lo, hi};
  return cash_bounds(node, lo, hi);
}

std::pair<int, int> Solver::point_bounds(const Node& node) const {
  const int p = node.points;
  return outcomes(node, p, p + points_in_hands(node) + kitty_bonus_bound(node));
}

std::pair<int, int> Solver::cash_bounds(const Node& node, int lo, int hi) const {
  if (const int cash = cashable_points(node)) {
    // The leader's team can keep the outcome among these: the worst of them bounds its value.
    const int p = node.points, out = points_in_hands(node), bonus = kitty_bonus_bound(node);
    const bool defenders_lead = team_of(node.trick.leader) != team_of(declarer_);
    const auto [kept_lo, kept_hi] =
        defenders_lead ? outcomes(node, p + cash, p + out + bonus)
                       : outcomes(node, p, p + out - cash + bonus);
    if (team_of(node.trick.leader) == max_team_) lo = std::max(lo, kept_lo);
    else hi = std::min(hi, kept_hi);
  }
  return {lo, hi};
}

}  // namespace duidiao
