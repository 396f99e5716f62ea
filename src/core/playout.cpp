#include "playout.h"

#include "legal.h"

namespace duidiao {

void shuffle_deck(Rng& rng, Card deck[108]) {
  for (int i = 0; i < 108; ++i) deck[i] = i % FACE_NB;
  for (int i = 107; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
}

HandSetup random_deal(const Rules& rules, Rng& rng) {
  Card deck[108];
  shuffle_deck(rng, deck);
  HandSetup s;
  s.rules = rules;
  s.level = int(rng.below(LEVEL_NB));
  s.trump = int(rng.below(4));
  s.declarer = s.leader = int(rng.below(4));
  for (int i = 0; i < 100; ++i) s.held[i & 3].add(deck[i]);
  for (int i = 100; i < 108; ++i) s.kitty.add(deck[i]);
  s.kitty_known = true;
  return s;
}

uint64_t random_playouts(const Rules& rules, int n, uint64_t seed) {
  Rng rng(seed);
  uint64_t checksum = 0;
  for (int g = 0; g < n; ++g) {
    Hand hand(random_deal(rules, rng));
    const Context& ctx = hand.context();
    while (!hand.is_over()) {
      const Trick& t = hand.trick();
      const CardSet& cards = hand.held(hand.turn());
      hand.play_unchecked(t.played == 0 ? random_lead(ctx, cards, rng)
                                        : random_follow(ctx, cards, t.size, t.led, rng));
    }
    for (int i = 0; i < hand.history_size(); ++i)
      checksum = checksum * 31 + uint64_t(hand.history(i).winner + 4 * hand.history(i).points);
    HandResult r = hand.result(ctx.level, ctx.level);
    checksum = checksum * 31 + uint64_t(r.points + 1000 * (r.score_ns + 100));
  }
  return checksum;
}

}  // namespace duidiao
