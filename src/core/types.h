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

// The sizes of the two-deck game, named once (rules §2, §5, §6.3). The rules' `decks` makes
// them values of the rules (rules §11.1).
constexpr int PACKS = 2;                                   // copies of each face
constexpr int DECK_CARDS = FACE_NB * PACKS;                // 108
constexpr int KITTY_CARDS = 8;                             // the kitty, and what is buried
constexpr int DEALT_CARDS = DECK_CARDS - KITTY_CARDS;      // 100, drawn in turn
constexpr int HAND_CARDS = DEALT_CARDS / SEAT_NB;          // 25 a seat
constexpr int MAX_TRICKS = HAND_CARDS;                     // a hand's tricks
constexpr int DECK_POINTS = 100 * PACKS;                   // 5s, 10s and Ks of every copy: 200

inline int card_points(Card c) {
  if (c >= SMALL_JOKER) return 0;
  int r = card_rank(c);
  return r == RANK_5 ? 5 : (r == RANK_10 || r == RANK_K) ? 10 : 0;
}

}  // namespace duidiao
