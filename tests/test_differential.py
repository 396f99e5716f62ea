"""The C++ core against the Python reference on random hands (see tests/differential.py)."""

from __future__ import annotations

import os
import sys

import pytest

core = pytest.importorskip("duidiao._core")

sys.path.insert(0, os.path.dirname(__file__))
import differential  # noqa: E402

PER_PRESET = 12_000  # 36,000 positions over the three Chifeng presets (>= 20,000)
PER_STANDARD_PRESET = 20_000  # each of tractor and shanghai (rules §10)


@pytest.mark.parametrize("preset", differential.PRESETS)
def test_core_agrees_with_reference(preset):
    n = PER_STANDARD_PRESET if preset in ("tractor", "shanghai") else PER_PRESET
    stats = differential.run(core, n, seed=20240601, presets=(preset,), stop_after=5)
    assert stats.positions >= n
    assert stats.tricks > 0 and stats.results > 0 and stats.throws > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


@pytest.mark.parametrize(
    "options",
    [{"muddy_throws": False}, {"failed_throw": "lowest"}, {"must_follow_format": True}],
    ids=["muddy_throws=off", "failed_throw=lowest", "must_follow_format=on"],
)
def test_core_agrees_with_reference_under_the_standard_throw_options(options):
    """Rules §10.3's throw options and §10.4's following duties, on the Chifeng presets, before
    the standard presets exist."""
    stats = differential.run(core, 4_000, seed=7, options=options, stop_after=5)
    assert stats.positions >= 4_000 and stats.throws > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


def test_core_agrees_with_reference_on_trump_throws_and_no_trump_hands():
    """Rules §10.1–§10.3 on a Chifeng base: hands without trumps (drawn when the standard
    declaring allows them), the trump group's tractor order with the bridge and no ace-low
    tractor, throws in trumps, no 浑甩."""
    options = {
        "declaring": "standard",
        "throws_in_trumps": True,
        "level_tractor_bridge": True,
        "ace_low_tractor": False,
        "muddy_throws": False,
    }
    stats = differential.run(core, 6_000, seed=11, options=options, stop_after=5)
    assert stats.positions >= 6_000 and stats.throws > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


def test_core_agrees_with_reference_when_plays_compete_by_structure():
    """Rules §10.5 `trump_compare=structure` on a Chifeng base, with trump throws and NT hands."""
    options = {"trump_compare": "structure", "throws_in_trumps": True, "declaring": "standard"}
    stats = differential.run(core, 6_000, seed=12, options=options, stop_after=5)
    assert stats.positions >= 6_000 and stats.throws > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


def test_core_agrees_with_reference_on_the_standard_ladder():
    """Rules §10.1 `ladder=2-A` on the Chifeng presets: levels are places on the ladder."""
    stats = differential.run(core, 4_000, seed=14, options={"ladder": "2-A"}, stop_after=5)
    assert stats.positions >= 4_000 and stats.results > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


STANDARD_RESULT = {"scoring": "bands", "digs": False, "xiaosa": False}


@pytest.mark.parametrize(
    "options",
    [
        {**STANDARD_RESULT, "kitty_points": "power"},
        {**STANDARD_RESULT, "kitty_points": "cards", "gated_takeover": True},
    ],
    ids=["bands,kitty_points=power", "bands,kitty_points=cards,gated_takeover=on"],
)
def test_core_agrees_with_reference_under_the_standard_result_options(options):
    """Rules §10.7's result (the bands, the kitty's bonus, the gates; no digs, no 潇洒) on the
    Chifeng presets, before the standard presets are playable: T, the outcome, the levels and
    scores, the kitty's points and multiplier."""
    stats = differential.run(core, 4_000, seed=7, options=options, stop_after=5)
    assert stats.positions >= 4_000 and stats.results > 0
    assert {"xiaoguang", "dapo_climb"} <= set(stats.outcomes)
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


# -- rules §11: one deck, 欢乐升级 (two decks), three decks with triples and Titanics ------------
WIDER_POSITIONS = {"one-deck": 2_000, "huanle": 3_000, "three-deck": 4_000}


@pytest.mark.parametrize("preset", differential.WIDER)
def test_core_agrees_with_reference_on_the_wider_family(preset):
    """The short twin of the long run in the closing note of the decks issue (1,000,000
    positions: ``python tests/differential.py --positions 1000000``). Three decks are played by
    ``duidiao._core3``; the harness plants Titanics in half its three-deck deals."""
    n = WIDER_POSITIONS[preset]
    stats = differential.run(core, n, seed=20261204, presets=(preset,), stop_after=5)
    assert stats.positions >= n and stats.throws > 0 and stats.results > 0
    if preset == "three-deck":
        for kind in (
            "titanic leads",
            "triple leads",
            "failed throws with a triple",
            "follows to a lead with triples",
        ):
            assert stats.kinds[kind] > 0, (kind, stats.details())
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


@pytest.mark.parametrize(
    "options",
    [{"permanent_twos": True}, {"protect_triples": True}, {"kitty_points": "double"}],
    ids=["permanent_twos=on", "protect_triples=on", "kitty_points=double"],
)
def test_core_agrees_with_reference_under_the_wider_options(options):
    """Rules §11.10's options off in every preset: 2 为常主 (§11.2), protected triples
    (§11.5) and the flat ×2 kitty (§11.9), on two and three decks."""
    stats = differential.run(
        core, 2_000, seed=3, presets=("huanle", "three-deck"), options=options, stop_after=5
    )
    assert stats.positions >= 2_000 and stats.throws > 0
    details = "\n".join(str(d) for d in stats.disagreements[:5])
    assert not stats.disagreements, f"{stats.summary()}\n{details}"


def test_harness_self_check():
    """The harness run against a stand-in core built on the reference finds nothing, and a
    deliberately wrong stand-in is caught (so that zero disagreements means something)."""
    stats = differential.run(differential.FakeCore, 300, seed=5, presets=("chifeng",))
    assert stats.positions >= 300 and not stats.disagreements

    class Wrong(differential.FakeCore):
        class Hand(differential.FakeCore.Hand):
            def count_legal_moves(self):
                return super().count_legal_moves() + (1 if len(self.trick) == 2 else 0)

    stats = differential.run(Wrong, 300, seed=5, presets=("chifeng",), hands=1)
    assert stats.disagreements and stats.disagreements[0].kind == "count"

    class WrongKitty(differential.FakeCore):  # the kitty's multiplier is compared too
        class Hand(differential.FakeCore.Hand):
            def result(self, level_ns, level_ew):
                r = super().result(level_ns, level_ew)
                r.kitty_multiplier += 1
                return r

    options = {**STANDARD_RESULT, "kitty_points": "power"}
    stats = differential.run(
        WrongKitty, 300, seed=5, presets=("chifeng",), hands=1, options=options
    )
    assert stats.disagreements and stats.disagreements[0].kind == "result"
    assert "kitty_multiplier" in str(stats.disagreements[0])


# -- hand-built positions: the core against explicit expectations (and the reference) ----------
def play_out(preset, level, trump, declarer, hands, moves, kitty=None, levels=None):
    """Build an endgame with exactly ``hands`` (the rest of the deck gone), play ``moves`` in
    order; returns (core hand, cards actually played per move)."""
    deck = differential.ref.full_deck()
    for h in hands:
        for c in h:
            deck.remove(c)
    kitty = list(kitty) if kitty is not None else [c for c in deck if c[1:] == "C"][-8:]
    for c in kitty:
        deck.remove(c)
    to_set = differential.to_set
    lv, tr = differential.LEVELS.index(level), differential.SUITS.index(trump)
    hand = core.Hand(
        core.Rules.preset(preset),
        lv,
        tr,
        declarer,
        declarer,
        [to_set(h) for h in hands],
        [0] * 4,
        to_set(kitty),
        True,
        False,
        0,
        [0] * 4,
        25 - len(hands[0]),
        gone=to_set(deck),
    )
    played = [differential.from_set(hand.play(to_set(m))) for m in moves]
    return hand, played


def check_trick(preset, level, trump, hands, moves, winner, first=None):
    """Play one trick led by S and check the first play and the winner, also against the
    reference."""
    ctx = differential.ref.Context(differential.ref.RefRules.preset(preset), level, trump)
    hand, played = play_out(preset, level, trump, 0, hands, moves)
    expected_first = tuple(sorted(first if first is not None else moves[0]))
    assert played[0] == expected_first
    ref_first = differential.ref.resolve_lead(ctx, 0, moves[0], dict(enumerate(hands)))
    assert tuple(sorted(ref_first)) == expected_first
    if len(played) == 4:
        assert hand.tricks()[-1][2] == winner
        assert differential.ref.trick_winner(ctx, played) == winner
    return hand


def test_s5_4_overtrump_by_the_pair():
    hands = [["AS", "AS", "KS"], ["3H", "3H", "BJ"], ["4H", "4H", "6H"], ["QS", "JS", "9S"]]
    check_trick("chifeng", "5", "H", hands, hands, winner=2)


def test_s5_4_overtrump_best_partition_core():
    hands = [
        ["AS", "AS", "KS", "KS", "9S", "9S"],
        ["2H", "2H", "3H", "3H", "8H", "8H"],
        ["4H", "4H", "6H", "6H", "7H", "7H"],
        ["2C", "3C", "4C", "6C", "7C", "8C"],
    ]
    check_trick("chifeng", "5", "H", hands, hands, winner=2)


def test_s5_4_equal_off_suit_level_pairs():
    hands = [["QS", "QS"], ["5D", "5D"], ["5C", "5C"], ["2H", "2H"]]
    check_trick("chifeng", "5", "H", hands, hands, winner=1)


def test_s5_4_trump_pair_as_two_singles():
    hands = [["KS", "QS"], ["SJ", "SJ"], ["BJ", "3H"], ["2S", "3S"]]
    check_trick("chifeng", "5", "H", hands, hands, winner=2)


def test_s4_ace_low_tractor_at_level_2_core():
    hands = [
        ["AS", "AS", "3S", "3S"],
        ["KS", "KS", "QS", "QS"],
        ["4S", "6S", "7S", "8S"],
        ["4D", "6D", "7D", "8D"],
    ]
    check_trick("chifeng", "2", "H", hands, hands, winner=1)


def test_s4_ka2_is_not_a_tractor_core():
    hands = [
        ["KS", "KS", "AS", "AS", "2S", "2S"],
        ["3S", "4S", "6S", "7S", "8S", "9S"],
        ["QS", "QS", "JS", "JS", "TS", "TS"],
        ["3D", "4D", "6D", "7D", "8D", "9D"],
    ]
    # a throw (KK-AA tractor + pair 22); N's QQ-JJ can't beat KK-AA, 22 is beaten by N's pairs
    check_trick("chifeng", "5", "H", hands, [hands[0]], winner=None, first=["2S", "2S"])


def test_s5_2_failed_throw_forced_lowest_core():
    hands = [
        ["KS", "KS", "9S", "3S"],
        ["AS", "AS", "2D", "3D"],
        ["4S", "6C", "7C", "8C"],
        ["8D", "9D", "TD", "JD"],
    ]
    check_trick("chifeng", "5", "H", hands, [hands[0]], winner=None, first=["3S"])


def test_s5_2_failed_tractor_component_core():
    hands = [
        ["JS", "JS", "TS", "TS", "AS"],
        ["KS", "KS", "QS", "QS", "2D"],
        ["AS", "3D", "4D", "6D", "7D"],
        ["2C", "3C", "4C", "6C", "7C"],
    ]
    check_trick("chifeng", "5", "H", hands, [hands[0]], winner=None, first=["JS", "JS", "TS", "TS"])


def test_s5_2_hunshuai_core():
    hands = [
        ["AS", "AS", "QS", "QS", "9S", "8S"],
        ["TS", "KS", "2D", "3D", "4D", "6D"],
        ["2C", "3C", "4C", "6C", "7C", "8C"],
        ["7D", "8D", "9D", "TD", "JD", "QD"],
    ]
    check_trick("chifeng", "K", "H", hands, [["9S", "8S"]], winner=None)  # KS is a trump
    hands[1][0] = "JS"
    check_trick("chifeng", "K", "H", hands, [["9S", "8S"]], winner=None, first=["8S"])


def test_s7_k_fantian_and_k_sanji_core():
    for preset, ns, ew, outcome in (
        ("chifeng", 7, 12, "k_fantian"),
        ("chifeng-classic", 9, 7, "k_sanji"),
    ):
        hand, _ = play_out(
            preset,
            "K",
            "H",
            0,
            [["3D"], ["KS"], ["4D"], ["6D"]],
            [["3D"], ["KS"], ["4D"], ["6D"]],
            kitty=["2C"] * 2 + ["3C"] * 2 + ["4C"] * 2 + ["6C"] * 2,
        )
        r = hand.result(12, 7)
        assert (r.outcome.name, r.dig.name, r.level_ns, r.level_ew, r.declarers_stay) == (
            outcome,
            "level",
            ns,
            ew,
            False,
        )


def test_s7_joker_dig_with_kitty_jokers_core():
    hand, _ = play_out(
        "chifeng",
        "5",
        "H",
        0,
        [["3D"], ["SJ"], ["4D"], ["6D"]],
        [["3D"], ["SJ"], ["4D"], ["6D"]],
        kitty=["BJ", "2C", "2C", "3C", "3C", "4C", "4C", "6C"],
    )
    r = hand.result(4, 2)  # NS at 5, EW at 3
    assert (r.outcome.name, r.kitty_jokers_climb, r.level_ew, r.next_declarer) == (
        "joker_dig",
        3,
        2 + 5,
        1,
    )


def test_s5_4_overtrump_two_longest_tractors_core():
    """Two tractors of the longest length: the primary is the better one (Q over 9)."""
    hands = [
        ["AS", "AS", "KS", "KS", "8S", "8S", "7S", "7S"],
        ["2H", "2H", "3H", "3H", "JH", "JH", "QH", "QH"],
        ["6H", "6H", "7H", "7H", "8H", "8H", "9H", "9H"],
        ["2C", "3C", "4C", "6C", "7C", "8C", "9C", "TC"],
    ]
    check_trick("chifeng", "5", "H", hands, hands, winner=1)
