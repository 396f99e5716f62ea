#include "observation.h"

#include <stdexcept>

namespace duidiao {

Observation observe(const Game& game, int seat, bool everything) {
  Observation o;
  observe(game, seat, everything, &o);
  return o;
}

void observe(const Game& game, int seat, bool everything, Observation* out) {
  Observation& o = *out;
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
  o.kitty = o.original_kitty = CardSet{};
  for (int s = 0; s < 4; ++s) {
    o.exposed[s] = game.exposed(s);
    o.hand_size[s] = game.held(s).size();
  }
  o.declarations = game.declarations();
  if (!o.counters.empty() || !game.counters().empty()) o.counters = game.counters();  // mostly none: no call
  o.kitty_burier = game.kitty_burier();
  o.stake = game.rules().stakes ? game.stake() : 1;
  o.dry = game.dry();
  o.trump_from_kitty = game.trump_from_kitty();
  // §10.6 face down: the declarer knows the kitty it buried; the others see it when the hand ends.
  o.kitty_visible = game.kitty_public() ||
                    (seat == game.kitty_burier() &&
                     (play_started(game.phase()) || game.phase() == PHASE_COUNTER) &&
                     game.rules().kitty_burial == KITTY_BURIAL_FACE_DOWN);
  if (o.kitty_visible) o.kitty = game.kitty();
  if (seat != game.declarer()) o.declarer_or_kitty = game.declarer_or_kitty();
  if (seat == game.declarer() && !game.dry() && game.phase() != PHASE_DECLARE)
    o.original_kitty = game.original_kitty();
  o.grab_offer = game.phase() == PHASE_GRAB ? game.grab_offer() : -1;
  o.grabs = game.grabs();
  o.xiaosas = game.xiaosas();
  if (!play_started(game.phase())) {
    o.view = Hand();
    return;
  }

  // The play from this seat's view: the real one with the others' cards hidden but for the
  // exposed ones; everything else in it (tricks, kitty, voids, points) is public.
  o.view = game.hand();
  if (!everything) {
    o.view.conceal(seat, o.exposed);
    if (!o.kitty_visible) o.view.hide_kitty();
  }
}

Observation observe_play(const Hand& view, int level_ns, int level_ew) {
  if (view.is_over()) throw std::invalid_argument("the hand is over: there is no play to choose");
  if (level_ns < 0 || level_ns >= LEVEL_NB || level_ew < 0 || level_ew >= LEVEL_NB)
    throw std::invalid_argument("team levels must be from A to K");
  const int seat = view.turn();
  if (view.unknown(seat))
    throw std::invalid_argument("the hand of " + seat_name(seat) + ", to play, must be known");
  Observation o;
  o.seat = seat;
  o.phase = PHASE_PLAY;
  o.rules = view.rules();
  o.level = view.context().level;
  o.levels[0] = level_ns;
  o.levels[1] = level_ew;
  o.trump = view.context().trump;
  o.declarer = view.declarer();
  o.first_drawer = view.declarer();
  o.drawn = view.rules().sizes().dealt_cards;
  o.hand = view.held(seat);
  for (int s = 0; s < 4; ++s) o.hand_size[s] = view.held(s).size() + view.unknown(s);
  o.dry = view.dry();
  o.kitty_visible = view.kitty_known();
  if (o.kitty_visible) o.kitty = view.kitty();
  if (seat != view.declarer()) o.declarer_or_kitty = view.declarer_or_kitty();
  o.view = view;
  return o;
}

}  // namespace duidiao
