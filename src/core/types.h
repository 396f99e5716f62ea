// Basic game types shared by the whole core: seats, suits, ranks, levels, cards.
// The numeric encodings are documented in docs/internals.md and used by Python too.
#pragma once
#include <cstdint>

namespace duidiao {

// Seats in playing order (counterclockwise): S -> E -> N -> W -> S.
enum Seat : int { SOUTH = 0, EAST = 1, NORTH = 2, WEST = 3, SEAT_NB = 4 };
inline int next_seat(int s) { return (s + 1) & 3; }
inline int partner(int s) { return (s + 2) & 3; }
inline int team_of(int s) { return s & 1; }  // 0 = NS, 1 = EW

// Printed suits 0..3; effective suit TRUMP = 4 for every trump.
enum Suit : int { HEARTS = 0, DIAMONDS = 1, SPADES = 2, CLUBS = 3, TRUMP = 4, EFFECTIVE_SUIT_NB = 5 };
// The trump of a hand played without a trump suit (无主, rules §10.1): no suit is 4, so every
// `s == trump` test over the suits 0..3 is false, and only jokers and level cards are trumps.
constexpr int NO_TRUMP = 4;

// Ranks 0..12 stand for 2..A.
enum Rank : int { RANK_2 = 0, RANK_5 = 3, RANK_6 = 4, RANK_10 = 8, RANK_J = 9, RANK_Q = 10,
                  RANK_K = 11, RANK_A = 12, RANK_NB = 13 };

// A level is a position on the rules' ladder (rules §3, §10.1): 0 is where teams start (A or 2),
// 12 the top (K or A). Its level cards' rank is Rules::level_rank(level).
enum Level : int { LEVEL_START = 0, LEVEL_TOP = 12, LEVEL_NB = 13 };

// A card face: suit * 13 + rank for 0..51; then the jokers.
using Card = int;
constexpr Card SMALL_JOKER = 52;
constexpr Card BIG_JOKER = 53;
constexpr int FACE_NB = 54;
inline Card make_card(int suit, int rank) { return suit * 13 + rank; }
inline int card_suit(Card c) { return c / 13; }  // 4 for both jokers
inline int card_rank(Card c) { return c % 13; }  // meaningless for jokers

// The most copies of a face the engine of this build plays. The engine is compiled once per
// value (setup.py: duidiao._core with 2 plays the one- and two-deck games, duidiao._core3 with
// 3 the three-deck game, rules §11.1), so that the two-deck game's card sets stay two words.
// That build also defines `duidiao` as another namespace name, so the two builds' C++ types
// never meet in one process's pybind11 registry.
#ifndef DUIDIAO_COPIES
#define DUIDIAO_COPIES 2
#endif
constexpr int COPIES = DUIDIAO_COPIES;
static_assert(COPIES >= 2 && COPIES <= 3, "the Shengji engine plays up to three packs");

// The sizes of a game of `decks` packs (rules §11.1): hand and kitty from the table of §11.1
// (12 + 6, 25 + 8, 39 + 6), named once here; a game's are Rules::sizes().
struct Sizes {
  int decks;        // packs shuffled together: the copies of each face
  int deck_cards;   // 54 a pack
  int kitty_cards;  // the kitty, and what is buried
  int dealt_cards;  // drawn in turn
  int hand_cards;   // a seat's, and the hand's tricks
  int deck_points;  // 5s, 10s and Ks of every pack: 100 a pack
};
constexpr Sizes sizes_of(int decks) {
  const int kitty = decks == 2 ? 8 : 6;
  return {decks, FACE_NB * decks, kitty, FACE_NB * decks - kitty, (FACE_NB * decks - kitty) / SEAT_NB,
          100 * decks};
}
// The two-deck game's (rules §2, §5, §6.3), and the most this build's arrays must hold.
constexpr Sizes TWO_DECKS = sizes_of(2);
constexpr Sizes MOST = sizes_of(COPIES);
constexpr int MAX_DECK_CARDS = MOST.deck_cards;
constexpr int MAX_HAND_CARDS = MOST.hand_cards;
constexpr int MAX_TRICKS = MAX_HAND_CARDS;  // a hand's tricks
static_assert(sizes_of(1).hand_cards == 12 && sizes_of(2).hand_cards == 25 && sizes_of(3).hand_cards == 39,
              "rules §11.1");

inline int card_points(Card c) {
  if (c >= SMALL_JOKER) return 0;
  int r = card_rank(c);
  return r == RANK_5 ? 5 : (r == RANK_10 || r == RANK_K) ? 10 : 0;
}

}  // namespace duidiao
