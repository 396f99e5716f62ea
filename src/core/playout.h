// Random playouts: whole hands dealt and played at random in C++ on the lean PlayState, to
// measure the core's speed without Python in the loop.
#pragma once
#include <cstdint>

#include "hand.h"
#include "random.h"

namespace duidiao {

// A shuffled pack of `decks` decks, in drawing order; returns how many cards it holds.
int shuffle_deck(Rng& rng, int decks, Card deck[MAX_DECK_CARDS]);

// Deals a random hand: random level, trump and declarer; the rules' hands, the rest the kitty.
HandSetup random_deal(const Rules& rules, Rng& rng);

// Plays n random hands (a uniform choice among the legal non-throw plays at every turn) and
// returns a checksum of their tricks and results.
uint64_t random_playouts(const Rules& rules, int n, uint64_t seed);

}  // namespace duidiao
