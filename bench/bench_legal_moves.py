"""Legal-move generation: the C++ core and the Python reference on the same positions.

The positions are built deterministically from seeded random deals: a few random tricks are
played (with the core), then the position is either a lead (nobody has played to the trick in
progress) or a follow (1 to 3 plays made). Both implementations must find the same number of
distinct legal moves on every position; each benchmark asserts its own counts. The same deals
are played under `chifeng` and under `shanghai` (throws in trumps, the follow duties of
rules §10.3 and §10.4), in one run, so that the two can be set side by side.

    pytest bench/bench_legal_moves.py --benchmark-only
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

N_POSITIONS = 32  # of each kind
PRESETS = ("chifeng", "shanghai")
SUITS = "HDSC"
RANKS = "23456789TJQKA"  # rank ids 0..12 (docs/internals.md)


def card_name(face: int) -> str:
    """Face id (0..53) -> card string, as the reference and the notation write it."""
    if face == 52:
        return "SJ"
    if face == 53:
        return "BJ"
    return RANKS[face % 13] + SUITS[face // 13]


def to_mask(faces: list[int]) -> tuple[int, int]:
    """A list of face ids (each at most twice) -> the core's ``(one, two)`` card set."""
    one = two = 0
    for f in faces:
        bit = 1 << f
        if one & bit:
            two |= bit
        one |= bit
    return one, two


def from_mask(cards: tuple[int, int]) -> list[int]:
    """The core's ``(one, two)`` card set -> a sorted list of face ids."""
    one, two = cards
    out = []
    for f in range(54):
        if one >> f & 1:
            out.append(f)
            if two >> f & 1:
                out.append(f)
    return out


def deal(seed: int) -> dict:
    """A random deal, fully determined by ``seed``: four hands of 25, a kitty of 8, a random
    level (0..12 on the ladder A..K), trump suit (0..3) and declarer seat (0..3)."""
    rng = random.Random(seed)
    deck = list(range(54)) * 2
    rng.shuffle(deck)
    return {
        "hands": [sorted(deck[i * 25 : (i + 1) * 25]) for i in range(4)],
        "kitty": sorted(deck[100:]),
        "level": rng.randrange(13),
        "trump": rng.randrange(4),
        "declarer": rng.randrange(4),
        "rng": rng,
    }


@dataclass
class Pos:
    seed: int
    hand: object  # duidiao._core.Hand, `turn` to play
    ctx: object  # duidiao.reference.Context
    ref_hand: list  # the hand of `turn` as card strings
    ref_lead: tuple | None  # the lead of the trick in progress, or None for a lead position

    def describe(self) -> str:
        kind = "lead" if self.ref_lead is None else f"follow to {','.join(self.ref_lead)}"
        return f"seed {self.seed}: seat {self.hand.turn} to {kind}, hand {','.join(self.ref_hand)}"


def _names(cards) -> tuple:
    return tuple(sorted(card_name(f) for f in from_mask(cards)))


def _random_play(ref, pos_hand, ctx, rng) -> None:
    """Play a random legal move for `turn`; leads are kept small (no throw of 4+ cards) so
    that the follows stay enumerable."""
    moves = sorted(pos_hand.legal_moves())
    if not pos_hand.trick():
        small = [
            m
            for m in moves
            if len(from_mask(m)) <= 3 or ref.single_component(ctx, _names(m)) is not None
        ]
        moves = small or moves
    pos_hand.play(rng.choice(moves))


def build(core, ref, kind: str, preset: str) -> list[Pos]:
    out = []
    rules = core.Rules.preset(preset)
    ref_rules = ref.RefRules.preset(preset)
    for i in range(N_POSITIONS):
        seed = (1 if kind == "lead" else 2) * 100_000 + i
        d = deal(seed)
        rng = d["rng"]
        h = core.Hand(
            rules,
            d["level"],
            d["trump"],
            d["declarer"],
            d["declarer"],
            [to_mask(x) for x in d["hands"]],
            [0, 0, 0, 0],
            to_mask(d["kitty"]),
            True,
            False,
            0,
            [0, 0, 0, 0],
            0,
        )
        # the deal's level is a place on the preset's ladder (A-K or 2-A)
        ctx = ref.Context(ref_rules, ref_rules.levels[d["level"]], ref.SUITS[d["trump"]])
        for _ in range(4 * rng.randrange(0, 16)):  # whole tricks
            _random_play(ref, h, ctx, rng)
        if kind == "follow":
            for _ in range(1 + rng.randrange(3)):
                _random_play(ref, h, ctx, rng)
        assert (len(h.trick()) == 0) == (kind == "lead")
        lead = _names(h.trick()[0]) if kind == "follow" else None
        out.append(Pos(seed, h, ctx, list(_names(h.hand(h.turn))), lead))
    return out


def core_counts(positions: list[Pos]) -> list[int]:
    return [len(p.hand.legal_moves()) for p in positions]


def ref_counts(ref, positions: list[Pos]) -> list[int]:
    out = []
    for p in positions:
        if p.ref_lead is None:
            out.append(len(ref.legal_leads(p.ctx, p.ref_hand)))
        else:
            out.append(len(ref.legal_follows(p.ctx, p.ref_hand, p.ref_lead)))
    return out


@pytest.fixture(
    scope="module",
    params=[(p, k) for p in PRESETS for k in ("lead", "follow")],
    ids=[f"{p}-{k}" for p in PRESETS for k in ("lead", "follow")],
)
def case(request, core, reference):
    """(kind, positions, the agreed move counts): built once per preset and kind, checked
    against each other before any timing."""
    preset, kind = request.param
    positions = build(core, reference, kind, preset)
    kind = f"{preset} {kind}"
    c, r = core_counts(positions), ref_counts(reference, positions)
    diff = [
        f"{p.describe()}: core {a}, reference {b}" for p, a, b in zip(positions, c, r) if a != b
    ]
    assert not diff, "legal move counts differ:\n" + "\n".join(diff)
    return kind, positions, c


def _record(benchmark, positions, counts) -> None:
    benchmark.extra_info["positions"] = len(positions)
    benchmark.extra_info["moves"] = sum(counts)
    stats = getattr(benchmark, "stats", None)
    if stats is not None:  # None under --benchmark-disable
        mean = stats.stats.mean
        benchmark.extra_info["us_per_position"] = round(mean / len(positions) * 1e6, 3)
        benchmark.extra_info["ns_per_move"] = round(mean / max(1, sum(counts)) * 1e9, 1)


def test_legal_moves_core(benchmark, case):
    kind, positions, expected = case
    benchmark.group = f"legal moves: {kind}"
    counts = benchmark(core_counts, positions)
    assert counts == expected
    assert sum(counts) > 0
    _record(benchmark, positions, counts)


def test_legal_moves_array_core(benchmark, case):
    """The same generation, moves handed over as one numpy array instead of a list of tuples."""
    kind, positions, expected = case
    benchmark.group = f"legal moves: {kind}"
    counts = benchmark(lambda: [len(p.hand.legal_moves_array()) for p in positions])
    assert counts == expected
    _record(benchmark, positions, counts)


def test_generate_legal_moves_core(benchmark, case, core):
    """Generation alone, inside C++ (no Python object per move): the figure to set against the
    reference."""
    kind, positions, expected = case
    benchmark.group = f"legal moves: {kind}"
    hands = [p.hand for p in positions]
    total = benchmark(core.generate_legal_moves, hands, 1)
    assert total == sum(expected)
    _record(benchmark, positions, expected)


def test_count_legal_moves_core(benchmark, case):
    kind, positions, expected = case
    benchmark.group = f"legal moves: {kind}"

    def run():
        return [p.hand.count_legal_moves() for p in positions]

    counts = benchmark(run)
    assert counts == expected
    _record(benchmark, positions, counts)


def test_legal_moves_reference(benchmark, case, reference):
    kind, positions, expected = case
    benchmark.group = f"legal moves: {kind}"
    counts = benchmark.pedantic(
        ref_counts, args=(reference, positions), rounds=3, iterations=1, warmup_rounds=0
    )
    assert counts == expected
    _record(benchmark, positions, counts)


# The worst lead constructed: 25 trumps in 18 faces, 7 of them pairs (shanghai, level 5,
# hearts): 3^7 * 2^11 - 1 = 4,478,975 leads, nearly all of them throws in trumps (rules §10.3).
WORST = (
    "shanghai level=5 trump=H declarer=S "
    "S=BJ,BJ,SJ,SJ,5H,5H,5S,5S,5D,5C,AH,AH,KH,KH,QH,JH,TH,9H,8H,7H,6H,4H,3H,2H,2H "
    "E=?25 N=?25 W=?25 kitty=?8 turn=S points=0"
)


@pytest.mark.parametrize("what", ["count", "page"])
def test_worst_hand(benchmark, what):
    """Counting the worst hand's leads (closed form) and listing one page of 1,000 of them (one
    pass of the enumeration, memory for the page only)."""
    from duidiao import Position

    benchmark.group = "legal moves: the worst hand"
    pos = Position(WORST)
    if what == "count":
        assert benchmark(pos.count_legal_moves) == 4_478_975
    else:
        page = benchmark(pos.legal_moves_page, 4_000_000, 1000)
        assert len(page) == 1000
