// Combinations (§4): pairs, tractors, the decomposition of a throw into its format, and the
// partition of a trump play into a lead's format (§5.4).
#pragma once
#include <cstdint>

#include "cardset.h"
#include "context.h"

namespace duidiao {

enum ComponentKind : int { SINGLE = 1, PAIR = 2, TRACTOR = 3 };

// One piece of a play. `key` orders pieces of the same kind and length: the power of the
// card for singles and pairs, the tractor-order position of the top pair for tractors.
// `top_power` is the power of the top card, which orders the failing pieces of a throw (§5.2).
struct Component {
  CardSet cards;
  int kind = SINGLE;
  int length = 1;  // pairs in a tractor
  int key = 0;
  int top_power = 0;
};

// The shape of a lead: its tractors' lengths (longest first), pairs and singles.
struct Format {
  int tractors = 0;
  int tractor_length[12] = {};
  int pairs = 0;
  int singles = 0;
  bool is_simple() const { return tractors + pairs + singles == 1; }
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

// A single, a pair or a tractor (§4): one combination. Led, anything else is a throw (§5.2).
bool is_simple_combination(const Context& ctx, const CardSet& cards);

// §4 decomposition of a one-suit play: longest tractor first (highest first among equal
// length), then pairs, then singles.
void decompose(const Context& ctx, const CardSet& cards, Decomposition* out);

// §5.4 trumping: the best primary-component key over every partition of `cards` into `format`,
// or -1 when no partition exists.
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
