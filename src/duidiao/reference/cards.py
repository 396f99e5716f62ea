"""Cards, rule options and the per-hand context (rules §2, §3, §4 tractor order, §9, §10.1,
§10.2, and the wider family's §11.1, §11.2, §11.10).

Cards are strings: rank then suit, ``"AH"``, ``"TH"`` (ten is ``T``), ``"5S"``; jokers ``"BJ"``
and ``"SJ"``. Seats are ints ``0=S, 1=E, 2=N, 3=W``. Levels are strings ``"A", "2", …, "9",
"T", "J", "Q", "K"`` (a level is also the rank of its level cards). The trump is a suit letter,
or ``"NT"`` for a hand without a trump suit (无主, §10.1).

This module is part of the reference implementation: plain Python written from docs/rules.md,
independent of the C++ core.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

SUITS = "HDSC"
RANKS = "23456789TJQKA"  # low to high, as in a side suit
LEVELS = "A23456789TJQK"  # the ladder, low to high (§3)
LADDERS = {"A-K": "A23456789TJQK", "2-A": "23456789TJQKA"}  # option ``ladder`` (§3, §10.1)
NO_TRUMP = "NT"  # 无主 (§10.1)
JOKERS = ("SJ", "BJ")
POINTS = {"5": 5, "T": 10, "K": 10}


def rank_of(card: str) -> str:
    """The rank character of a card ("J" for jokers is never asked: jokers have no rank)."""
    return card[0]


def suit_of(card: str) -> str:
    """The printed suit letter of a card, or "J" for a joker."""
    return "J" if card in JOKERS else card[1]


PRESETS = ("chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai")
WIDER_PRESETS = ("one-deck", "huanle", "three-deck")  # §11.10

# §11.1: cards each player is dealt, and the kitty, by the number of decks.
HAND_SIZES = {1: 12, 2: 25, 3: 39}
KITTY_SIZES = {1: 6, 2: 8, 3: 6}


def full_deck(decks: int = 2) -> list[str]:
    """The cards of ``decks`` packs (§2, §11.1): each of the 54 faces ``decks`` times; 108
    cards by default, 54 with one deck, 162 with three."""
    if decks not in HAND_SIZES:
        raise ValueError(f"decks must be 1, 2 or 3, not {decks!r}")
    faces = [r + s for s in SUITS for r in RANKS] + list(JOKERS)
    return sorted(faces * decks)


def pack_points(decks: int = 2) -> int:
    """The points in the whole pack (§11.1): 100 a deck."""
    return 100 * decks


def notation_index(card: str) -> int:
    """The place of a card's suit in notation order H, D, S, C (jokers 0): the tie-break of
    §10.2 and §10.3 between faces of equal power. Python's string order is not this order."""
    return 0 if card in JOKERS else SUITS.index(card[1])


def card_points(card: str) -> int:
    """Points of one card (§2): 5 -> 5, 10 -> 10, K -> 10."""
    if card in JOKERS:
        return 0
    return POINTS.get(rank_of(card), 0)


@dataclass(frozen=True)
class RefRules:
    """The rule options of rules §9 (only what the play phase and the result need).

    The fields after ``failed_throw`` are the options of the standard game (§10) and of the
    wider family (§11.10); their defaults are the Chifeng values (and two decks, no stakes), so
    a Chifeng rule set written positionally with the first ten fields stays what it was, and
    so do the five older presets.
    """

    name: str
    must_follow_format: bool
    ace_low_tractor: bool
    level_tractor_bridge: bool
    throws_in_trumps: bool
    throw_penalty: int
    level_card_grab: bool
    k_dig: str  # "swap" (K翻天) or "ten" (K三级)
    must_play_levels: tuple[str, ...]
    # "never", "power" (×2^(1+L)), "cards" (×2 × cards per play), §10.7; "component"
    # (min(64, 2^k), k the cards of the largest own component) or "double" (×2), §11.9
    kitty_points: str
    muddy_throws: bool = True  # 浑甩 (§5.2)
    failed_throw: str = "lowest_failing"  # or "lowest" (§10.3)
    ladder: str = "A-K"  # or "2-A" (§10.1)
    gated_takeover: bool = False  # §10.7 gates: defenders on a gate take over without climbing
    trump_compare: str = "format"  # or "structure" (§5.4, §10.5)
    declaring: str = "chifeng"  # or "standard" (§6.2, §10.6) or "huanle" (§11.7)
    kitty_burial: str = "face_up"  # or "face_down" (§6.3, §10.6)
    xiaosa: bool = True  # 潇洒 jokers climb (§6.4)
    digs: bool = True  # the digs of §7
    scoring: str = "chifeng"  # or "bands" (§7, §10.7; bands of 20 × decks, §11.9)
    decks: int = 2  # 1, 2 or 3 (§11.1)
    permanent_twos: bool = False  # every 2 is a trump (§11.2)
    protect_triples: bool = False  # a held triple does not count as a pair to follow (§11.5)
    counter_bury: bool = False  # 反底 (§11.8)
    stakes: bool = False  # the stake s and the hand score ±s·X (§11.9)
    first_declarer: str = "standing"  # or "first" (§11.7)

    @property
    def levels(self) -> str:
        """The ladder's levels, low to high: ``"A23456789TJQK"`` or ``"23456789TJQKA"``."""
        return LADDERS[self.ladder]

    @property
    def hand_size(self) -> int:
        """Cards each player is dealt (§11.1): 12, 25 or 39."""
        return HAND_SIZES[self.decks]

    @property
    def kitty_size(self) -> int:
        """Cards of the kitty (§11.1): 6, 8 or 6."""
        return KITTY_SIZES[self.decks]

    @property
    def band(self) -> int:
        """The band b of ``scoring="bands"`` (§11.9): 20 × decks."""
        return 20 * self.decks

    @classmethod
    def preset(cls, name: str) -> RefRules:
        """The presets of rules §9: ``chifeng``, ``chifeng-classic``, ``chifeng-10``, the
        standard game's ``tractor`` and ``shanghai`` (§10), and the wider family's
        ``one-deck``, ``huanle`` and ``three-deck`` (§11.10): ``tractor`` with one, two or
        three decks, the 欢乐升级 declaring, the component kitty multiplier, and (with two
        or three decks) 反底 and stakes."""
        wider = {"one-deck": 1, "huanle": 2, "three-deck": 3}
        if name in wider:
            decks = wider[name]
            return replace(
                cls.preset("tractor"),
                name=name,
                decks=decks,
                declaring="huanle",
                kitty_points="component",
                counter_bury=decks > 1,
                stakes=decks > 1,
            )
        table = {  # name: (level_card_grab, k_dig, must_play_levels)
            "chifeng": (False, "swap", ("J", "Q", "K")),
            "chifeng-classic": (True, "ten", ("J", "Q", "K")),
            "chifeng-10": (True, "ten", ("T", "J", "Q", "K")),
        }
        if name in ("tractor", "shanghai"):
            shanghai = name == "shanghai"
            return cls(
                name=name,
                must_follow_format=True,
                ace_low_tractor=False,
                level_tractor_bridge=True,
                throws_in_trumps=True,
                throw_penalty=0,
                level_card_grab=False,
                k_dig="swap",  # irrelevant: no digs
                must_play_levels=("2", "5", "T", "K") if shanghai else (),
                kitty_points="cards" if shanghai else "power",
                muddy_throws=False,
                failed_throw="lowest" if shanghai else "lowest_failing",
                ladder="2-A",
                gated_takeover=shanghai,
                trump_compare="structure" if shanghai else "format",
                declaring="standard",
                kitty_burial="face_down",
                xiaosa=False,
                digs=False,
                scoring="bands",
            )
        if name not in table:
            raise ValueError(
                f"unknown preset {name!r} (chifeng, chifeng-classic, chifeng-10, tractor, "
                "shanghai, one-deck, huanle, three-deck)"
            )
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

    - ``trump``: a suit letter, or ``"NT"`` (无主, §10.1): the trumps are then the four jokers
      and the eight level cards only (and the 2s under ``permanent_twos``), and all four suits
      are side suits. ``"NT"`` is accepted whatever the rules (the reference is an oracle;
      which hands may be played without trump is a matter of declaring, §10.6, §11.7).
    - ``effective_suit(card)``: ``"T"`` for every trump (jokers, the level cards, the trump
      suit, and every 2 under ``permanent_twos``), else the printed suit (§3, §11.2).
    - ``power(card)``: an int, higher beats lower (§3.1). Side-suit cards: 0..12 by rank.
      Trumps: 20 + rank for the trump suit's natural cards, then 40 for the three off-suit
      level cards (equal), 41 for the trump-suit level card, 42 SJ, 43 BJ. Under ``"NT"`` all
      eight level cards are 40 (§10.1: equal, below the small joker). Under
      ``permanent_twos`` (§11.2, at any level but 2) the 2s come between the trump suit's
      ace and the level cards: 38 for the off-suit 2s (equal), 39 for the trump-suit 2; under
      ``"NT"`` every 2 is 38.
    - ``tractor_chains(suit)``: the tractor order of an effective suit (§4, §10.2, §11.2), as
      chains of positions; each position is a tuple of the faces that may stand there (the
      off-suit level pairs share one position: they are equal in power, so never adjacent to
      each other; so do the off-suit 2s). Pairs (or triples, §11.3) of distinct faces on
      adjacent positions of one chain form tractors (or Titanics).
    """

    def __init__(self, rules: RefRules, level: str, trump: str) -> None:
        if level not in LEVELS:
            raise ValueError(f"level {level!r} is not one of {LEVELS}")
        if trump not in SUITS and trump != NO_TRUMP:
            raise ValueError(f"trump {trump!r} is not one of {SUITS} or {NO_TRUMP!r}")
        self.rules = rules
        self.level = level  # the level rank: level "A" means the aces are level cards
        self.trump = trump
        # §11.2: at level 2 the 2s are the level cards already; the option changes nothing.
        self.twos = rules.permanent_twos and level != "2"
        self._chains = {s: self._build_chains(s) for s in SUITS + "T"}

    def __repr__(self) -> str:
        return f"Context({self.rules.name!r}, level={self.level!r}, trump={self.trump!r})"

    # -- §3, §11.2 ----------------------------------------------------------------------------
    def is_trump(self, card: str) -> bool:
        if card in JOKERS or rank_of(card) == self.level or suit_of(card) == self.trump:
            return True
        return self.twos and rank_of(card) == "2"

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
        if self.twos and rank == "2":
            return 39 if suit == self.trump else 38
        if suit == self.trump:
            return 20 + RANKS.index(rank)
        return RANKS.index(rank)

    @property
    def widths(self) -> tuple[int, ...]:
        """The copies of each face a component of several cards may have (§11.1, §11.3):
        pairs (2), and triples (3) only with three decks; highest first."""
        return (3, 2) if self.rules.decks >= 3 else (2,)

    def is_level_card(self, card: str) -> bool:
        return card not in JOKERS and rank_of(card) == self.level

    def natural_ranks(self) -> list[str]:
        """Ranks of a suit's natural cards, low to high, the level rank removed (and the 2
        under ``permanent_twos``, §11.2)."""
        return [r for r in RANKS if r != self.level and not (self.twos and r == "2")]

    def top_three_ranks(self) -> list[str]:
        """The suit's three highest ranks for 浑甩 (§5.2): A, K, Q, the level rank skipped."""
        return self.natural_ranks()[-3:]

    # -- §4, §10.2, §11.2 tractor order ---------------------------------------------------------
    def _natural_chain(self, suit: str) -> list[tuple[str, ...]]:
        ranks = self.natural_ranks()
        chain: list[tuple[str, ...]] = [(r + suit,) for r in ranks]
        if self.rules.ace_low_tractor and "A" in ranks and not self.twos:
            # AA-22: the ace also stands below the lowest rank. (Under ``permanent_twos`` the
            # 2 is a trump and AA-22 cannot be; the ace does not wrap round to the 3.)
            chain.insert(0, ("A" + suit,))
        return chain

    def _build_chains(self, suit: str) -> list[list[tuple[str, ...]]]:
        if suit != "T":
            return [self._natural_chain(suit)]
        jokers: list[tuple[str, ...]] = [("SJ",), ("BJ",)]
        if self.trump == NO_TRUMP:
            # §10.2: "any level pair, then the small jokers, then the big jokers". Every level
            # pair stands where the trump-suit level pair stands with a trump suit (below the
            # SJ pair, to which §4 links it in every preset); the bridge's two links need a
            # trump suit, so this chain is the same with the bridge on or off. §11.2: under
            # ``permanent_twos`` one position of the 2s (all equal) comes first.
            twos_nt = [tuple("2" + s for s in SUITS)] if self.twos else []
            return [twos_nt + [tuple(self.level + s for s in SUITS)] + jokers]
        naturals = self._natural_chain(self.trump)
        top: list[tuple[str, ...]] = [(self.level + self.trump,)] + jokers
        twos: list[tuple[str, ...]] = []
        if self.twos:
            # §11.2: the off-suit 2s (one position), then the trump-suit 2.
            twos = [tuple("2" + s for s in SUITS if s != self.trump), ("2" + self.trump,)]
        if self.rules.level_tractor_bridge:
            # highest natural trump pair – (the 2s) – an off-suit level pair – trump-suit level
            # pair – SJ – BJ (§10.2, §11.2)
            off_level = tuple(self.level + s for s in SUITS if s != self.trump)
            return [naturals + twos + [off_level] + top]
        if twos:
            # No bridge (no preset has it with ``permanent_twos``): the 2s run on from the
            # trump suit's naturals as §11.2 lays them out, and the chain stops there.
            return [naturals + twos, top]
        return [naturals, top]

    def tractor_chains(self, suit: str) -> list[list[tuple[str, ...]]]:
        return self._chains[suit]
