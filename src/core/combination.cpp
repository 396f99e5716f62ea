#include "combination.h"

#include <algorithm>

namespace duidiao {

namespace {
// Is `cards` exactly one run of `copies` cards a face (a tractor for 2, a Titanic for 3)?
bool is_run(const Context& ctx, const CardSet& cards, int copies, int* length, int* top) {
  const uint64_t faces = cards.one;
  if (cards.at_least(copies) != faces || cards.at_least(copies + 1)) return false;
  int n = popcount(faces);
  if (n < 2) return false;
  int e = ctx.common_suit(cards);
  if (e < 0) return false;
  int best = -1;
  for_each_tractor(ctx, e, faces, [&](uint64_t run, int len, int pos, Card) {
    if (len == n && run == faces) best = std::max(best, pos);
    return false;
  });
  if (best < 0) return false;
  *length = n;
  *top = best;
  return true;
}

// The run (at least two positions) that decompose takes first among `faces`: the longest, the
// highest among equal lengths, the first found (the off-suit face first in notation order).
struct Run {
  uint64_t faces = 0;
  int length = 0, top = -1;
  Card top_face = 0;
};
Run best_run(const Context& ctx, int e, uint64_t faces) {
  Run best;
  for_each_tractor(ctx, e, faces, [&](uint64_t run, int len, int pos, Card top_face) {
    if (len > best.length || (len == best.length && pos > best.top)) best = {run, len, pos, top_face};
    return false;
  });
  return best;
}
}  // namespace

bool is_simple_combination(const Context& ctx, const CardSet& cards) {
  int length, top;
  if (cards.size() == 1) return true;
  if constexpr (COPIES >= 3) {
    if (cards.at_least(3)) {  // a triple, or a Titanic
      if (cards.one == cards.at_least(3) && popcount(cards.one) == 1) return true;
      return is_run(ctx, cards, 3, &length, &top);
    }
  }
  return (cards.size() == 2 && cards.one == cards.two) || is_tractor(ctx, cards, &length, &top);
}

bool is_tractor(const Context& ctx, const CardSet& cards, int* length, int* top) {
  return is_run(ctx, cards, 2, length, top);
}

bool is_titanic(const Context& ctx, const CardSet& cards, int* length, int* top) {
  return COPIES >= 3 && is_run(ctx, cards, 3, length, top);
}

void decompose(const Context& ctx, const CardSet& cards, Decomposition* out) {
  // Reset, not rebuilt: the parts past `size` are never read (a Decomposition is 800 bytes and
  // playouts decompose at every lead).
  out->size = 0;
  out->format = Format{};
  int e = ctx.effective_suit[lowest_bit(cards.one)];
  CardSet rest = cards;
  if constexpr (COPIES >= 3) {
    // §11.3: the Titanics first, then the tractors of what is left (a face left over from a
    // triple is a pair to them), then triples, pairs and singles.
    for (uint64_t triples = cards.at_least(3); popcount(triples) >= 2;) {
      const Run run = best_run(ctx, e, triples);
      if (run.length < 2) break;
      Component& t = out->parts[out->size++];
      t.cards = CardSet::every(run.faces, 3);
      t.kind = TITANIC;
      t.length = run.length;
      t.key = run.top;
      t.top_power = ctx.power[run.top_face];
      out->format.titanic_length[out->format.titanics++] = run.length;
      triples &= ~run.faces;
      rest = rest.minus(t.cards);
    }
  }
  uint64_t pairs = rest.two;
  for (;;) {
    const Run run = best_run(ctx, e, pairs);
    if (run.length < 2) break;
    Component& t = out->parts[out->size++];
    t.cards = CardSet::every(run.faces, 2);
    t.kind = TRACTOR;
    t.length = run.length;
    t.key = run.top;
    t.top_power = ctx.power[run.top_face];
    out->format.tractor_length[out->format.tractors++] = run.length;
    pairs &= ~run.faces;
    if constexpr (COPIES >= 3) rest = rest.minus(t.cards);
  }
  uint64_t singles = cards.one & ~cards.two;
  if constexpr (COPIES >= 3) {
    pairs = rest.two & ~rest.at_least(3);
    singles = rest.one & ~rest.two;
    for (uint64_t m = rest.at_least(3); m; m &= m - 1) {
      Card c = lowest_bit(m);
      Component& t = out->parts[out->size++];
      t.cards = CardSet::every(bit(c), 3);
      t.kind = TRIPLE;
      t.length = 1;
      t.key = t.top_power = ctx.power[c];
      out->format.triples++;
    }
  }
  for (uint64_t m = pairs; m; m &= m - 1) {
    Card c = lowest_bit(m);
    Component& p = out->parts[out->size++];
    p.cards = CardSet::every(bit(c), 2);
    p.kind = PAIR;
    p.length = 1;
    p.key = p.top_power = ctx.power[c];
    out->format.pairs++;
  }
  for (uint64_t m = singles; m; m &= m - 1) {
    Card c = lowest_bit(m);
    Component& s = out->parts[out->size++];
    s.cards = CardSet::every(bit(c), 1);
    s.kind = SINGLE;
    s.length = 1;
    s.key = s.top_power = ctx.power[c];
    out->format.singles++;
  }
}

bool lower_component(const Context& ctx, const Component& a, const Component& b) {
  if (a.top_power != b.top_power) return a.top_power < b.top_power;
  const int na = a.cards.size(), nb = b.cards.size();
  if (na != nb) return na > nb;
  // Equal power, equal size: faces sharing a position (off-suit level cards, or 2s); the top
  // face's suit, H D S C, is the notation order.
  auto top_suit = [&](const Component& c) {
    int suit = 4;
    for (uint64_t m = c.cards.one; m; m &= m - 1)
      if (ctx.power[lowest_bit(m)] == c.top_power) suit = std::min(suit, card_suit(lowest_bit(m)));
    return suit;
  };
  return top_suit(a) < top_suit(b);
}

namespace {
// Can `cards` be split into the format's Titanics from index i on, its tractors from index j on,
// its triples, pairs and singles (§5.4, §11.6: a triple may give a pair, never two faces one)?
bool fits(const Context& ctx, const CardSet& cards, const Format& f, int i, int j) {
  if (i < f.titanics) {
    const int want = f.titanic_length[i];
    return for_each_tractor(ctx, TRUMP, cards.at_least(3), [&](uint64_t faces, int len, int, Card) {
      return len == want && fits(ctx, cards.minus(CardSet::every(faces, 3)), f, i + 1, j);
    });
  }
  if (j < f.tractors) {
    const int want = f.tractor_length[j];
    return for_each_tractor(ctx, TRUMP, cards.two, [&](uint64_t faces, int len, int, Card) {
      return len == want && fits(ctx, cards.minus(CardSet::every(faces, 2)), f, i, j + 1);
    });
  }
  return popcount(cards.at_least(3)) >= f.triples && popcount(cards.two) >= f.triples + f.pairs;
}

int highest_power(const Context& ctx, uint64_t faces) {
  int best = -1;
  for (uint64_t m = faces; m; m &= m - 1) best = std::max<int>(best, ctx.power[lowest_bit(m)]);
  return best;
}
}  // namespace

int trump_key(const Context& ctx, const CardSet& cards, const Format& f) {
  if (cards.one & ~ctx.suit_mask[TRUMP]) return -1;
  int best = -1;
  if (f.titanics > 0) {  // the primary component: the longest Titanic (§11.6)
    const int want = f.titanic_length[0];
    for_each_tractor(ctx, TRUMP, cards.at_least(3), [&](uint64_t faces, int len, int pos, Card) {
      if (len == want && pos > best && fits(ctx, cards.minus(CardSet::every(faces, 3)), f, 1, 0))
        best = pos;
      return false;
    });
    return best;
  }
  if (f.tractors > 0) {
    const int want = f.tractor_length[0];
    for_each_tractor(ctx, TRUMP, cards.two, [&](uint64_t faces, int len, int pos, Card) {
      if (len == want && pos > best && fits(ctx, cards.minus(CardSet::every(faces, 2)), f, 0, 1))
        best = pos;
      return false;
    });
    return best;
  }
  if (f.triples > 0) {
    if (!fits(ctx, cards, f, 0, 0)) return -1;
    return highest_power(ctx, cards.at_least(3));
  }
  if (f.pairs > 0) {
    if (popcount(cards.two) < f.pairs) return -1;
    return highest_power(ctx, cards.two);
  }
  return highest_power(ctx, cards.one);
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
    case TRIPLE:
      for (uint64_t m = h.at_least(3); m; m &= m - 1)
        if (ctx.power[lowest_bit(m)] > part.key) return true;
      return false;
    case TITANIC:  // §11.4: at least as long, a higher top
      return for_each_tractor(ctx, e, h.at_least(3), [&](uint64_t, int len, int pos, Card) {
        return len >= part.length && pos > part.key;
      });
    default:
      return for_each_tractor(ctx, e, h.two, [&](uint64_t, int len, int pos, Card) {
        return len >= part.length && pos > part.key;
      });
  }
}

}  // namespace duidiao
