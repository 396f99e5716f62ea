"""The Botzone bot: Botzone's Tractor (双升) requests in, card ids out (docs/botzone.md).

A :class:`SeatView` is what one seat knows, rebuilt from its requests and its own responses
(Botzone sends no hand: the bot adds up what it was dealt, the kitty, its bury and the tricks).
:class:`BotzoneBot` answers each stage:

- **deal** — declaring (报主 and 反主) by the strength the suit would give as trumps;
- **cover** — the 8 cards to bury, chosen to keep trumps, points and pairs;
- **play** — duidiao's bot (``expert`` by default) asked on the position the seat sees, written
  under the ``tractor`` preset (rules §10): the tricks before as ``gone`` with the defenders'
  points, the trick in progress, the voids shown. Botzone's rules differ from the preset's
  (:mod:`duidiao.botzone.rules`), so the answer is checked by Botzone's rules before it is sent;
  when it fails, the next of the bot's ranked moves that passes is sent, and at worst a legal
  answer built from Botzone's rules alone.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from duidiao.botzone import rules
from duidiao.botzone.rules import Trumps
from duidiao.play.cards import SEATS, Cards
from duidiao.play.position import Move, Position
from duidiao.search import bots

__all__ = ["SeatView", "BotzoneBot", "InputError", "DEFAULT_BOT"]

DEFAULT_BOT = "expert"
LEGAL_MOVES_TRIED = 2000  # of the preset's legal moves, when the bot's own choices all fail


class InputError(ValueError):
    """A Botzone input this bot cannot read (named in the message)."""


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{what}: an integer {low}…{high} is expected, not {str(value)[:20]}")
    return value


def _object(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InputError(f"{what}: an object is expected")
    return value


def _ids(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or any(
            not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < 108 for i in value):
        raise InputError(f"{what}: a list of card ids 0…107 is expected")
    return list(value)


@dataclass
class SeatView:
    """What one seat knows of the match, from its requests and responses."""

    seat: int
    level: str
    major: str
    banker: int
    hand: list[int]
    stage: str
    buried: list[int] = field(default_factory=list)
    tricks: list[tuple[int, list[list[int]]]] = field(default_factory=list)  # (leader, plays)
    trick: list[list[int]] = field(default_factory=list)
    leader: int = -1
    called: int = -1
    snatched: int = -1
    dealt: int = 0
    score: int | None = None  # the judge's total_score: the defenders' points, penalties in

    @classmethod
    def from_history(cls, requests: Sequence[Any], responses: Sequence[Any]) -> SeatView:
        """The view after ``requests`` (oldest first, the last one to answer now) and the
        seat's own ``responses`` to all but the last."""
        if not requests:
            raise InputError("requests: empty")
        if len(responses) < len(requests) - 1:
            raise InputError(f"responses: {len(requests) - 1} expected, {len(responses)} given")
        first = _object(requests[0], "requests[0]")
        if "playerpos" not in first:
            raise InputError("requests[0]: the first deal request with playerpos is expected")
        seat = _int(first["playerpos"], "requests[0].playerpos", 0, 3)
        dealt: list[int] = []
        kitty: list[int] = []
        cover: list[int] = []
        tricks: list[tuple[int, list[list[int]]]] = []
        last: Mapping[str, Any] = first
        for index, req in enumerate(requests):
            req = _object(req, f"requests[{index}]")
            stage = req.get("stage")
            if stage == "deal":
                dealt += _ids(req.get("deliver"), f"requests[{index}].deliver")
            elif stage == "cover":
                kitty = _ids(req.get("deliver"), f"requests[{index}].deliver")
                if index < len(responses):
                    cover = _ids(responses[index], f"responses[{index}]")
            elif stage == "play":
                history = req.get("history")
                if not isinstance(history, list) or len(history) != 4:
                    raise InputError(f"requests[{index}].history: 4 parts are expected")
                previous = history[0]
                if not isinstance(previous, list) or not isinstance(history[1], list):
                    raise InputError(f"requests[{index}].history: two tricks are expected")
                if previous:
                    leader = _int(history[2], f"requests[{index}].history[2]", 0, 3)
                    plays = [_ids(p, f"requests[{index}].history[0]") for p in previous]
                    if not tricks or tricks[-1] != (leader, plays):
                        tricks.append((leader, plays))
            else:
                raise InputError(f"requests[{index}].stage: {stage!r} is not deal, cover "
                                 f"or play")
            last = req
        where = f"requests[{len(requests) - 1}].global"
        glob = _object(last.get("global"), where)
        stage = str(last.get("stage"))
        banking = glob.get("banking")
        if banking is None and stage == "deal":
            # Botzone's judge sends null after a declaration it did not take as one (more than
            # two cards): nothing is declared as far as this seat can tell.
            banking = {}
        banking = _object(banking, f"{where}.banking")
        level = glob.get("level", "2")
        if not isinstance(level, str) or len(level) != 1 or level not in rules.RANK_CHARS:
            raise InputError(f"{where}.level: a rank A, 2 … 9, 0, J, Q, K is expected")
        major = banking.get("major", "")
        if not isinstance(major, str) or major not in ("", *rules.TRUMP_LETTERS):
            raise InputError(f"{where}.banking.major: s, h, c, d, n or \"\" is expected")
        if stage != "deal" and not major:
            raise InputError(f"{where}.banking.major: no trumps after the deal")
        hand = Counter(dealt + kitty)
        hand.subtract(cover)
        for leader, plays in tricks:
            for offset, play in enumerate(plays):
                if (leader + offset) % 4 == seat:
                    hand.subtract(play)
        current: list[list[int]] = []
        leader = -1
        if stage == "play":
            history = last["history"]
            current = [_ids(p, "history[1]") for p in history[1]]
            leader = _int(history[3], "history[3]", 0, 3)
        banker = _int(banking.get("banker", -1), f"{where}.banking.banker", -1, 3)
        if stage != "deal" and banker < 0:
            raise InputError(f"{where}.banking.banker: no banker after the deal")
        if any(n < 0 for n in hand.values()):
            raise InputError("requests: the seat plays or buries cards it was never dealt")
        return cls(seat=seat, level=level, major=major, banker=banker,
                   hand=sorted(hand.elements()), stage=stage, buried=cover, tricks=tricks,
                   trick=current, leader=leader,
                   called=_int(banking.get("called", -1), f"{where}.banking.called", -1, 3),
                   snatched=_int(banking.get("snatched", -1), f"{where}.banking.snatched",
                                 -1, 3),
                   dealt=len(dealt),
                   score=_int(glob["total_score"], f"{where}.total_score", -10_000, 10_000)
                   if "total_score" in glob else None)

    # -- the position duidiao's bots read -----------------------------------------------
    def position(self) -> Position:
        """The play as the ``tractor`` preset writes it, from this seat's view."""
        trumps = Trumps(self.level, self.major)
        played = [0, 0, 0, 0]
        gone: list[int] = []
        voids: dict[int, set[str]] = {s: set() for s in range(4)}
        defenders = 0
        for leader, plays in self.tricks + [(self.leader, self.trick)]:
            led = trumps.shape(plays[0]).suit or "" if plays else ""
            for offset, play in enumerate(plays):
                seat = (leader + offset) % 4
                played[seat] += len(play)
                if offset and trumps.shows_void(plays[0], play):
                    voids[seat].add(led)
            if len(plays) == 4:
                gone += [i for p in plays for i in p]
                winner = (leader + trumps.winner(plays)) % 4
                if winner % 2 != self.banker % 2:
                    defenders += rules.points(i for p in plays for i in p)
        level = "T" if self.level == "0" else self.level
        trump = "NT" if self.major == "n" else self.major.upper()
        hands = []
        for s in range(4):
            if s == self.seat:
                text = rules.cards(self.hand).notation() if self.hand else "-"
            else:
                left = 25 - played[s]
                text = f"?{left}" if left else "-"
            hands.append(f"{SEATS[s]}={text}")
        tokens = ["tractor", f"level={level}", f"trump={trump}",
                  f"declarer={SEATS[self.banker]}", *hands]
        if self.seat == self.banker and self.buried:
            tokens.append("kitty=" + rules.cards(self.buried).notation())
        if gone:
            tokens += ["gone=" + rules.cards(gone).notation(),
                       f"points={self._points(defenders, gone)}"]
        shown = [f"{SEATS[s]}:" + "".join(sorted(
            "T" if v == "t" else v.upper() for v in voids[s])) for s in range(4)
            if voids[s] and s != self.seat]
        if shown:
            tokens.append("voids=" + ",".join(shown))
        tokens.append(f"trick={SEATS[self.leader]}:" + "|".join(
            rules.cards(p).notation() for p in self.trick))
        return Position("  ".join(tokens))

    def _points(self, won: int, gone: list[int]) -> int:
        """The defenders' points as the judge counts them (``total_score``: a failed throw
        costs its team 10 a card), as near as a position can write them: within what the
        tricks' point cards can make (no fewer than none, no more than they hold)."""
        if self.score is None or self.score == won:
            return won
        cards = [i for i in gone if rules.points([i])]
        most = rules.points(cards)
        points = min(max(self.score, 0), most) // 5 * 5
        if points % 10 and not any(rules.points([i]) == 5 for i in cards):
            points -= 5  # without a five, the tricks make tens only
        return points

    def ids_of(self, move: Move | Cards) -> list[int] | None:
        """The ids of the seat's cards that make ``move`` (None if it does not hold them)."""
        cards = move.cards if isinstance(move, Move) else move
        free = list(self.hand)
        chosen: list[int] = []
        for c in cards:
            match = next((i for i in free if rules.card(i) == c), None)
            if match is None:
                return None
            free.remove(match)
            chosen.append(match)
        return chosen


class BotzoneBot:
    """Answers Botzone's Tractor requests with duidiao's bot ``name`` (a level or a bot of
    :func:`duidiao.bots.make`) seeded ``seed``. :meth:`respond` takes Botzone's input."""

    def __init__(self, name: str = DEFAULT_BOT, seed: int = 0) -> None:
        self.name = name
        self.bot = bots.make(name, seed)
        self.notes: list[str] = []  # why an answer was not the bot's first choice

    def respond(self, requests: Sequence[Any], responses: Sequence[Any]) -> list[int]:
        """The response (card ids) to the last request."""
        view = SeatView.from_history(requests, responses)
        self.notes.clear()
        if view.stage == "deal":
            return declaration(view)
        if view.stage == "cover":
            return bury(view)
        return self.play(view)

    def play(self, view: SeatView) -> list[int]:
        trumps = Trumps(view.level, view.major)
        lead = view.trick[0] if view.trick else None

        def accepted(ids: list[int] | None) -> bool:
            if ids is None:
                return False
            if lead is None:
                return trumps.lead_error(ids) is None
            return trumps.follow_error(view.hand, lead, ids) is None

        try:
            position = view.position()
            first = bots.play_position(self.bot, position)
            choices: Iterable[Move] = itertools.chain(
                [first], (v.move for v in getattr(self.bot, "last_values", ())),
                itertools.islice(position.iter_legal_moves(), LEGAL_MOVES_TRIED))
            for rank, move in enumerate(choices):
                ids = view.ids_of(move)
                if accepted(ids):
                    assert ids is not None
                    if rank:
                        self.notes.append(f"{first} breaks Botzone's rules; {move} instead")
                    return ordered(trumps, ids)
        except (ValueError, RuntimeError) as exc:  # a position the preset cannot write
            self.notes.append(f"no search: {exc}")
        ids = fallback_play(trumps, view.hand, lead)
        return ordered(trumps, ids)


def ordered(trumps: Trumps, ids: Sequence[int]) -> list[int]:
    """Cards weakest first: Botzone's judge reads the first or last card of a play."""
    return sorted(ids, key=lambda i: (trumps.suit(rules.face(i)) == "t",
                                      trumps.power(rules.face(i)), i))


# -- decisions before the play -----------------------------------------------------------
def _trump_count(hand: Iterable[int], level: str, suit: str) -> int:
    trumps = Trumps(level, suit)
    return sum(1 for i in hand if trumps.suit(rules.face(i)) == "t")


def declaration(view: SeatView) -> list[int]:
    """报主 or 反主 when the suit would make a strong trump hand; else pass (``[]``). The bar
    rises with the cards dealt so far: about 10 trumps of 25."""
    hand = view.hand
    need = 0.3 * view.dealt + 2
    level_cards = [i for i in hand if rules.rank_char(rules.face(i)) == view.level]
    if view.called < 0:
        counted = [(_trump_count(hand, view.level, rules.suit_letter(rules.face(i)) or "n"), i)
                   for i in level_cards]
        count, best = max(counted, default=(0, -1))
        return [best] if counted and count >= need else []
    if view.snatched >= 0 or view.called % 2 == view.seat % 2:
        return []  # one snatch a deal; never over the own team's call
    by_face: dict[int, list[int]] = {}
    for i in level_cards:
        by_face.setdefault(rules.face(i), []).append(i)
    for ids in sorted(by_face.values(), key=lambda ids: -_trump_count(
            hand, view.level, rules.suit_letter(rules.face(ids[0])) or "n")):
        suit = rules.suit_letter(rules.face(ids[0])) or "n"
        if len(ids) == 2 and _trump_count(hand, view.level, suit) >= need + 1:
            return ids
    return []


def bury(view: SeatView) -> list[int]:
    """The 8 cards to bury: side-suit cards, sparing points, pairs and aces, from the shortest
    suits first (a void lets trumps in); trumps only when there are too few others."""
    trumps = Trumps(view.level, view.major)
    hand = view.hand
    counts = Counter(rules.face(i) for i in hand)
    lengths = Counter(trumps.suit(rules.face(i)) for i in hand)

    def cost(i: int) -> tuple[int, ...]:
        k = rules.face(i)
        suit = trumps.suit(k)
        return (suit == "t", rules.points([i]) > 0, counts[k] >= 2,
                trumps.power(k) >= 11, lengths[suit], trumps.power(k), i)

    return sorted(hand, key=cost)[:8]


def fallback_play(trumps: Trumps, hand: Sequence[int], lead: Sequence[int] | None
                  ) -> list[int]:
    """A play Botzone's rules accept, built from them alone: the weakest single to lead; to
    follow, the weakest cards that meet each duty."""
    def weakest(ids: Iterable[int]) -> list[int]:
        return sorted(ids, key=lambda i: (trumps.suit(rules.face(i)) == "t",
                                          rules.points([i]) > 0, trumps.power(rules.face(i)),
                                          i))

    if lead is None:
        return weakest(hand)[:1]
    shape = trumps.shape(lead)
    suit = shape.suit or ""
    held = weakest(trumps.in_suit(hand, suit))
    n = len(lead)
    pairs = [[i for i in held if rules.face(i) == k][:2]
             for k in dict.fromkeys(rules.face(i) for i in held)
             if sum(1 for i in held if rules.face(i) == k) >= 2]
    if shape.kind == "tractor":
        run = _lowest_run(trumps, held, shape.biggest.pairs)
        if run:
            return run
    if shape.kind == "pair" and pairs:
        return pairs[0]
    if len(held) >= n:
        chosen = [i for p in pairs[: n // 2] for i in p]
        chosen += [i for i in held if i not in chosen][: n - len(chosen)]
        return chosen
    rest = [i for i in weakest(hand) if i not in held]
    return held + rest[: n - len(held)]


def _lowest_run(trumps: Trumps, held: Sequence[int], length: int) -> list[int] | None:
    """The weakest ``length`` adjacent pairs in ``held`` (a tractor), if any."""
    for unit in sorted(trumps.units(held), key=lambda u: u.low):
        if unit.pairs >= length:
            faces = sorted({rules.face(i) for i in unit.ids}, key=lambda k: trumps.power(k))
            keep = set(faces[:length])
            return [i for i in unit.ids if rules.face(i) in keep]
    return None
