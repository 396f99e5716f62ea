"""The engine protocol's commands on the climbing games' positions (够级 rules §12, 保皇
rules §13; docs/protocol.md "The climbing games"): ``legal``, ``check``, ``play``, ``move``,
``analyse`` and ``deal`` take the presets ``gouji``, ``gouji-basic``, ``baohuang`` and
``baohuang-basic`` as they take the trick games'. Action strings are the notation's: a card
list, ``pass``, ``yield``, ``fold`` or ``noburn``."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Union

from duidiao.play.climbing import games
from duidiao.play.climbing.baohuang import BaohuangPosition
from duidiao.play.climbing.cards import Pile
from duidiao.play.climbing.gouji import GoujiPosition
from duidiao.play.climbing.observation import Observation
from duidiao.play.climbing.options import GAMES, game_of_position
from duidiao.play.errors import HiddenCardsError, IllegalMoveError, NotationError
from duidiao.search.climbing import analysis
from duidiao.search.climbing.bots import BOTS, PimcBot, make_bot
from duidiao.wire.errors import ProtocolError

__all__ = ["PRESETS", "is_climbing", "legal", "check", "play", "move", "analyse", "deal"]

PRESETS = tuple(p for g in GAMES.values() for p in g.presets)
ClimbingPosition = Union[GoujiPosition, BaohuangPosition]


def is_climbing(text: object) -> bool:
    return isinstance(text, str) and game_of_position(text) is not None


def _position(text: str) -> ClimbingPosition:
    try:
        game = game_of_position(text)
        assert game is not None
        return (GoujiPosition if game.name == "gouji" else BaohuangPosition).parse(text)
    except (NotationError, HiddenCardsError) as exc:
        raise ProtocolError("bad_position", str(exc), field="position") from None


def _turn(position: ClimbingPosition) -> str:
    try:
        turn = position.to_act()
    except HiddenCardsError as exc:
        raise ProtocolError("hidden_cards", str(exc)) from None
    if turn is None:
        raise ProtocolError("hand_over", "the hand is over: a team is out (够级) or the hand "
                                         "has ended (保皇)")
    return turn


def _known_turn(position: ClimbingPosition) -> str:
    turn = _turn(position)
    if position.hands[position_seats(position).index(turn)].hidden:
        raise ProtocolError("hidden_cards", f"{turn} is to act and its cards are hidden in the "
                            f"position: give the position as {turn} sees it")
    return turn


def position_seats(position: ClimbingPosition) -> str:
    return games.seats_of(position.preset)


def _observation(position: ClimbingPosition, turn: str) -> Observation:
    game = "gouji" if isinstance(position, GoujiPosition) else "baohuang"
    hand = position.hands[position_seats(position).index(turn)]
    return Observation(game, turn, "play", hand, position.legal(), str(position))


def _result(position: ClimbingPosition) -> dict[str, Any] | None:
    if position.to_act() is not None:
        return None
    places, scores = position.result()
    return {"places": places, "scores": scores}


def views(position: ClimbingPosition) -> dict[str, str]:
    """Each seat's view of the position: its own hand, the others' sizes (a position does not
    say what a seat was shown before play; a game's views do, ``deal``)."""
    seats = position_seats(position)
    out = {}
    for me, seat in enumerate(seats):
        hands = tuple(h if s == me else Pile(hidden=h.size) for s, h in enumerate(position.hands))
        out[seat] = str(replace(position, hands=hands, _core=None))  # type: ignore[type-var]
    return out


def legal(args: dict[str, Any], limit_max: int) -> dict[str, Any]:
    position = _position(args["position"])
    turn = _known_turn(position)
    actions = position.legal()
    offset, limit = args["offset"], args["limit"]
    page = actions[offset:offset + limit]
    return {"turn": turn, "count": len(actions), "offset": offset, "order": "notation",
            "moves": page, "truncated": len(page) < len(actions)}


def check(args: dict[str, Any]) -> dict[str, Any]:
    position = _position(args["position"])
    turn = _turn(position)
    try:
        position.play(args["cards"])
    except (IllegalMoveError, NotationError) as exc:
        return {"turn": turn, "legal": False, "played": None, "fails": None, "reason": str(exc)}
    return {"turn": turn, "legal": True, "played": args["cards"], "fails": False, "reason": None}


def play(args: dict[str, Any]) -> dict[str, Any]:
    position = _position(args["position"])
    seat = _turn(position)
    try:
        after = position.play(args["move"])
    except HiddenCardsError as exc:
        raise ProtocolError("hidden_cards", str(exc)) from None
    except (IllegalMoveError, NotationError) as exc:
        raise ProtocolError("illegal_move", str(exc)) from None
    turn = after.to_act()
    return {"seat": seat, "played": args["move"], "position": str(after), "turn": turn,
            "is_over": turn is None, "result": _result(after), "views": views(after)}


def check_bot(name: str) -> None:
    if name not in BOTS:
        raise ProtocolError("bad_request", f"bot: {name!r} is not a climbing bot "
                            f"({', '.join(BOTS)})", field="bot")


def move(args: dict[str, Any]) -> dict[str, Any]:
    position = _position(args["position"])
    turn = _known_turn(position)
    check_bot(args["bot"])
    bot = make_bot(args["bot"], args["seed"])
    observation = _observation(position, turn)
    values: list[dict[str, Any]] = []
    if isinstance(bot, PimcBot) and len(observation.legal) > 1:
        found = bot.analyse(observation)
        action = found[0][0]
        values = [{"move": a, "mean": round(m, 4), "sd": round(s, 4), "worlds": n}
                  for a, m, s, n in found]
    else:
        action = bot.choose(observation)
    return {"turn": turn, "move": action, "bot": args["bot"], "values": values}


def analyse(args: dict[str, Any]) -> dict[str, Any]:
    position = _position(args["position"])
    _known_turn(position)
    return analysis.analyse(position, worlds=args["worlds"] or 128, seconds=args["seconds"],
                            seed=args["seed"]).to_dict()


def deal(args: dict[str, Any]) -> dict[str, Any]:
    preset, seed = args["preset"], args["seed"]
    for name in ("levels", "declarer"):
        if args.get(name) is not None:
            raise ProtocolError("bad_request", f"{name}: not a field of {preset}", field=name)
    first = args.get("first_drawer")
    seats = games.seats_of(preset)
    if first is not None and first not in seats:
        raise ProtocolError("bad_request", f"first_drawer: {first!r} is not a seat of {preset} "
                            f"({' '.join(seats)})", field="first_drawer")
    name = args["bot"]
    check_bot(name)
    game = games.deal(preset, seed=seed, first_drawer=first)
    bots = [make_bot(name, f"{seed}:{i}") for i in range(len(seats))]
    while game.phase not in ("play", "over"):
        observation = game.observe()
        game.apply(bots[seats.index(observation.seat)].choose(observation))
    position = game.position
    assert position is not None
    return {"preset": preset, "seed": seed, "position": str(position), "turn": position.to_act(),
            "first_drawer": seats[game.first_drawer], "views": {s: game.view(s) for s in seats},
            "decisions": [{"phase": p, "seat": s, "action": a} for p, s, a in game.history]}
