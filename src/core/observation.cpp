#include "observation.h"

namespace duidiao {

Observation observe(const Game& game, int seat, bool everything) {
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

  // The play from this seat's view: the real one with the others' cards hidden but for the
  // exposed ones; everything else in it (tricks, kitty, voids, points) is public.
  o.view = game.hand();
  if (!everything) o.view.conceal(seat, o.exposed);
  return o;
}

}  // namespace duidiao
