// Card multisets over the 54 faces: BasicCardSet<K> holds up to K copies of each (K = 1 … 4).
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

// The planes of a multiset that holds up to K copies of a face: bit f of `one` is set when face
// f is held at least once, of `two` at least twice, of `three` three times, of `four` four times
// (rules §11.1). Invariant: each plane is a subset of the one before, no bit above 53 is set.
template <int K> struct CardPlanes;
template <> struct CardPlanes<1> { uint64_t one = 0; };
template <> struct CardPlanes<2> { uint64_t one = 0, two = 0; };
template <> struct CardPlanes<3> { uint64_t one = 0, two = 0, three = 0; };
template <> struct CardPlanes<4> { uint64_t one = 0, two = 0, three = 0, four = 0; };

// A multiset over the 54 faces, each present 0 … K times, one bit plane per copy. K is fixed
// at compile time so that every operation is a few word operations with no loop: the game's
// engine is built once per K it plays (CardSet below), and a set of the two-deck build is the
// two words it always was.
template <int K>
struct BasicCardSet : CardPlanes<K> {
  static_assert(K >= 1 && K <= 4, "one to four packs");
  static constexpr int MAX = K;

  // The plane of the faces held at least n times (n = 1 … K).
  uint64_t at_least(int n) const {
    if (n > K) return 0;
    if constexpr (K >= 4) if (n == 4) return this->four;
    if constexpr (K >= 3) if (n == 3) return this->three;
    if constexpr (K >= 2) if (n == 2) return this->two;
    return n <= 1 ? this->one : 0;
  }
  // The whole pack of `packs` decks (rules §11.1).
  // The set of these planes, `planes[n - 1]` holding the faces held at least n times.
  static BasicCardSet from_planes(const uint64_t* planes) {
    BasicCardSet s;
    s.one = planes[0];
    if constexpr (K >= 2) s.two = planes[1];
    if constexpr (K >= 3) s.three = planes[2];
    if constexpr (K >= 4) s.four = planes[3];
    return s;
  }
  static BasicCardSet full_deck(int packs) { return every(ALL_FACES, packs); }
  // Each face of mask, `copies` times.
  static BasicCardSet every(uint64_t mask, int copies) {
    BasicCardSet s;
    s.one = copies >= 1 ? mask : 0;
    if constexpr (K >= 2) s.two = copies >= 2 ? mask : 0;
    if constexpr (K >= 3) s.three = copies >= 3 ? mask : 0;
    if constexpr (K >= 4) s.four = copies >= 4 ? mask : 0;
    return s;
  }

  int size() const {
    int n = popcount(this->one);
    if constexpr (K >= 2) n += popcount(this->two);
    if constexpr (K >= 3) n += popcount(this->three);
    if constexpr (K >= 4) n += popcount(this->four);
    return n;
  }
  bool empty() const { return this->one == 0; }
  int count(Card c) const {
    int n = int((this->one >> c) & 1);
    if constexpr (K >= 2) n += int((this->two >> c) & 1);
    if constexpr (K >= 3) n += int((this->three >> c) & 1);
    if constexpr (K >= 4) n += int((this->four >> c) & 1);
    return n;
  }
  bool valid() const {
    uint64_t bad = this->one & ~ALL_FACES;
    if constexpr (K >= 2) bad |= this->two & ~this->one;
    if constexpr (K >= 3) bad |= this->three & ~this->two;
    if constexpr (K >= 4) bad |= this->four & ~this->three;
    return bad == 0;
  }

  // One more copy of c; the caller makes sure it does not pass K.
  void add(Card c) {
    const uint64_t b = bit(c);
    if constexpr (K >= 4) if (this->three & b) { this->four |= b; return; }
    if constexpr (K >= 3) if (this->two & b) { this->three |= b; return; }
    if constexpr (K >= 2) if (this->one & b) { this->two |= b; return; }
    this->one |= b;
  }
  // One copy of c fewer; the caller makes sure c is held.
  void remove(Card c) {
    const uint64_t b = bit(c);
    if constexpr (K >= 4) if (this->four & b) { this->four &= ~b; return; }
    if constexpr (K >= 3) if (this->three & b) { this->three &= ~b; return; }
    if constexpr (K >= 2) if (this->two & b) { this->two &= ~b; return; }
    this->one &= ~b;
  }
  // Only the faces in mask, with their counts.
  BasicCardSet within(uint64_t mask) const {
    BasicCardSet s = *this;
    s.one &= mask;
    if constexpr (K >= 2) s.two &= mask;
    if constexpr (K >= 3) s.three &= mask;
    if constexpr (K >= 4) s.four &= mask;
    return s;
  }
  bool contains(const BasicCardSet& o) const {
    uint64_t extra = o.one & ~this->one;
    if constexpr (K >= 2) extra |= o.two & ~this->two;
    if constexpr (K >= 3) extra |= o.three & ~this->three;
    if constexpr (K >= 4) extra |= o.four & ~this->four;
    return extra == 0;
  }
  // The copies both sets hold (the fewer of the two counts, face by face).
  BasicCardSet common(const BasicCardSet& o) const {
    BasicCardSet s;
    s.one = this->one & o.one;
    if constexpr (K >= 2) s.two = this->two & o.two;
    if constexpr (K >= 3) s.three = this->three & o.three;
    if constexpr (K >= 4) s.four = this->four & o.four;
    return s;
  }
  // The larger of the two counts, face by face.
  BasicCardSet larger(const BasicCardSet& o) const {
    BasicCardSet s;
    s.one = this->one | o.one;
    if constexpr (K >= 2) s.two = this->two | o.two;
    if constexpr (K >= 3) s.three = this->three | o.three;
    if constexpr (K >= 4) s.four = this->four | o.four;
    return s;
  }
  // The faces whose copies here and in o together pass `most`.
  uint64_t beyond(const BasicCardSet& o, int most) const {
    uint64_t over = 0;
    for (int here = 0; here <= most + 1; ++here)
      over |= (here == 0 ? ALL_FACES : at_least(here)) &
              (most + 1 - here == 0 ? ALL_FACES : o.at_least(most + 1 - here));
    return over;
  }
  // Counts added (unary addition, plane by plane); the caller makes sure no face passes K.
  BasicCardSet plus(const BasicCardSet& o) const {
    BasicCardSet s;
    s.one = this->one | o.one;
    if constexpr (K >= 2) s.two = this->two | o.two | (this->one & o.one);
    if constexpr (K >= 3) s.three = this->three | o.three | (this->two & o.one) | (this->one & o.two);
    if constexpr (K >= 4)
      s.four = this->four | o.four | (this->three & o.one) | (this->two & o.two) | (this->one & o.three);
    return s;
  }
  // Counts subtracted, none below 0: plane i keeps a face held i + 1 + j times here of which o
  // holds exactly j.
  BasicCardSet minus(const BasicCardSet& o) const {
    BasicCardSet s;
    if constexpr (K == 1) {
      s.one = this->one & ~o.one;
    } else if constexpr (K == 2) {
      s.one = (this->one & ~o.one) | (this->two & o.one & ~o.two);
      s.two = this->two & ~o.one;
    } else {
      const uint64_t e0 = ~o.one, e1 = o.one & ~o.two;
      if constexpr (K == 3) {
        const uint64_t e2 = o.two & ~o.three;
        s.one = (this->one & e0) | (this->two & e1) | (this->three & e2);
        s.two = (this->two & e0) | (this->three & e1);
        s.three = this->three & e0;
      } else {
        const uint64_t e2 = o.two & ~o.three, e3 = o.three & ~o.four;
        s.one = (this->one & e0) | (this->two & e1) | (this->three & e2) | (this->four & e3);
        s.two = (this->two & e0) | (this->three & e1) | (this->four & e2);
        s.three = (this->three & e0) | (this->four & e1);
        s.four = this->four & e0;
      }
    }
    return s;
  }
  // Faces of o beyond this set's counts (the part of o this set does not hold).
  BasicCardSet missing(const BasicCardSet& o) const {
    if constexpr (K == 2) {
      BasicCardSet s;
      s.one = (o.one & ~this->one) | (o.two & ~this->two);
      s.two = o.two & ~this->one;
      return s;
    } else {
      return o.minus(*this);
    }
  }
  // Points on 5, 10 and K.
  int points() const {  // inline: the solver counts points at every node
    int fives = popcount(this->one & FIVE_FACES), tens = popcount(this->one & TEN_POINT_FACES);
    if constexpr (K >= 2) {
      fives += popcount(this->two & FIVE_FACES);
      tens += popcount(this->two & TEN_POINT_FACES);
    }
    if constexpr (K >= 3) {
      fives += popcount(this->three & FIVE_FACES);
      tens += popcount(this->three & TEN_POINT_FACES);
    }
    if constexpr (K >= 4) {
      fives += popcount(this->four & FIVE_FACES);
      tens += popcount(this->four & TEN_POINT_FACES);
    }
    return 5 * fives + 10 * tens;
  }
  bool operator==(const BasicCardSet& o) const {
    bool same = this->one == o.one;
    if constexpr (K >= 2) same = same && this->two == o.two;
    if constexpr (K >= 3) same = same && this->three == o.three;
    if constexpr (K >= 4) same = same && this->four == o.four;
    return same;
  }
  bool operator!=(const BasicCardSet& o) const { return !(*this == o); }
  // An order for sorting and removing duplicates (plane by plane).
  bool operator<(const BasicCardSet& o) const {
    if (this->one != o.one) return this->one < o.one;
    if constexpr (K >= 2) if (this->two != o.two) return this->two < o.two;
    if constexpr (K >= 3) if (this->three != o.three) return this->three < o.three;
    if constexpr (K >= 4) if (this->four != o.four) return this->four < o.four;
    return false;
  }
};

// The card set of the engine this build plays: up to COPIES copies of a face (types.h).
using CardSet = BasicCardSet<COPIES>;

// "AH,AH,KD" in face order (jokers last); used in error messages.
std::string card_name(Card c);
std::string to_string(const CardSet& s);  // out of line: error paths stay out of hot code
// A number of copies in words, for messages: "once", "twice", "3 times".
std::string times(int n);

}  // namespace duidiao
