"""Cards, rule options and the per-hand context (rules §2, §3, §4 tractor order, §9).

Cards are strings: rank then suit, ``"AH"``, ``"TH"`` (ten is ``T``), ``"5S"``; jokers ``"BJ"``
and ``"SJ"``. Seats are ints ``0=S, 1=E, 2=N, 3=W``. Levels are strings ``"A", "2", …, "9",
"T", "J", "Q", "K"`` (a level is also the rank of its level cards).

This module is part of the reference implementation: plain Python written from docs/rules.md,
independent of the C++ core.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "HDSC"
RANKS = "23456789TJQKA"  # low to high, as in a side suit
LEVELS = "A23456789TJQK"  # the ladder, low to high (§3)
JOKERS = ("SJ", "BJ")
POINTS = {"5": 5, "T": 10, "K": 10}


def rank_of(card: str) -> str:
    """The rank character of a card ("J" for jokers is never asked: jokers have no rank)."""
    return card[0]


def suit_of(card: str) -> str:
    """The printed suit letter of a card, or "J" for a joker."""
    return "J" if card in JOKERS else card[1]


def full_deck() -> list[str]:
    """The 108 cards of two decks (§2), each face twice."""
    faces = [r + s for s in SUITS for r in RANKS] + list(JOKERS)
    return sorted(faces * 2)


def card_points(card: str) -> int:
    """Points of one card (§2): 5 -> 5, 10 -> 10, K -> 10."""
    if card in JOKERS:
        return 0
    return POINTS.get(rank_of(card), 0)


@dataclass(frozen=True)
class RefRules:
    """The rule options of rules §9 (only what the play phase and the result need)."""

    name: str
    must_follow_format: bool
    ace_low_tractor: bool
    level_tractor_bridge: bool
    throws_in_trumps: bool
    throw_penalty: int
    level_card_grab: bool
    k_dig: str  # "swap" (K翻天) or "ten" (K三级)
    must_play_levels: tuple[str, ...]
    kitty_points: str  # "never"
    muddy_throws: bool = True  # 浑甩 (§5.2)
    failed_throw: str = "lowest_failing"  # or "lowest" (§10.3)

    @classmethod
    def preset(cls, name: str) -> RefRules:
        """The presets of rules §9: ``chifeng``, ``chifeng-classic``, ``chifeng-10``."""
        table = {  # name: (level_card_grab, k_dig, must_play_levels)
            "chifeng": (False, "swap", ("J", "Q", "K")),
            "chifeng-classic": (True, "ten", ("J", "Q", "K")),
            "chifeng-10": (True, "ten", ("T", "J", "Q", "K")),
        }
        if name not in table:
            raise ValueError(f"unknown preset {name!r} (chifeng, chifeng-classic, chifeng-10)")
        grab, k_dig, must_play = table[name]
        return cls(
            name=name,
            must_follow_format=False,
            ace_low_tractor=True,
            level_tractor_bridge=False,
            throws_in_trumps=False,
            throw_penalty=0,
            level_card_grab=grab,
            k_dig=k_dig,
            must_play_levels=must_play,
            kitty_points="never",
        )


class Context:
    """What a hand's play phase needs to know about cards: rules, level rank and trump suit.

    - ``effective_suit(card)``: ``"T"`` for every trump (jokers, the 8 level cards, the trump
      suit), else the printed suit (§3).
    - ``power(card)``: an int, higher beats lower (§3.1). Side-suit cards: 0..12 by rank.
      Trumps: 20 + rank for the trump suit's natural cards, then 40 for the three off-suit
      level cards (equal), 41 for the trump-suit level card, 42 SJ, 43 BJ.
    - ``tractor_chains(suit)``: the tractor order of an effective suit (§4), as chains of
      positions; each position is a tuple of the faces that may stand there. Pairs on adjacent
      positions of one chain form tractors.
    """

    def __init__(self, rules: RefRules, level: str, trump: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {LEVELS}")
        if trump not in SUITS:
            raise ValueError(f"trump {trump!r} is not one of {SUITS}")
        self.rules = rules
        self.level = level  # the level rank: level "A" means the aces are level cards
        self.trump = trump
        self._chains = {s: self._build_chains(s) for s in SUITS + "T"}

    def __repr__(self) -> str:
        return f"Context({self.rules.name!r}, level={self.level!r}, trump={self.trump!r})"

    # -- §3 ---------------------------------------------------------------------------------
    def is_trump(self, card: str) -> bool:
        return card in JOKERS or rank_of(card) == self.level or suit_of(card) == self.trump

    def effective_suit(self, card: str) -> str:
        return "T" if self.is_trump(card) else suit_of(card)

    def power(self, card: str) -> int:
        if card == "BJ":
            return 43
        if card == "SJ":
            return 42
        rank, suit = rank_of(card), suit_of(card)
        if rank == self.level:
            return 41 if suit == self.trump else 40
        if suit == self.trump:
            return 20 + RANKS.index(rank)
        return RANKS.index(rank)

    def is_level_card(self, card: str) -> bool:
        return card not in JOKERS and rank_of(card) == self.level

    def natural_ranks(self) -> list[str]:
        """Ranks of a suit's natural cards, low to high, the level rank removed."""
        return [r for r in RANKS if r != self.level]

    def top_three_ranks(self) -> list[str]:
        """The suit's three highest ranks for 浑甩 (§5.2): A, K, Q, the level rank skipped."""
        return self.natural_ranks()[-3:]

    # -- §4 tractor order -------------------------------------------------------------------
    def _natural_chain(self, suit: str) -> list[tuple[str, ...]]:
        ranks = self.natural_ranks()
        chain: list[tuple[str, ...]] = [(r + suit,) for r in ranks]
        if self.rules.ace_low_tractor and "A" in ranks:
            chain.insert(0, ("A" + suit,))  # AA-22: the ace also stands below the lowest rank
        return chain

    def _build_chains(self, suit: str) -> list[list[tuple[str, ...]]]:
        if suit != "T":
            return [self._natural_chain(suit)]
        naturals = self._natural_chain(self.trump)
        top: list[tuple[str, ...]] = [(self.level + self.trump,), ("SJ",), ("BJ",)]
        if self.rules.level_tractor_bridge:
            off_level = tuple(self.level + s for s in SUITS if s != self.trump)
            return [naturals + [off_level] + top]
        return [naturals, top]

    def tractor_chains(self, suit: str) -> list[list[tuple[str, ...]]]:
        return self._chains[suit]
