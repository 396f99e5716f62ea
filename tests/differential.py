"""Differential testing of the C++ core (``duidiao._core``) against ``duidiao.reference``.

Random hands are dealt with every card known and played to the end through ``_core.Hand``.
At every position the legal moves of the core are compared with the reference's; every lead
actually played (a failed throw becomes its forced component) is compared with
``reference.resolve_lead``; every completed trick's winner and points, the running points,
and finally the hand result (for several team levels) are compared too.

Long runs::

    python tests/differential.py --positions 1000000 --seed 1

Each hand is seeded from ``(seed, preset, hand number)``, so a disagreement reported for hand
``N`` is replayed with ``--preset P --first-hand N --hands 1``.

The wider family (rules §11) runs too: ``one-deck`` and ``huanle`` on ``duidiao._core``,
``three-deck`` on ``duidiao._core3`` (the engine built for three copies of a face).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

import duidiao.reference as ref
from duidiao.play.enums import Ladder

PRESETS = ("chifeng", "chifeng-classic", "chifeng-10", "tractor", "shanghai")
WIDER = ("one-deck", "huanle", "three-deck")  # rules §11
ALL = PRESETS + WIDER
SUITS = "HDSC"
RANKS = "23456789TJQKA"
LEVELS = "A23456789TJQK"
TRUMPS = (*"HDSC", "NT")  # the core's trump numbers 0..4
SEATS = "SENW"
HUGE = 20_000  # above this many legal moves, compare counts and sample memberships
MAX_DISAGREEMENTS = 1_000  # a run stops there, so that a hand failing at once cannot loop forever
LIST_LIMIT = 600_000  # above this, do not even ask the core for the list


# -- card ids (docs/internals.md) -----------------------------------------------------------
def card_id(card: str) -> int:
    if card == "SJ":
        return 52
    if card == "BJ":
        return 53
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def card_name(face: int) -> str:
    if face == 52:
        return "SJ"
    if face == 53:
        return "BJ"
    return RANKS[face % 13] + SUITS[face // 13]


def to_set(cards) -> tuple[int, ...]:
    """The card planes the core takes: plane n holds the faces present more than n times (three
    planes; the two-copy build refuses a nonzero third)."""
    planes = [0, 0, 0]
    for card, n in Counter(cards).items():
        if n > 3:
            raise ValueError(f"{n} copies of {card}")
        for k in range(n):
            planes[k] |= 1 << card_id(card)
    return tuple(planes)


CARD_NAMES = tuple(card_name(face) for face in range(54))


def from_set(cs) -> tuple[str, ...]:
    """The card names of core card planes, sorted (a card once per plane that holds it); the
    set bits alone are visited: this runs for every legal move the core lists."""
    cards = []
    for plane in cs:
        while plane:
            low = plane & -plane
            cards.append(CARD_NAMES[low.bit_length() - 1])
            plane ^= low
    return tuple(sorted(cards))


def cardlist(cards) -> str:
    return ",".join(sorted(cards)) if cards else "-"


# -- reporting --------------------------------------------------------------------------------
@dataclass
class Disagreement:
    preset: str
    hand_no: int
    kind: str
    detail: str
    position: str

    def __str__(self) -> str:
        return (
            f"[{self.kind}] preset={self.preset} hand={self.hand_no}\n"
            f"  position: {self.position}\n  {self.detail}"
        )


@dataclass
class Stats:
    positions: int = 0
    huge_positions: int = 0
    leads: int = 0
    throws: int = 0
    failed_throws: int = 0
    tricks: int = 0
    results: int = 0
    hands: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    outcomes: Counter = field(default_factory=Counter)
    # what the positions held (rules §11): leads by kind, throws holding a triple, follows to a
    # lead with triples, and positions per preset
    kinds: Counter = field(default_factory=Counter)
    by_preset: Counter = field(default_factory=Counter)

    def summary(self) -> str:
        return (
            f"hands={self.hands} positions={self.positions} (huge {self.huge_positions}) "
            f"leads={self.leads} throws={self.throws} failed={self.failed_throws} "
            f"tricks={self.tricks} results={self.results} "
            f"disagreements={len(self.disagreements)}"
        )

    def details(self) -> str:
        return f"by preset: {dict(self.by_preset)}\nkinds: {dict(sorted(self.kinds.items()))}"


class HandAborted(Exception):
    pass


# -- one hand ---------------------------------------------------------------------------------
class HandRun:
    """Plays one random hand through the core and the reference side by side."""

    def __init__(
        self,
        core,
        preset: str,
        hand_no: int,
        seed: int,
        stats: Stats,
        throw_rate: float = 0.3,
        options: dict | None = None,
    ) -> None:
        self.core = core
        self.preset = preset
        self.options = dict(options or {})
        self.hand_no = hand_no
        self.stats = stats
        self.throw_rate = throw_rate
        self.rng = random.Random(f"{seed}:{preset}:{hand_no}")
        rng = self.rng
        base = ref.RefRules.preset(preset)
        ref_rules = dataclasses.replace(base, **self.options)
        decks, size = ref_rules.decks, ref_rules.hand_size
        self.size = size
        deck = ref.full_deck(decks)
        rng.shuffle(deck)
        dealt = 4 * size
        hands = [deck[s:dealt:4] for s in range(4)]
        kitty = deck[dealt:]
        if rng.random() < 0.25:
            # A long suit for one seat: long throws, voids, trump kills, huge move counts.
            suit, k = rng.choice(SUITS), rng.randint(2 * size // 5, 3 * size // 4)
            picked = [i for i, c in enumerate(deck) if c[1:] == suit][:k]
            k = len(picked)
            rest = [c for i, c in enumerate(deck) if i not in picked]
            long = [deck[i] for i in picked] + rest[: size - k]
            rest = rest[size - k :]
            hands = [rest[s : 3 * size : 3] for s in range(3)]
            hands.insert(rng.randrange(4), long)
            kitty = rest[3 * size :]
        if decks == 3 and rng.random() < 0.5:
            # Titanics are rare in a random deal: give one seat every copy of two or three
            # neighbouring ranks of a suit (rules §11.3), swapping them for cards of its own.
            suit, low = rng.choice(SUITS), rng.randrange(12)
            faces = {RANKS[r] + suit for r in range(low, min(low + rng.randint(2, 3), 13))}
            seat = rng.randrange(4)
            piles = [*hands, kitty]
            for pile_no, pile in enumerate(piles):
                if pile_no == seat:
                    continue
                for i, c in enumerate(pile):
                    if c in faces:
                        j = rng.choice([k for k, x in enumerate(hands[seat]) if x not in faces])
                        pile[i], hands[seat][j] = hands[seat][j], c
        self.gone: list[str] = []
        self.banked = 0
        if rng.random() < 0.3:
            # An endgame: a few cards each, the rest gone, some points banked (the point rows'
            # thresholds, 光牌 and the last-trick digs come up much more often).
            m = rng.randint(1, 8)
            kept = [rng.sample(h, m) for h in hands]
            for h, k in zip(hands, kept):
                for c in k:
                    h.remove(c)
                self.gone += h
            hands = kept
            # (scaled to the bands of 20 points a pack, rules §11.9)
            self.banked = rng.choice(
                [0, 0, 0, 5]
                + [x * decks // 2 // 5 * 5 for x in (40, 70, 75, 80, 100, 130, 135, 140, 160)]
            )
        self.hands = [sorted(h) for h in hands]
        self.start_hands = [list(h) for h in self.hands]
        self.kitty = sorted(kitty)
        # Levels 9..K often, to exercise digs and the must-play stops.
        self.level = rng.randrange(13) if rng.random() < 0.5 else rng.randrange(8, 13)
        if ref_rules.ladder != base.ladder and "must_play_levels" not in self.options:
            # The core keeps must-play levels as places on the ladder: the same places on the
            # other ladder are other letters.
            places = [base.levels.index(letter) for letter in base.must_play_levels]
            ref_rules = dataclasses.replace(
                ref_rules, must_play_levels=tuple(ref_rules.levels[p] for p in places)
            )
        self.letters = ref_rules.levels  # the core numbers levels by their place on the ladder
        # A hand without trumps (rules §10.1, trump 4 in the core) where the rules allow one.
        self.trump = rng.randrange(5 if ref_rules.declaring in ("standard", "huanle") else 4)
        # §11.9: a stake of 2^d where the rules have stakes.
        self.stake = 2 ** rng.randrange(7) if ref_rules.stakes else 1
        self.declarer = rng.randrange(4)
        dry = rng.random() < 0.15 and ref_rules.kitty_burial == "face_up"
        self.ctx = ref.Context(ref_rules, self.letters[self.level], TRUMPS[self.trump])
        # 干巴锅 (rules §6.3) only with a kitty holding no card of the trump suit but level cards.
        self.dry = dry and not any(
            c[-1] == TRUMPS[self.trump] and c[:-1] != self.letters[self.level]
            for c in kitty
            if c not in ("SJ", "BJ")
        )
        self.tricks: list[tuple[int, list[tuple[str, ...]]]] = []
        self.trick: list[tuple[str, ...]] = []
        self.leader = self.declarer
        self.points = self.banked
        self.voids = [0, 0, 0, 0]

    # -- position strings for the reports (docs/notation.md) -------------------------------------
    def position(self) -> str:
        parts = [
            self.preset,
            f"level={self.letters[self.level]}",
            f"trump={TRUMPS[self.trump]}",
            f"declarer={SEATS[self.declarer]}",
        ]
        parts += [f"{SEATS[s]}={cardlist(self.hands[s])}" for s in range(4)]
        parts.append(f"kitty={cardlist(self.kitty)}")
        if self.tricks:
            parts.append(
                "tricks="
                + "/".join(
                    f"{SEATS[ld]}:" + "|".join(cardlist(p) for p in plays)
                    for ld, plays in self.tricks
                )
            )
        parts.append(f"trick={SEATS[self.leader]}:" + "|".join(cardlist(p) for p in self.trick))
        if self.gone:
            parts.append(f"gone={cardlist(self.gone)} points={self.banked}")
        if self.dry:
            parts.append("dry=yes")
        if self.stake != 1:
            parts.append(f"stake={self.stake}")
        return " ".join(parts)

    def disagree(self, kind: str, detail: str, abort: bool = True) -> None:
        self.stats.disagreements.append(
            Disagreement(self.preset, self.hand_no, kind, detail, self.position())
        )
        if abort:
            raise HandAborted(kind)

    # -- the run ---------------------------------------------------------------------------
    def run(self) -> None:
        core = self.core
        try:
            args = (
                core_rules(core, self.preset, self.options),
                self.level,
                self.trump,
                self.declarer,
                self.declarer,
                [to_set(h) for h in self.hands],
                [0, 0, 0, 0],
                to_set(self.kitty),
                True,
                self.dry,
                self.banked,
                [0, 0, 0, 0],
            )
            if self.gone:  # `gone` is an extension of the documented constructor
                self.hand = core.Hand(*args, self.size - len(self.hands[0]), gone=to_set(self.gone))
            else:
                self.hand = core.Hand(*args, 0)
            if self.stake != 1:
                self.hand.set_stake(self.stake)
            while not self.hand.is_over:
                self.step()
            if any(self.hands):
                self.disagree("over", "the core says the hand is over but cards are left")
            self.compare_results()
        except HandAborted:
            pass
        except Exception:  # a crash of the core (or of the harness) is a disagreement too
            self.stats.disagreements.append(
                Disagreement(
                    self.preset, self.hand_no, "exception", traceback.format_exc(), self.position()
                )
            )
        self.stats.hands += 1

    def step(self) -> None:
        h, ctx, stats = self.hand, self.ctx, self.stats
        seat = (self.leader + len(self.trick)) % 4
        if h.turn != seat:
            self.disagree("turn", f"core turn {SEATS[h.turn]}, expected {SEATS[seat]}")
        mine = self.hands[seat]
        leading = not self.trick
        lead = self.trick[0] if self.trick else None

        if leading:
            ref_count = ref.count_legal_leads(ctx, mine)
        else:
            ref_count = ref.count_legal_follows(ctx, mine, lead)
        core_count = h.count_legal_moves()
        stats.positions += 1
        stats.by_preset[self.preset] += 1
        if not leading and max(Counter(lead).values()) >= 3:
            stats.kinds["follows to a lead with triples"] += 1
        if core_count != ref_count:
            self.disagree(
                "count",
                f"{SEATS[seat]} to play: core counts {core_count} legal "
                f"moves, the reference {ref_count}",
            )

        ref_moves = None
        if ref_count <= HUGE:
            ref_moves = (
                ref.legal_leads(ctx, mine) if leading else ref.legal_follows(ctx, mine, lead)
            )
            core_list = [from_set(m) for m in h.legal_moves()]
            core_moves = set(core_list)
            if len(core_list) != len(core_moves):
                dup = [m for m, n in Counter(core_list).items() if n > 1][:5]
                self.disagree("duplicates", f"core lists some moves twice: {dup}")
            if core_moves != ref_moves:
                extra = sorted(core_moves - ref_moves)[:8]
                missing = sorted(ref_moves - core_moves)[:8]
                self.disagree(
                    "moves",
                    f"{SEATS[seat]} to play: core has {len(core_moves)}, "
                    f"reference {len(ref_moves)}; only in core: {extra}; "
                    f"only in reference: {missing}",
                )
        else:
            stats.huge_positions += 1
            if core_count <= LIST_LIMIT:
                core_list = h.legal_moves()
                if len(core_list) != core_count:
                    self.disagree(
                        "count",
                        f"legal_moves has {len(core_list)} entries, "
                        f"count_legal_moves says {core_count}",
                    )
                for cs in self.rng.sample(core_list, min(30, len(core_list))):
                    m = from_set(cs)
                    ok = (
                        ref.is_legal_lead(ctx, mine, m)
                        if leading
                        else ref.is_legal_follow(ctx, mine, lead, m)
                    )
                    if not ok:
                        self.disagree("moves", f"core move {m} is not legal per reference")

        move = self.choose(mine, leading, lead, ref_moves)
        if leading:
            stats.leads += 1
            expected = tuple(sorted(ref.resolve_lead(ctx, seat, move, self.hands)))
            tripled = max(Counter(move).values()) >= 3
            if ref.is_throw(ctx, move):
                stats.throws += 1
                if tripled:
                    stats.kinds["throws with a triple"] += 1
                if expected != move:
                    stats.failed_throws += 1
                    if tripled:
                        stats.kinds["failed throws with a triple"] += 1
            else:
                comp = ref.single_component(ctx, move)
                if comp is not None and comp.length >= 2:
                    stats.kinds[f"{comp.name} leads"] += 1
                elif tripled:
                    stats.kinds["triple leads"] += 1
        else:
            expected = move
        try:
            played = from_set(h.play(to_set(move)))
        except Exception as e:
            self.disagree(
                "play", f"{SEATS[seat]} plays {cardlist(move)}: core raised {type(e).__name__}: {e}"
            )
        if played != expected:
            fmt = ref.lead_format(ctx, move)
            self.disagree(
                "resolve",
                f"{SEATS[seat]} leads {cardlist(move)} (format {fmt}): "
                f"core played {cardlist(played)}, reference {cardlist(expected)}",
            )
        for c in played:
            mine.remove(c)
        if not leading:
            suit = ctx.effective_suit(lead[0])
            if sum(1 for c in played if ctx.effective_suit(c) == suit) < len(lead):
                self.voids[seat] |= 1 << "HDSCT".index(suit)
        if from_set(h.hand(seat)) != tuple(sorted(mine)):
            self.disagree(
                "hand",
                f"after the play core holds {cardlist(from_set(h.hand(seat)))}"
                f" for {SEATS[seat]}, reference {cardlist(mine)}",
            )
        if h.voids(seat) != self.voids[seat]:
            self.disagree(
                "voids",
                f"{SEATS[seat]}: core void mask {h.voids(seat):05b}, "
                f"reference {self.voids[seat]:05b} (bits T C S D H)",
            )
        self.trick.append(played)
        if len(self.trick) == 4:
            self.end_trick()

    def choose(self, mine, leading, lead, ref_moves) -> tuple[str, ...]:
        rng, ctx = self.rng, self.ctx
        if ref_moves is not None:
            options = sorted(ref_moves)
            if leading:
                throws = [m for m in options if ref.is_throw(ctx, m)]
                plain = [m for m in options if not ref.is_throw(ctx, m)]
                r = rng.random()
                if throws and r < self.throw_rate / 2:
                    top = self.top_throw(mine)
                    if top is not None:
                        return top
                if throws and r < self.throw_rate:
                    return rng.choice(throws)
                if ctx.rules.decks == 3 and r < self.throw_rate + 0.25:
                    # the widest combination held: Titanics and triples lead more often
                    widest = max(len(m) for m in plain)
                    return rng.choice([m for m in plain if len(m) == widest])
                return rng.choice(plain)
            return rng.choice(options)
        if leading:  # a huge suit: throw a random part of it
            groups: dict[str, list[str]] = {}
            for c in mine:
                groups.setdefault(ctx.effective_suit(c), []).append(c)
            throwable = [s for s in groups if s != "T" or ctx.rules.throws_in_trumps]
            suit = max(throwable, key=lambda s: len(groups[s]))
            while True:
                m = tuple(sorted(c for c in groups[suit] if rng.random() < 0.4))
                if len(m) >= 1:
                    return m
        n = len(lead)
        suit = ctx.effective_suit(lead[0])
        same = [c for c in mine if ctx.effective_suit(c) == suit]
        other = [c for c in mine if ctx.effective_suit(c) != suit]
        if len(same) < n:
            return tuple(sorted(same + rng.sample(other, n - len(same))))
        if not ctx.rules.must_follow_format:
            return tuple(sorted(rng.sample(same, n)))
        # The duties of §10.4 make most random picks illegal: draw until one is legal (the
        # follows in the suit are many, so legal ones are not rare among the pair-heavy picks).
        pairs = sorted({c for c in same if same.count(c) >= 2})
        for _ in range(10_000):
            k = rng.randint(0, min(len(pairs), n // 2))
            doubled = rng.sample(pairs, k)
            # some of the faces held three times played three times (rules §11.5)
            thirds = [c for c in doubled if same.count(c) >= 3 and rng.random() < 0.5]
            rest = [c for c in same if c not in doubled]
            left = n - 2 * k - len(thirds)
            if left < 0:
                continue
            singles = rng.sample(sorted(set(rest)), min(left, len(set(rest))))
            move = tuple(sorted(doubled * 2 + thirds + singles))
            if len(move) == n and ref.is_legal_follow(ctx, mine, lead, move):
                return move
        raise RuntimeError("the harness found no legal follow by sampling")

    def top_throw(self, mine) -> tuple[str, ...] | None:
        """A throw of the top faces of a side suit (all copies held): likely to stand."""
        rng, ctx = self.rng, self.ctx
        suits = sorted({ctx.effective_suit(c) for c in mine} - {"T"})
        if not suits:
            return None
        suit = rng.choice(suits)
        faces = sorted(
            {c for c in mine if ctx.effective_suit(c) == suit}, key=ctx.power, reverse=True
        )
        faces = faces[: rng.randint(1, len(faces))]
        if rng.random() < 0.3:  # and a low card that may make it fail
            faces.append(rng.choice(faces))
        move = tuple(sorted(c for c in mine if c in faces))
        return move if ref.is_throw(ctx, move) else None

    def end_trick(self) -> None:
        ctx, stats = self.ctx, self.stats
        stats.tricks += 1
        winner = (self.leader + ref.trick_winner(ctx, self.trick)) % 4
        pts = ref.trick_points(self.trick)
        if winner % 2 != self.declarer % 2:
            self.points += pts
        tricks = self.hand.tricks()
        if len(tricks) != len(self.tricks) + 1:
            self.disagree(
                "tricks", f"core has {len(tricks)} tricks, expected {len(self.tricks) + 1}"
            )
        c_leader, c_plays, c_winner, c_points = tricks[-1]
        c_plays = [from_set(p) for p in c_plays]
        if c_leader != self.leader or c_plays != self.trick:
            self.disagree("tricks", f"core records {SEATS[c_leader]}:{c_plays}")
        if c_winner != winner:
            fmt = ref.lead_format(ctx, self.trick[0])
            self.disagree(
                "winner",
                f"trick {cardlist(self.trick[0])} (format {fmt}) | "
                + " | ".join(cardlist(p) for p in self.trick[1:])
                + f": core winner {SEATS[c_winner]}, reference {SEATS[winner]}",
            )
        if c_points != pts:
            self.disagree("trick points", f"core {c_points}, reference {pts}")
        if self.hand.points != self.points:
            self.disagree(
                "points", f"core defenders' points {self.hand.points}, reference {self.points}"
            )
        self.tricks.append((self.leader, self.trick))
        self.trick = []
        self.leader = winner
        self.last = (winner, c_plays[(winner - c_leader) % 4])

    def compare_results(self) -> None:
        team = self.declarer % 2
        for _ in range(3):
            other = self.rng.randrange(13) if self.rng.random() < 0.4 else self.rng.randrange(8, 13)
            levels = [0, 0]
            levels[team], levels[1 - team] = self.level, other
            got = self.hand.result(levels[0], levels[1])
            want = ref.hand_result(
                self.ctx,
                self.declarer,
                self.letters[levels[0]],
                self.letters[levels[1]],
                self.points,
                self.last[0],
                self.last[1],
                self.kitty,
                self.dry,
                self.stake,
            )
            self.stats.results += 1
            self.stats.outcomes[want.outcome] += 1
            diffs = []
            for name in (
                "points",
                "dig",
                "outcome",
                "kitty_jokers_climb",
                "declarers_stay",
                "score_ns",
                "score_ew",
                "next_declarer",
                "match_won",
                "kitty_points",
                "kitty_multiplier",
                "stake",
                "base",
            ):
                mine = getattr(got, name)
                if name in ("dig", "outcome"):  # the core's enums are named by the strings
                    mine = getattr(mine, "name", mine)
                if mine != getattr(want, name):
                    diffs.append(
                        f"{name}: core {getattr(got, name)!r}, ref {getattr(want, name)!r}"
                    )
            for name in ("level_ns", "level_ew"):
                g = getattr(got, name)
                if self.letters[g] != getattr(want, name):
                    diffs.append(f"{name}: core {self.letters[g]}, ref {getattr(want, name)}")
            if diffs:
                self.disagree(
                    "result",
                    f"levels NS:{self.letters[levels[0]]},EW:{self.letters[levels[1]]}"
                    f" last trick won by {SEATS[self.last[0]]} with "
                    f"{cardlist(self.last[1])}: " + "; ".join(diffs),
                    abort=False,
                )


# -- a stand-in core built on the reference, to test the harness itself (--self-test) ----------
class FakeCore:
    """Implements the part of the ``_core`` contract the harness uses, with the reference."""

    class Rules:
        @staticmethod
        def preset(name):
            return ref.RefRules.preset(name)

    class Result:
        def __init__(self, r, letters):
            self.__dict__.update(vars(r))
            self.level_ns, self.level_ew = letters.index(r.level_ns), letters.index(r.level_ew)

    class Hand:
        def __init__(
            self,
            rules,
            level,
            trump,
            declarer,
            leader,
            hands,
            unknown,
            kitty,
            kitty_known,
            dry,
            points,
            voids,
            tricks_done,
            gone=(0, 0),
        ):
            self.letters = rules.levels
            self.ctx = ref.Context(rules, self.letters[level], TRUMPS[trump])
            self.declarer, self.leader, self.dry, self.points = declarer, leader, dry, points
            self.cards = [list(from_set(h)) for h in hands]
            self.kitty = list(from_set(kitty))
            self.trick, self._tricks, self._voids = [], [], [0, 0, 0, 0]
            self.stake = 1

        def set_stake(self, stake):
            self.stake = stake

        @property
        def turn(self):
            return (self.leader + len(self.trick)) % 4

        @property
        def is_over(self):
            return not any(self.cards)

        def _moves(self):
            mine = self.cards[self.turn]
            if not self.trick:
                return ref.legal_leads(self.ctx, mine)
            return ref.legal_follows(self.ctx, mine, self.trick[0])

        def legal_moves(self):
            return [to_set(m) for m in sorted(self._moves())]

        def count_legal_moves(self):
            return len(self._moves())

        def tricks(self):
            return list(self._tricks)

        def hand(self, seat):
            return to_set(self.cards[seat])

        def voids(self, seat):
            return self._voids[seat]

        def play(self, cards, recorded=False):
            seat, cards = self.turn, list(from_set(cards))
            if not self.trick:
                cards = sorted(ref.resolve_lead(self.ctx, seat, cards, self.cards))
            for c in cards:
                self.cards[seat].remove(c)
            if self.trick:
                suit = self.ctx.effective_suit(self.trick[0][0])
                if sum(self.ctx.effective_suit(c) == suit for c in cards) < len(cards):
                    self._voids[seat] |= 1 << "HDSCT".index(suit)
            self.trick.append(tuple(cards))
            if len(self.trick) == 4:
                w = (self.leader + ref.trick_winner(self.ctx, self.trick)) % 4
                pts = ref.trick_points(self.trick)
                if w % 2 != self.declarer % 2:
                    self.points += pts
                self._tricks.append((self.leader, [to_set(p) for p in self.trick], w, pts))
                self.last = (w, self.trick[(w - self.leader) % 4])
                self.leader, self.trick = w, []
            return to_set(cards)

        def result(self, level_ns, level_ew):
            return FakeCore.Result(
                ref.hand_result(
                    self.ctx,
                    self.declarer,
                    self.letters[level_ns],
                    self.letters[level_ew],
                    self.points,
                    self.last[0],
                    self.last[1],
                    self.kitty,
                    self.dry,
                    self.stake,
                ),
                self.letters,
            )


# -- driver -------------------------------------------------------------------------------------
def parse_options(items) -> dict:
    """``key=value`` rules options (docs/rules.md §9) as the reference's values: on/off for the
    boolean ones, the printed name for the others."""
    options = {}
    for item in items or ():
        key, _, value = item.partition("=")
        options[key] = {"on": True, "off": False}.get(value, value)
    return options


def core_rules(core, preset: str, options: dict):
    """The core's rules of ``preset`` with ``options`` (reference values) set."""
    rules = core.Rules.preset(preset)
    if isinstance(rules, ref.RefRules):  # the stand-in core
        return dataclasses.replace(rules, **options)
    for key, value in options.items():
        if isinstance(value, str):
            enum = getattr(core, "".join(w.title() for w in key.split("_")))
            if key == "ladder":  # "2-A" is not a Python name: the core's is Ladder's core_name
                value = Ladder(value).core_name
            value = enum.__members__[value]
        setattr(rules, key, value)
    return rules


def core_for(core, preset: str):
    """The engine that plays ``preset``: ``duidiao._core3`` for three decks (rules §11.1)."""
    if core is not FakeCore and ref.RefRules.preset(preset).decks == 3:
        from duidiao import _core3

        return _core3
    return core


def run(
    core,
    positions: int,
    seed: int,
    presets=PRESETS,
    first_hand: int = 0,
    hands: int | None = None,
    progress: float | None = None,
    stop_after: int | None = None,
    out=sys.stdout,
    options: dict | None = None,
) -> Stats:
    """Play hands over ``presets`` in turn until ``positions`` positions have been compared
    (or ``hands`` hands per preset were played); returns the statistics."""
    stats = Stats()
    start = last = time.time()
    i = first_hand
    while True:
        if hands is not None and i >= first_hand + hands:
            break
        if hands is None and stats.positions >= positions:
            break
        for preset in presets:
            HandRun(core_for(core, preset), preset, i, seed, stats, options=options).run()
        i += 1
        if progress is not None and time.time() - last >= progress:
            last = time.time()
            print(f"{last - start:7.1f}s {stats.summary()}", file=out, flush=True)
        if stop_after is not None and len(stats.disagreements) >= stop_after:
            break
        if len(stats.disagreements) >= MAX_DISAGREEMENTS:  # e.g. every hand failing at once
            print(f"stopped after {MAX_DISAGREEMENTS} disagreements", file=out, flush=True)
            break
    return stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--preset",
        choices=ALL,
        action="append",
        help="preset(s) to run (default: all eight in turn)",
    )
    ap.add_argument("--first-hand", type=int, default=0)
    ap.add_argument(
        "--hands", type=int, default=None, help="hands per preset (overrides --positions)"
    )
    ap.add_argument("--show", type=int, default=5, help="disagreements to print in full")
    ap.add_argument("--stop-after", type=int, default=None)
    ap.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a rules option set over every preset, e.g. muddy_throws=off (repeatable)",
    )
    ap.add_argument(
        "--self-test",
        action="store_true",
        help="run against a stand-in core built on the reference itself",
    )
    args = ap.parse_args(argv)

    if args.self_test:
        _core = FakeCore
    else:
        from duidiao import _core

    stats = run(
        _core,
        args.positions,
        args.seed,
        tuple(args.preset or ALL),
        args.first_hand,
        args.hands,
        progress=10.0,
        stop_after=args.stop_after,
        options=parse_options(args.option),
    )
    print(stats.summary())
    print("outcomes:", dict(stats.outcomes))
    print(stats.details())
    kinds = Counter(d.kind for d in stats.disagreements)
    if kinds:
        print("disagreements by kind:", dict(kinds))
    for d in stats.disagreements[: args.show]:
        print(d)
    return 1 if stats.disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
