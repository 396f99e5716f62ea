// CardSet: a multiset over the 54 faces, each present 0, 1 or 2 times.
#pragma once
#include <cstdint>
#include <string>

#include "types.h"

namespace duidiao {

inline int popcount(uint64_t x) { return __builtin_popcountll(x); }
inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
inline int highest_bit(uint64_t x) { return 63 - __builtin_clzll(x); }
inline uint64_t bit(int i) { return uint64_t(1) << i; }

constexpr uint64_t ALL_FACES = (uint64_t(1) << FACE_NB) - 1;

// The faces of one rank in the four suits.
constexpr uint64_t faces_of_rank(int rank) {
  uint64_t m = 0;
  for (int suit = 0; suit < 4; ++suit) m |= uint64_t(1) << (suit * 13 + rank);
  return m;
}
// Point cards (§1): fives count 5, tens and kings 10.
constexpr uint64_t FIVE_FACES = faces_of_rank(RANK_5);
constexpr uint64_t TEN_POINT_FACES = faces_of_rank(RANK_10) | faces_of_rank(RANK_K);
constexpr uint64_t POINT_FACES = FIVE_FACES | TEN_POINT_FACES;

// Bit layout: bit f of `one` is set when face f is held at least once, bit f of `two` when
// it is held twice. Invariant: two is a subset of one, and no bit above 53 is set.
struct CardSet {
  uint64_t one = 0;
  uint64_t two = 0;

  static CardSet full_deck() { return {ALL_FACES, ALL_FACES}; }

  int size() const { return popcount(one) + popcount(two); }
  bool empty() const { return one == 0; }
  int count(Card c) const { return int((one >> c) & 1) + int((two >> c) & 1); }
  bool valid() const { return (two & ~one) == 0 && (one & ~ALL_FACES) == 0; }

  void add(Card c) {
    if (one & bit(c)) two |= bit(c);
    else one |= bit(c);
  }
  void remove(Card c) {
    if (two & bit(c)) two &= ~bit(c);
    else one &= ~bit(c);
  }
  // Only the faces in mask, with their counts.
  CardSet within(uint64_t mask) const { return {one & mask, two & mask}; }
  bool contains(const CardSet& o) const { return (o.one & ~one) == 0 && (o.two & ~two) == 0; }
  // Counts added; the caller makes sure no face passes 2 copies.
  CardSet plus(const CardSet& o) const { return {one | o.one, two | o.two | (one & o.one)}; }
  // Counts subtracted; the caller makes sure o is contained.
  CardSet minus(const CardSet& o) const {
    return {(one & ~o.one) | (two & o.one & ~o.two), two & ~o.one};
  }
  // Faces of o beyond this set's counts (the part of o this set does not hold).
  CardSet missing(const CardSet& o) const {
    return {(o.one & ~one) | (o.two & ~two), o.two & ~one};
  }
  // Points on 5, 10 and K.
  int points() const {  // inline: the solver counts points at every node
    return 5 * (popcount(one & FIVE_FACES) + popcount(two & FIVE_FACES)) +
           10 * (popcount(one & TEN_POINT_FACES) + popcount(two & TEN_POINT_FACES));
  }
  bool operator==(const CardSet& o) const { return one == o.one && two == o.two; }
  bool operator!=(const CardSet& o) const { return !(*this == o); }
};

// "AH,AH,KD" in face order (jokers last); used in error messages.
std::string card_name(Card c);
std::string to_string(const CardSet& s);

}  // namespace duidiao
