"""A test judge for Botzone's Tractor (双升): one deal, as docs/botzone.md describes the
platform's judge, written from that description (no code of Botzone's).

:class:`Deal` is the match's state: it says who is asked next and what (:meth:`Deal.request`)
and takes each answer (:meth:`Deal.answer`), ending the match at the first illegal one (a
:class:`Foul`: the offender −3, the partner 0, the opponents +1). :func:`judge` is the same in
Botzone's own shape: a pure function of the log and ``initdata`` that prints the next
``request`` or the ``finish``, so the platform's real judge could be put beside it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from duidiao.botzone import rules
from duidiao.botzone.rules import FOUL_SCORES, Trumps

__all__ = ["Deal", "Foul", "judge", "DEAL_TURNS"]

DEAL_TURNS = 100
"""Cards dealt one a turn: 25 to each seat; the other 8 are the kitty."""


@dataclass
class Foul(Exception):
    """An illegal answer: it ends the match. ``code`` is the judge's error name."""

    seat: int
    code: str
    message: str

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.code}: {self.message}"


def _int_field(initdata: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = initdata.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"initdata: {name} must be an integer {low}…{high}, not {value!r}")
    return value


@dataclass
class Deal:
    """One Botzone match (one deal). ``initdata`` may give ``seed`` (the shuffle and the
    fallbacks), ``allocation`` (4 lists of 25 ids, by seat) with ``publiccard`` (the 8 kitty
    ids), ``level`` (a rank character, default ``"2"``), ``banker`` (a seat; the first to be
    dealt a card, and the banker when ``first_round`` is false) and ``first_round`` (default
    true: the banker is whoever declares)."""

    initdata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        data = dict(self.initdata)
        seed = _int_field(data, "seed", 0, 0, 2**63 - 1)
        self._rng = random.Random(seed)
        self.level = str(data.get("level", "2"))
        Trumps(self.level, "n")  # the level is checked here
        self.first_round = bool(data.get("first_round", True))
        self.start = _int_field(data, "banker", 0, 0, 3)
        self.deck = self._deck(data)
        self.dealt: list[list[int]] = [[] for _ in range(4)]
        self.kitty = self.deck[DEAL_TURNS:]
        self.called = self.snatched = -1
        self.major = ""
        self.banker = -1 if self.first_round else self.start
        self.stage = "deal"
        self.turn = 0  # deal turns so far
        self.hands: list[list[int]] = []
        self.buried: list[int] = []
        self.trumps: Trumps | None = None
        self.leader = -1
        self.trick: list[list[int]] = []
        self.previous: list[list[int]] = []
        self.previous_leader = -1
        self.tricks = 0
        self.score = 0  # the defenders' points: tricks, throw penalties, the kitty
        self.scores: tuple[int, int, int, int] | None = None
        self.foul: Foul | None = None
        self.events: list[str] = []

    def _deck(self, data: Mapping[str, Any]) -> list[int]:
        """The 108 ids in dealing order, the kitty last."""
        if "allocation" in data:
            hands = data["allocation"]
            kitty = data.get("publiccard")
            if (not isinstance(hands, list) or len(hands) != 4
                    or any(not isinstance(h, list) or len(h) != 25 for h in hands)
                    or not isinstance(kitty, list) or len(kitty) != 8):
                raise ValueError("initdata: allocation must be 4 lists of 25 ids and "
                                 "publiccard a list of 8")
            order = [hands[(self.start + t) % 4][t // 4] for t in range(DEAL_TURNS)] + kitty
            if sorted(order) != list(rules.IDS):
                raise ValueError("initdata: allocation and publiccard must hold each id "
                                 "0…107 once")
            return order
        ids = list(rules.IDS)
        self._rng.shuffle(ids)
        return ids

    # -- what the judge asks ------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.scores is not None

    def _global(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "first_round": self.first_round,
            "level": self.level,
            "banking": {"called": self.called, "snatched": self.snatched,
                        "major": self.major, "banker": self.banker},
        }
        if self.stage == "play":
            value["total_score"] = self.score
        return value

    def request(self) -> tuple[int, dict[str, Any]]:
        """The seat asked next and its request."""
        if self.finished:
            raise RuntimeError("the match is over")
        if self.stage == "deal":
            seat = (self.start + self.turn) % 4
            req: dict[str, Any] = {"stage": "deal", "deliver": [self.deck[self.turn]],
                                   "global": self._global()}
            if self.turn < 4:
                req["playerpos"] = seat
            return seat, req
        if self.stage == "cover":
            return self.banker, {"stage": "cover", "deliver": list(self.kitty),
                                 "global": self._global()}
        seat = (self.leader + len(self.trick)) % 4
        history = [[list(p) for p in self.previous], [list(p) for p in self.trick],
                   self.previous_leader, self.leader]
        return seat, {"stage": "play", "history": history, "global": self._global()}

    # -- answers ------------------------------------------------------------------------
    def answer(self, seat: int, response: Any) -> None:
        """Take ``seat``'s answer; an illegal one ends the match (:attr:`foul`, :attr:`scores`)
        and is raised as :class:`Foul`."""
        asked, _ = self.request()
        try:
            if seat != asked:
                raise Foul(seat, "NOT_YOUR_TURN", f"seat {asked} is asked, not {seat}")
            ids = self._ids(seat, response)
            if self.stage == "deal":
                self._declare(seat, ids)
            elif self.stage == "cover":
                self._cover(seat, ids)
            else:
                self._play(seat, ids)
        except Foul as foul:
            self.forfeit(foul)
            raise

    def forfeit(self, foul: Foul) -> None:
        """End the match on ``foul``: the offender −3, the partner 0, the opponents +1."""
        self.foul = foul
        partner = (foul.seat + 2) % 4
        self.scores = tuple(FOUL_SCORES[0] if s == foul.seat else FOUL_SCORES[1]
                            if s == partner else FOUL_SCORES[2]
                            for s in range(4))  # type: ignore[assignment]

    def _ids(self, seat: int, response: Any) -> list[int]:
        if (not isinstance(response, list)
                or any(not isinstance(i, int) or isinstance(i, bool) for i in response)):
            raise Foul(seat, "INVALID_FORMAT", f"a list of card ids is expected, not "
                       f"{str(response)[:80]}")
        if len(set(response)) != len(response):
            raise Foul(seat, "NOT_YOUR_POKER", "a card id is sent twice")
        held = self._held(seat)
        missing = [i for i in response if i not in held]
        if missing:
            raise Foul(seat, "NOT_YOUR_POKER", f"card {missing[0]} is not held")
        return list(response)

    def _held(self, seat: int) -> set[int]:
        if self.stage == "deal":
            return set(self.dealt[seat]) | {self.deck[self.turn]}
        if self.stage == "cover":
            return set(self.hands[seat]) | set(self.kitty)
        return set(self.hands[seat])

    def _declare(self, seat: int, ids: list[int]) -> None:
        self.dealt[seat].append(self.deck[self.turn])
        faces = [rules.face(i) for i in ids]
        if len(ids) == 1:
            k = faces[0]
            if self.called >= 0 or rules.rank_char(k) != self.level:
                raise Foul(seat, "ILLEGAL_MOVE", "a call needs a level card, and nobody "
                           "called before")
            self.called, self.major = seat, rules.suit_letter(k) or ""
        elif len(ids) == 2:
            k = faces[0]
            if (faces[1] != k or self.called < 0 or self.snatched >= 0
                    or not (k >= rules.SMALL or rules.rank_char(k) == self.level)):
                raise Foul(seat, "ILLEGAL_MOVE", "a snatch needs a pair of level cards or "
                           "jokers, after a call and before any other snatch")
            self.snatched, self.major = seat, rules.suit_letter(k) or "n"
        elif ids:
            raise Foul(seat, "INVALID_POKERTYPE", f"{len(ids)} cards cannot declare")
        if ids and self.first_round:
            self.banker = seat
            self.events.append(f"seat {seat} {'calls' if len(ids) == 1 else 'snatches'}")
        self.turn += 1
        if self.turn == DEAL_TURNS:
            if self.banker < 0:
                self.banker = self._rng.randrange(4)
            if not self.major:
                self.major = self._rng.choice("shcd")
            self.trumps = Trumps(self.level, self.major)
            self.hands = [list(h) for h in self.dealt]
            self.stage = "cover"

    def _cover(self, seat: int, ids: list[int]) -> None:
        if len(ids) != len(self.kitty):
            raise Foul(seat, "INVALID_POKERTYPE", f"{len(self.kitty)} cards are buried, "
                       f"not {len(ids)}")
        hand = self.hands[seat] + list(self.kitty)
        self.buried = ids
        self.hands[seat] = [i for i in hand if i not in set(ids)]
        self.stage, self.leader = "play", seat
        self.previous_leader = seat  # Botzone's first play request: [[], [], banker, banker]

    def _defends(self, seat: int) -> bool:
        return seat % 2 != self.banker % 2

    def _play(self, seat: int, ids: list[int]) -> None:
        trumps = self.trumps
        assert trumps is not None
        if not self.trick:
            reason = trumps.lead_error(ids)
            if reason:
                raise Foul(seat, "INVALID_POKERTYPE", reason)
            others = [self.hands[s] for s in range(4) if s != seat]
            failed = trumps.failed_units(ids, others)
            if failed:
                penalty = 10 * sum(u.size for u in failed)
                self.score += -penalty if self._defends(seat) else penalty
                ids = trumps.failed_play(failed)
                self.events.append(f"seat {seat}'s throw fails: {penalty} points")
        else:
            reason = trumps.follow_error(self.hands[seat], self.trick[0], ids)
            if reason:
                raise Foul(seat, "ILLEGAL_MOVE", reason)
        self.hands[seat] = [i for i in self.hands[seat] if i not in set(ids)]
        self.trick.append(ids)
        if len(self.trick) < 4:
            return
        winner = (self.leader + trumps.winner(self.trick)) % 4
        if self._defends(winner):
            self.score += rules.points(i for play in self.trick for i in play)
        self.tricks += 1
        if not self.hands[winner]:  # the last trick: the kitty to the defenders who take it
            if self._defends(winner):
                self.score += rules.points(self.buried) * trumps.kitty_multiplier(self.trick[0])
            banker_team, defenders = rules.result_scores(self.score)
            self.scores = tuple(defenders if self._defends(s) else banker_team
                                for s in range(4))  # type: ignore[assignment]
        self.previous, self.previous_leader = self.trick, self.leader
        self.trick, self.leader = [], winner

    def finish(self) -> dict[str, Any]:
        """The judge's last output: each seat's score."""
        if self.scores is None:
            raise RuntimeError("the match is not over")
        return {"command": "finish",
                "content": {str(s): score for s, score in enumerate(self.scores)},
                "display": self.display()}

    def display(self) -> dict[str, Any]:
        """What the judge shows of the match now (for a log or a viewer)."""
        shown: dict[str, Any] = {"stage": self.stage, "banker": self.banker,
                                 "major": self.major, "score": self.score}
        if self.scores is not None:
            shown["scores"] = list(self.scores)
        if self.foul is not None:
            shown["foul"] = str(self.foul)
        return shown


def judge(log: Sequence[Mapping[str, Any]], initdata: Mapping[str, Any] | None = None
          ) -> dict[str, Any]:
    """Botzone's judge turn: ``log`` alternates the judge's outputs and the players' replies
    (``{"<seat>": {"response": …}}``); the answer is the next ``request`` or the ``finish``
    with each seat's score."""
    deal = Deal(initdata or {})
    for entry in log[1::2]:
        seat, _ = deal.request()
        reply = entry.get(str(seat))
        response = reply.get("response") if isinstance(reply, Mapping) else None
        try:
            deal.answer(seat, response)
        except Foul:
            break
        if deal.finished:
            break
    if deal.finished:
        return deal.finish()
    seat, req = deal.request()
    out: dict[str, Any] = {"command": "request", "content": {str(seat): req},
                           "display": deal.display()}
    if not log:
        out["initdata"] = dict(initdata or {})
    return out
