// Equivalent cards: cards of the mover that no card still out separates in power (and alike in
// points and kind) are interchangeable, so only one move of each such choice is searched.
#include "search/solver.h"

#include <algorithm>

#include "core/combination.h"
#include "core/legal.h"
#include "core/result.h"
#include "search/solver/internal.h"

namespace duidiao {

using namespace solver_internal;

// In a side suit and among the trump suit's plain faces, face order is the order of power
// (§3.1); the trump suit's other faces follow by power (trump_parts_).
template <typename F>
void Solver::each_by_power(int e, uint64_t mask, F&& f) const {
  if (e != TRUMP) {
    for (uint64_t m = mask; m; m &= m - 1) f(lowest_bit(m));
    return;
  }
  for (int i = 0; i < trump_parts_nb_; ++i)
    for (uint64_t m = mask & trump_parts_[i]; m; m &= m - 1) f(lowest_bit(m));
}

// Cards of the mover held once, of one effective suit, with no other card still out (in any
// hand or on the table) between them in power, of equal points, on the same side of the 浑甩
// line, both level cards or neither, and no joker, are interchangeable. A move using j cards
// of such a class is written with the class's j lowest cards, so equivalent moves become one.
struct Solver::Equivalence {
  uint64_t merged = 0;                 // the mover's singles in a class of two or more
  // Only the first `classes` entries are set.
  uint64_t class_mask[FACE_NB / 2];
  Card members[FACE_NB];               // each class's cards, lowest first, class after class
  int8_t start[FACE_NB / 2];
  int8_t class_of[FACE_NB];            // valid for merged faces
  int classes = 0;

  Equivalence() = default;  // no classes
  // With `table` false, the cards on the table do not separate classes: the classes of moves
  // that do not take the trick (see merge_equivalents). Only the suits of `played` (the cards
  // of the moves to be merged) get classes.
  Equivalence(const Solver& solver, const Node& node, bool table = true, uint64_t played = ALL_FACES) {
    const Context& ctx = solver.ctx_;
    const int seat = node.trick.turn();
    const CardSet& hand = node.held[seat];
    const uint64_t singles = hand.one & ~hand.two;
    uint64_t rest = hand.two;  // every other card still in play
    for (int s = 0; s < 4; ++s)
      if (s != seat) rest |= node.held[s].one;
    if (table)
      for (int i = 0; i < node.trick.played; ++i) rest |= node.trick.plays[i].one;
    int used = 0;
    for (int e = 0; e < EFFECTIVE_SUIT_NB; ++e) {
      const uint64_t mine = singles & ctx.suit_mask[e];
      if (popcount(mine) < 2 || !(mine & played)) continue;
      // The powers of the other cards: a plain face's is its rank + 1 (the faces of one suit's
      // block, shifted), the others' looked up.
      const uint64_t others = rest & ctx.suit_mask[e], plain = others & solver.plain_[e];
      uint32_t rest_powers = plain ? uint32_t((plain >> (RANK_NB * (e == TRUMP ? ctx.trump : e))) << 1) : 0;
      for (uint64_t m = others & ~solver.plain_[e]; m; m &= m - 1) rest_powers |= 1u << ctx.power[lowest_bit(m)];
      const uint64_t top = e < 4 && ctx.muddy_throws ? ctx.top_ranks[e] : 0;  // 浑甩's ranks
      int prev = -1;
      solver.each_by_power(e, mine, [&](Card c) {
        bool same = false;
        if (prev >= 0) {
          const int lo = ctx.power[prev], hi = ctx.power[c];
          const uint32_t between = ((2u << hi) - 1) & ~((1u << lo) - 1);
          // Jokers and level cards decide digs (§7): they never stand in for other cards.
          same = card_points(prev) == card_points(c) && !(rest_powers & between) &&
                 bool(top & bit(prev)) == bool(top & bit(c)) && c < SMALL_JOKER &&
                 bool(ctx.level_cards & bit(prev)) == bool(ctx.level_cards & bit(c));
        }
        if (!same) {
          // A new class; the last one, if of one card, is dropped.
          if (classes && popcount(class_mask[classes - 1]) == 1) --classes, --used;
          start[classes] = int8_t(used);
          class_mask[classes++] = 0;
        }
        members[used++] = c;
        class_mask[classes - 1] |= bit(c);
        class_of[c] = int8_t(classes - 1);
        prev = c;
      });
      if (classes && popcount(class_mask[classes - 1]) == 1) --classes, --used;
    }
    for (int k = 0; k < classes; ++k) merged |= class_mask[k];
  }

  // A move using j cards of a class is written with the class's j lowest cards.
  CardSet canonical(const CardSet& m) const {
    uint64_t mine = m.one & merged;
    if (!mine) return m;
    CardSet out = m.minus({mine, 0});
    while (mine) {
      const int k = class_of[lowest_bit(mine)];
      const int j = popcount(mine & class_mask[k]);
      mine &= ~class_mask[k];
      for (int i = 0; i < j; ++i) out.one |= bit(members[start[k] + i]);
    }
    return out;
  }
};

// A follow may also be merged across cards on the table: let r be the image of m under
// swapping cards of a class whose cards have nothing between them in any hand (a table card may
// lie between). If m and r both leave the trick to the same earlier play, the rest of the trick
// does not depend on them (each play is compared with the winning one only); if both take it,
// the later plays compare alike with m and r (no card in a hand lies between the swapped
// cards). Either way the trick goes to the same seat with the same points, and afterwards the
// positions are images of each other under the swap, exact for the rest of the hand (the table
// cards are gone; the winning play m or r matters only after the last trick, which is played
// out without merging). So m is valued as r.
void Solver::merge_equivalents(const Node& node, std::vector<CardSet>& moves) const {
  if (moves.size() < 2) return;
  const Trick& t = node.trick;
  uint64_t played = 0;  // a follow's moves are of one suit, or of the cards left
  for (const CardSet& m : moves) played |= m.one;
  const Equivalence eq(*this, node, true, played);
  // The relaxed classes differ only when a table card lies in a suit of two of the mover's singles.
  bool relax = false;
  if (t.played) {
    const CardSet& hand = node.held[t.turn()];
    const uint64_t singles = hand.one & ~hand.two;
    uint64_t table = 0;
    for (int i = 0; i < t.played; ++i) table |= t.plays[i].one;
    for (int e = 0; e < EFFECTIVE_SUIT_NB && !relax; ++e)
      relax = (table & ctx_.suit_mask[e]) && popcount(singles & ctx_.suit_mask[e]) >= 2;
  }
  if (!relax && !eq.merged) return;
  const Equivalence loose = relax ? Equivalence(*this, node, false, played) : Equivalence();
  relax = relax && loose.merged;
  bool changed = false;
  for (CardSet& m : moves) {
    CardSet c = eq.canonical(m);
    if (relax) {
      const CardSet r = loose.canonical(m);
      if (r != c) {
        if (t.takes(ctx_, m) == t.takes(ctx_, r)) c = r;  // the trick goes to the same play
      }
    }
    changed |= c != m;
    m = c;
  }
  if (!changed) return;
  std::sort(moves.begin(), moves.end(), [](const CardSet& a, const CardSet& b) {
    return a < b;
  });
  moves.erase(std::unique(moves.begin(), moves.end()), moves.end());
}

// Good moves first: the table's move, then the killers of this ply and seat (the last two moves
// that cut off there), then moves that take the trick for the mover's side cheaply, then those
// giving points to a partner who holds it (rather than overtaking the partner), then the

CardSet Solver::canonical_play(const Node& node, const CardSet& play) const {
  return Equivalence(*this, node).canonical(play);
}

}  // namespace duidiao
