// Combinations (§4): pairs, tractors, the decomposition of a throw into its format, and the
// partition of a trump play into a lead's format (§5.4).
#pragma once
#include <cstdint>

#include "cardset.h"
#include "context.h"

namespace duidiao {

enum ComponentKind : int { SINGLE = 1, PAIR = 2, TRACTOR = 3, TRIPLE = 4, TITANIC = 5 };

// One piece of a play. `key` orders pieces of the same kind and length: the power of the
// card for singles, pairs and triples, the tractor-order position of the top face for tractors
// and Titanics (§11.3). `top_power` is the power of the top card, which orders the failing
// pieces of a throw (§5.2).
struct Component {
  CardSet cards;
  int kind = SINGLE;
  int length = 1;  // pairs in a tractor, triples in a Titanic
  int key = 0;
  int top_power = 0;
};

// The most Titanics a play can hold: none where a face has two copies at most.
constexpr int MAX_TITANICS = COPIES >= 3 ? 6 : 1;

// The shape of a lead: its Titanics' and tractors' lengths (longest first), triples, pairs and
// singles (§4, §11.3).
// Counts in bytes (at most 39 cards a play): a trick carries one, and the solver and playouts
// copy tricks at every move.
struct Format {
  int8_t tractors = 0;
  int8_t tractor_length[12] = {};
  int8_t pairs = 0;
  int8_t singles = 0;
  int8_t titanics = 0;
  int8_t titanic_length[MAX_TITANICS] = {};
  int8_t triples = 0;
  bool is_simple() const { return tractors + pairs + singles + titanics + triples == 1; }
  // §11.5's p and t: the pairs (a tractor of L counts L) and the triples (a Titanic of L counts L).
  int pair_count() const {
    int p = pairs;
    for (int i = 0; i < tractors; ++i) p += tractor_length[i];
    return p;
  }
  int triple_count() const {
    int t = triples;
    for (int i = 0; i < titanics; ++i) t += titanic_length[i];
    return t;
  }
};

struct Decomposition {
  int size = 0;
  Component parts[MAX_HAND_CARDS];
  Format format;
};

// Calls f(faces, length, top_position, top_face) for every tractor (a run of at least two
// adjacent pair positions) among the faces of `pairs` in effective suit e, where `pairs` holds
// faces present twice. Stops early when f returns true; returns whether it stopped.
template <typename F>
bool for_each_tractor(const Context& ctx, int e, uint64_t pairs, F&& f);

// Is `cards` exactly one tractor? Sets its length and top position.
bool is_tractor(const Context& ctx, const CardSet& cards, int* length, int* top);
// Is `cards` exactly one Titanic (§11.3: L >= 2 triples on consecutive positions)?
bool is_titanic(const Context& ctx, const CardSet& cards, int* length, int* top);

// A single, a pair, a triple, a tractor or a Titanic (§4, §11.3): one combination. Led,
// anything else is a throw (§5.2).
bool is_simple_combination(const Context& ctx, const CardSet& cards);

// §4 decomposition of a one-suit play: longest tractor first (highest first among equal
// length), then pairs, then singles; §11.3 with triples: Titanics first, then tractors, triples,
// pairs, singles.
void decompose(const Context& ctx, const CardSet& cards, Decomposition* out);

// §5.2, §11.4: is failing component a lower than b? By the top card's power; between equal
// powers the one with more cards, then the one first in notation order (H, D, S, C).
bool lower_component(const Context& ctx, const Component& a, const Component& b);

// §5.4, §11.6 trumping: the best primary-component key over every partition of `cards` into
// `format`, or -1 when no partition exists.
int trump_key(const Context& ctx, const CardSet& cards, const Format& format);

// Does some combination in `holding` (cards of the component's suit) beat `part` (§5.2 清甩)?
bool beats_component(const Context& ctx, const CardSet& holding, const Component& part, int e);

// ---- template implementation ----

namespace detail {
template <typename F>
bool extend_tractor(const Context& ctx, int e, uint64_t pairs, int pos, uint64_t faces, int length,
                    F& f) {
  if (pos >= ctx.chain_len[e]) return false;
  for (uint64_t m = ctx.chain[e][pos] & pairs & ~faces; m; m &= m - 1) {
    Card c = lowest_bit(m);
    uint64_t next = faces | bit(c);
    if (f(next, length + 1, pos, c)) return true;  // length + 1 >= 2: a tractor already
    if (extend_tractor(ctx, e, pairs, pos + 1, next, length + 1, f)) return true;
  }
  return false;
}
}  // namespace detail

template <typename F>
bool for_each_tractor(const Context& ctx, int e, uint64_t pairs, F&& f) {
  pairs &= ctx.suit_mask[e];
  if (popcount(pairs) < 2) return false;
  for (int start = 0; start + 1 < ctx.chain_len[e]; ++start) {
    for (uint64_t m = ctx.chain[e][start] & pairs; m; m &= m - 1) {
      Card c = lowest_bit(m);
      if (detail::extend_tractor(ctx, e, pairs, start + 1, bit(c), 1, f)) return true;
    }
  }
  return false;
}

}  // namespace duidiao
