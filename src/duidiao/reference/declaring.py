"""Declaring under ``declaring=huanle`` (rules §11.7) and 反底, the round of counters after the
kitty is buried (``counter_bury``, rules §11.8), as pure functions.

A declaration is a tuple of identical cards: copies of one level card, or copies of one joker
(SJ with BJ is no declaration). Its **rung** on the ladder of §11.7, weak to strong:

====  ===========================================  =====
rung  declaration                                  trump
====  ===========================================  =====
1     one level card (all suits equal)             its suit
2–5   two copies of a level card, ♦ < ♣ < ♥ < ♠    its suit
6–7   two SJ < two BJ                              NT
8–11  three copies of a level card, ♦ < ♣ < ♥ < ♠  its suit (three decks)
12–13 three SJ < three BJ                          NT (three decks)
====  ===========================================  =====

With one deck only rung 1 exists. The state of the declaring is a ``Declaring`` value, and
``declare`` is its reducer: one shown declaration in, the next state out (or a refusal).
``CounterRound`` and ``counter`` / ``pass_counter`` do the same for 反底.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from duidiao.reference.cards import JOKERS, NO_TRUMP, RefRules

LADDER_SUITS = "DCHS"  # ♦ < ♣ < ♥ < ♠ (§11.7), not §2's order
KINDS = ("first", "zibao", "zifan", "fanzhu", "fanwuzhu")  # 自保, 自反, 反主, 反无主
DOUBLING_KINDS = ("zifan", "fanzhu", "fanwuzhu")  # §11.7: these double the stake


def declaration_rung(rules: RefRules, level: str, cards) -> int | None:
    """The rung (1–13) of the declaration ``cards`` at ``level`` (§11.7), or None if the cards
    are no declaration: not identical, a single joker, more copies than the decks allow, or
    anything but a single with one deck."""
    cards = tuple(cards)
    if not cards or len(set(cards)) != 1 or len(cards) > rules.decks:
        return None
    if rules.decks == 1 and len(cards) != 1:
        return None
    face, copies = cards[0], len(cards)
    if face in JOKERS:
        if copies == 1:
            return None
        return (6 if copies == 2 else 12) + (face == "BJ")
    if face[0] != level:
        return None
    if copies == 1:
        return 1
    return (2 if copies == 2 else 8) + LADDER_SUITS.index(face[1])


def declaration_trump(cards) -> str:
    """The trump a declaration names: its suit, or ``"NT"`` for jokers (§11.7)."""
    face = tuple(cards)[0]
    return NO_TRUMP if face in JOKERS else face[1]


class _Standing:
    """What the declaration standing and the doublings so far give (§11.7, §11.9)."""

    cards: tuple[str, ...]
    doublings: int

    @property
    def trump(self) -> str:
        """The trump named so far; ``"NT"`` while nobody has declared (§11.7)."""
        return declaration_trump(self.cards) if self.cards else NO_TRUMP

    @property
    def stake(self) -> int:
        return 2**self.doublings


@dataclass(frozen=True)
class Declaring(_Standing):
    """The declaring of one deal so far (§11.7).

    - ``seat``, ``cards``: the declaration standing (None and () before the first);
    - ``first``: the seat that declared first (for ``first_declarer="first"``), or None;
    - ``doublings``: d, the 反主, 反无主 and 自反 so far (the stake is 2^d, §11.9).
    """

    seat: int | None = None
    cards: tuple[str, ...] = ()
    first: int | None = None
    doublings: int = 0


def declaration_kind(rules: RefRules, level: str, state: Declaring, seat: int, cards) -> str | None:
    """What showing ``cards`` by ``seat`` would be (§11.7), or None when it is refused (no
    declaration, or not on a strictly higher rung than the declaration standing):

    - ``"first"``: the first declaration of the deal (any rung);
    - ``"zibao"`` (自保): the player whose declaration stands shows more copies of its face;
    - ``"zifan"`` (自反): that player shows a stronger declaration of another face;
    - ``"fanzhu"`` / ``"fanwuzhu"`` (反主 / 反无主): a stronger declaration by anyone else, of a
      level card / of jokers.
    """
    rung = declaration_rung(rules, level, cards)
    if rung is None:
        return None
    if state.seat is None:
        return "first"
    standing = declaration_rung(rules, level, state.cards)
    assert standing is not None
    if rung <= standing:
        return None
    if seat == state.seat:
        return "zibao" if tuple(cards)[0] == state.cards[0] else "zifan"
    return "fanwuzhu" if declaration_trump(cards) == NO_TRUMP else "fanzhu"


def declare(rules: RefRules, level: str, state: Declaring, seat: int, cards) -> Declaring:
    """The declaring after ``seat`` shows ``cards`` (§11.7); ValueError if it is refused. The
    shown cards stay in the hand; 反主, 反无主 and 自反 double the stake."""
    kind = declaration_kind(rules, level, state, seat, cards)
    if kind is None:
        raise ValueError(f"seat {seat} may not declare with {','.join(cards)}")
    return Declaring(
        seat=seat,
        cards=tuple(cards),
        first=seat if state.first is None else state.first,
        doublings=state.doublings + (kind in DOUBLING_KINDS),
    )


def run_declaring(rules: RefRules, level: str, events) -> Declaring:
    """Reduce a deal's declarations, ``events`` a sequence of (seat, cards), each one legal."""
    state = Declaring()
    for seat, cards in events:
        state = declare(rules, level, state, seat, cards)
    return state


def first_hand_declarer(rules: RefRules, state: Declaring, first_drawer: int) -> tuple[int, str]:
    """The first hand's declarer and trump at the end of the deal (§11.7): the player whose
    declaration stands (``first_declarer="standing"``) or the first to declare (``"first"``;
    later overrides change only the trump); with no declaration the first drawer, and the hand
    is played without trump."""
    if state.seat is None:
        return first_drawer, NO_TRUMP
    seat = state.first if rules.first_declarer == "first" else state.seat
    assert seat is not None
    return seat, state.trump


# -- §11.8 反底 -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class CounterRound(_Standing):
    """The round of counters after a burial (§11.8).

    - ``declarer``: the hand's declarer (庄家), whom a counter never changes;
    - ``cards``: the declaration standing, () after a hand with no declaration;
    - ``burier``: the last seat that buried the kitty;
    - ``passes``: the passes in succession since then; the seat to act is the one after the
      burier, then the next, …; the round is over after three passes;
    - ``doublings``: d, carried on from the declaring; every counter adds one.
    """

    declarer: int
    cards: tuple[str, ...] = ()
    burier: int | None = None
    passes: int = 0
    doublings: int = 0

    @property
    def last_burier(self) -> int:
        return self.declarer if self.burier is None else self.burier

    @property
    def to_act(self) -> int:
        return (self.last_burier + 1 + self.passes) % 4

    @property
    def over(self) -> bool:
        return self.passes >= 3


def counter_round(state: Declaring, declarer: int) -> CounterRound:
    """The round that starts once the declarer has buried, after the declaring ``state``."""
    return CounterRound(declarer=declarer, cards=state.cards, doublings=state.doublings)


def may_counter(rules: RefRules, level: str, rnd: CounterRound, seat: int, cards) -> bool:
    """Whether ``seat`` may counter with ``cards`` now (§11.8): ``counter_bury`` on, the round
    not over, the seat's turn, and a declaration of at least a pair (rung >= 2) strictly
    stronger than the one standing (any pair when none stands)."""
    if not rules.counter_bury or rnd.over or seat != rnd.to_act:
        return False
    rung = declaration_rung(rules, level, cards)
    if rung is None or rung < 2:
        return False
    standing = declaration_rung(rules, level, rnd.cards) if rnd.cards else 0
    assert standing is not None
    return rung > standing


def counter(rules: RefRules, level: str, rnd: CounterRound, seat: int, cards) -> CounterRound:
    """The round after ``seat`` counters with ``cards`` (§11.8): the trump becomes the
    counter's, the counter stands, its player takes the kitty and buries (the new burier),
    the stake doubles, and the round goes on from the seat after it. ValueError if refused."""
    if not may_counter(rules, level, rnd, seat, cards):
        raise ValueError(f"seat {seat} may not counter with {','.join(cards)}")
    return replace(rnd, cards=tuple(cards), burier=seat, passes=0, doublings=rnd.doublings + 1)


def pass_counter(rnd: CounterRound, seat: int) -> CounterRound:
    """The round after ``seat`` passes; ValueError if it is not that seat's turn."""
    if rnd.over or seat != rnd.to_act:
        raise ValueError(f"seat {seat} may not pass now")
    return replace(rnd, passes=rnd.passes + 1)


def run_counters(rules: RefRules, level: str, rnd: CounterRound, events) -> CounterRound:
    """Reduce a round's events, each ``(seat, cards)`` for a counter or ``(seat, None)`` for a
    pass."""
    for seat, cards in events:
        rnd = pass_counter(rnd, seat) if cards is None else counter(rules, level, rnd, seat, cards)
    return rnd
