"""The engine protocol's commands: their fields (one table), their handlers, and
:func:`run_command`, which answers one request with one reply and never raises on bad input.

The line loop (:mod:`duidiao.engine.loop`) and the HTTP server both call :func:`run_command`
(the loop in its two steps, :func:`check_request` on its reading thread and
:func:`run_checked` on its search worker, so that a bad search never takes the worker);
:func:`request_schema` gives a command's request as JSON Schema from the same table, so the
two cannot drift. docs/protocol.md describes every command, field, reply and error.

The engine keeps no game between requests: each request carries the whole position (a
position string) or, for a decision before the play, the seat's observation.
"""

from __future__ import annotations

import re
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import duidiao
from duidiao import Cards, Game, Observation, Position
from duidiao.engine import bots as botlib
from duidiao.engine import climbing
from duidiao.engine.views import exposed_text, seat_views, still_held
from duidiao.play import formats
from duidiao.play._limits import SEARCH_SECONDS_MAX, SEARCH_WORLDS_MAX
from duidiao.play.cards import TRUMP_LETTERS
from duidiao.play.decisions import Decision, decide, step
from duidiao.play.position import Move
from duidiao.play.seats import GOUJI_SEATS, TRICK_SEATS
from duidiao.play.sizes import HAND_CARDS
from duidiao.search.analysis import expert_search
from duidiao.wire.errors import ProtocolError, WireError
from duidiao.wire.fields import (
    ID_INT_MAX,
    MISSING,
    Choice,
    Field,
    Int,
    Levels,
    Num,
    Obj,
    PerSeat,
    Str,
    check_fields,
    check_id,
    check_kind,
    fields_schema,
    id_schema,
)
from duidiao.wire.strict_json import type_name

__all__ = [
    "PROTOCOL",
    "LIMITS",
    "COMMANDS",
    "SEARCH_COMMANDS",
    "Command",
    "Checked",
    "check_request",
    "run_checked",
    "run_command",
    "request_schema",
]

PROTOCOL = formats.ENGINE_PROTOCOL
"""The protocol version ``hello`` reports."""

_EXPERT = expert_search()  # the analysis's defaults: the expert bot's search

LIMITS: dict[str, int | float] = {
    "line_bytes": 1 << 20,
    "position_chars": 8192,
    "cards_chars": 400,
    "bot_chars": 100,
    "legal_default": 1000,
    "legal_max": 20000,
    "legal_list_max": 100000,
    "move_ms_max": 600_000,
    "move_worlds_max": 100_000,
    "analyse_seconds_max": SEARCH_SECONDS_MAX,
    "analyse_worlds_max": SEARCH_WORLDS_MAX,
    "threads_max": 64,
    "solve_cards_max": 12,
    "solve_seconds_default": 10,
    "solve_seconds_max": SEARCH_SECONDS_MAX,
    "info_first_ms": 100,
    "info_every_ms": 250,
}
"""Every limit of the protocol (``hello`` reports them; docs/protocol.md explains them)."""

SEED_MAX = ID_INT_MAX  # seeds stay exact in every JSON reader (JavaScript's numbers)
ID_CHARS = 200
"""The longest string ``id`` a request may carry."""
SEATS = TRICK_SEATS.letters
INFO_FIRST = LIMITS["info_first_ms"] / 1000
INFO_EVERY = LIMITS["info_every_ms"] / 1000

Info = Callable[[dict[str, Any]], None]


@dataclass
class _Context:
    """What a handler may use besides its fields: the stop event and the info sink."""

    stop: threading.Event
    info: Info | None
    start: float

    def elapsed_ms(self) -> int:
        return int((time.monotonic() - self.start) * 1000)


Handler = Callable[[dict[str, Any], _Context], dict[str, Any]]
Prepare = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Command:
    """A command: its request ``fields``, whether it is a ``search`` (run on the loop's worker,
    stoppable, one at a time), a one-line ``doc`` and its ``handler``.

    ``prepare``, for a search: every check of the request that needs no search (the position
    parses, the mover's hand is known, the bot exists…), run before the search starts; it
    raises the request's error, or returns the fields for ``handler`` with what it parsed
    added under keys starting with ``_``."""

    name: str
    fields: tuple[Field, ...]
    search: bool
    doc: str
    handler: Handler
    prepare: Prepare | None = None


# -- shared checks ------------------------------------------------------------------------


def _position(text: str) -> Position:
    try:
        return Position(text)
    except duidiao.NotationError as exc:
        raise ProtocolError("bad_position", str(exc), field="position") from None


def _live(position: Position) -> str:
    """The seat to move; ``hand_over`` when there is none."""
    turn = position.turn
    if turn is None:
        raise ProtocolError("hand_over", "the hand is over: every card is played")
    return turn


def _known_mover(position: Position) -> str:
    turn = _live(position)
    hidden = position.unknown[turn]
    if hidden:
        raise ProtocolError(
            "hidden_cards",
            f"{turn} is to move and {hidden} of its cards are hidden in the position: "
            f"give the position as {turn} sees it",
        )
    return turn


def _cards(text: str, field: str) -> Cards:
    try:
        return Cards.parse(text)
    except duidiao.NotationError as exc:
        raise ProtocolError("bad_request", f"{field}: {exc}", field=field) from None


def _move_of(position: Position, text: str, field: str) -> duidiao.Move:
    try:
        return position.parse_move(text)
    except duidiao.NotationError as exc:
        message = str(exc)
        if message.startswith("move: "):
            message = message[len("move: "):]
        raise ProtocolError("bad_request", f"{field}: {message}", field=field) from None


def _depends_on_hidden(exc: duidiao.IllegalMoveError) -> bool:
    # A throw whose fate the hidden cards decide (the core's reason for the refusal).
    return exc.reason == "throw_unknown"


def _trick_dict(position: Position, trick: duidiao.Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "plays": [position.format_cards(p) for p in trick.plays],
        "winner": trick.winner,
        "points": trick.points,
    }


class _Ticker:
    """While a search runs: an info line after ``info_first_ms`` and then every
    ``info_every_ms`` (unless ``quiet``) — ``known``'s items, if any, and ``elapsed_ms`` —
    and ``on_stop`` called once the stop event is set."""

    def __init__(
        self, ctx: _Context, on_stop: Callable[[], None] | None = None, quiet: bool = False,
        known: dict[str, Any] | None = None,
    ) -> None:
        self.ctx, self.on_stop, self.quiet = ctx, on_stop, quiet
        self.known = {} if known is None else known
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="duidiao-ticker", daemon=True)

    def __enter__(self) -> _Ticker:
        if self.on_stop is not None or (self.ctx.info is not None and not self.quiet):
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        if self.thread.is_alive():
            self.thread.join()

    def _run(self) -> None:
        ctx = self.ctx
        next_info = ctx.start + INFO_FIRST
        stopped = False
        while not self.done.wait(0.01):
            if not stopped and self.on_stop is not None and ctx.stop.is_set():
                stopped = True
                self.on_stop()
            now = time.monotonic()
            if ctx.info is not None and not self.quiet and now >= next_info:
                next_info = now + INFO_EVERY
                ctx.info({**dict(self.known), "elapsed_ms": ctx.elapsed_ms()})


# -- commands ------------------------------------------------------------------------------


def _position_field() -> Str:
    return Str(
        "position",
        doc="a position string (docs/notation.md)",
        required=True,
        max_chars=int(LIMITS["position_chars"]),
    )


def _hello(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    return {
        "engine": "duidiao",
        "version": duidiao.__version__,
        "protocol": PROTOCOL,
        "formats": formats.versions(),
        "presets": list(duidiao.PRESETS),
        "game_presets": list(duidiao.GAME_PRESETS),
        "climbing_presets": list(climbing.PRESETS),
        "objectives": ["score", "points"],
        "bots": botlib.bot_table(),
        "commands": list(COMMANDS),
        "limits": dict(LIMITS),
    }


def _legal(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return climbing.legal(args, int(LIMITS["legal_max"]))
    position = _position(args["position"])
    turn = _known_mover(position)
    count = position.count_legal_moves()
    limit, offset = args["limit"], args["offset"]
    moves: list[str] = []
    order = "notation"
    if count <= LIMITS["legal_list_max"]:
        moves = [str(m) for m in position.legal_moves()[offset:offset + limit]]
    else:  # millions of throws (rules §10.3): a page in the engine's order, never all of them
        order = "engine"
        moves = [str(m) for m in position.legal_moves_page(offset, limit)]
    return {"turn": turn, "count": count, "offset": offset, "order": order, "moves": moves,
            "truncated": len(moves) < count}


def _check(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return climbing.check(args)
    position = _position(args["position"])
    turn = _live(position)
    move = _move_of(position, args["cards"], "cards")
    try:
        _, played = position.played(move)
    except duidiao.IllegalMoveError as exc:
        if _depends_on_hidden(exc):
            return {"turn": turn, "legal": True, "played": None, "fails": None,
                    "reason": str(exc)}
        return {"turn": turn, "legal": False, "played": None, "fails": None, "reason": str(exc)}
    return {
        "turn": turn,
        "legal": True,
        "played": str(played),
        "fails": played.cards != move.cards,
        "reason": None,
    }


def _move_prepare(args: dict[str, Any]) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return args
    position = _position(args["position"])
    turn = _known_mover(position)
    if args["ms"] is not None and args["worlds"] is not None:
        raise ProtocolError("bad_request", "worlds: give ms or worlds, not both", field="worlds")
    name = botlib.with_budget(args["bot"], args["ms"], args["worlds"])
    botlib.check_budget(name, int(LIMITS["move_ms_max"]), int(LIMITS["move_worlds_max"]))
    bot = botlib.make_bot(name, args["seed"])
    return {**args, "_position": position, "_turn": turn, "_name": name, "_bot": bot}


def _move(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return {**climbing.move(args), "stopped": False, "elapsed_ms": ctx.elapsed_ms()}
    position: Position = args["_position"]
    turn, name, bot = args["_turn"], args["_name"], args["_bot"]
    with _Ticker(ctx, on_stop=getattr(bot, "stop", None)):
        move = duidiao.bots.play_position(bot, position)
    values = [v.to_dict() for v in getattr(bot, "last_values", ())]
    return {
        "turn": turn,
        "move": str(position.parse_move(move)),
        "bot": name,
        "values": values,
        "stopped": ctx.stop.is_set(),
        "elapsed_ms": ctx.elapsed_ms(),
    }


def _exposed_of(position: Position, raw: Mapping[str, str] | None) -> dict[str, Cards]:
    out: dict[str, Cards] = {}
    for seat, text in (raw or {}).items():
        field = f"exposed.{seat}"
        cards = _cards(text, field)
        known = position.hands[seat]
        missing = [c for c in cards if cards.count(c) > known.count(c)]
        if missing:
            raise ProtocolError(
                "bad_request",
                f"{field}: {seat} is not known to hold {missing[0]} in the position",
                field=field,
            )
        out[seat] = cards
    return out


def _play(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return climbing.play(args)
    position = _position(args["position"])
    mover = _live(position)
    move = _move_of(position, args["move"], "move")
    exposed = _exposed_of(position, args["exposed"])
    try:
        after, played = position.played(move)
    except duidiao.IllegalMoveError as exc:
        code = "hidden_cards" if _depends_on_hidden(exc) else "illegal_move"
        raise ProtocolError(code, str(exc)) from None
    if mover in exposed:
        exposed[mover] = still_held(exposed[mover], after.hands[mover])
    done = after.tricks[-1] if len(after.tricks) > len(position.tricks) else None
    result = None
    if after.is_over and after.kitty is not None:
        result = after.result().to_dict()
    return {
        "seat": mover,
        "played": str(played),
        "fails": played.cards != move.cards,
        "position": str(after),
        "turn": after.turn,
        "trick": None if done is None else _trick_dict(after, done),
        "points": after.points,
        "is_over": after.is_over,
        "result": result,
        "views": seat_views(after, exposed),
        "exposed": exposed_text(after, exposed),
    }


def _record(decision: Decision, obs: Observation) -> dict[str, Any]:
    """A decision in its record form (docs/records.md), card lists in the hand's order once
    the trump is known: what ``Game.apply`` takes as it is."""
    order = None if obs.trump is None else (obs.level, TRUMP_LETTERS.index(obs.trump))
    return decision.to_dict(order)


def _deal(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if args["preset"] in climbing.PRESETS:
        return climbing.deal(args)
    if args["first_drawer"] is not None and args["first_drawer"] not in SEATS:
        raise ProtocolError("bad_request", f"first_drawer: {args['first_drawer']!r} is not a "
                            f"seat of {args['preset']} ({' '.join(SEATS)})", field="first_drawer")
    seed = args["seed"]
    try:
        game = Game.deal(
            seed,
            rules=args["preset"],
            declarer=args["declarer"],
            first_drawer=args["first_drawer"],
            levels=args["levels"],
        )
    except ValueError as exc:
        raise ProtocolError("bad_request", f"levels: {exc}", field="levels") from None
    seat_bots = [botlib.make_bot(args["bot"], seed + i) for i in range(4)]
    while game.phase not in ("play", "over"):
        seat = game.to_act
        assert seat is not None
        step(game, seat_bots[SEATS.index(seat)])
    position = game.position()
    exposed = {seat: game.exposed(seat) for seat in SEATS}
    return {
        "preset": args["preset"],
        "seed": seed,
        "position": str(position),
        "turn": position.turn,
        "declarer": position.declarer,
        "trump": position.trump,
        "level": position.level,
        "levels": position.levels,
        "first_drawer": game.first_drawer,
        "dry": position.dry,
        "stake": position.stake,  # rules §11.9: 1 but under rules with stakes
        "kitty": str(position.kitty),
        "views": seat_views(position, exposed),
        "exposed": exposed_text(position, exposed),
        "decisions": [d.to_dict() for d in game.history],
    }


def _analyse_prepare(args: dict[str, Any]) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return args
    position = _position(args["position"])
    _known_mover(position)
    return {**args, "_position": position}


def _analyse(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    if climbing.is_climbing(args["position"]):
        return {**climbing.analyse(args), "stopped": False, "elapsed_ms": ctx.elapsed_ms()}
    position: Position = args["_position"]
    last = [ctx.start + INFO_FIRST - INFO_EVERY]

    def progress(done: duidiao.AnalysisProgress) -> bool:
        now = time.monotonic()
        if ctx.info is not None and now - last[0] >= INFO_EVERY:
            last[0] = now
            ctx.info({
                "worlds": int(done),
                "best": None if done.best is None else str(position.parse_move(done.best)),
                "mean": round(float(done.mean), 4),
                "elapsed_ms": ctx.elapsed_ms(),
            })
        return True

    analysis = duidiao.analyse(
        position,
        seconds=args["seconds"],
        worlds=args["worlds"],
        threads=args["threads"],
        seed=args["seed"],
        solve_cards=args["solve_cards"],
        infer_pool=args["infer"],
        infer_miss=args["miss"],
        progress=progress,
        stop=ctx.stop,
    )
    out = analysis.to_dict()
    out["best"] = str(analysis.best.move)
    out["stopped"] = ctx.stop.is_set()
    out["elapsed_ms"] = ctx.elapsed_ms()
    return out


def _solve_prepare(args: dict[str, Any]) -> dict[str, Any]:
    position = _position(args["position"])
    turn = _live(position)
    for seat, hidden in position.unknown.items():
        if hidden:
            raise ProtocolError(
                "hidden_cards",
                f"solve needs every hand, and {hidden} of {seat}'s cards are hidden "
                "(analyse a seat's view instead)",
            )
    size = max(len(cards) for cards in position.hands.values())
    if size > LIMITS["solve_cards_max"]:
        raise ProtocolError(
            "bad_request",
            f"position: solve takes at most {LIMITS['solve_cards_max']} cards per hand, and a "
            f"hand here holds {size} (analyse the position instead)",
            field="position",
        )
    return {**args, "_position": position, "_turn": turn}


def _solve(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    position: Position = args["_position"]
    known: dict[str, Any] = {}  # the best move once found: the info lines tell it

    def told(move: Move, value: int) -> None:
        known.update(best=str(move), value=value)

    with _Ticker(ctx, known=known):
        # A limit or a stop still answers every move, with its proven bounds; an exact solve
        # finds the best move first, so that a limit leaves it exact more often.
        # The default table, not the command line's 256 MiB for large hands: the kernel
        # zeroes a table's pages as the first nodes touch them, with no stop check between,
        # and 256 MiB held a stop up to 0.8 s on a loaded machine (16 MiB: a few ms).
        solution = duidiao.solve(position, args["objective"], stop=ctx.stop,
                                 seconds=args["seconds"], within=args["within"], on_best=told)
    out = solution.to_dict()
    out["best"] = str(solution.best)
    out["stopped"] = ctx.stop.is_set()
    out["elapsed_ms"] = ctx.elapsed_ms()
    return out


def _observation_error(message: str) -> ProtocolError:
    """``bad_request`` for Observation.from_dict's message (``observation: seat: …``), naming
    the key it is about when it says."""
    if not message.startswith("observation"):
        message = f"observation: {message}"
    key = re.match(r"observation: ([a-z_]+(?:\.[SENW])?)[: ]", message)
    field = "observation" if key is None else f"observation.{key.group(1)}"
    return ProtocolError("bad_request", message, field=field)


def _decide(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    try:
        obs = Observation.from_dict(args["observation"])
    except ValueError as exc:
        raise _observation_error(str(exc)) from None
    if obs.seat is None:
        raise ProtocolError(
            "bad_request",
            "observation.seat: a decision is made from the seat's own observation, not null",
            field="observation.seat",
        )
    if obs.phase == "over":
        raise ProtocolError("hand_over", "the hand is over: there is nothing to decide")
    if obs.phase == "play":
        raise ProtocolError(
            "bad_request",
            "observation.phase: a play is asked with move (the observation's position)",
            field="observation.phase",
        )
    bot = botlib.make_bot(args["bot"], args["seed"])
    return {"seat": obs.seat, "phase": obs.phase, "decision": _record(decide(bot, obs), obs)}


def _stop(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    # The loop answers stop itself; a lone request has no search to stop.
    return {"stopped": None}


def _quit(args: dict[str, Any], ctx: _Context) -> dict[str, Any]:
    return {}


def _seed_field(required: bool = False, default: Any = 0) -> Int:
    return Int(
        "seed",
        doc="a seed for repeatable answers",
        required=required,
        default=default,
        minimum=0,
        maximum=SEED_MAX,
    )


def _bot_field(required: bool = True, default: Any = None) -> Str:
    return Str(
        "bot",
        doc="a bot name: random, heuristic, pimc, pimc:worlds=16, pimc:ms=50, pimc-oracle…",
        required=required,
        default=MISSING if default is None else default,
        max_chars=int(LIMITS["bot_chars"]),
    )


_COMMAND_LIST = (
    Command("hello", (), False, "the engine, the protocol version, presets, bots, limits",
            _hello),
    Command(
        "legal",
        (
            _position_field(),
            Int("limit", doc="the most moves listed", default=int(LIMITS["legal_default"]),
                minimum=0, maximum=int(LIMITS["legal_max"])),
            Int("offset", doc="the moves listed start at this one (paging)", default=0),
        ),
        False,
        "the number of legal moves of the seat to move, and a page of them (notation order; "
        "the engine's own order for more than legal_list_max)",
        _legal,
    ),
    Command(
        "check",
        (
            _position_field(),
            Str("cards", doc="the cards to play, a card list", required=True,
                max_chars=int(LIMITS["cards_chars"])),
        ),
        False,
        "whether the seat to move may play these cards, or why not",
        _check,
    ),
    Command(
        "move",
        (
            _position_field(),
            _bot_field(),
            Int("ms", doc="a time budget in milliseconds, replacing the bot's own", minimum=1,
                maximum=int(LIMITS["move_ms_max"])),
            Int("worlds", doc="a number of worlds, replacing the bot's own budget", minimum=1,
                maximum=int(LIMITS["move_worlds_max"])),
            _seed_field(),
        ),
        True,
        "a bot's play from the position (the seat to move's view)",
        _move,
        _move_prepare,
    ),
    Command(
        "play",
        (
            _position_field(),
            Str("move", doc="the cards played, a card list", required=True,
                max_chars=int(LIMITS["cards_chars"])),
            PerSeat("exposed", doc="per seat, the cards every player knows it holds "
                    "(from deal's or the last play's reply)",
                    max_chars=int(LIMITS["cards_chars"])),
        ),
        False,
        "play a move: the new position, every seat's view, the trick completed, the result",
        _play,
    ),
    Command(
        "deal",
        (
            Choice("preset", doc="the rules preset", default="chifeng",
                   choices=(*duidiao.GAME_PRESETS, *climbing.PRESETS)),
            _seed_field(required=True, default=None),
            Levels("levels", doc="both teams' levels (default: both at the foot of the preset's "
                   "ladder: A, or 2 in tractor and shanghai)"),
            Choice("declarer", doc="the declarer fixed before the deal; absent: 抢庄, a "
                   "match's first hand", choices=tuple(SEATS)),
            Choice("first_drawer", doc="the seat that draws first (default: the declarer, "
                   "else drawn from the seed)", choices=(*SEATS, *GOUJI_SEATS.letters)),
            _bot_field(required=False, default="heuristic"),
        ),
        False,
        "shuffle and deal a hand, let bots make every decision before the play, and give "
        "the play's first position (the full one: a kitty buried face down is in it, hidden "
        "in the views of all but the declarer)",
        _deal,
    ),
    Command(
        "analyse",
        (
            _position_field(),
            Num("seconds", doc="the time budget (when worlds is absent)", default=1.0,
                above=0.0, maximum=float(LIMITS["analyse_seconds_max"])),
            Int("worlds", doc="search exactly this many worlds instead", minimum=1,
                maximum=int(LIMITS["analyse_worlds_max"])),
            _seed_field(default=None),
            Int("threads", doc="search threads (default: every core)", minimum=1,
                maximum=int(LIMITS["threads_max"])),
            Int("solve_cards", doc="solve worlds exactly from this many cards in hand "
                "(default: the expert bot's)", default=_EXPERT["solve_cards"], minimum=0,
                maximum=HAND_CARDS),
            Int("infer", doc="inference from the play: weigh this many times the worlds and "
                "search the likeliest (default: the expert bot's; 1: none)",
                default=_EXPERT["infer_pool"], minimum=1, maximum=64),
            Num("miss", doc="inference: a world's weight per past play the heuristic would "
                "not have made (default: the expert bot's)", default=_EXPERT["infer_miss"],
                above=0.0, maximum=1.0),
        ),
        True,
        "rank the legal moves of the seat to move by Monte Carlo search",
        _analyse,
        _analyse_prepare,
    ),
    Command(
        "solve",
        (
            _position_field(),
            Choice("objective", doc="score (hand score difference) or points (the defenders' "
                   "final points)", default="score", choices=("score", "points")),
            Num("seconds", doc="the time limit", default=float(LIMITS["solve_seconds_default"]),
                above=0.0, maximum=float(LIMITS["solve_seconds_max"])),
            Int("within", doc="the best move exact, every other move to within this many "
                "points (0: every move exact; null: the others only proven no better)",
                default=0, minimum=0, maximum=ID_INT_MAX, nullable=True),
        ),
        True,
        "the exact value of every legal move when every hand is known",
        _solve,
        _solve_prepare,
    ),
    Command(
        "decide",
        (
            Obj("observation", doc="the seat's observation (Observation.to_dict())",
                required=True),
            _bot_field(),
            _seed_field(),
        ),
        False,
        "a bot's declare, bury, 抢牌 or 潇洒 decision from the seat's observation",
        _decide,
    ),
    Command("stop", (), False, "make the running search answer now with the best so far",
            _stop),
    Command("quit", (), False, "end the engine (exit status 0)", _quit),
)

COMMANDS: dict[str, Command] = {c.name: c for c in _COMMAND_LIST}
"""Every command by name, in the order docs/protocol.md describes them."""

SEARCH_COMMANDS = tuple(c.name for c in _COMMAND_LIST if c.search)


def request_id(request: Mapping[str, Any]) -> Any:
    """The request's ``id`` if it is one the protocol echoes (a string of at most
    :data:`ID_CHARS` characters, an integer within ±(2**53 − 1), or null), else a
    ``bad_request``."""
    return check_id(request, ID_CHARS)


def command_of(request: Any) -> Command:
    """The request's command, or the ``bad_request`` / ``unknown_command`` error."""
    if not isinstance(request, dict):
        raise ProtocolError("bad_request",
                            f"a request is a JSON object, not {type_name(request)}")
    return COMMANDS[check_kind(request, "cmd", COMMANDS, "unknown_command")]


def error_reply(rid: Any, error: WireError) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": error.to_dict()}


def _failure(rid: Any, exc: Exception) -> dict[str, Any]:
    """The error reply for an exception raised while answering (call it in the ``except``)."""
    if isinstance(exc, WireError):
        return error_reply(rid, exc)
    if isinstance(exc, duidiao.HiddenCardsError):
        return error_reply(rid, ProtocolError("hidden_cards", str(exc)))
    if isinstance(exc, duidiao.IllegalMoveError):
        return error_reply(rid, ProtocolError("illegal_move", str(exc)))
    # a fault of ours: logged, never sent as a traceback
    print("duidiao engine: internal error", file=sys.stderr)
    traceback.print_exc(file=sys.stderr)
    return error_reply(
        rid, ProtocolError("internal", "internal error (the engine logged it on stderr)")
    )


@dataclass(frozen=True)
class Checked:
    """A request that passed every check short of running it: its ``id``, its ``command``
    and the ``args`` its handler takes (from :func:`check_request`, for :func:`run_checked`)."""

    rid: Any
    command: Command
    args: dict[str, Any]


def check_request(request: Any) -> Checked | dict[str, Any]:
    """The request checked without running it — its id, command and fields, and for a
    search whatever needs no search (the command's ``prepare``) — or its error reply."""
    rid = None
    try:
        if isinstance(request, dict):
            rid = request_id(request)
        command = command_of(request)
        args = check_fields(command.fields, request, envelope=("id", "cmd"))
        if command.prepare is not None:
            args = command.prepare(args)
    except Exception as exc:
        return _failure(rid, exc)
    return Checked(rid, command, args)


def run_checked(
    checked: Checked,
    *,
    stop: threading.Event | None = None,
    info: Info | None = None,
) -> dict[str, Any]:
    """The reply to a request :func:`check_request` passed (``stop`` and ``info`` as for
    :func:`run_command`). Never raises on bad input."""
    try:
        ctx = _Context(stop if stop is not None else threading.Event(), info, time.monotonic())
        body = checked.command.handler(checked.args, ctx)
    except Exception as exc:
        return _failure(checked.rid, exc)
    return {"id": checked.rid, "ok": True, **body}


def run_command(
    request: dict[str, Any],
    *,
    stop: threading.Event | None = None,
    info: Info | None = None,
) -> dict[str, Any]:
    """Answer one request (a decoded JSON object) with its reply dict, which echoes ``id``
    and has ``"ok": true`` with the command's fields or ``"ok": false`` with an ``error``.
    Never raises on bad input. ``stop``: set it to make a running search answer now with the
    best so far; ``info(payload)``: called with progress payloads (``worlds``, ``best``,
    ``elapsed_ms``) while a search runs. ``stop`` and ``quit`` belong to the line loop; here
    they do nothing. The same as :func:`check_request` then :func:`run_checked`."""
    checked = check_request(request)
    if not isinstance(checked, Checked):
        return checked
    return run_checked(checked, stop=stop, info=info)


def request_schema(cmd: str) -> dict[str, Any]:
    """The JSON Schema of a ``cmd`` request (its fields, plus ``id`` and ``cmd``), from the
    field table :func:`run_command` validates with. ValueError for an unknown command."""
    command = COMMANDS.get(cmd)
    if command is None:
        raise ValueError(f"unknown command {cmd!r} (expected {', '.join(COMMANDS)})")
    envelope = {
        "id": id_schema(ID_CHARS),
        "cmd": {"const": cmd, "description": "the command (required on the line protocol)"},
    }
    return fields_schema(command.fields, f"{cmd} request", command.doc, envelope)
