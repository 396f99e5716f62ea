"""Cards, card lists and sets of the climbing games (rules §12.2, §12.5–§12.7, the burning test of
§12.9.4, and 保皇's sets of §13.4).

A card list is held as a ``Cards``: a count for each of the 15 values (3 → 1, …, A → 12, 2 → 13,
SJ → 14, BJ → 15) plus, in 保皇, a sixteenth count for the cards of the called face (rules §13.3),
which play with the value of their rank but are written with their suit, and ``unknown`` hidden
cards (``?N``). Suits never matter in play (rules §12.2), so a plain card is just its rank.

The set rules work on the *effective* counts: 15 counts by value, the called cards added to their
rank. Part of the reference implementation: plain Python written from the rules book, never the
C++ core.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Union

RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ")
VALUE = {r: i + 1 for i, r in enumerate(RANKS)}  # rules §12.2: 3 → 1 … BJ → 15
SUITS = "HDSC"
TEN, JACK, QUEEN, KING, ACE, TWO, SMALL_JOKER, BIG_JOKER = 8, 9, 10, 11, 12, 13, 14, 15
CALLED = 15  # the index of the called face's count in a 16-count vector (保皇)
WIDTH = 16
DECK_SIZE = 216  # four packs (rules §12.2, §13.2)

# The smallest 够级 set of each base rank without jokers (rules §12.7); 9 … 3 never.
GOUJI_MINIMUM = {TWO: 1, ACE: 2, KING: 2, QUEEN: 3, JACK: 4, TEN: 5}


def copies(value: int) -> int:
    """How many cards of a value the four packs hold: 16 of each rank, 4 of each joker."""
    return 4 if value >= SMALL_JOKER else 16


def rank_name(value: int) -> str:
    return RANKS[value - 1]


@dataclass(frozen=True)
class Cards:
    """A card list: ``counts[v - 1]`` plain cards of value v (1 … 15), ``counts[15]`` cards of
    the called face (保皇 only), and ``unknown`` hidden cards."""

    counts: tuple[int, ...] = (0,) * WIDTH
    unknown: int = 0

    @property
    def known(self) -> int:
        return sum(self.counts)

    @property
    def size(self) -> int:
        return sum(self.counts) + self.unknown

    @property
    def called(self) -> int:
        return self.counts[CALLED]


EMPTY = Cards()

CardLike = Union[str, Cards, Sequence[int]]


def call_value(call: str | None) -> int | None:
    """The value of a called face (``"9C"`` → 7, ``"BJ"`` → 15), None without a call."""
    if call is None:
        return None
    return VALUE[call] if call in ("BJ", "SJ") else VALUE[call[0]]


def check_face(text: str, field: str) -> str:
    """A face that may be called (rules §13.3): a rank with its suit (``9C``), or ``BJ``/``SJ``."""
    if text in ("BJ", "SJ"):
        return text
    if len(text) == 2 and text[0] in VALUE and text[1] in SUITS:
        return text
    raise ValueError(f"{field}: {text!r} is not a face (a rank and a suit like 9C, or BJ, SJ)")


_TOKEN = re.compile(r"^(BJ|SJ|[3-9TJQKA2][HDSC]?)(?:\*(\d+))?$")


def parse_cards(text: str, field: str, call: str | None = None) -> Cards:
    """Read a card list (``BJ,SJ,2*2,A*2``, ``9C*3,9*2``, ``?14``, ``-``). A suit after a rank is
    ignored unless the card is of the called face ``call`` (rules §12.17, §13.9)."""
    counts = [0] * WIDTH
    unknown = 0
    if text == "-":
        return EMPTY
    if text == "":
        raise ValueError(f"{field}: empty card list (write - for no cards)")
    for token in text.split(","):
        if token.startswith("?"):
            if not token[1:].isdigit() or int(token[1:]) == 0:
                raise ValueError(f"{field}: bad hidden count {token!r} (?N with N ≥ 1)")
            unknown += int(token[1:])
            continue
        m = _TOKEN.match(token)
        if m is None:
            raise ValueError(f"{field}: bad card {token!r}")
        face, n = m.group(1), int(m.group(2) or 1)
        if n == 0:
            raise ValueError(f"{field}: bad count in {token!r}")
        if call is not None and face == call:
            counts[CALLED] += n
        elif face in ("BJ", "SJ"):
            counts[VALUE[face] - 1] += n
        else:
            counts[VALUE[face[0]] - 1] += n
    return Cards(tuple(counts), unknown)


def format_cards(cards: Cards, call: str | None = None) -> str:
    """The canonical card list: high to low, ``X*n``, the called face's cards (with their suit)
    right before the plain cards of their rank, ``?N`` last, ``-`` for none."""
    parts = []
    cv = call_value(call)
    c = cards.counts
    for v in range(BIG_JOKER, 0, -1):
        if cv == v and c[CALLED] and call is not None:
            parts.append(call if c[CALLED] == 1 else f"{call}*{c[CALLED]}")
        n = c[v - 1]
        if n:
            name = RANKS[v - 1]
            parts.append(name if n == 1 else f"{name}*{n}")
    if cards.unknown:
        parts.append(f"?{cards.unknown}")
    return ",".join(parts) if parts else "-"


def add(a: Cards, b: Cards) -> Cards:
    return Cards(tuple(x + y for x, y in zip(a.counts, b.counts)), a.unknown + b.unknown)


def effective(counts: Sequence[int], cv: int | None = None) -> tuple[int, ...]:
    """15 counts by value: a 16-count vector with the called cards added to their rank."""
    eff = list(counts[:15])
    if len(counts) > 15 and counts[CALLED]:
        if cv is None:
            raise ValueError("called cards without a called face")
        eff[cv - 1] += counts[CALLED]
    return tuple(eff)


def _eff(x: CardLike) -> tuple[int, ...]:
    if isinstance(x, str):
        cards = parse_cards(x, "cards")
        if cards.unknown:
            raise ValueError("cards: a set cannot hold hidden cards")
        return effective(cards.counts)
    if isinstance(x, Cards):
        return effective(x.counts)
    return effective(tuple(x))


# ---- sets (rules §12.5, §13.4) -------------------------------------------------------------


def is_set(cards: CardLike, twos_attach: bool = True) -> bool:
    """A set: a non-empty multiset whose cards other than jokers (and, when 2s attach, other than
    2s) all have one rank (rules §12.5; §13.4 with ``twos_attach`` off: 2s are an ordinary rank)."""
    e = _eff(cards)
    if sum(e) == 0:
        return False
    top = ACE if twos_attach else TWO
    return sum(1 for v in range(1, top + 1) if e[v - 1]) <= 1


def base_rank(cards: CardLike, twos_attach: bool = True) -> int | None:
    """The value of a set's base rank (rules §12.5): its non-joker, non-2 cards; else 2 if it
    holds a 2; None for jokers only. Assumes a set."""
    e = _eff(cards)
    for v in range(1, TWO + 1):
        if e[v - 1] and (v != TWO or not twos_attach):
            return v
    return TWO if e[TWO - 1] else None


def set_vector(e: Sequence[int], twos_attach: bool = True) -> tuple[int, ...]:
    """The value vector of a set given as 15 effective counts (rules §12.6): its big jokers, its
    small jokers, then every other card at the base rank's value (an attached 2 is a card of
    that rank)."""
    b, s = e[BIG_JOKER - 1], e[SMALL_JOKER - 1]
    n = sum(e[:TWO])
    base = 0
    for v in range(1, (ACE if twos_attach else TWO) + 1):
        if e[v - 1]:
            base = v
            break
    if not base and e[TWO - 1]:
        base = TWO
    return (BIG_JOKER,) * b + (SMALL_JOKER,) * s + (base,) * n


def beat_floor(e: Sequence[int], twos_attach: bool = True) -> int:
    """The lowest base rank a set beating the set ``e`` can have: above ``e``'s base rank (a
    shortcut only; the beating itself is always checked by ``dominates``)."""
    vec = set_vector(e, twos_attach)
    others = [v for v in vec if v < SMALL_JOKER]
    return others[0] + 1 if others else 1


def dominates(a: Sequence[int], b: Sequence[int]) -> bool:
    """Pairwise strictly higher, the vectors being of one length (rules §12.6)."""
    return len(a) == len(b) and all(x > y for x, y in zip(a, b))


def value_vector(cards: CardLike, twos_attach: bool = True) -> tuple[int, ...]:
    """The values sorted high to low, each attached 2 taking its set's base rank (rules §12.6).
    For a card list that is not a set, simply its values high to low."""
    e = _eff(cards)
    if is_set(e, twos_attach):
        return set_vector(e, twos_attach)
    return tuple(v for v in range(BIG_JOKER, 0, -1) for _ in range(e[v - 1]))


def beats(new: CardLike, old: CardLike, twos_attach: bool = True) -> bool:
    """``new`` beats ``old`` (rules §12.6, §13.4): as many cards, and pairwise strictly higher
    values when both value vectors are sorted high to low."""
    return dominates(value_vector(new, twos_attach), value_vector(old, twos_attach))


def is_gouji(cards: CardLike) -> bool:
    """够级-cards (rules §12.7): any joker; base rank 2; A or K × 2; Q × 3; J × 4; 10 × 5 —
    attached 2s counting as the base rank."""
    e = _eff(cards)
    if e[SMALL_JOKER - 1] or e[BIG_JOKER - 1]:
        return True
    base = base_rank(e)
    if base is None or base not in GOUJI_MINIMUM:
        return False
    return sum(e) >= GOUJI_MINIMUM[base]


def holds_joker(cards: CardLike) -> bool:
    e = _eff(cards)
    return bool(e[SMALL_JOKER - 1] or e[BIG_JOKER - 1])


def hangable(left: CardLike) -> bool:
    """The burner's test of rules §12.9.4 on the cards left after a play: nothing left, or J ≥ R − 1
    with J the jokers left and R the number of distinct ranks among 3 … A left (2s excluded)."""
    e = _eff(left)
    if sum(e) == 0:
        return True
    jokers = e[SMALL_JOKER - 1] + e[BIG_JOKER - 1]
    ranks = sum(1 for v in range(1, ACE + 1) if e[v - 1])
    return jokers >= ranks - 1


# ---- enumerating the sets in a hand --------------------------------------------------------


def _eff_sets(e: Sequence[int], size: int | None, twos_attach: bool,
              low: int = 1) -> Iterator[list[int]]:
    """Every set (as 15 effective counts) that ``e`` holds, of ``size`` cards when given; sets
    with a base rank below ``low`` are left out (the jokers-only sets are always in)."""
    nb, ns, n2 = e[BIG_JOKER - 1], e[SMALL_JOKER - 1], e[TWO - 1]
    top = ACE if twos_attach else TWO
    for b in range(nb + 1):
        for s in range(ns + 1):
            j = b + s
            if size is not None and j > size:
                break
            base = [0] * 15
            base[BIG_JOKER - 1] = b
            base[SMALL_JOKER - 1] = s
            if j and (size is None or size == j):
                yield list(base)  # jokers only
            rest = None if size is None else size - j
            if rest == 0:
                continue
            for v in range(low, top + 1):
                have = e[v - 1]
                if not have:
                    continue
                ks = range(1, have + 1) if rest is None else range(1, min(have, rest) + 1)
                for k in ks:
                    if twos_attach and v != TWO:
                        twos = range(0, n2 + 1) if rest is None else (rest - k,)
                    else:
                        twos = (0,)
                        if rest is not None and k != rest:
                            continue
                    for t in twos:
                        if t < 0 or t > n2:
                            continue
                        out = list(base)
                        out[v - 1] = k
                        out[TWO - 1] += t
                        yield out
            if twos_attach and n2 and low <= TWO:
                ks2 = range(1, n2 + 1) if rest is None else ((rest,) if rest <= n2 else ())
                for t in ks2:
                    out = list(base)
                    out[TWO - 1] = t
                    yield out


def sets_in(hand: Sequence[int], cv: int | None = None, size: int | None = None,
            twos_attach: bool = True, low: int = 1) -> list[tuple[int, ...]]:
    """Every set a 16-count hand can play, as 16-count vectors (distinct card lists: ``2,9,9``
    and ``9*3`` differ, and so do ``9C,9`` and ``9*2``), of ``size`` cards when given, leaving
    out base ranks below ``low`` (a shortcut for beating: such sets cannot beat)."""
    e = effective(hand, cv)
    out: list[tuple[int, ...]] = []
    called = hand[CALLED] if len(hand) > 15 else 0
    for s in _eff_sets(e, size, twos_attach, low):
        if cv is None or not called or not s[cv - 1]:
            out.append((*s, 0))
            continue
        k, plain = s[cv - 1], hand[cv - 1]
        for c in range(max(0, k - plain), min(k, called) + 1):
            v = list(s)
            v[cv - 1] = k - c
            out.append((*v, c))
    return out


def subtract(hand: Sequence[int], play: Sequence[int]) -> tuple[int, ...]:
    return tuple(h - p for h, p in zip(hand, play))


def contains(hand: Sequence[int], play: Sequence[int]) -> bool:
    return all(h >= p for h, p in zip(hand, play))


# ---- small helpers shared by the two games' position strings --------------------------------


def parse_onoff(value: str, field: str, names: Iterable[str]) -> list[str]:
    known = set(names)
    out = []
    for name in value.split(","):
        if name not in known:
            raise ValueError(f"{field}: unknown option {name!r} ({', '.join(sorted(known))})")
        out.append(name)
    return out


def parse_seats(value: str, field: str, seats: str) -> list[str]:
    out: list[str] = []
    for s in value.split(","):
        if s not in seats or len(s) != 1:
            raise ValueError(f"{field}: {s!r} is not a seat ({'–'.join((seats[0], seats[-1]))})")
        if s in out:
            raise ValueError(f"{field}: seat {s} twice")
        out.append(s)
    return out


def split_tokens(text: str, game: str) -> tuple[str, dict[str, str]]:
    """The preset and the ``key=value`` tokens of a position string (each key once)."""
    tokens = text.split()
    if not tokens:
        raise ValueError(f"position: empty (a {game} position starts with its preset)")
    fields: dict[str, str] = {}
    for tok in tokens[1:]:
        if "=" not in tok:
            raise ValueError(f"position: bad token {tok!r} (key=value)")
        key, value = tok.split("=", 1)
        if key in fields:
            raise ValueError(f"{key}: given twice")
        fields[key] = value
    return tokens[0], fields


def full_deck_with_suits() -> list[str]:
    """The 216 cards with suits: each rank 3 … 2 in four suits four times, BJ and SJ four times."""
    deck = [r + s for r in RANKS[:13] for s in SUITS] * 4
    return deck + ["BJ", "SJ"] * 4


def count_faces(cards: Iterable[str], call: str | None = None) -> Cards:
    """A ``Cards`` from cards with suits (``"9C"``, ``"BJ"``), the called face apart."""
    counts = [0] * WIDTH
    for card in cards:
        if call is not None and card == call:
            counts[CALLED] += 1
        elif card in ("BJ", "SJ"):
            counts[VALUE[card] - 1] += 1
        else:
            counts[VALUE[card[0]] - 1] += 1
    return Cards(tuple(counts))
