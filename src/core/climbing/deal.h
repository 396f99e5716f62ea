// The rules of the climbing games that read a deal card by card, suits included, before the play:
// 上班 (rules §12.4), who may declare 革命 (§12.13) and 保皇's choosing of the emperor and the guard
// (§13.3). The play itself counts cards by value only (sets.h).
#pragma once
#include <cstdint>
#include <vector>

namespace duidiao::climbing {

// A dealt card: its value (1 = 3 … 13 = 2, 14 SJ, 15 BJ) and suit (0–3 for H D S C; -1 for a
// joker; 4 for 保皇's marked BJ, which counts as a BJ).
struct Card {
  int value = 0;
  int suit = -1;
};

// A face as 保皇 calls it: jokers have one face each whatever their suit (rules §13.2).
inline Card face_of(Card c) { return c.value >= 14 ? Card{c.value, -1} : c; }
inline bool same_face(Card a, Card b) {
  const Card x = face_of(a), y = face_of(b);
  return x.value == y.value && x.suit == y.suit;
}

// 上班 (rules §12.4): who leads the first round. `hands` are the six hands in the order each
// seat drew its cards, seat 0 … 5, the first card drawn by `first_drawer`. The leader holds the
// most 3s of one suit (at least 2); between equal numbers, the hand that reached it first in the
// draw. `leader` -1: nobody holds two 3s of one suit, and the deal is void.
struct Shangban {
  int leader = -1;
  int suit = -1;
  int count = 0;
};
Shangban shangban(const std::vector<Card> (&hands)[6], int first_drawer);

// 革命 (rules §12.13) is open to a hand dealt no BJ, no SJ and no 2.
bool may_revolt(const std::vector<Card>& cards);

// 保皇 (rules §13.3): the faces `cards` holds 3 or 4 times (`exactly_three`: only 3 times), low to
// high by value, then suit.
std::vector<Card> callable_faces(const std::vector<Card>& cards, bool exactly_three);
// How many copies of `face` the cards hold.
int copies_of(const std::vector<Card>& cards, Card face);
// 逼庄: after every seat refused, the first seat clockwise from `first_holder` (first_holder,
// first_holder − 1, …, mod 5) holding a face exactly 3 times; -1 for none (黄庄: a redeal).
int forced_caller(const std::vector<Card> (&hands)[5], int first_holder);
// The guard of a called face: the emperor when he holds all 4 copies (独保), else the one other
// seat holding a copy; -1 if no seat does.
int guard_of(const std::vector<Card> (&hands)[5], int emperor, Card face);

}  // namespace duidiao::climbing
