// PlayState: the lean state of the play (§5) that every search runs on — the four hands as card
// sets, the trick in progress, the voids shown, the defenders' points, the cards out of play and a
// Zobrist key of the hands — and the one way a play changes it. The solver's nodes, the Monte
// Carlo playouts, the random playouts and the heuristic policy all use it; Hand is this state
// plus the hidden cards, the history, and the checks and messages for callers.
//
// apply() trusts its caller: the play is legal and already resolved (a failed throw replaced by
// its forced component). It allocates nothing and costs a few dozen instructions.
#pragma once
#include <cstdint>

#include "trick.h"

namespace duidiao {

// Zobrist numbers: one per seat, face and number of copies held (none: 0), so a hand's hash
// changes by two table lookups per face played. The numbers for one and two copies are drawn
// first, in the order they always were (the two-deck game's table keys stay as they were).
struct Zobrist {
  uint64_t key[4][FACE_NB][COPIES + 1] = {};
  constexpr Zobrist() {
    uint64_t x = 0x853c49e6748fea9bull;
    auto next = [&x]() {
      x += 0x9e3779b97f4a7c15ull;  // splitmix64
      uint64_t z = x;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      return z ^ (z >> 31);
    };
    for (int first = 1; first <= COPIES; first += 2)
      for (auto& seat : key)
        for (auto& face : seat)
          for (int copies = first; copies < first + 2 && copies <= COPIES; ++copies)
            face[copies] = next();
  }
};
constexpr Zobrist ZOBRIST;

// The Zobrist hash of `seat` holding `cards`.
inline uint64_t hand_key(int seat, const CardSet& cards) {
  uint64_t k = 0;
  for (uint64_t m = cards.one; m; m &= m - 1) k ^= ZOBRIST.key[seat][lowest_bit(m)][cards.count(lowest_bit(m))];
  return k;
}

// The solver copies one at every node: at 256 bytes or less (two decks) the copy is a run of
// vector moves, above it a slower string copy, so the small fields are packed together.
struct PlayState {
  CardSet held[4];      // the known cards of each hand (a Hand may hide some: see Hand::unknown)
  Trick trick;
  CardSet out;          // out of play: gone before, or played here (the trick's plays too)
  int points = 0;       // the defenders' points banked
  int last_points = 0;  // the points in the last finished trick
  int last_winner = 0;  // of the last finished trick (its winning play decides a dig, §7)
  uint8_t voids[4] = {};  // per seat, bit e: shown void in effective suit e (§5.3)
  CardSet last_play;    // the last finished trick's winning play
  uint64_t key = 0;     // Zobrist hash of the four hands, when all are known (see apply)

  // The hands as given, `leader` to lead; `out`, points and voids as they were.
  void deal(const CardSet hands[4], int leader) {
    for (int s = 0; s < 4; ++s) held[s] = hands[s];
    recount();
    trick.start(leader);
  }
  // The key again, after the hands were changed in place.
  void recount() {
    key = 0;
    for (int s = 0; s < 4; ++s) key ^= hand_key(s, held[s]);
  }

  // Plays `cards` for the seat to move: a legal play, a throw already resolved. True when it
  // finished a trick (the trick then restarts with its winner to lead). Keyed: keep `key` up to
  // date, as the solver's table needs; a playout, which never looks at it, passes false.
  template <bool Keyed = true>
  bool apply(const Context& ctx, int declarer, const CardSet& cards) {
    const int seat = trick.turn();
    const CardSet before = held[seat];
    held[seat] = before.minus(cards);
    if (Keyed)
      for (uint64_t m = cards.one & before.one; m; m &= m - 1) {
        const Card c = lowest_bit(m);
        key ^= ZOBRIST.key[seat][c][before.count(c)] ^ ZOBRIST.key[seat][c][held[seat].count(c)];
      }
    out = out.plus(cards);
    if (trick.played == 0) {
      trick.lead(ctx, cards);
      return false;
    }
    if (cards.within(ctx.suit_mask[trick.led]).size() < trick.size) voids[seat] |= 1 << trick.led;
    trick.follow(ctx, cards);
    if (trick.played < 4) return false;
    last_winner = trick.winner_seat();
    last_play = trick.plays[trick.winner];
    last_points = trick.points();
    if (team_of(last_winner) != team_of(declarer)) points += last_points;
    trick.start(last_winner);
    return true;
  }

  bool hands_empty() const {
    return held[0].empty() && held[1].empty() && held[2].empty() && held[3].empty();
  }
};
static_assert(COPIES != 2 || sizeof(PlayState) <= 256, "the solver's node copy: see PlayState");

}  // namespace duidiao
