// Observation: what one seat may know at a decision (its information set) — its own hand, the
// public declarations and the cards they exposed, the kitty when it is face up (and the
// original kitty for the declarer who took it), every play so far. Bots see only this.
#pragma once
#include <vector>

#include "game.h"

namespace duidiao {

struct Observation {
  int seat = 0;
  Phase phase = PHASE_DECLARE;
  Rules rules;
  int level = 0;
  int levels[2] = {};
  int trump = -1;      // -1 while declaring
  int declarer = -1;   // -1 while unknown (a first hand, still declaring)
  int first_drawer = 0;
  int drawn = 0;
  CardSet hand;                 // this seat's cards
  CardSet exposed[4];           // cards every player knows a seat holds
  int hand_size[4] = {};
  std::vector<Declaration> declarations;
  std::vector<Declaration> counters;  // §11.8 反底, public
  int kitty_burier = -1;              // §11.8: who buried last (-1 before the first bury)
  int stake = 1;                      // §11.9: 2^d so far (1 without stakes)
  bool kitty_visible = false;   // face up (after burying, or 干巴锅), or buried by this seat
  CardSet kitty;                // the kitty when visible
  CardSet original_kitty;       // the 8 cards the declarer took: the declarer only
  // §10.6 face down: cards the declarer showed, in its hand or the kitty (the others' view).
  CardSet declarer_or_kitty;
  bool dry = false;
  int trump_from_kitty = 0;
  Card grab_offer = -1;
  std::vector<Game::Grab> grabs;
  std::vector<Game::Xiaosa> xiaosas;
  // The play as this seat sees it: its own hand known, the others' hidden but for exposed
  // cards, the kitty face up, the tricks so far (PHASE_PLAY and PHASE_OVER only).
  Hand view;
};

// The declaration standing (§11.8): the last counter, else the last declaration; null if none.
inline const Declaration* standing_declaration(const Observation& o) {
  if (!o.counters.empty()) return &o.counters.back();
  return o.declarations.empty() ? nullptr : &o.declarations.back();
}

// everything: an oracle's observation, whose play view shows every hand (for measurement only).
Observation observe(const Game& game, int seat, bool everything = false);
// The same into an observation kept from an earlier decision, reusing its storage (self-play
// observes every decision of every hand).
void observe(const Game& game, int seat, bool everything, Observation* out);

// For an observation built from outside (e.g. from JSON; a play observation with its `view`
// set from the position): throws std::invalid_argument "observation: FIELD: why" for the first
// field out of its range or contradicting the others and the rules — the declarations (made in
// turn, each open when made), the trump and declarer they make, the level, the cards each seat
// shows and holds, the hand sizes, the kitty, 抢牌 and 潇洒, and in the play the position
// (observation_check.cpp).
void check_observation(const Observation& o);

// The observation of the seat to move in a play view given on its own (a position seen by that
// seat, as written in the notation): what a player needs to choose a play. Throws
// std::invalid_argument when the hand is over or the mover's cards are not all known.
Observation observe_play(const Hand& view, int level_ns, int level_ew);

}  // namespace duidiao
