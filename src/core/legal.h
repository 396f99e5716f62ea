// Legal plays (§5.1 leads, §5.3 follows): enumeration, counting and uniform sampling.
// Every play is a distinct multiset, listed once.
#pragma once
#include <cstdint>
#include <vector>

#include "cardset.h"
#include "context.h"
#include "random.h"

namespace duidiao {

// Every legal lead: singles, pairs, tractors and (if include_throws) every throw of a side suit,
// and of the trumps when the rules allow it.
void legal_leads(const Context& ctx, const CardSet& hand, bool include_throws,
                 std::vector<CardSet>* out);
uint64_t count_leads(const Context& ctx, const CardSet& hand, bool include_throws);

// Every legal follow to a lead of `size` cards of effective suit `led` (chifeng: only the
// suit must be followed, not the format).
void legal_follows(const Context& ctx, const CardSet& hand, int size, int led,
                   std::vector<CardSet>* out);
uint64_t count_follows(const Context& ctx, const CardSet& hand, int size, int led);

// Uniform choices without building a list: a non-throw lead, a follow.
CardSet random_lead(const Context& ctx, const CardSet& hand, Rng& rng);
CardSet random_follow(const Context& ctx, const CardSet& hand, int size, int led, Rng& rng);

// Is `play` a legal follow from `hand` (suit followed as far as possible)?
bool follows_suit(const Context& ctx, const CardSet& hand, const CardSet& play, int size, int led);

}  // namespace duidiao
