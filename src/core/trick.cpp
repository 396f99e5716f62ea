#include "trick.h"

#include <algorithm>

namespace duidiao {

namespace {
// The key of a play of the led suit in the lead's (simple) format, or -1 if it has another one.
int same_format_key(const Context& ctx, const Trick& t, const CardSet& cards) {
  if (t.format.singles == 1) return ctx.power[lowest_bit(cards.one)];
  if (t.format.pairs == 1) return (cards.one == cards.two) ? ctx.power[lowest_bit(cards.one)] : -1;
  int length, top;
  if constexpr (COPIES >= 3) {
    if (t.format.triples == 1) return cards.one == cards.at_least(3) ? ctx.power[lowest_bit(cards.one)] : -1;
    if (t.format.titanics == 1)
      return is_titanic(ctx, cards, &length, &top) && length == t.format.titanic_length[0] ? top : -1;
  }
  if (is_tractor(ctx, cards, &length, &top) && length == t.format.tractor_length[0]) return top;
  return -1;
}

int highest_power(const Context& ctx, const CardSet& cards) {
  int best = -1;
  for (uint64_t m = cards.one; m; m &= m - 1) best = std::max(best, int(ctx.power[lowest_bit(m)]));
  return best;
}

bool same_format(const Format& a, const Format& b) {
  if (a.tractors != b.tractors || a.pairs != b.pairs || a.singles != b.singles ||
      a.titanics != b.titanics || a.triples != b.triples)
    return false;
  for (int i = 0; i < a.tractors; ++i)  // both longest first
    if (a.tractor_length[i] != b.tractor_length[i]) return false;
  for (int i = 0; i < a.titanics; ++i)
    if (a.titanic_length[i] != b.titanic_length[i]) return false;
  return true;
}

// §10.5 `structure`: a play of one effective suit `e` competes only with exactly the lead's
// components; its key is then its highest card's power, else -1.
int structure_key(const Context& ctx, const Trick& t, const CardSet& cards, int e) {
  if (cards.one & ~ctx.suit_mask[e]) return -1;
  Decomposition d;
  decompose(ctx, cards, &d);
  return same_format(d.format, t.format) ? highest_power(ctx, cards) : -1;
}
}  // namespace

void Trick::lead(const Context& ctx, const CardSet& cards) {
  plays[0] = cards;
  played = 1;
  point_total = cards.points();
  size = cards.size();
  led = ctx.effective_suit[lowest_bit(cards.one)];
  winner = 0;
  winner_trumped = false;
  by_structure = false;
  format = Format{};
  if (size == 1) {
    duty = FollowDuty{};
    format.singles = 1;
    winner_key = ctx.power[lowest_bit(cards.one)];
    lead_is_throw = false;
    return;
  }
  if (size == 2 && cards.one == cards.two) {
    format.pairs = 1;
    winner_key = ctx.power[lowest_bit(cards.one)];
    lead_is_throw = false;
    duty = {ctx.must_follow_format, 0};
    return;
  }
  Decomposition d;
  decompose(ctx, cards, &d);
  format = d.format;
  lead_is_throw = !format.is_simple();
  winner_key = lead_is_throw ? 0 : d.parts[0].key;
  by_structure = ctx.trump_compare == TRUMP_COMPARE_STRUCTURE;
  if (by_structure) winner_key = highest_power(ctx, cards);
  // Without triples every face led twice stands in a tractor or is a pair of the format, and a
  // lead of two or more cards that is not a throw is one tractor.
  if (!ctx.must_follow_format) {
    duty = FollowDuty{};
  } else if (COPIES >= 3 && cards.at_least(3)) {
    duty = {format.pair_count(), lead_is_throw ? 0 : format.tractor_length[0], format.triple_count(),
            lead_is_throw ? 0 : format.titanic_length[0]};
  } else {
    duty = {popcount(cards.two), lead_is_throw ? 0 : format.tractor_length[0]};
  }
}

bool Trick::takes(const Context& ctx, const CardSet& cards) const {
  if (size == 1) {  // as follow() with a single led
    const Card c = lowest_bit(cards.one);
    const int e = ctx.effective_suit[c], key = ctx.power[c];
    if (e == led) return !winner_trumped && key > winner_key;
    return e == TRUMP && (!winner_trumped || key > winner_key);
  }
  Trick after = *this;
  after.follow(ctx, cards);
  return after.winner == played;
}

void Trick::follow(const Context& ctx, const CardSet& cards) {
  int index = played;
  plays[played++] = cards;
  point_total += cards.points();
  if (size == 1) {
    // A single led: the general rules below come to this — a card of the led suit beats a
    // lower one of it while no trump has come; a trump on a side suit beats any but a higher
    // trump; anything else is a discard.
    const Card c = lowest_bit(cards.one);
    const int e = ctx.effective_suit[c], key = ctx.power[c];
    if (e == led) {
      if (!winner_trumped && key > winner_key) winner = index, winner_key = key;
    } else if (e == TRUMP && (!winner_trumped || key > winner_key)) {
      winner = index;
      winner_key = key;
      winner_trumped = true;
    }
    return;
  }
  if ((cards.one & ~ctx.suit_mask[led]) == 0) {
    // Same suit: beats only a same-suit winner, with the lead's format, higher (§5.4); by
    // structure (§10.5) with exactly the lead's components, a higher highest card — throws too.
    if (winner_trumped) return;
    int key;
    if (by_structure) key = structure_key(ctx, *this, cards, led);
    else if (lead_is_throw) return;
    else key = same_format_key(ctx, *this, cards);
    if (key > winner_key) winner = index, winner_key = key;
    return;
  }
  if (led == TRUMP) return;  // a discard
  int key = by_structure ? structure_key(ctx, *this, cards, TRUMP) : trump_key(ctx, cards, format);
  if (key < 0) return;  // mixed or not in the lead's format: a discard
  if (!winner_trumped || key > winner_key) {
    winner = index;
    winner_key = key;
    winner_trumped = true;
  }
}

ThrowVerdict judge_throw(const Context& ctx, const Decomposition& d, int suit, const CardSet* others,
                         int holders) {
  ThrowVerdict v;
  // 浑甩 (when the rules have it): nobody else holds any card of the side suit's three highest
  // ranks. Trump throws (§10.3) stand only as 清甩.
  if (ctx.muddy_throws && suit != TRUMP) {
    bool top_ranks_out = true;
    for (int i = 0; i < holders; ++i)
      if (others[i].one & ctx.top_ranks[suit]) top_ranks_out = false;
    if (top_ranks_out) return v;
  }
  // 清甩: no component can be beaten. Otherwise the throw fails, and the component played is
  // the lowest failing one, or (failed_throw=lowest) the lowest of all.
  int lowest = -1;
  for (int k = 0; k < d.size; ++k) {
    if (lowest < 0 || lower_component(ctx, d.parts[k], d.parts[lowest])) lowest = k;
    bool beaten = false;
    for (int i = 0; i < holders && !beaten; ++i) beaten = beats_component(ctx, others[i], d.parts[k], suit);
    if (beaten && (v.forced < 0 || lower_component(ctx, d.parts[k], d.parts[v.forced]))) {
      v.valid = false;
      v.forced = k;
    }
  }
  if (!v.valid && ctx.failed_throw == FAILED_THROW_LOWEST) v.forced = lowest;
  return v;
}

}  // namespace duidiao
