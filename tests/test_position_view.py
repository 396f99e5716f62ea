"""``Position.view`` (docs/api.md): the core conceals the other hands, with no replay and no
re-parse; checked against the notation's route (write the seat's record, parse it again), the
way views were made before, and against the game's own observation, under every preset."""

from __future__ import annotations

import dataclasses

import pytest

import duidiao
from duidiao import Cards, Game, Position
from duidiao.play.cards import SEATS
from duidiao.play.decisions import ask
from duidiao.play.notation import format_record
from duidiao.play.rules import GAME_PRESETS


def view_by_notation(position: Position, seat: str, exposed: dict[str, Cards]) -> Position:
    """The view through the notation: the record with the other hands hidden, parsed again."""
    record = position.record()
    me = SEATS.index(seat)
    hands, unknown = [], []
    for s, (held, hidden) in enumerate(zip(record.hands, record.unknown)):
        known = held if s == me else exposed.get(SEATS[s], Cards()) & held
        hands.append(known)
        unknown.append(hidden + len(held) - len(known))
    hidden_kitty = (position.rules.kitty_burial == "face_down" and me != record.declarer
                    and not position.is_over)
    seen = dataclasses.replace(record, hands=tuple(hands), unknown=tuple(unknown),
                               kitty=None if hidden_kitty else record.kitty)
    return Position(format_record(seen))


@pytest.mark.parametrize("preset", GAME_PRESETS)
def test_a_view_is_the_notations_and_the_observations(preset: str) -> None:
    game = Game.deal(seed=11, declarer="E", rules=preset)
    bots = [duidiao.make_bot("heuristic", s) for s in range(4)]
    checked = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase == "play" and checked < 30:
            full = game.position()
            exposed = {s: game.exposed(s) for s in SEATS}
            for viewer in SEATS:
                view = full.view(viewer, exposed)
                expected = view_by_notation(full, viewer, exposed)
                assert str(view) == str(expected)
                # what a search from the view may use: nothing the notation would not give it
                core, parsed = view.core, expected.core
                assert (core.kitty_known, core.kitty) == (parsed.kitty_known, parsed.kitty)
                assert [core.unknown(s) for s in range(4)] == [parsed.unknown(s) for s in range(4)]
                assert [core.hand(s) for s in range(4)] == [parsed.hand(s) for s in range(4)]
                assert view == game.position(viewer)
                if viewer == view.turn:
                    assert view.legal_moves() == full.legal_moves()
            checked += 1
        game.apply(ask(bots[SEATS.index(seat)], game))
    assert checked == 30
    # over: nothing is hidden from anyone but the hands already played
    full = game.position()
    for viewer in SEATS:
        assert str(full.view(viewer)) == str(view_by_notation(full, viewer, {}))
