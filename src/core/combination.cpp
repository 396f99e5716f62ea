#include "combination.h"

#include <algorithm>

namespace duidiao {

bool is_simple_combination(const Context& ctx, const CardSet& cards) {
  int length, top;
  return cards.size() == 1 || (cards.size() == 2 && cards.one == cards.two) ||
         is_tractor(ctx, cards, &length, &top);
}

bool is_tractor(const Context& ctx, const CardSet& cards, int* length, int* top) {
  if (cards.one != cards.two) return false;
  int n = popcount(cards.two);
  if (n < 2) return false;
  int e = ctx.common_suit(cards);
  if (e < 0) return false;
  int best = -1;
  for_each_tractor(ctx, e, cards.two, [&](uint64_t faces, int len, int pos, Card) {
    if (len == n && faces == cards.two) best = std::max(best, pos);
    return false;
  });
  if (best < 0) return false;
  *length = n;
  *top = best;
  return true;
}

void decompose(const Context& ctx, const CardSet& cards, Decomposition* out) {
  // Reset, not rebuilt: the parts past `size` are never read (a Decomposition is 800 bytes and
  // playouts decompose at every lead).
  out->size = 0;
  out->format = Format{};
  int e = ctx.effective_suit[lowest_bit(cards.one)];
  uint64_t pairs = cards.two;
  for (;;) {
    uint64_t best_faces = 0;
    int best_len = 0, best_top = -1;
    Card best_top_face = 0;
    for_each_tractor(ctx, e, pairs, [&](uint64_t faces, int len, int pos, Card top_face) {
      if (len > best_len || (len == best_len && pos > best_top)) {
        best_faces = faces, best_len = len, best_top = pos, best_top_face = top_face;
      }
      return false;
    });
    if (best_len < 2) break;
    Component& t = out->parts[out->size++];
    t.cards = {best_faces, best_faces};
    t.kind = TRACTOR;
    t.length = best_len;
    t.key = best_top;
    t.top_power = ctx.power[best_top_face];
    out->format.tractor_length[out->format.tractors++] = best_len;
    pairs &= ~best_faces;
  }
  for (uint64_t m = pairs; m; m &= m - 1) {
    Card c = lowest_bit(m);
    Component& p = out->parts[out->size++];
    p.cards = {bit(c), bit(c)};
    p.kind = PAIR;
    p.length = 1;
    p.key = p.top_power = ctx.power[c];
    out->format.pairs++;
  }
  for (uint64_t m = cards.one & ~cards.two; m; m &= m - 1) {
    Card c = lowest_bit(m);
    Component& s = out->parts[out->size++];
    s.cards = {bit(c), 0};
    s.kind = SINGLE;
    s.length = 1;
    s.key = s.top_power = ctx.power[c];
    out->format.singles++;
  }
}

namespace {
// Can `cards` be split into the format's tractors from index i on, its pairs and singles?
bool fits(const Context& ctx, const CardSet& cards, const Format& f, int i) {
  if (i == f.tractors) return popcount(cards.two) >= f.pairs;
  int want = f.tractor_length[i];
  return for_each_tractor(ctx, TRUMP, cards.two, [&](uint64_t faces, int len, int, Card) {
    return len == want && fits(ctx, cards.minus({faces, faces}), f, i + 1);
  });
}
}  // namespace

int trump_key(const Context& ctx, const CardSet& cards, const Format& f) {
  if (cards.one & ~ctx.suit_mask[TRUMP]) return -1;
  int best = -1;
  if (f.tractors > 0) {
    int want = f.tractor_length[0];
    for_each_tractor(ctx, TRUMP, cards.two, [&](uint64_t faces, int len, int pos, Card) {
      if (len == want && pos > best && fits(ctx, cards.minus({faces, faces}), f, 1)) best = pos;
      return false;
    });
    return best;
  }
  if (f.pairs > 0) {
    if (popcount(cards.two) < f.pairs) return -1;
    for (uint64_t m = cards.two; m; m &= m - 1) best = std::max<int>(best, ctx.power[lowest_bit(m)]);
    return best;
  }
  for (uint64_t m = cards.one; m; m &= m - 1) best = std::max<int>(best, ctx.power[lowest_bit(m)]);
  return best;
}

bool beats_component(const Context& ctx, const CardSet& holding, const Component& part, int e) {
  CardSet h = holding.within(ctx.suit_mask[e]);
  switch (part.kind) {
    case SINGLE:
      for (uint64_t m = h.one; m; m &= m - 1)
        if (ctx.power[lowest_bit(m)] > part.key) return true;
      return false;
    case PAIR:
      for (uint64_t m = h.two; m; m &= m - 1)
        if (ctx.power[lowest_bit(m)] > part.key) return true;
      return false;
    default:
      return for_each_tractor(ctx, e, h.two, [&](uint64_t, int len, int pos, Card) {
        return len >= part.length && pos > part.key;
      });
  }
}

}  // namespace duidiao
