#include "playout.h"

#include "legal.h"
#include "play_state.h"
#include "result.h"

namespace duidiao {

int shuffle_deck(Rng& rng, int decks, Card deck[MAX_DECK_CARDS]) {
  const int n = FACE_NB * decks;
  for (int d = 0; d < decks; ++d)
    for (int i = 0; i < FACE_NB; ++i) deck[d * FACE_NB + i] = i;
  if (decks == 2) {  // the two-deck loop with its bound known: every playout shuffles
    for (int i = 2 * FACE_NB - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
    return n;
  }
  for (int i = n - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
  return n;
}

HandSetup random_deal(const Rules& rules, Rng& rng) {
  Card deck[MAX_DECK_CARDS];
  const Sizes z = rules.sizes();
  shuffle_deck(rng, z.decks, deck);
  HandSetup s;
  s.rules = rules;
  s.level = int(rng.below(LEVEL_NB));
  s.trump = int(rng.below(rules.allows_no_trump() ? 5 : 4));  // NO_TRUMP is 4
  s.declarer = s.leader = int(rng.below(4));
  for (int i = 0; i < z.dealt_cards; ++i) s.held[i & 3].add(deck[i]);
  for (int i = z.dealt_cards; i < z.deck_cards; ++i) s.kitty.add(deck[i]);
  s.kitty_known = true;
  return s;
}

uint64_t random_playouts(const Rules& rules, int n, uint64_t seed) {
  rules.check_supported();
  Rng rng(seed);
  uint64_t checksum = 0;
  for (int g = 0; g < n; ++g) {
    // A deal made here is consistent by construction: played on the lean state, unchecked.
    const HandSetup deal = random_deal(rules, rng);
    const Context ctx(rules, deal.level, deal.trump);
    PlayState state;
    state.deal(deal.held, deal.leader);
    while (!state.hands_empty()) {
      const Trick& t = state.trick;
      const CardSet& cards = state.held[t.turn()];
      const CardSet play =
          t.played == 0 ? random_lead(ctx, cards, rng) : random_follow(ctx, cards, t, rng);
      if (state.apply<false>(ctx, deal.declarer, play))
        checksum = checksum * 31 + uint64_t(state.last_winner + 4 * state.last_points);
    }
    const HandResult r = hand_result(rules, ctx, deal.declarer, ctx.level, ctx.level, state.points,
                                     state.last_winner, state.last_play, deal.kitty, false);
    checksum = checksum * 31 + uint64_t(r.points + 1000 * (r.score_ns + 100));
  }
  return checksum;
}

}  // namespace duidiao
