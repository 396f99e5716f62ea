"""保皇 positions (rules §13, docs/notation.md "The climbing games"): read, check, print, play.

A position is the state of a hand once the emperor has called: the emperor, the called face,
the mode (rules §13.3), the guard, the five hands, the finishers and the current round as its
actions, replayed through the core's answer procedure (rules §13.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from duidiao import _climb
from duidiao.play.climbing.cards import (
    DECK,
    SJ,
    SUITS,
    TWO,
    VALUES,
    Face,
    Pile,
    format_pile,
    parse_pile,
)
from duidiao.play.climbing.options import GAMES
from duidiao.play.climbing.tokens import (
    ActionTuple,
    action_text,
    check_cards,
    check_out,
    find_game,
    option_tokens,
    pile_of,
    placed,
    read_action,
    read_options,
    read_score,
    replay_round,
    round_start,
    seat_list,
    seat_of,
    split_tokens,
)
from duidiao.play.errors import HiddenCardsError, IllegalMoveError, NotationError
from duidiao.play.seats import BAOHUANG_SEATS

__all__ = ["BaohuangPosition", "SEATS", "MODES"]

SEATS = BAOHUANG_SEATS.letters
MODES = ("dark", "open", "solo-open", "grab")
HAND = 45  # the first drawer is dealt 44 (rules §13.2), and may be handed the marked BJ (§13.3)
KEYS = (
    "with",
    "without",
    "emperor",
    "call",
    "mode",
    "guard",
    *SEATS,
    "out",
    "round",
    "gone",
    "score",
)


@dataclass(frozen=True)
class BaohuangPosition:
    preset: str
    options: dict[str, object]
    emperor: int
    call: Face | None  # None after 抢庄
    mode: str
    guard: int | None  # None: unknown to the writer, or no guard (抢庄)
    hands: tuple[Pile, ...]
    out: tuple[int, ...] = ()
    leader: int | None = None
    actions: tuple[tuple[int, ActionTuple], ...] = ()
    gone: Pile = Pile()
    score: str | None = None
    _core: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> BaohuangPosition:
        preset, f = split_tokens(text, KEYS)
        game = find_game(preset, "baohuang")
        options = read_options(game, preset, f)
        for key in ("emperor", "mode"):
            if key not in f:
                raise NotationError(f"{key}: missing")
        emperor = seat_of(f["emperor"], SEATS, "emperor")
        mode = f["mode"]
        if mode not in MODES:
            raise NotationError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
        if mode == "grab":
            if not options["grab"]:
                raise NotationError(f"mode: no 抢庄 under {preset} (option grab is off)")
            if "call" in f or "guard" in f:
                raise NotationError("call: 抢庄 calls no face and has no guard")
            call, guard = None, None
        else:
            if "call" not in f:
                raise NotationError("call: missing (the face the emperor called, e.g. call=9C)")
            call = _read_face(f["call"])
            if call.value == TWO and options["twos_attach"]:
                raise NotationError(
                    "call: a called 2 under with=twos_attach is not played by the engine yet "
                    "(rules §13.8)"
                )
            if "guard" not in f:
                raise NotationError("guard: missing (a seat, or ? when the writer does not know)")
            guard = None if f["guard"] == "?" else seat_of(f["guard"], SEATS, "guard")
            if mode != "dark" and not options["open_guard"]:
                raise NotationError(f"mode: no 明保 under {preset} (option open_guard is off)")
            if mode == "solo-open" and guard != emperor:
                raise NotationError("guard: after 明独 the guard is the emperor himself")
            if mode == "open" and (guard is None or guard == emperor):
                raise NotationError("guard: after 明保 the guard is known and is not the emperor")
        hands = []
        for letter in SEATS:
            if letter not in f:
                raise NotationError(f"{letter}: missing (every seat's hand is given, - when empty)")
            hands.append(parse_pile(f[letter], letter, call))
        out = seat_list(f["out"], SEATS, "out") if "out" in f else ()
        gone = parse_pile(f["gone"], "gone", call, hidden_allowed=False) if "gone" in f else Pile()
        leader: int | None = None
        actions: tuple[tuple[int, ActionTuple], ...] = ()
        if "round" in f:
            leader, actions = _read_round(f["round"], call, bool(options["twos_attach"]))
        position = cls(
            preset,
            options,
            emperor,
            call,
            mode,
            guard,
            tuple(hands),
            out,
            leader,
            actions,
            gone,
            read_score(f["score"], tuple(SEATS)) if "score" in f else None,
        )
        position._check()
        return position

    def __str__(self) -> str:
        parts = [
            self.preset,
            *option_tokens(GAMES["baohuang"], self.preset, self.options),
            f"emperor={SEATS[self.emperor]}",
        ]
        if self.call is not None:
            parts.append(f"call={self.call}")
        parts.append(f"mode={self.mode}")
        if self.mode != "grab":
            parts.append("guard=" + ("?" if self.guard is None else SEATS[self.guard]))
        parts += [f"{s}={format_pile(h, self.call)}" for s, h in zip(SEATS, self.hands)]
        if self.out:
            parts.append("out=" + ",".join(SEATS[s] for s in self.out))
        if self.leader is not None:
            acts = "/".join(f"{SEATS[s]}:{action_text(a, self.call)}" for s, a in self.actions)
            parts.append(f"round={acts}" if acts else f"round={SEATS[self.leader]}:")
        if self.gone.size:
            parts.append(f"gone={format_pile(self.gone, self.call)}")
        if self.score is not None:
            parts.append(f"score={self.score}")
        return " ".join(parts)

    def _check(self) -> None:
        check_cards(self.hands, self.gone, self.actions, SEATS, "保皇", HAND,
                    "rules §13.2, §13.3")
        total = placed(self.hands, self.gone, self.actions)
        if self.call is not None and total.called > 4:
            raise NotationError(
                f"cards: {total.called} copies of the called face {self.call} "
                "(a face exists 4 times)"
            )
        check_out(self.hands, self.out, SEATS)
        if self.call is not None and self.call.value < SJ and self.guard is not None:
            holders = [s for s, h in enumerate(self.hands)
                       if h.called and s != self.emperor and not h.hidden]
            for s in holders:
                if s != self.guard:
                    raise NotationError(f"{SEATS[s]}: holds the called face {self.call}, but "
                                        f"the guard is {SEATS[self.guard]}")
        if self.guard is None and self.mode == "dark":
            for s, a in self.actions:
                if _shows_guard(self, s, a):
                    raise NotationError(
                        f"guard: {SEATS[s]} played the called face {self.call} in the round, so "
                        f"the guard is known (guard={SEATS[s]})")
        if self.leader is None:
            if not any(c.over() for c in self._ended_cores()):
                raise NotationError("round: missing (the hand is on: round=SEAT: names the leader)")
            return
        fresh = not self.out and not self.gone.size and total.size == DECK
        if fresh and self.leader != self.emperor:  # nothing played before this round
            raise NotationError(
                f"round: {SEATS[self.leader]} leads the first round, but the emperor "
                f"{SEATS[self.emperor]} does (rules §13.5)"
            )
        self._replay()

    def _ended_cores(self) -> list[_climb.Baohuang]:
        """Cores of the position taken as between rounds, one for each guard it may have."""
        if self.mode == "grab" or self.guard is not None:
            return [_ended_core(self)]
        return [_ended_core(replace(self, guard=g)) for g in range(5)]

    def _replay(self) -> None:
        if self.guard is not None or self.mode == "grab":
            object.__setattr__(self, "_core", self._replay_with(self.guard))
            return
        # A writer who does not know the guard: the turns follow if every possible guard gives the
        # same ones (only the end of the hand depends on him, rules §13.6).
        cores, first_error = [], None
        for guard in range(5):
            try:
                cores.append(self._replay_with(guard))
            except NotationError as error:
                first_error = first_error or error
        if not cores:
            assert first_error is not None
            raise first_error
        # A hand that is over would have no seat asked: a view is asked on while the hand goes
        # on, so the guards under which it goes on are the ones to follow.
        going = [c for c in cores if not c.over()] or cores
        if len({(c.over(), c.to_act()) for c in going}) > 1:
            raise HiddenCardsError("whose turn it is depends on who the hidden guard is")
        object.__setattr__(self, "_core", going[0])

    def _replay_with(self, guard_seat: int | None) -> _climb.Baohuang:
        assert self.leader is not None
        start, earlier, went_out = round_start(self.hands, self.out, self.leader, self.actions,
                                               SEATS)
        call_rank = self.call.value if self.call is not None else 0
        joker_call = call_rank >= SJ
        guard = -1 if guard_seat is None else guard_seat
        shown = self.mode != "dark" or (guard != self.emperor and start[guard].called == 0)
        core = _climb.Baohuang(
            [(h.counts, 0 if joker_call else h.called, h.hidden) for h in start],
            list(earlier),
            self.leader,
            self.emperor,
            guard,
            MODES.index(self.mode),
            shown,
            call_rank,
            yield_=bool(self.options["yield"]),
            twos_attach=bool(self.options["twos_attach"]),
            early_end=bool(self.options["early_end"]),
        )
        replay_round(core, self.actions, SEATS, earlier, went_out, self.call)
        return core

    def _game(self) -> _climb.Baohuang:
        if self._core is None:
            self._replay()
        return self._core

    def to_act(self) -> str | None:
        if self.leader is None:
            return None
        return SEATS[self._game().to_act()]

    def legal(self) -> list[str]:
        if self.leader is None:
            return []
        core = self._game()
        if core.hand(core.to_act())[2]:
            raise HiddenCardsError(
                f"{SEATS[core.to_act()]}'s hand is hidden: its legal actions are not known"
            )
        return [action_text(a, self.call) for a in core.legal()]

    def play(self, action: str) -> BaohuangPosition:
        if self.leader is None:
            raise IllegalMoveError("the hand is over")
        core = self._game()
        seat = core.to_act()
        a = read_action(action, "action", self.call, bool(self.options["twos_attach"]))
        why = core.refusal(a)
        if why:
            raise IllegalMoveError(f"{SEATS[seat]} plays {action}: {why}")
        core = core.copy()  # positions are values: this one keeps its own
        core.apply(a)
        return _after(self, core, (seat, a))

    def result(self) -> tuple[list[str], dict[str, int]]:
        if self.leader is not None:
            raise HiddenCardsError("the hand is not over")
        core = self._core if self._core is not None else _ended_core(self)
        scores = core.scores()
        return [SEATS[s] for s in core.places()], {SEATS[s]: scores[s] for s in range(5)}


def _after(
    before: BaohuangPosition, core: _climb.Baohuang, action: tuple[int, ActionTuple]
) -> BaohuangPosition:
    call = before.call
    hands = []
    for s in range(5):
        counts, called, hidden = core.hand(s)
        if call is not None and call.value >= SJ:
            called = counts[call.value]
        hands.append(Pile(tuple(counts), called, hidden))
    out = tuple(core.out())
    actions = before.actions + (action,)
    seat, a = action
    if before.guard is None and before.mode == "dark" and _shows_guard(before, seat, a):
        before = replace(before, guard=seat)
    if core.over() or core.stage() == 0:
        gone = before.gone
        for _, a in actions:
            if a[0] == 0:
                gone = gone + pile_of(a)
        leader = None if core.over() else core.to_act()
        return replace(
            before,
            hands=tuple(hands),
            out=out,
            leader=leader,
            actions=(),
            gone=gone,
            _core=core,
        )
    return replace(before, hands=tuple(hands), out=out, actions=actions, _core=core)


def _shows_guard(p: BaohuangPosition, seat: int, action: ActionTuple) -> bool:
    """Whether the action plays the called face from a seat other than the emperor's: only
    the emperor and the guard hold it, so it shows the guard to everyone (rules §13.3)."""
    call = p.call
    if seat == p.emperor or call is None:
        return False
    return bool(action[3] or (call.value >= SJ and action[5 if call.value == SJ else 6]))


def _ended_core(p: BaohuangPosition) -> _climb.Baohuang:
    leader = next((s for s in range(5) if s not in p.out), 0)
    call_rank = p.call.value if p.call is not None else 0
    guard = -1 if p.mode == "grab" else (p.guard if p.guard is not None else p.emperor)
    return _climb.Baohuang(
        [(h.counts, 0, h.hidden) for h in p.hands],
        list(p.out),
        leader,
        p.emperor,
        guard,
        MODES.index(p.mode),
        True,
        call_rank,
        yield_=bool(p.options["yield"]),
        twos_attach=bool(p.options["twos_attach"]),
        early_end=bool(p.options["early_end"]),
    )


def _read_face(text: str) -> Face:
    face = text.upper() if text.isascii() else text  # any case, 10 for T, as card lists
    if face in ("BJ", "SJ"):
        return Face(VALUES[face], " ")
    rank = "T" if face[:-1] == "10" else face[:-1]
    if len(face) >= 2 and rank in VALUES and VALUES[rank] < SJ and face[-1] in SUITS:
        return Face(VALUES[rank], face[-1])
    raise NotationError(f"call: {text!r} is not a face (a rank and a suit, 9C, or BJ or SJ)")


def _read_round(
    text: str, call: Face | None, twos_attach: bool
) -> tuple[int, tuple[tuple[int, ActionTuple], ...]]:
    items = text.split("/")
    if len(items) == 1 and items[0].endswith(":") and len(items[0]) == 2:
        return seat_of(items[0][0], SEATS, "round"), ()
    actions = []
    for item in items:
        who, colon, what = item.partition(":")
        if not colon or not what:
            raise NotationError(f"round: {item!r} is not SEAT:ACTION")
        actions.append(
            (seat_of(who, SEATS, "round"), read_action(what, "round", call, twos_attach))
        )
    return actions[0][0], tuple(actions)
