#include "observation.h"

namespace duidiao {

Observation observe(const Game& game, int seat) {
  Observation o;
  o.seat = seat;
  o.phase = game.phase();
  o.rules = game.rules();
  o.level = game.level();
  o.levels[0] = game.level_of(0);
  o.levels[1] = game.level_of(1);
  o.trump = game.trump();
  o.declarer = game.declarer();
  o.first_drawer = game.first_drawer();
  o.drawn = game.drawn();
  o.hand = game.held(seat);
  for (int s = 0; s < 4; ++s) {
    o.exposed[s] = game.exposed(s);
    o.hand_size[s] = game.held(s).size();
  }
  o.declarations = game.declarations();
  o.dry = game.dry();
  o.trump_from_kitty = game.trump_from_kitty();
  o.kitty_visible = game.kitty_public();
  if (o.kitty_visible) o.kitty = game.kitty();
  if (seat == game.declarer() && !game.dry() && game.phase() >= PHASE_BURY)
    o.original_kitty = game.original_kitty();
  o.grab_offer = game.phase() == PHASE_GRAB ? game.grab_offer() : -1;
  o.grabs = game.grabs();
  o.xiaosas = game.xiaosas();
  if (game.phase() < PHASE_PLAY) return o;

  // The play from this seat's view: rebuilt at the start of the trick in progress, whose plays
  // are then replayed, from public facts only.
  const Hand& hand = game.hand();
  const Trick& trick = hand.trick();
  for (int i = 0; i < hand.history_size(); ++i) o.tricks.push_back(hand.history(i));
  HandSetup s;
  s.rules = game.rules();
  s.level = game.level();
  s.trump = game.trump();
  s.declarer = game.declarer();
  s.leader = trick.leader;
  s.kitty = game.kitty();
  s.kitty_known = true;
  s.dry = game.dry();
  s.tricks_done = hand.history_size();
  CardSet played_before = CardSet::full_deck().minus(game.kitty());
  for (int p = 0; p < 4; ++p) {
    // A seat's hand at the trick's start: what it holds now plus what it put on the table.
    CardSet now = hand.held(p);
    int index = (p - trick.leader) & 3;
    CardSet at_start = index < trick.played ? now.plus(trick.plays[index]) : now;
    played_before = played_before.minus(at_start);
    if (p == seat) {
      s.held[p] = at_start;
    } else {
      CardSet known = index < trick.played ? game.exposed(p).plus(trick.plays[index]) : game.exposed(p);
      // Exposed cards and the cards played to this trick are both in the hand at the start.
      known = {known.one & at_start.one, known.two & at_start.two};
      s.held[p] = known;
      s.unknown[p] = at_start.size() - known.size();
    }
  }
  s.gone = played_before;
  // The points banked before this trick: the hand's points (tricks still to finish add later).
  s.points = hand.points();
  // Voids shown in the finished tricks (those of the trick in progress come with its replay).
  const Context& ctx = hand.context();
  for (const TrickRecord& t : o.tricks) {
    const int led = ctx.suit_of(lowest_bit(t.plays[0].one)), size = t.plays[0].size();
    for (int i = 1; i < 4; ++i)
      if (t.plays[i].within(ctx.suit_mask[led]).size() < size) s.voids[(t.leader + i) & 3] |= 1 << led;
  }
  o.view = Hand(s);
  for (int i = 0; i < trick.played; ++i) o.view.play(trick.plays[i], true);
  return o;
}

}  // namespace duidiao
