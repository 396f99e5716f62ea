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
  o.dry = game.dry();
  o.trump_from_kitty = game.trump_from_kitty();
  // §10.6 face down: the declarer knows the kitty it buried; the others see it when the hand ends.
  o.kitty_visible = game.kitty_public() ||
                    (seat == game.declarer() && game.phase() >= PHASE_PLAY &&
                     game.rules().kitty_burial == KITTY_BURIAL_FACE_DOWN);
  if (o.kitty_visible) o.kitty = game.kitty();
  if (seat != game.declarer()) o.declarer_or_kitty = game.declarer_or_kitty();
  if (seat == game.declarer() && !game.dry() && game.phase() >= PHASE_BURY)
    o.original_kitty = game.original_kitty();
  o.grab_offer = game.phase() == PHASE_GRAB ? game.grab_offer() : -1;
  o.grabs = game.grabs();
  o.xiaosas = game.xiaosas();
  if (game.phase() < PHASE_PLAY) {
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

void check_observation(const Observation& o) {
  auto need = [](bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument("observation: " + what);
  };
  auto seat_ok = [](int s) { return s >= 0 && s < 4; };
  need(seat_ok(o.seat), "seat must be 0..3");
  // A play observation comes from its play view (observe_play), which holds the rest.
  need(o.phase >= PHASE_DECLARE && o.phase < PHASE_PLAY, "phase must be 0..3 (before the play)");
  need(o.level >= 0 && o.level < LEVEL_NB, "level must be 0..12");
  need(o.levels[0] >= 0 && o.levels[0] < LEVEL_NB && o.levels[1] >= 0 && o.levels[1] < LEVEL_NB,
       "levels must be 0..12");
  need(o.trump >= -1 && o.trump <= (o.rules.allows_no_trump() ? NO_TRUMP : 3),
       o.rules.allows_no_trump() ? "trump must be -1..4 (4: no trump)" : "trump must be -1..3");
  need(o.declarer >= -1 && o.declarer < 4, "declarer must be -1..3");
  need(seat_ok(o.first_drawer), "first_drawer must be 0..3");
  need(o.drawn >= 0 && o.drawn <= 100, "drawn must be 0..100");
  for (int s = 0; s < 4; ++s) need(o.hand_size[s] >= 0 && o.hand_size[s] <= 33, "hand sizes must be 0..33");
  need(o.hand.size() == o.hand_size[o.seat], "the hand's size must be the seat's hand size");
  for (const Declaration& d : o.declarations)
    need(seat_ok(d.seat) && d.suit >= 0 && d.suit <= (o.rules.allows_no_trump() ? NO_TRUMP : 3) &&
             d.kind >= DECLARE_SINGLE && d.kind <= DECLARE_KIND_MAX && d.drawn >= 0 &&
             d.drawn <= 100,
         "a declaration is out of range");
  need(o.grab_offer >= -1 && o.grab_offer < FACE_NB, "grab_offer must be a card or -1");
  for (const auto& g : o.grabs)
    need(seat_ok(g.seat) && g.taken >= 0 && g.taken < FACE_NB && g.put >= 0 && g.put < FACE_NB,
         "a grab is out of range");
  for (const auto& x : o.xiaosas) need(seat_ok(x.seat), "a xiaosa's seat must be 0..3");
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
  o.drawn = 100;
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
