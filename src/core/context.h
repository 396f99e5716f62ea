// The tables of one hand: what (level, trump, rules) make of each face — its effective suit,
// its power and its place in the tractor order. Built once per hand, read on every move.
#pragma once
#include <cstdint>
#include <string>

#include "cardset.h"
#include "rules.h"
#include "types.h"

namespace duidiao {

constexpr int CHAIN_MAX = 20;

struct Context {
  int level = 0;       // ladder position of the hand's level (0 = A)
  int level_card = 0;  // its card rank
  int trump = 0;       // trump suit 0..3, or NO_TRUMP
  int decks = 2;       // packs shuffled together: the copies of a face (§11.1)
  // The throw rules the play reads (§5.2, §10.3), from the rules the context was built for.
  bool muddy_throws = true;
  bool throws_in_trumps = false;  // §4, §10.2: may trumps be thrown?
  TrumpCompare trump_compare = TRUMP_COMPARE_FORMAT;  // §5.4, §10.5
  FailedThrow failed_throw = FAILED_THROW_LOWEST_FAILING;
  // §10.4: must a follower match the lead's pairs and tractors (see Trick::duty)?
  bool must_follow_format = false;
  bool protect_triples = false;  // §11.5: a held triple is no pair to follow with

  uint64_t suit_mask[EFFECTIVE_SUIT_NB] = {};  // faces of each effective suit
  uint64_t top_ranks[4] = {};                  // §5.2 浑甩: the three highest ranks of a side suit
  uint64_t level_cards = 0;                    // the eight level cards' faces
  uint64_t trump_naturals = 0;                 // the trump suit but its level card (§6.3 干巴锅)
  int8_t effective_suit[FACE_NB] = {};
  // §3.1 order of power within an effective suit; equal powers are equal cards (off-suit level).
  int8_t power[FACE_NB] = {};

  // Tractor order (§4) of each effective suit: position i holds the faces that may stand there
  // (one face, or the three off-suit level cards with level_tractor_bridge). An empty position
  // is a gap, so runs never cross it. An ace may stand at position 0 (ace low) and at the top.
  uint64_t chain[EFFECTIVE_SUIT_NB][CHAIN_MAX] = {};
  int chain_len[EFFECTIVE_SUIT_NB] = {};

  Context() = default;
  Context(const Rules& rules, int level, int trump);

  int suit_of(Card c) const { return effective_suit[c]; }
  // The faces of the effective suits not in `voids` (bit e: void in effective suit e).
  uint64_t outside_voids(int voids) const {
    uint64_t m = ALL_FACES;
    for (; voids; voids &= voids - 1) m &= ~suit_mask[lowest_bit(uint64_t(voids))];
    return m;
  }
  // The effective suit of a non-empty set whose cards share one, else -1.
  int common_suit(const CardSet& s) const;
  // The notation's order of the faces: trumps from the highest (equal off-suit level cards in
  // suit order H D S C), then the side suits H D S C from the highest.
  void notation_order(Card out[FACE_NB]) const;
  // A card list in that order.
  std::string format(const CardSet& s) const;
};

}  // namespace duidiao
