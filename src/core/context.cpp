#include "context.h"

namespace duidiao {

Context::Context(const Rules& rules, int level_, int trump_)
    : level(level_),
      level_card(rules.level_rank(level_)),
      trump(trump_),
      decks(rules.decks),
      muddy_throws(rules.muddy_throws),
      throws_in_trumps(rules.throws_in_trumps),
      trump_compare(rules.trump_compare),
      failed_throw(rules.failed_throw),
      must_follow_format(rules.must_follow_format),
      protect_triples(rules.protect_triples) {
  // §11.2 2 为常主: every 2 a trump, below the level cards (at level 2 nothing changes).
  const bool twos = rules.permanent_twos && level_card != RANK_2;
  // Natural order of a suit: ranks 2..A without the level rank (nor the 2 under permanent twos;
  // the ace then never stands low: AA-22 cannot be).
  auto add_naturals = [&](int e, int suit) {
    int& n = chain_len[e];
    if (rules.ace_low_tractor && level_card != RANK_A && !twos) chain[e][n++] = bit(make_card(suit, RANK_A));
    for (int r = twos ? 1 : 0; r < RANK_NB; ++r)
      if (r != level_card) chain[e][n++] = bit(make_card(suit, r));
  };

  uint64_t off_twos = 0;  // under permanent twos: the 2s not of the trump suit (all of them in NT)
  for (int s = 0; s < 4; ++s) {
    for (int r = 0; r < RANK_NB; ++r) {
      Card c = make_card(s, r);
      if (r == level_card) {
        level_cards |= bit(c);
        effective_suit[c] = TRUMP;
        power[c] = s == trump ? 21 : 20;
      } else if (twos && r == RANK_2) {
        effective_suit[c] = TRUMP;
        power[c] = s == trump ? 19 : 18;
        if (s != trump) off_twos |= bit(c);
      } else {
        effective_suit[c] = int8_t(s == trump ? TRUMP : s);
        power[c] = int8_t(r + 1);
      }
      suit_mask[effective_suit[c]] |= bit(c);
    }
    if (s != trump) {
      add_naturals(s, s);
      int found = 0;
      for (int r = RANK_A; r >= 0 && found < 3; --r)
        if (r != level_card) top_ranks[s] |= bit(make_card(s, r)), ++found;
    }
  }
  effective_suit[SMALL_JOKER] = effective_suit[BIG_JOKER] = TRUMP;
  power[SMALL_JOKER] = 22;
  power[BIG_JOKER] = 23;
  suit_mask[TRUMP] |= bit(SMALL_JOKER) | bit(BIG_JOKER);
  trump_naturals = suit_mask[TRUMP] & ~level_cards & ~off_twos & ~(bit(SMALL_JOKER) | bit(BIG_JOKER));

  int& n = chain_len[TRUMP];
  if (trump == NO_TRUMP) {
    // §10.2 without a trump suit: any level pair (all equal), then the small, the big jokers;
    // §11.2: the 2s (all equal) below them.
    if (twos) chain[TRUMP][n++] = off_twos;
    chain[TRUMP][n++] = level_cards;
    chain[TRUMP][n++] = bit(SMALL_JOKER);
    chain[TRUMP][n++] = bit(BIG_JOKER);
    return;
  }
  // Trump group: naturals, then (bridge) the off-suit level cards, then trump level, SJ, BJ.
  add_naturals(TRUMP, trump);
  if (twos) {  // §11.2: the off-suit 2s, then the trump suit's 2
    chain[TRUMP][n++] = off_twos;
    chain[TRUMP][n++] = bit(make_card(trump, RANK_2));
  }
  if (rules.level_tractor_bridge) {
    uint64_t off_level = 0;
    for (int s = 0; s < 4; ++s)
      if (s != trump) off_level |= bit(make_card(s, level_card));
    chain[TRUMP][n++] = off_level;
  } else {
    chain[TRUMP][n++] = 0;  // gap: the trump level pair is not adjacent to the trump A pair
  }
  chain[TRUMP][n++] = bit(make_card(trump, level_card));
  chain[TRUMP][n++] = bit(SMALL_JOKER);
  chain[TRUMP][n++] = bit(BIG_JOKER);
}

void Context::notation_order(Card out[FACE_NB]) const {
  int n = 0;
  for (int e : {TRUMP, HEARTS, DIAMONDS, SPADES, CLUBS})
    for (int p = 23; p >= 0; --p)
      for (uint64_t m = suit_mask[e]; m; m &= m - 1)
        if (power[lowest_bit(m)] == p) out[n++] = lowest_bit(m);
}

std::string Context::format(const CardSet& s) const {
  if (s.empty()) return "-";
  Card order[FACE_NB];
  notation_order(order);
  std::string out;
  for (Card c : order)
    for (int k = 0; k < s.count(c); ++k) out += (out.empty() ? "" : ",") + card_name(c);
  return out;
}

int Context::common_suit(const CardSet& s) const {
  if (s.empty()) return -1;
  int e = effective_suit[lowest_bit(s.one)];
  return (s.one & ~suit_mask[e]) ? -1 : e;
}

}  // namespace duidiao
