"""Records of climbing hands (docs/records.md "The climbing games"): the deal played, with suits
and in the order drawn, and every decision, enough to replay the hand exactly; versioned.

>>> from duidiao.play.climbing.gouji_game import GoujiGame
>>> from duidiao.play.climbing.record import record_of, replay
>>> game = GoujiGame.deal("gouji-basic", seed=4)
>>> game.apply(game.legal()[0])
>>> again = replay(record_of(game))
>>> str(again.position) == str(game.position)
True
"""

from __future__ import annotations

from typing import Any

from duidiao.play.climbing.baohuang_game import MARKED
from duidiao.play.climbing.cards import NAMES, VALUES
from duidiao.play.climbing.deal import SUIT_LETTERS, Card
from duidiao.play.climbing.games import ClimbingGame, game_name, game_type, seats_of
from duidiao.play.climbing.options import GAMES, game_of
from duidiao.play.errors import IllegalMoveError
from duidiao.play.formats import CLIMBING_RECORD

__all__ = ["FORMAT", "VERSION", "RecordError", "record_of", "replay", "card_text", "read_card"]

FORMAT = "duidiao-climbing-record"
VERSION = CLIMBING_RECORD


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the field."""


def card_text(card: Card) -> str:
    value, suit = card
    if card == MARKED:
        return "BJ*"
    return NAMES[value] + (SUIT_LETTERS[suit] if 0 <= suit < 4 else "")


def read_card(text: str, field: str) -> Card:
    if text == "BJ*":
        return MARKED
    if text in ("BJ", "SJ"):
        return (VALUES[text], -1)
    if len(text) == 2 and text[0] in VALUES and text[1] in SUIT_LETTERS:
        value = VALUES[text[0]]
        if value < VALUES["SJ"]:
            return (value, SUIT_LETTERS.index(text[1]))
    raise RecordError(
        f"{field}: {text!r} is not a card (a rank 3-9 T J Q K A 2 and a suit "
        "H D S C, or BJ, SJ, BJ* for 保皇's marked big joker)"
    )


def record_of(game: ClimbingGame) -> dict[str, Any]:
    """The record of a hand, finished or not."""
    seats = seats_of(game.preset)
    result = None
    if game.phase == "over":
        places, scores = game.result()
        result = {"places": places, "scores": scores}
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game_name(game),
        "preset": game.preset,
        "seed": game.seed,
        "first_drawer": seats[game.first_drawer],
        "redeals": game.redeals,
        "deal": {
            s: " ".join(card_text(c) for c in game.cards_dealt()[i]) for i, s in enumerate(seats)
        },
        "decisions": [[p, s, a] for p, s, a in game.history[game.deal_start :]],
        "result": result,
    }


def replay(record: dict[str, Any]) -> ClimbingGame:
    """The hand a record describes, every decision checked as it is made again; RecordError
    names the field that does not hold."""
    if not isinstance(record, dict):
        raise RecordError("record: not a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format: {record.get('format')!r} is not {FORMAT!r}")
    if record.get("version") != VERSION:
        raise RecordError(
            f"version: {record.get('version')!r}; this engine reads version {VERSION}"
        )
    preset = record.get("preset")
    game_info = game_of(preset) if isinstance(preset, str) else None
    if game_info is None or game_info.name != record.get("game") or not isinstance(preset, str):
        names = ", ".join(p for g in GAMES.values() for p in g.presets)
        raise RecordError(f"preset: {preset!r} is not a preset of {record.get('game')!r} ({names})")
    seats = game_info.seats
    deal = record.get("deal")
    if not isinstance(deal, dict) or set(deal) != set(seats):
        raise RecordError(f"deal: one card list per seat {', '.join(seats)}")
    cards = []
    for s in seats:
        if not isinstance(deal[s], str):
            raise RecordError(f"deal.{s}: not a string of cards")
        cards.append([read_card(t, f"deal.{s}") for t in deal[s].split()])
    if sum(len(c) for c in cards) != 216:
        raise RecordError(f"deal: {sum(len(c) for c in cards)} cards, a deal has 216")
    first = record.get("first_drawer")
    if not isinstance(first, str) or first not in seats:
        raise RecordError(f"first_drawer: {first!r} is not a seat ({' '.join(seats)})")
    try:
        game: ClimbingGame = game_type(preset).from_deal(preset, cards, first)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    game.seed = record.get("seed")
    decisions = record.get("decisions")
    if not isinstance(decisions, list):
        raise RecordError("decisions: not a list")
    for i, item in enumerate(decisions):
        if not (
            isinstance(item, list) and len(item) == 3 and all(isinstance(x, str) for x in item)
        ):
            raise RecordError(f"decisions[{i}]: not [phase, seat, action]")
        phase, seat, action = item
        if game.phase != phase or game.to_act != seat:
            raise RecordError(
                f"decisions[{i}]: {seat} {phase} {action!r}, but the hand asks "
                f"{game.to_act} ({game.phase})"
            )
        try:
            game.apply(action)
        except (IllegalMoveError, ValueError) as exc:
            raise RecordError(f"decisions[{i}]: {exc}") from None
    result = record.get("result")
    if result is not None:
        places, scores = game.result() if game.phase == "over" else (None, None)
        if result != {"places": places, "scores": scores}:
            raise RecordError(
                f"result: {result} is not what the decisions give ({places}, {scores})"
            )
    return game
