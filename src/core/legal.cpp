#include "legal.h"

#include <algorithm>

#include "combination.h"

namespace duidiao {

namespace {

// The faces of a card set with their counts, for multiset recursion.
struct FaceList {
  int n = 0;
  Card face[FACE_NB];
  int copies[FACE_NB];
  int rest[FACE_NB + 1];  // rest[i]: the cards of faces i.. (the recursion's cut)
  explicit FaceList(const CardSet& s) {
    int left = s.size();
    for (uint64_t m = s.one; m; m &= m - 1) {
      face[n] = lowest_bit(m);
      copies[n] = s.count(face[n]);
      rest[n] = left;
      left -= copies[n];
      ++n;
    }
    rest[n] = 0;
  }
};

// Calls f(subset) for every sub-multiset of exactly `size` cards, faces from index i on.
template <typename F>
void each_submultiset(const FaceList& fl, int i, int size, CardSet acc, F& f) {
  if (size == 0) return f(acc);
  if (fl.rest[i] < size) return;  // also ends the faces (rest[n] is 0)
  Card c = fl.face[i];
  each_submultiset(fl, i + 1, size, acc, f);
  CardSet more = acc;
  for (int k = 1; k <= fl.copies[i] && k <= size; ++k) {
    more.add(c);
    each_submultiset(fl, i + 1, size - k, more, f);
  }
}

// ways[i][j]: the number of j-card sub-multisets of faces i.. of fl.
struct SubsetCounts {
  uint64_t ways[FACE_NB + 1][MAX_HAND_CARDS + 1];
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

// The tractors (and Titanics, §11.3) a hand holds: runs of faces held twice (three times).
[[gnu::noinline]] uint64_t count_runs(const Context& ctx, uint64_t faces) {  // one call, its loop inlined
  uint64_t n = 0;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for_each_tractor(ctx, e, faces, [&](uint64_t, int, int, Card) { return ++n, false; });
  return n;
}
uint64_t count_tractors(const Context& ctx, const CardSet& hand) {
  uint64_t n = count_runs(ctx, hand.two);
  if constexpr (COPIES >= 3)
    if (popcount(hand.at_least(3)) >= 2) n += count_runs(ctx, hand.at_least(3));
  return n;
}

// §11.4's throws of a suit holding triples: every sub-multiset that is not one combination.
[[gnu::noinline]] void list_throws_with_triples(const Context& ctx, const CardSet& suit, MoveSink* out) {
  FaceList fl(suit);
  auto emit = [&](const CardSet& c) {
    if (!is_simple_combination(ctx, c)) out->push_back(c);
  };
  for (int size = 2; size <= suit.size(); ++size) each_submultiset(fl, 0, size, CardSet{}, emit);
}

}  // namespace

void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws,
                 std::vector<CardSet>* out) {
  MoveSink all(out);
  legal_leads(ctx, hand, include_throws, &all);
}

void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws, MoveSink* out) {
  for (uint64_t m = hand.one; m; m &= m - 1) out->push_back({bit(lowest_bit(m)), 0});
  for (uint64_t m = hand.two; m; m &= m - 1) out->push_back({bit(lowest_bit(m)), bit(lowest_bit(m))});
  if constexpr (COPIES >= 3)
    for (uint64_t m = hand.at_least(3); m; m &= m - 1) out->push_back(CardSet::every(bit(lowest_bit(m)), 3));
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    for_each_tractor(ctx, e, hand.two, [&](uint64_t faces, int, int, Card) {
      out->push_back({faces, faces});
      return false;
    });
  if constexpr (COPIES >= 3)
    for (int e = 0; e < EFFECTIVE_SUIT_NB && popcount(hand.at_least(3)) >= 2; ++e)
      for_each_tractor(ctx, e, hand.at_least(3), [&](uint64_t faces, int, int, Card) {
        out->push_back(CardSet::every(faces, 3));
        return false;
      });
  if (!include_throws) return;
  for (int s = 0; s < EFFECTIVE_SUIT_NB; ++s) {
    // Every sub-multiset {one, two} of the suit: `one` any subset of the faces held, `two` any
    // subset of those in `one` held twice (subsets enumerated as x = (x - set) & set).
    const CardSet suit = throwable(ctx, hand, s);
    if (suit.empty()) continue;
    if constexpr (COPIES >= 3) {
      if (suit.at_least(3)) {
        list_throws_with_triples(ctx, suit, out);
        continue;
      }
    }
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
  uint64_t n = popcount(hand.one) + popcount(hand.two) + popcount(hand.at_least(3)) +
               count_tractors(ctx, hand);
  if (!include_throws) return n;
  for (int s = 0; s < EFFECTIVE_SUIT_NB; ++s) {
    const CardSet suit = throwable(ctx, hand, s);
    if (suit.empty()) continue;
    uint64_t subsets = 1;
    for (uint64_t m = suit.one; m; m &= m - 1) subsets *= uint64_t(suit.count(lowest_bit(m)) + 1);
    // Every non-empty sub-multiset except singles, pairs, triples, tractors and Titanics is a throw.
    n += subsets - 1 - popcount(suit.one) - popcount(suit.two) - popcount(suit.at_least(3)) -
         count_tractors(ctx, suit);
  }
  return n;
}

namespace {

// C(n, k) for 0 <= k <= n <= 54 (C(54, 27) < 2^51).
struct Binomials {
  uint64_t c[FACE_NB + 1][FACE_NB + 1] = {};
  constexpr Binomials() {
    for (int n = 0; n <= FACE_NB; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
constexpr Binomials BINOMIALS;

uint64_t choose(int n, int k) { return k < 0 || k > n ? 0 : BINOMIALS.c[n][k]; }

// Calls f(s) for every k-subset s of the bits of `mask` (or'ed with acc), those with the lowest
// bit first: the order nth_subset ranks them in. Stops when f returns true; returns whether it did.
template <typename F>
bool each_subset(uint64_t mask, int k, uint64_t acc, F& f) {
  if (k == 0) return f(acc);
  if (popcount(mask) < k) return false;
  const uint64_t low = mask & (~mask + 1);
  mask &= mask - 1;
  return each_subset(mask, k - 1, acc | low, f) || each_subset(mask, k, acc, f);
}

// The k-subset of the bits of `mask` of rank r, 0 <= r < C(popcount(mask), k), in that order.
uint64_t nth_subset(uint64_t mask, int k, uint64_t r) {
  uint64_t out = 0;
  for (int n = popcount(mask); k > 0; mask &= mask - 1, --n) {
    const uint64_t with = choose(n - 1, k - 1);  // the subsets taking the lowest bit
    if (r < with) out |= mask & (~mask + 1), --k;
    else r -= with;
  }
  return out;
}

// Do the faces of `pairs` (held twice) hold a tractor of at least `length` pairs in suit e?
bool has_tractor(const Context& ctx, int e, uint64_t pairs, int length) {
  return for_each_tractor(ctx, e, pairs, [&](uint64_t, int len, int, Card) { return len >= length; });
}

// The longest tractor among the faces of `pairs` in suit e, 0 if none; looks no further than `cap`.
int longest_tractor(const Context& ctx, int e, uint64_t pairs, int cap) {
  int longest = 0;
  for_each_tractor(ctx, e, pairs, [&](uint64_t, int len, int, Card) {
    longest = std::max(longest, len);
    return longest >= cap;
  });
  return longest;
}

}  // namespace

namespace {
// §11.5 with triples: the lead has some, or the follower holds some.
[[gnu::noinline]] FollowNeed follow_need_with_triples(const Context& ctx, const CardSet& suit,
                                                      const Trick& t) {
  FollowNeed need;
  const int e = t.led;
  const uint64_t triples = suit.at_least(3);
  // Under protect_triples a triple held is no pair: neither for the count nor in a tractor.
  const uint64_t doubles = ctx.protect_triples ? suit.two & ~triples : suit.two;
  const int held_tractor = longest_tractor(ctx, e, doubles, MAX_HAND_CARDS);
  if (t.duty.titanic) {
    const int length = t.duty.titanic;
    if (has_tractor(ctx, e, triples, length)) return need.titanic = length, need;
    if (held_tractor >= length) return need.tractor = length, need;  // and any other cards
  }
  if (t.duty.tractor) need.tractor = std::min(t.duty.tractor, held_tractor);
  const int tri = popcount(triples);
  need.triples = std::min(t.duty.triples, tri);
  const int second = ctx.protect_triples ? popcount(doubles) : popcount(suit.two) - need.triples;
  need.pairs = std::min(t.duty.pairs + t.duty.triples - need.triples, second);
  return need;
}
}  // namespace

FollowNeed follow_need(const Context& ctx, const CardSet& suit, const Trick& t) {
  FollowNeed need;
  if constexpr (COPIES >= 3)
    if (t.duty.triples || suit.at_least(3)) return t.duty.any() ? follow_need_with_triples(ctx, suit, t) : need;
  if (!t.duty.pairs || !suit.two) return need;
  need.pairs = std::min(t.duty.pairs, popcount(suit.two));
  // m >= L: L; 2 <= m < L: m; no tractor: 0.
  if (t.duty.tractor)
    need.tractor = std::min(t.duty.tractor, longest_tractor(ctx, t.led, suit.two, t.duty.tractor));
  return need;
}

DutyBreach duty_breach(const Context& ctx, int e, const CardSet& play, const FollowNeed& need) {
  if (need.titanic) {
    int length, top;
    return is_titanic(ctx, play, &length, &top) && length == need.titanic ? DUTY_MET
                                                                          : TITANIC_NOT_FOLLOWED;
  }
  if (need.tractor && !has_tractor(ctx, e, play.two, need.tractor)) return TRACTOR_NOT_FOLLOWED;
  if (popcount(play.at_least(3)) < need.triples) return TRIPLES_NOT_FOLLOWED;
  if (popcount(play.two) < need.triples + need.pairs) return PAIRS_NOT_FOLLOWED;
  return DUTY_MET;
}

bool meets_need(const Context& ctx, int e, const CardSet& play, const FollowNeed& need) {
  if constexpr (COPIES >= 3)
    if (need.titanic || need.triples) return duty_breach(ctx, e, play, need) == DUTY_MET;
  return popcount(play.two) >= need.pairs && (!need.tractor || has_tractor(ctx, e, play.two, need.tractor));
}

namespace {

// §10.4's plays for a follower holding `suit`, at least t.size cards of the led suit, with a
// need of at least one pair. A play is its set S of faces played twice (of the faces held twice:
// at least need.pairs of them, and among them a tractor of need.tractor pairs when asked) and
// size - 2|S| distinct other faces played once; each play is one such choice, so the plays of
// one S number C(F - |S|, size - 2|S|), F the faces held. S has at most 12 faces (25 cards).
struct DutyChoices {
  const Context& ctx;
  int e, size;
  uint64_t faces, doubles;
  FollowNeed need;
  int fewest, most;  // the sizes of S

  DutyChoices(const Context& c, const CardSet& suit, const Trick& t, const FollowNeed& n)
      : ctx(c), e(t.led), size(t.size), faces(suit.one), doubles(suit.two), need(n),
        fewest(std::max(n.pairs, n.tractor)), most(std::min(popcount(suit.two), t.size / 2)) {}

  uint64_t singles_ways(int k) const { return choose(popcount(faces) - k, size - 2 * k); }

  // Calls f(S, plays of S) for every valid S with plays; stops when f returns true.
  template <typename F>
  void each_pair_set(F&& f) const {
    for (int k = fewest; k <= most; ++k) {
      const uint64_t ways = singles_ways(k);
      if (!ways) continue;
      auto g = [&](uint64_t s) {
        return (!need.tractor || has_tractor(ctx, e, s, need.tractor)) && f(s, ways);
      };
      if (each_subset(doubles, k, 0, g)) return;
    }
  }

  uint64_t count() const {
    uint64_t n = 0;
    if (!need.tractor) {  // every S of the right size is valid
      for (int k = fewest; k <= most; ++k) n += choose(popcount(doubles), k) * singles_ways(k);
      return n;
    }
    each_pair_set([&](uint64_t, uint64_t ways) { return n += ways, false; });
    return n;
  }

  // The play of rank r: S by its plays, then the singles of rank r among those of S.
  CardSet nth(uint64_t r) const {
    uint64_t s = 0;
    if (!need.tractor) {
      for (int k = fewest;; ++k) {
        const uint64_t ways = singles_ways(k), plays = choose(popcount(doubles), k) * ways;
        if (r < plays) {
          s = nth_subset(doubles, k, r / ways);
          r %= ways;
          break;
        }
        r -= plays;
      }
    } else {
      each_pair_set([&](uint64_t set, uint64_t ways) {
        if (r < ways) return s = set, true;
        return r -= ways, false;
      });
    }
    return {s | nth_subset(faces & ~s, size - 2 * popcount(s), r), s};
  }

  void list(MoveSink* out) const {
    each_pair_set([&](uint64_t s, uint64_t) {
      auto add = [&](uint64_t singles) { return out->push_back({s | singles, s}), false; };
      each_subset(faces & ~s, size - 2 * popcount(s), 0, add);
      return false;
    });
  }
};

// §11.5 where the follower holds a triple of the led suit: the plays of `size` cards of it are
// filtered by the need (a face may be played one, two or three times, which DutyChoices does
// not count). Calls f(play) for each; the three-deck game only.
template <typename F>
void each_play_meeting(const Context& ctx, const CardSet& suit, const Trick& t, const FollowNeed& need,
                       F&& f) {
  FaceList fl(suit);
  auto g = [&](const CardSet& play) {
    if (meets_need(ctx, t.led, play, need)) f(play);
  };
  each_submultiset(fl, 0, t.size, CardSet{}, g);
}

// The follow functions' paths under a need, kept out of line so that without one (every
// Chifeng follow) they stay as lean as they were. Each returns false when there is no need.
[[gnu::noinline]] bool list_duty_follows(const Context& ctx, const CardSet& suit, const Trick& t,
                                         MoveSink* out) {
  const FollowNeed need = follow_need(ctx, suit, t);
  if (!need.any()) return false;
  if (COPIES >= 3 && suit.at_least(3)) {
    each_play_meeting(ctx, suit, t, need, [&](const CardSet& play) { out->push_back(play); });
    return true;
  }
  DutyChoices(ctx, suit, t, need).list(out);
  return true;
}

[[gnu::noinline]] bool count_duty_follows(const Context& ctx, const CardSet& suit, const Trick& t,
                                          uint64_t* n) {
  const FollowNeed need = follow_need(ctx, suit, t);
  if (!need.any()) return false;
  if (COPIES >= 3 && suit.at_least(3)) {
    *n = 0;
    each_play_meeting(ctx, suit, t, need, [&](const CardSet&) { ++*n; });
    return true;
  }
  *n = DutyChoices(ctx, suit, t, need).count();
  return true;
}

// §5.3's uniform follow: any `size` cards of the led suit, or all of them and any others.
CardSet random_suit_follow(const Context& ctx, const CardSet& hand, int size, int led, Rng& rng) {
  CardSet suit = hand.within(ctx.suit_mask[led]);
  int k = suit.size();
  if (k >= size) return random_submultiset(suit, size, rng);
  return suit.plus(random_submultiset(hand.minus(suit), size - k, rng));
}

// With a need, exactly uniform without rejection: one rank among all the plays.
[[gnu::noinline]] CardSet random_duty_follow(const Context& ctx, const CardSet& hand, const Trick& t,
                                             Rng& rng) {
  const CardSet suit = hand.within(ctx.suit_mask[t.led]);
  const FollowNeed need = suit.size() >= t.size ? follow_need(ctx, suit, t) : FollowNeed{};
  if (!need.any()) return random_suit_follow(ctx, hand, t.size, t.led, rng);
  if (COPIES >= 3 && suit.at_least(3)) {
    // Uniform by rejection (most draws meet a count duty); a strict need falls back to a list.
    for (int tries = 0; tries < 64; ++tries) {
      const CardSet play = random_submultiset(suit, t.size, rng);
      if (meets_need(ctx, t.led, play, need)) return play;
    }
    std::vector<CardSet> plays;
    each_play_meeting(ctx, suit, t, need, [&](const CardSet& play) { plays.push_back(play); });
    return plays[rng.below(plays.size())];
  }
  const DutyChoices choices(ctx, suit, t, need);
  return choices.nth(rng.below(choices.count()));
}

}  // namespace

void legal_follows(const Context& ctx, const CardSet& hand, const Trick& t,
                   std::vector<CardSet>* out) {
  MoveSink all(out);
  legal_follows(ctx, hand, t, &all);
}

void legal_follows(const Context& ctx, const CardSet& hand, const Trick& t, MoveSink* out) {
  const int size = t.size, led = t.led;
  CardSet suit = hand.within(ctx.suit_mask[led]);
  if (size == 1) {
    // A single led (most tricks near a hand's end): any card of its suit, else any card; in the
    // order the general case lists them (the highest face first).
    for (uint64_t m = suit.one ? suit.one : hand.one; m; m &= ~bit(highest_bit(m)))
      out->push_back(CardSet::every(bit(highest_bit(m)), 1));
    return;
  }
  auto emit = [&](const CardSet& c) { out->push_back(c); };
  if (suit.size() >= size) {
    if (t.duty.any() && list_duty_follows(ctx, suit, t, out)) return;
    FaceList fl(suit);
    each_submultiset(fl, 0, size, CardSet{}, emit);
  } else {
    FaceList fl(hand.minus(suit));
    each_submultiset(fl, 0, size - suit.size(), suit, emit);
  }
}

uint64_t count_follows(const Context& ctx, const CardSet& hand, const Trick& t) {
  const int size = t.size, led = t.led;
  CardSet suit = hand.within(ctx.suit_mask[led]);
  int k = suit.size();
  uint64_t n;
  if (k >= size && t.duty.any() && count_duty_follows(ctx, suit, t, &n)) return n;
  if (k >= size) return count_submultisets(suit, size);
  return count_submultisets(hand.minus(suit), size - k);
}

namespace {
// §11.3's leads with triples: one of the triples or Titanics (r below their number).
[[gnu::noinline]] CardSet nth_triple_lead(const Context& ctx, const CardSet& hand, uint64_t r) {
  const uint64_t triples = hand.at_least(3);
  if (r < uint64_t(popcount(triples))) return CardSet::every(bit(nth_face(triples, r)), 3);
  r -= popcount(triples);
  CardSet chosen;
  for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e)
    if (for_each_tractor(ctx, e, triples, [&](uint64_t faces, int, int, Card) {
          if (r-- == 0) return chosen = CardSet::every(faces, 3), true;
          return false;
        }))
      break;
  return chosen;
}
}  // namespace

CardSet random_lead(const Context& ctx, const CardSet& hand, Rng& rng) {
  uint64_t singles = popcount(hand.one), pairs = popcount(hand.two);
  uint64_t tractors = pairs >= 2 ? count_runs(ctx, hand.two) : 0;
  uint64_t with_triples = 0;  // §11.3: triples and Titanics
  if constexpr (COPIES >= 3)
    if (hand.at_least(3)) with_triples = popcount(hand.at_least(3)) + count_runs(ctx, hand.at_least(3));
  uint64_t r = rng.below(singles + pairs + tractors + with_triples);
  if constexpr (COPIES >= 3)
    if (r >= singles + pairs + tractors) return nth_triple_lead(ctx, hand, r - singles - pairs - tractors);
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

CardSet random_follow(const Context& ctx, const CardSet& hand, const Trick& t, Rng& rng) {
  if (t.duty.any()) return random_duty_follow(ctx, hand, t, rng);
  return random_suit_follow(ctx, hand, t.size, t.led, rng);
}

namespace {

// §10.4 for a play all of the led suit, out of line as above.
[[gnu::noinline]] bool meets_duties(const Context& ctx, const CardSet& hand, const CardSet& play,
                                    const Trick& t) {
  return meets_need(ctx, t.led, play, follow_need(ctx, hand.within(ctx.suit_mask[t.led]), t));
}

}  // namespace

bool is_legal_follow(const Context& ctx, const CardSet& hand, const CardSet& play, const Trick& t) {
  const int held = hand.within(ctx.suit_mask[t.led]).size();
  const int played = play.within(ctx.suit_mask[t.led]).size();
  if (played != (held < t.size ? held : t.size)) return false;
  return !t.duty.any() || held <= t.size || meets_duties(ctx, hand, play, t);
}

}  // namespace duidiao
