#include "legal.h"

#include "combination.h"

namespace duidiao {

namespace {

// The faces of a card set with their counts, for multiset recursion.
struct FaceList {
  int n = 0;
  Card face[FACE_NB];
  int copies[FACE_NB];
  explicit FaceList(const CardSet& s) {
    for (uint64_t m = s.one; m; m &= m - 1) {
      face[n] = lowest_bit(m);
      copies[n] = s.count(face[n]);
      ++n;
    }
  }
};

// Calls f(subset) for every sub-multiset of exactly `size` cards, faces from index i on.
template <typename F>
void each_submultiset(const FaceList& fl, int i, int size, CardSet acc, F& f) {
  if (size == 0) return f(acc);
  if (i == fl.n) return;
  int left = 0;
  for (int j = i; j < fl.n; ++j) left += fl.copies[j];
  if (left < size) return;
  Card c = fl.face[i];
  each_submultiset(fl, i + 1, size, acc, f);
  CardSet one = acc;
  one.add(c);
  each_submultiset(fl, i + 1, size - 1, one, f);
  if (fl.copies[i] == 2 && size >= 2) {
    CardSet two = one;
    two.add(c);
    each_submultiset(fl, i + 1, size - 2, two, f);
  }
}

// ways[i][j]: the number of j-card sub-multisets of faces i.. of fl.
struct SubsetCounts {
  uint64_t ways[FACE_NB + 1][26];
  SubsetCounts(const FaceList& fl, int size) {
    for (int j = 0; j <= size; ++j) ways[fl.n][j] = j == 0;
    for (int i = fl.n - 1; i >= 0; --i)
      for (int j = 0; j <= size; ++j) {
        uint64_t w = ways[i + 1][j];
        for (int t = 1; t <= fl.copies[i] && t <= j; ++t) w += ways[i + 1][j - t];
        ways[i][j] = w;
      }
  }
};

uint64_t count_submultisets(const CardSet& s, int size) {
  if (size == 0) return 1;
  if (size > s.size()) return 0;
  if (size == 1) return popcount(s.one);
  if (size == 2) {
    uint64_t d = popcount(s.one);
    return d * (d - 1) / 2 + popcount(s.two);
  }
  FaceList fl(s);
  SubsetCounts counts(fl, size);
  return counts.ways[0][size];
}

Card nth_face(uint64_t mask, uint64_t n) {
  for (; n; --n) mask &= mask - 1;
  return lowest_bit(mask);
}

CardSet random_submultiset(const CardSet& s, int size, Rng& rng) {
  if (size == 0) return {};
  if (size == s.size()) return s;
  if (size == 1) {
    Card c = nth_face(s.one, rng.below(popcount(s.one)));
    return {bit(c), 0};
  }
  FaceList fl(s);
  SubsetCounts counts(fl, size);
  CardSet out;
  int j = size;
  for (int i = 0; i < fl.n && j > 0; ++i) {
    uint64_t r = rng.below(counts.ways[i][j]);
    int t = 0;
    while (r >= counts.ways[i + 1][j - t]) r -= counts.ways[i + 1][j - t], ++t;
    for (int k = 0; k < t; ++k) out.add(fl.face[i]);
    j -= t;
  }
  return out;
}

// The cards of effective suit e that may be thrown: a side suit's, the trumps' only when the
// rules allow trump throws (§4, §10.2).
CardSet throwable(const Context& ctx, const CardSet& hand, int e) {
  if (e == TRUMP && !ctx.throws_in_trumps) return {};
  return hand.within(ctx.suit_mask[e]);
}

uint64_t count_tractors(const Context& ctx, const CardSet& hand) {
  uint64_t n = 0;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for_each_tractor(ctx, e, hand.two, [&](uint64_t, int, int, Card) { return ++n, false; });
  return n;
}

}  // namespace

void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws,
                 std::vector<CardSet>* out) {
  for (uint64_t m = hand.one; m; m &= m - 1) out->push_back({bit(lowest_bit(m)), 0});
  for (uint64_t m = hand.two; m; m &= m - 1) out->push_back({bit(lowest_bit(m)), bit(lowest_bit(m))});
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for_each_tractor(ctx, e, hand.two, [&](uint64_t faces, int, int, Card) {
      out->push_back({faces, faces});
      return false;
    });
  if (!include_throws) return;
  for (int s = 0; s < EFFECTIVE_SUIT_NB; ++s) {
    // Every sub-multiset {one, two} of the suit: `one` any subset of the faces held, `two` any
    // subset of those in `one` held twice (subsets enumerated as x = (x - set) & set).
    const CardSet suit = throwable(ctx, hand, s);
    if (suit.empty()) continue;
    uint64_t one = 0;
    do {
      one = (one - suit.one) & suit.one;
      const uint64_t doubles = one & suit.two;
      const int singles = popcount(one);
      uint64_t two = 0;
      do {
        const CardSet c{one, two};
        const int size = singles + popcount(two);
        // Not a throw: fewer than two cards, a pair, a tractor.
        if (size >= 2 && !(one == two && (size == 2 || is_simple_combination(ctx, c))))
          out->push_back(c);
        two = (two - doubles) & doubles;
      } while (two);
    } while (one);
  }
}

uint64_t count_leads(const Context& ctx, const CardSet& hand, bool include_throws) {
  uint64_t n = popcount(hand.one) + popcount(hand.two) + count_tractors(ctx, hand);
  if (!include_throws) return n;
  for (int s = 0; s < EFFECTIVE_SUIT_NB; ++s) {
    const CardSet suit = throwable(ctx, hand, s);
    if (suit.empty()) continue;
    uint64_t subsets = 1;
    for (uint64_t m = suit.one; m; m &= m - 1) subsets *= uint64_t(suit.count(lowest_bit(m)) + 1);
    // Every non-empty sub-multiset except singles, pairs and tractors is a throw.
    n += subsets - 1 - popcount(suit.one) - popcount(suit.two) - count_tractors(ctx, suit);
  }
  return n;
}

void legal_follows(const Context& ctx, const CardSet& hand, int size, int led,
                   std::vector<CardSet>* out) {
  CardSet suit = hand.within(ctx.suit_mask[led]);
  auto emit = [&](const CardSet& c) { out->push_back(c); };
  if (suit.size() >= size) {
    FaceList fl(suit);
    each_submultiset(fl, 0, size, CardSet{}, emit);
  } else {
    FaceList fl(hand.minus(suit));
    each_submultiset(fl, 0, size - suit.size(), suit, emit);
  }
}

uint64_t count_follows(const Context& ctx, const CardSet& hand, int size, int led) {
  CardSet suit = hand.within(ctx.suit_mask[led]);
  int k = suit.size();
  if (k >= size) return count_submultisets(suit, size);
  return count_submultisets(hand.minus(suit), size - k);
}

CardSet random_lead(const Context& ctx, const CardSet& hand, Rng& rng) {
  uint64_t singles = popcount(hand.one), pairs = popcount(hand.two);
  uint64_t tractors = pairs >= 2 ? count_tractors(ctx, hand) : 0;
  uint64_t r = rng.below(singles + pairs + tractors);
  if (r < singles) return {bit(nth_face(hand.one, r)), 0};
  r -= singles;
  if (r < pairs) {
    uint64_t b = bit(nth_face(hand.two, r));
    return {b, b};
  }
  r -= pairs;
  CardSet chosen;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
    bool found = for_each_tractor(ctx, e, hand.two, [&](uint64_t faces, int, int, Card) {
      if (r-- == 0) return chosen = {faces, faces}, true;
      return false;
    });
    if (found) break;
  }
  return chosen;
}

CardSet random_follow(const Context& ctx, const CardSet& hand, int size, int led, Rng& rng) {
  CardSet suit = hand.within(ctx.suit_mask[led]);
  int k = suit.size();
  if (k >= size) return random_submultiset(suit, size, rng);
  return suit.plus(random_submultiset(hand.minus(suit), size - k, rng));
}

bool follows_suit(const Context& ctx, const CardSet& hand, const CardSet& play, int size, int led) {
  int held = hand.within(ctx.suit_mask[led]).size();
  int played = play.within(ctx.suit_mask[led]).size();
  return played == (held < size ? held : size);
}

}  // namespace duidiao
