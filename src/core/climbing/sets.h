// The climbing games' cards and sets (rules §12.2, §12.5–§12.7, §13.4).
//
// Suits never matter in play, and a rank exists 16 times in four packs, so a hand is a count per
// rank, not a card set: 16 byte counters indexed by the card's value (rules §12.2: 3 → 1 … A → 12,
// 2 → 13, SJ → 14, BJ → 15; index 0 unused). In 保皇 the copies of the called face (rules §13.3)
// are counted apart, inside their rank's count, because playing one reveals the guard.
#pragma once
#include <cstdint>
#include <string>

namespace duidiao {
class Rng;
}

namespace duidiao::climbing {

using duidiao::Rng;

constexpr int THREE = 1, TEN = 8, JACK = 9, QUEEN = 10, KING = 11, ACE = 12, TWO = 13, SJ = 14,
              BJ = 15;
constexpr int VALUES = 16;
constexpr int COPIES_OF_RANK = 16;   // four packs × four suits (rules §12.2)
constexpr int COPIES_OF_JOKER = 4;

struct Hand {
  uint8_t n[VALUES] = {};  // cards of each value
  uint8_t called = 0;      // of n[call rank], the copies of the called face (保皇 only)
  uint8_t hidden = 0;      // cards a view does not know (rules §12.15: sizes are public)

  int size() const {
    int s = hidden;
    for (int v = 1; v < VALUES; ++v) s += n[v];
    return s;
  }
  bool empty() const { return size() == 0; }
  bool operator==(const Hand& o) const {
    for (int v = 0; v < VALUES; ++v)
      if (n[v] != o.n[v]) return false;
    return called == o.called && hidden == o.hidden;
  }
};

// One set (一套牌): `plain` + `called` cards of the base rank, `twos` 2s stuck on (贴钱, each a
// card of the base rank), and jokers hung on (挂花). A set of 2s alone has base TWO and no `twos`;
// a set of jokers alone has base 0.
struct Set {
  uint8_t base = 0;
  uint8_t plain = 0;
  uint8_t called = 0;
  uint8_t twos = 0;
  uint8_t sj = 0;
  uint8_t bj = 0;

  int ordinary() const { return plain + called + twos; }  // the cards that count as the base rank
  int size() const { return ordinary() + sj + bj; }
  bool operator==(const Set& o) const {
    return base == o.base && plain == o.plain && called == o.called && twos == o.twos &&
           sj == o.sj && bj == o.bj;
  }
};

// S2 beats S1 (rules §12.6, the pairwise dominance of sorted values). With at most three distinct
// values on each side this is: equal sizes, no BJ in S1, at least as many BJs in S2 as SJs in S1,
// and S2's ordinary cards (if any) of a higher rank than S1's.
inline bool beats(const Set& s2, const Set& s1) {
  if (s2.size() != s1.size() || s1.bj) return false;
  if (s2.bj < s1.sj) return false;
  // S2's cards at the places of S1's ordinary ones: its surplus BJs, its SJs, then its ordinary
  // cards; only the last can fail, and only if S2 has any.
  return s2.ordinary() == 0 || s1.ordinary() == 0 || s2.base > s1.base;
}

// 够级 (rules §12.7): the least number of base-rank cards that makes a set 够级, 0 for never.
inline int gouji_threshold(int base) {
  switch (base) {
    case TWO: return 1;
    case ACE: case KING: return 2;
    case QUEEN: return 3;
    case JACK: return 4;
    case TEN: return 5;
    default: return 0;
  }
}
inline bool is_gouji(const Set& s) {
  if (s.sj || s.bj) return true;
  const int t = gouji_threshold(s.base);
  return t && s.ordinary() >= t;
}

// Removes a set from a hand; in a view, the cards it does not know come from its hidden ones.
inline void take(Hand& h, const Set& s) {
  auto from = [&h](int v, int k) {
    const int known = k < h.n[v] ? k : h.n[v];
    h.n[v] = uint8_t(h.n[v] - known);
    h.hidden = uint8_t(h.hidden - (k - known));
  };
  if (s.base) from(s.base, s.plain + s.called);
  h.called = uint8_t(h.called - (s.called < h.called ? s.called : h.called));
  from(TWO, s.twos);
  from(SJ, s.sj);
  from(BJ, s.bj);
}

// The hand holds the set's cards (with a view's hidden cards standing for any it lacks).
inline bool holds(const Hand& h, const Set& s, int call_rank) {
  int need[VALUES] = {};
  need[s.base] += s.plain + s.called;
  need[TWO] += s.twos;
  need[SJ] += s.sj;
  need[BJ] += s.bj;
  int missing = 0;
  for (int v = 1; v < VALUES; ++v)
    if (need[v] > h.n[v]) missing += need[v] - h.n[v];
  if (s.base && s.base == call_rank) {  // the called copies are counted apart
    if (s.called > h.called) missing += s.called - h.called;
    const int plain_have = h.n[s.base] - h.called;
    if (s.plain > plain_have && s.plain + s.called <= h.n[s.base]) missing += s.plain - plain_have;
  }
  return missing <= h.hidden;
}

// The burn test (rules §12.9.4/§12.9.5): what is left can be shed hanging a joker on every set but
// the last: jokers ≥ distinct ranks 3…A − 1, or nothing left. A view's hidden cards may be any:
// it cannot refuse.
inline bool can_finish_hanging(const Hand& h) {
  if (h.hidden) return true;
  int ranks = 0;
  for (int v = THREE; v <= ACE; ++v) ranks += h.n[v] > 0;
  const int jokers = h.n[SJ] + h.n[BJ];
  return jokers >= ranks - 1 || h.empty();
}

// Deals cards of `pool` at random to the hidden cards of `hands` (each hand's `hidden` count; a
// pool larger than that leaves a random rest out); the called copies in the pool stay called. `barred_seat` (-1: none) is dealt none of
// the values in the bit mask `barred_values` (bit v: value v): a fact the hand proves, such as
// a revolutionary's holding no 2 and no joker (rules §12.13). Every deal that keeps the fact is
// equally likely. std::invalid_argument if the pool is too small or the fact cannot be kept.
// `all_called`: every called copy in the pool is dealt (保皇 while the guard is unknown: none of
// them has been played), the rest of the hidden cards a random choice among the other cards.
void deal_hidden(Hand* hands, int seats, const Hand& pool, int call_rank, Rng& rng,
                 int barred_seat = -1, uint32_t barred_values = 0, bool all_called = false);

const char* value_name(int value);       // "3" … "A", "2", "SJ", "BJ"
int value_of(const std::string& rank);   // the inverse, 0 if unknown
// Canonical card list (docs/notation.md "The climbing games"): high to low, `X*n`, the called
// face's cards (suit `call_suit`) before the plain ones of its rank; "-" for no cards.
std::string format_set(const Set& s, char call_suit);
std::string format_hand(const Hand& h, int call_rank, char call_suit);

}  // namespace duidiao::climbing
