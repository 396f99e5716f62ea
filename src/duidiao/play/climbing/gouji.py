"""够级 positions (rules §12, docs/notation.md "The climbing games"): read, check, print, play.

A position is the state of a hand in its play: the six hands, the finishers, the revolution, the
burns still binding from earlier rounds, and the current round as its actions. The round is
replayed through the core's answer procedure (rules §12.9–§12.10), which checks every action.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from duidiao import _climb
from duidiao.play.climbing.cards import BJ, SJ, TWO, Pile, format_pile, parse_pile
from duidiao.play.climbing.options import GAMES
from duidiao.play.climbing.tokens import (
    ActionTuple,
    action_text,
    check_cards,
    check_out,
    find_game,
    option_tokens,
    out_before,
    pile_of,
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
from duidiao.play.seats import GOUJI_SEATS

__all__ = ["GoujiPosition", "SEATS", "TEAMS"]

SEATS = GOUJI_SEATS.letters
TEAMS = ("ACE", "BDF")
HAND = 36
KEYS = (
    "with",
    "without",
    "burn_failure",
    "burn_priority",
    "luanchan_pass",
    *SEATS,
    "out",
    "revolt",
    "used",
    "burning",
    "round",
    "gone",
    "score",
)


@dataclass(frozen=True)
class GoujiPosition:
    preset: str
    options: dict[str, object]
    hands: tuple[Pile, ...]
    out: tuple[int, ...] = ()
    revolt: int | None = None
    used: int = 0
    renounced: bool = False
    burning: frozenset[int] = frozenset()
    leader: int | None = None  # the current round's leader; None when the hand is over
    actions: tuple[tuple[int, ActionTuple], ...] = ()
    gone: Pile = Pile()
    score: str | None = None
    _core: Any = field(default=None, compare=False, repr=False)

    # -- reading and writing ----------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> GoujiPosition:
        preset, f = split_tokens(text, KEYS)
        game = find_game(preset, "gouji")
        options = read_options(game, preset, f)
        hands = []
        for letter in SEATS:
            if letter not in f:
                raise NotationError(f"{letter}: missing (every seat's hand is given, - when empty)")
            hands.append(parse_pile(f[letter], letter))
        out = seat_list(f["out"], SEATS, "out") if "out" in f else ()
        revolt = None
        if "revolt" in f:
            if not options["revolution"]:
                raise NotationError(f"revolt: no 革命 under {preset} (option revolution is off)")
            revolt = seat_of(f["revolt"], SEATS, "revolt")
            if revolt in out:
                raise NotationError("revolt: the revolutionary never goes out")
        used, renounced = 0, False
        if "used" in f:
            who, colon, what = f["used"].partition(":")
            if revolt is None:
                raise NotationError("used: no revolutionary (revolt=) to count chances against")
            if seat_of(who, SEATS, "used") != (revolt + 3) % 6:
                raise NotationError(
                    f"used: {who} is not the 对头 of the revolutionary {SEATS[revolt]}"
                )
            if what == "renounced":
                renounced = True
            elif what in ("0", "1", "2", "3") and colon:
                used = int(what)
            else:
                raise NotationError(f"used: {what!r} is not 0-3 or renounced")
        burning = (
            frozenset(seat_list(f["burning"], SEATS, "burning")) if "burning" in f else frozenset()
        )
        gone = parse_pile(f["gone"], "gone", hidden_allowed=False) if "gone" in f else Pile()
        leader: int | None = None
        actions: tuple[tuple[int, ActionTuple], ...] = ()
        if "round" in f:
            leader, actions = _read_round(f["round"])
        position = cls(
            preset,
            options,
            tuple(hands),
            out,
            revolt,
            used,
            renounced,
            burning,
            leader,
            actions,
            gone,
            read_score(f["score"], TEAMS) if "score" in f else None,
        )
        position._check()
        return position

    def __str__(self) -> str:
        game = GAMES["gouji"]
        parts = [self.preset, *option_tokens(game, self.preset, self.options)]
        parts += [f"{s}={format_pile(h)}" for s, h in zip(SEATS, self.hands)]
        if self.out:
            parts.append("out=" + ",".join(SEATS[s] for s in self.out))
        if self.revolt is not None:
            parts.append(f"revolt={SEATS[self.revolt]}")
            opp = SEATS[(self.revolt + 3) % 6]
            if self.renounced:
                parts.append(f"used={opp}:renounced")
            elif self.used:
                parts.append(f"used={opp}:{self.used}")
        if self.burning:
            parts.append("burning=" + ",".join(SEATS[s] for s in sorted(self.burning)))
        if self.leader is not None:
            acts = "/".join(f"{SEATS[s]}:{action_text(a)}" for s, a in self.actions)
            parts.append(f"round={acts}" if acts else f"round={SEATS[self.leader]}:")
        if self.gone.size:
            parts.append(f"gone={format_pile(self.gone)}")
        if self.score is not None:
            parts.append(f"score={self.score}")
        return " ".join(parts)

    # -- the checks ---------------------------------------------------------------------
    def _check(self) -> None:
        check_cards(self.hands, self.gone, self.actions, SEATS, "够级", HAND, "rules §12.3")
        staying = () if self.revolt is None else (self.revolt,)
        check_out(self.hands, self.out, SEATS, staying)
        if self.revolt is not None:
            hand = self.hands[self.revolt]
            if hand.counts[BJ] or hand.counts[SJ] or hand.counts[TWO] or hand.size != HAND:
                raise NotationError(
                    f"revolt: {SEATS[self.revolt]} holds {format_pile(hand)}; the "
                    f"revolutionary keeps the {HAND} cards he was dealt, without a joker or a 2 "
                    "(rules §12.13)"
                )
        if self.leader is None:
            if not self._team_out():
                raise NotationError("round: missing (the hand is on: round=SEAT: names the leader)")
            if self.burning:
                raise NotationError("burning: the hand is over")
            return
        if self._team_out() and not self.actions:
            raise NotationError("round: the hand is over (a team is all out), no round is played")
        for s in self.burning:
            # bound since a burn of his stood, so he won the last round and leads this one,
            # and no longer once 四人乱缠 begins (rules §12.9.5)
            if s != self.leader:
                raise NotationError(
                    f"burning: {SEATS[s]} is not the round's leader (a burner whose burn stood "
                    "leads the next round; beaten, he is released: rules §12.9.5)"
                )
            if len(out_before(self.out, self.actions)) >= 2:
                raise NotationError("burning: no burns bind in 四人乱缠 (rules §12.9.5, §12.10)")
        self._replay()  # a view too: hidden cards stand for whatever its seats played

    def _team_out(self) -> bool:
        gone = set(self.out) | ({self.revolt} if self.revolt is not None else set())
        return any(all(s in gone for s in range(t, 6, 2)) for t in (0, 1))

    def _replay(self) -> None:
        """Replays the round from its start through the core, each action checked."""
        assert self.leader is not None
        revolt = () if self.revolt is None else (self.revolt,)
        start, earlier, went_out = round_start(self.hands, self.out, self.leader, self.actions,
                                               SEATS, revolt)
        core = _climb.Gouji(
            [(h.counts, 0, h.hidden) for h in start],
            list(earlier),
            self.leader,
            -1 if self.revolt is None else self.revolt,
            self.used,
            self.renounced,
            burning=[s in self.burning for s in range(6)],
            yield_on_gouji=bool(self.options["yield_on_gouji"]),
            luanchan_hard=self.options["luanchan_pass"] == "hard",
            burn_order=self.options["burn_priority"] == "order",
        )
        replay_round(core, self.actions, SEATS, earlier, went_out)
        object.__setattr__(self, "_core", core)

    # -- playing --------------------------------------------------------------------------
    def _game(self) -> _climb.Gouji:
        if self._core is None:
            if self.leader is None:
                raise HiddenCardsError("the hand is over")
            self._replay()
        return self._core

    def to_act(self) -> str | None:
        if self.leader is None:
            return None
        core = self._game()
        return None if core.over() else SEATS[core.to_act()]

    def legal(self) -> list[str]:
        if self.leader is None:
            return []
        core = self._game()
        if core.hand(core.to_act())[2]:
            raise HiddenCardsError(
                f"{SEATS[core.to_act()]}'s hand is hidden: its legal actions are not known"
            )
        return [action_text(a) for a in core.legal()]

    def play(self, action: str) -> GoujiPosition:
        if self.leader is None:
            raise IllegalMoveError("the hand is over")
        core = self._game()
        seat = core.to_act()
        a = read_action(action, "action", None, True)
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
        places = [SEATS[s] for s in core.places()]
        a, b = core.scores()
        return places, {TEAMS[0]: a, TEAMS[1]: b}


def _after(
    before: GoujiPosition, core: _climb.Gouji, action: tuple[int, ActionTuple]
) -> GoujiPosition:
    """The position after one action: the same round, or a new one when the round ended."""
    hands = tuple(Pile(tuple(c), 0, hidden) for c, _, hidden in map(core.hand, range(6)))
    out = tuple(core.out())
    actions = before.actions + (action,)
    if core.over() or core.stage() == 0:
        gone = before.gone
        for _, a in actions:
            if a[0] == 0:
                gone = gone + pile_of(a)
        burning = frozenset(s for s, b in enumerate(core.burning()) if b)
        leader = None if core.over() else core.to_act()
        used = core.used()
        if core.over():
            burning = frozenset()
        position = replace(
            before,
            hands=hands,
            out=out,
            burning=burning,
            leader=leader,
            actions=(),
            gone=gone,
            used=used,
            _core=core,
        )
        return position
    return replace(before, hands=hands, out=out, actions=actions, _core=core)


def _ended_core(position: GoujiPosition) -> _climb.Gouji:
    """A core for a finished hand, to read its places and scores."""
    leader = next((s for s in range(6) if s not in position.out and s != position.revolt), 0)
    return _climb.Gouji(
        [(h.counts, 0, h.hidden) for h in position.hands],
        list(position.out),
        leader,
        -1 if position.revolt is None else position.revolt,
        position.used,
        position.renounced,
        burning=[False] * 6,
    )


def _read_round(text: str) -> tuple[int, tuple[tuple[int, ActionTuple], ...]]:
    items = text.split("/")
    if len(items) == 1 and items[0].endswith(":") and len(items[0]) == 2:
        return seat_of(items[0][0], SEATS, "round"), ()
    actions = []
    for item in items:
        who, colon, what = item.partition(":")
        if not colon or not what:
            raise NotationError(f"round: {item!r} is not SEAT:ACTION")
        actions.append((seat_of(who, SEATS, "round"), read_action(what, "round", None, True)))
    return actions[0][0], tuple(actions)
