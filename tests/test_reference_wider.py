"""duidiao.reference on the wider family of rules §11: one deck, three decks with triples and
Titanics, 欢乐升级 炒地皮 (presets ``one-deck``, ``huanle``, ``three-deck``).

The golden examples G1–G44 of rules §11.12 are checked here at the reference's level (G45 and
G46 are notation: the core's), each named by its number and section, then properties of the
reference on random cards (hypothesis).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duidiao.reference import (
    HAND_SIZES,
    KITTY_SIZES,
    PRESETS,
    WIDER_PRESETS,
    Context,
    CounterRound,
    Declaring,
    RefRules,
    as_titanic,
    as_tractor,
    card_points,
    count_legal_follows,
    count_legal_leads,
    counter,
    counter_round,
    deal,
    declaration_kind,
    declaration_rung,
    declare,
    decompose,
    first_hand_declarer,
    follow_duty,
    follow_facts,
    follow_refusal,
    full_deck,
    hand_result,
    is_legal_follow,
    is_legal_lead,
    is_throw,
    kitty_multiplier,
    lead_format,
    legal_follows,
    legal_leads,
    may_counter,
    pack_points,
    pass_counter,
    random_context,
    random_playout,
    resolve_lead,
    run_counters,
    run_declaring,
    simple_leads,
    single_component,
    throw_status,
    trick_points,
    trick_winner,
)
from duidiao.reference.combinations import kind_order
from duidiao.reference.plays import FollowDuty, _primary_value, sub_multisets

S, E, N, W = 0, 1, 2, 3
SLOW = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def C(preset="three-deck", level="5", trump="S", **options) -> Context:
    """The context of rules §11.12's examples: ``three-deck``, level 5, ♠ trumps."""
    return Context(dataclasses.replace(RefRules.preset(preset), **options), level, trump)


def L(text: str) -> list[str]:
    """A card list as written in rules §11.12 (with ``3C*3`` for three copies)."""
    out: list[str] = []
    for token in text.split(","):
        card, _, times = token.strip().partition("*")
        out += [card] * int(times or 1)
    return out


def T(text: str) -> tuple[str, ...]:
    return tuple(sorted(L(text)))


# -- §11.1 decks, copies, the deal ----------------------------------------------------------------
def test_s11_1_decks_and_sizes():
    for decks, cards, hand, kitty, points in (
        (1, 54, 12, 6, 100),
        (2, 108, 25, 8, 200),
        (3, 162, 39, 6, 300),
    ):
        deck = full_deck(decks)
        assert len(deck) == cards and set(Counter(deck).values()) == {decks}
        assert (HAND_SIZES[decks], KITTY_SIZES[decks]) == (hand, kitty)
        assert 4 * hand + kitty == cards
        assert pack_points(decks) == points == sum(card_points(c) for c in deck)
    assert full_deck() == full_deck(2)
    with pytest.raises(ValueError):
        full_deck(4)


@pytest.mark.parametrize("preset", WIDER_PRESETS)
def test_s11_1_deal(preset):
    rules = RefRules.preset(preset)
    hands, kitty = deal(random.Random(preset), rules.decks)
    assert [len(h) for h in hands] == [rules.hand_size] * 4 and len(kitty) == rules.kitty_size
    assert sorted(sum(hands, []) + kitty) == full_deck(rules.decks)


def test_s11_1_trump_counts():
    """§11.1's table: trumps with a suit / under NT."""
    for preset, suit, nt in (("one-deck", 18, 6), ("huanle", 36, 12), ("three-deck", 54, 18)):
        deck = full_deck(RefRules.preset(preset).decks)
        assert sum(C(preset, "5", "S").is_trump(c) for c in deck) == suit
        assert sum(C(preset, "5", "NT").is_trump(c) for c in deck) == nt


# -- §11.10 options and presets -------------------------------------------------------------------
def test_s11_10_presets():
    tractor = RefRules.preset("tractor")
    for name, decks in zip(WIDER_PRESETS, (1, 2, 3)):
        r = RefRules.preset(name)
        assert r.name == name and r.decks == decks and r.band == 20 * decks
        assert (r.declaring, r.kitty_points, r.first_declarer) == (
            "huanle",
            "component",
            "standing",
        )
        assert r.counter_bury == r.stakes == (decks > 1)
        assert not r.permanent_twos and not r.protect_triples
        same = ("must_follow_format", "ace_low_tractor", "level_tractor_bridge", "throws_in_trumps")
        same += ("muddy_throws", "failed_throw", "ladder", "must_play_levels", "trump_compare")
        same += ("kitty_burial", "scoring", "digs", "xiaosa", "level_card_grab", "gated_takeover")
        for field in same:
            assert getattr(r, field) == getattr(tractor, field), (name, field)


def test_s11_10_older_presets_keep_their_values():
    for name in PRESETS:
        r = RefRules.preset(name)
        assert (r.decks, r.permanent_twos, r.protect_triples) == (2, False, False)
        assert (r.counter_bury, r.stakes, r.first_declarer) == (False, False, "standing")
        assert r.kitty_points in ("never", "power", "cards") and r.declaring != "huanle"
    assert RefRules.preset("tractor").band == 40


# -- §11.2 the order, 2 as a permanent trump ------------------------------------------------------
def test_s11_2_permanent_twos_order():
    """§11.2 at level 10, ♥ trumps: BJ > SJ > 10♥ > other 10s > 2♥ > other 2s > A♥ > … > 3♥."""
    ctx = C("huanle", "T", "H", permanent_twos=True)
    order = ["BJ", "SJ", "TH", "TD", "2H", "2S", "AH", "KH", "3H"]
    powers = [ctx.power(c) for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)
    assert ctx.power("TD") == ctx.power("TS") == ctx.power("TC")
    assert ctx.power("2S") == ctx.power("2D") == ctx.power("2C")
    assert all(ctx.effective_suit("2" + s) == "T" for s in "HDSC")
    assert ctx.effective_suit("3S") == "S" and ctx.power("3H") > ctx.power("AS")
    plain = C("huanle", "T", "H")
    assert plain.effective_suit("2S") == "S" and plain.power("2H") < plain.power("3H")


def test_s11_2_permanent_twos_under_nt_and_at_level_2():
    nt = C("huanle", "T", "NT", permanent_twos=True)
    assert nt.power("BJ") > nt.power("SJ") > nt.power("TH") == nt.power("TS") > nt.power("2H")
    assert nt.power("2H") == nt.power("2S") > nt.power("AH")
    # At level 2 the option changes nothing.
    with_twos, without = C("huanle", "2", "H", permanent_twos=True), C("huanle", "2", "H")
    for card in full_deck(1):
        assert with_twos.power(card) == without.power(card)
        assert with_twos.effective_suit(card) == without.effective_suit(card)
    assert with_twos.tractor_chains("T") == without.tractor_chains("T")


def test_g44_permanent_twos_tractors():
    """G44 (rules §11.12, §11.2 Decision): ``huanle with=permanent_twos``, level T, ♥ trumps."""
    ctx = C("huanle", "T", "H", permanent_twos=True)
    for cards in ("AH*2,2S*2", "2S*2,2H*2", "2H*2,TS*2"):
        assert as_tractor(ctx, L(cards)) is not None, cards
    seven = L("AH*2,2S*2,2H*2,TC*2,TH*2,SJ*2,BJ*2")
    assert as_tractor(ctx, seven) == ("AH", "2S", "2H", "TC", "TH", "SJ", "BJ")
    assert as_tractor(ctx, L("2S*2,2D*2")) is None  # equal
    assert as_tractor(ctx, L("AH*2,2H*2")) is None  # the off-suit 2 lies between
    nt = C("huanle", "T", "NT", permanent_twos=True)
    assert as_tractor(nt, L("2S*2,TS*2")) == ("2S", "TS")
    assert as_tractor(nt, L("2S*2,2H*2")) is None
    # the side suits skip the 2: 3-4 as before, no ace-low
    assert as_tractor(ctx, L("3S*2,4S*2")) == ("3S", "4S")


# -- §11.3 combinations: G1–G11 -------------------------------------------------------------------
@pytest.mark.parametrize(
    "g, cards, run",
    [
        ("G1", "3C*3,4C*3", ("3C", "4C")),
        ("G2", "4D*3,6D*3", ("4D", "6D")),
        ("G3", "5H*3,5S*3", ("5H", "5S")),
        ("G4", "SJ*3,BJ*3", ("SJ", "BJ")),
        ("G5", "AS*3,5H*3", ("AS", "5H")),
        ("G6", "5S*3,SJ*3", ("5S", "SJ")),
    ],
)
def test_g1_to_g6_titanics(g, cards, run):
    """G1–G6 (rules §11.12, §11.3): Titanics at level 5, ♠ trumps."""
    ctx = C()
    assert as_titanic(ctx, L(cards)) == run, g
    comp = single_component(ctx, L(cards))
    assert comp is not None and comp.name == "titanic" and comp.triples == 2, g
    assert is_legal_lead(ctx, L(cards) + ["2D"], L(cards)) and not is_throw(ctx, L(cards))
    assert lead_format(ctx, L(cards)) == ["-".join(f * 3 for f in reversed(run))]


def test_g4_jokers_under_nt():
    """G4 (rules §11.12): SJ×3 BJ×3 is a Titanic under NT too."""
    assert as_titanic(C(trump="NT"), L("SJ*3,BJ*3")) == ("SJ", "BJ")


def test_g7_two_suits_no_lead_and_a_trump_throw():
    """G7 (rules §11.12, §11.3): 5H×3 6H×3 lies in two effective suits; 5S×3 6S×3 is a trump
    throw of two triples (the trump-suit level position is not next to 6)."""
    ctx = C()
    cards = L("5H*3,6H*3")
    assert not is_legal_lead(ctx, cards, cards)
    assert cards not in [list(p) for p in legal_leads(ctx, cards)]
    spades = L("5S*3,6S*3")
    assert as_titanic(ctx, spades) is None and is_throw(ctx, spades)
    assert is_legal_lead(ctx, spades, spades)
    assert lead_format(ctx, spades) == ["5S5S5S", "6S6S6S"]


def test_g8_no_trump_level_triples_are_a_throw():
    """G8 (rules §11.12): under NT 5H×3 5S×3 is two equal triples, a throw in trumps."""
    ctx = C(trump="NT")
    cards = L("5H*3,5S*3")
    assert as_titanic(ctx, cards) is None and is_throw(ctx, cards)
    assert lead_format(ctx, cards) == ["5H5H5H", "5S5S5S"]  # equal power: notation order


def test_g9_tractor_before_triple():
    """G9 (rules §11.12, §11.3 Decision): 33344 is the tractor 3344 and a single 3."""
    ctx = C()
    assert is_throw(ctx, L("3C*3,4C*2"))
    assert lead_format(ctx, L("3C*3,4C*2")) == ["4C4C-3C3C", "3C"]


def test_g10_tractor_through_the_level_cards():
    """G10 (rules §11.12): AS,AS,5H,5H,5S,5S is a tractor of 3 (§10.2's chain)."""
    comp = single_component(C(), L("AS*2,5H*2,5S*2"))
    assert comp is not None and comp.name == "tractor" and comp.faces == ("AS", "5H", "5S")


def test_g11_titanic_takes_the_first_off_suit_face_in_notation_order():
    """G11 (rules §11.12): AS×3 5H×3 5D×3 is the Titanic AS–5H and the triple 5D."""
    ctx = C()
    cards = L("AS*3,5H*3,5D*3")
    assert is_throw(ctx, cards)
    assert lead_format(ctx, cards) == ["5H5H5H-ASASAS", "5D5D5D"]


def test_s11_3_triples_only_with_three_decks():
    """§11.1: a pair is two copies, a triple three; triples exist only with three decks;
    cards of equal power but different faces are never a pair or a triple."""
    three = C()
    comp = single_component(three, L("9C*3"))
    assert comp is not None and comp.name == "triple" and comp.cards == tuple(L("9C*3"))
    assert single_component(three, L("5H,5D,5C")) is None
    assert single_component(C(trump="NT"), L("5H,5S")) is None
    assert single_component(C("huanle"), L("9C*3")) is None  # two decks: no triple
    one = C("one-deck")
    assert all(len(p) == 1 for p in simple_leads(one, L("9C,TC,JC,SJ,BJ")))


def test_s11_3_type_order_in_the_format():
    """§11.3: Titanic > tractor > triple > pair > single, longest first, highest first."""
    ctx = C()
    play = L("3C*3,4C*3,6C*3,8C*2,9C*2,JC*3,KC*2,AC")
    comps = decompose(ctx, play)
    assert [c.name for c in comps] == ["titanic", "tractor", "triple", "pair", "single"]
    assert [str(c) for c in comps] == ["6C6C6C-4C4C4C-3C3C3C", "9C9C-8C8C", "JCJCJC", "KCKC", "AC"]


# -- §11.5 following: G12–G26 ---------------------------------------------------------------------
OTHER = L("BJ,5H,AS,JS,AH,KH")  # E's cards outside clubs (enough to fill up)
TITANIC = L("8C*3,7C*3")


@pytest.mark.parametrize(
    "g, clubs, play, reason",
    [
        ("G12", "9C*3,TC*3,2C", "9C*3,TC*3", None),
        ("G13", "9C*3,TC*3,2C", "9C*3,TC*2,2C", "titanic_not_followed"),
        ("G14", "QC*2,JC*2,3C*3,2C", "QC*2,JC*2,3C,2C", None),
        ("G15", "QC*2,JC*2,3C*3,2C", "3C*3,QC*2,2C", "tractor_not_followed"),
        ("G16", "KC*3,9C*3,2C", "KC*3,9C*3", None),
        ("G17", "KC*3,9C*3,2C", "KC*3,9C*2,2C", "triples_not_followed"),
        ("G18", "KC*3,9C*2,3C,2C", "KC*3,9C*2,2C", None),
        ("G19", "KC*3,9C*2,3C,2C", "KC*3,9C,3C,2C", "pairs_not_followed"),
        ("G20", "KC*3,9C,3C,2C,AC", "KC*3,9C,3C,2C", None),
        ("G20", "KC*3,9C,3C,2C,AC", "AC,9C,3C,2C,KC*2", "triples_not_followed"),
        ("G21", "9C*2,3C*2,JC,2C,AC", "9C*2,3C*2,JC,2C", None),
        ("G21", "9C*2,3C*2,JC,2C,AC", "9C*2,3C,JC,2C,AC", "pairs_not_followed"),
        ("G22", "9C*2,3C,JC,2C,AC,KC", "9C*2,3C,JC,2C,AC", None),
        ("G22", "9C*2,3C,JC,2C,AC,KC", "9C*2,3C,JC,AC,KC", None),
        ("G22", "9C*2,3C,JC,2C,AC,KC", "KC,3C,JC,2C,AC,9C", "pairs_not_followed"),
        ("G23", "9C,JC,2C,3C", "9C,JC,2C,3C,BJ,AS", None),
        ("G23", "9C,JC,2C,3C", "9C,JC,2C,BJ,AS,AH", "not_followed"),
    ],
)
def test_g12_to_g23_following_a_titanic(g, clubs, play, reason):
    """G12–G23 (rules §11.12, §11.5): S leads 8C×3 7C×3; E holds these clubs and others."""
    ctx = C()
    hand = L(clubs) + OTHER
    assert follow_refusal(ctx, hand, TITANIC, L(play)) == reason, g
    assert is_legal_follow(ctx, hand, TITANIC, L(play)) == (reason is None)
    follows = legal_follows(ctx, hand, TITANIC)
    assert (T(",".join(L(play))) in follows) == (reason is None), g
    assert count_legal_follows(ctx, hand, TITANIC) == len(follows)


def test_g14_position_hand():
    """G14 (rules §11.12) with E's whole hand of the position: the legal follows are exactly
    the tractor QQJJ with two of the other clubs."""
    ctx = C()
    east = L(
        "BJ,5H,AS,JS,TS,9S,8S,7S,6S,6S,4S,3S,AH,KH,KH,JH,JH,TH,9H,9H,7H,6H,3H,AD,JD,TD,TD,8D,"
        "7D,7D,4D,QC,QC,JC,JC,3C,3C,3C,2C"
    )
    assert len(east) == 39
    follows = legal_follows(ctx, east, TITANIC)
    assert follows == {T("QC*2,JC*2,3C,2C"), T("QC*2,JC*2,3C*2")}
    assert follow_refusal(ctx, east, TITANIC, L("3C*3,QC*2,2C")) == "tractor_not_followed"


def test_g23_short_follower_fills_up():
    """G23 (rules §11.12, §5.3): with four clubs, all four and any two other cards."""
    ctx = C()
    hand = L("9C,JC,2C,3C") + OTHER
    follows = legal_follows(ctx, hand, TITANIC)
    assert len(follows) == 15 and all(set(L("9C,JC,2C,3C")) <= set(p) for p in follows)


def test_g24_triple_lead():
    """G24 (rules §11.12, §11.5 triple rows): S leads KD×3."""
    ctx = C()
    lead = L("KD*3")
    hand = L("AD*2,QD,9D") + OTHER
    assert follow_refusal(ctx, hand, lead, L("AD*2,QD")) is None
    assert follow_refusal(ctx, hand, lead, L("AD,QD,9D")) == "pairs_not_followed"
    no_pair = L("QD,JD,9D,8D") + OTHER
    assert follow_refusal(ctx, no_pair, lead, L("QD,JD,9D")) is None
    assert count_legal_follows(ctx, no_pair, lead) == 4


def test_g25_protect_triples():
    """G25 (rules §11.12, §11.5): S leads 8H,8H; E's hearts QH×3,4H."""
    lead = L("8H*2")
    hand = L("QH*3,4H,2C,3D")
    ctx = C()
    assert follow_refusal(ctx, hand, lead, L("QH*2")) is None
    assert follow_refusal(ctx, hand, lead, L("QH,4H")) == "pairs_not_followed"
    assert legal_follows(ctx, hand, lead) == {T("QH*2")}
    protected = C(protect_triples=True)
    assert legal_follows(protected, hand, lead) == {T("QH*2"), T("QH,4H")}


def test_g26_three_titanic_falls_to_the_count_duty():
    """G26 (rules §11.12, §11.5 Decision): S leads 3C×3 4C×3 6C×3 (a 3-Titanic at level 5);
    E's clubs 9C×3 TC×3 KC,KC,AC,2C: 999, TTT and KK (t* = 2, one pair slot)."""
    ctx = C()
    lead = L("3C*3,4C*3,6C*3")
    assert single_component(ctx, lead) is not None
    hand = L("9C*3,TC*3,KC*2,AC,2C") + OTHER
    assert follow_duty(ctx, Counter(L("9C*3,TC*3,KC*2,AC,2C")), lead) == FollowDuty(
        triples=2, pairs=1
    )
    assert follow_refusal(ctx, hand, lead, L("9C*3,TC*3,KC*2,AC")) is None
    assert follow_refusal(ctx, hand, lead, L("9C*3,TC*3,KC,AC,2C")) == "pairs_not_followed"
    assert all(Counter(p)["KC"] == 2 for p in legal_follows(ctx, hand, lead))


# The two source lists of §11.5, reproduced by the count duty: (the follower's clubs, the duty,
# a play that meets it, a play that does not with its reason).
TITANIC_ROWS = [
    ("9C*3,TC*3,2C", FollowDuty(titanic=2), "9C*3,TC*3", ("9C*3,TC*2,2C", "titanic_not_followed")),
    (
        "QC*2,JC*2,3C*3,2C",
        FollowDuty(tractor=2),
        "QC*2,JC*2,3C*2",
        ("QC*2,3C*3,2C", "tractor_not_followed"),
    ),
    (
        "KC*3,9C*3,2C",
        FollowDuty(triples=2),
        "KC*3,9C*3",
        ("KC*3,9C*2,2C", "triples_not_followed"),
    ),
    (
        "KC*3,9C*2,3C,2C",
        FollowDuty(triples=1, pairs=1),
        "KC*3,9C*2,3C",
        ("KC*3,9C,3C,2C", "pairs_not_followed"),
    ),
    (
        "KC*3,9C,3C,2C,AC",
        FollowDuty(triples=1),
        "KC*3,9C,3C,AC",
        ("KC*2,9C,3C,2C,AC", "triples_not_followed"),
    ),
    (
        "9C*2,3C*2,JC,2C,AC",
        FollowDuty(pairs=2),
        "9C*2,3C*2,2C,AC",
        ("9C*2,3C,JC,2C,AC", "pairs_not_followed"),
    ),
    (
        "9C*2,3C,JC,2C,AC,KC",
        FollowDuty(pairs=1),
        "9C*2,3C,JC,2C,KC",
        ("9C,3C,JC,2C,AC,KC", "pairs_not_followed"),
    ),
    ("9C,3C,JC,2C,AC,KC,QC", FollowDuty(), "9C,3C,JC,2C,AC,KC", None),
]
TRIPLE_ROWS = [
    ("AD*3,QD,9D", FollowDuty(triples=1), "AD*3", ("AD*2,QD", "triples_not_followed")),
    ("AD*2,QD,9D", FollowDuty(pairs=1), "AD*2,9D", ("AD,QD,9D", "pairs_not_followed")),
    ("AD,QD,9D,8D", FollowDuty(), "AD,QD,8D", None),
]


@pytest.mark.parametrize("row", TITANIC_ROWS + TRIPLE_ROWS, ids=lambda r: r[0])
def test_s11_5_the_source_lists_as_count_duties(row):
    """§11.5: the table of [004] l.313's two lists, row by row (a Titanic of 2 led, then a
    triple): the duty, a play meeting it, and one breaking it with the refusal's name."""
    suit_cards, duty, good, bad = row
    ctx = C()
    lead = TITANIC if row in TITANIC_ROWS else L("KD*3")
    assert follow_duty(ctx, Counter(L(suit_cards)), lead) == duty
    hand = L(suit_cards) + OTHER
    assert follow_refusal(ctx, hand, lead, L(good)) is None
    if bad is not None:
        assert follow_refusal(ctx, hand, lead, L(bad[0])) == bad[1]


def test_s11_5_tractor_lead_with_triples():
    """§11.5 duty 3: a lone tractor, §10.4's tractor duty with tractors out of triples, then
    the count duty; under ``protect_triples`` a held tractor needs faces held exactly twice."""
    ctx = C()
    lead = L("7C*2,8C*2")
    hand = L("9C*3,TC*3,2C") + OTHER
    assert follow_duty(ctx, Counter(L("9C*3,TC*3,2C")), lead) == FollowDuty(tractor=2, pairs=2)
    assert legal_follows(ctx, hand, lead) == {T("9C*2,TC*2")}
    protected = C(protect_triples=True)
    assert follow_duty(protected, Counter(L("9C*3,TC*3,2C")), lead) == FollowDuty()
    assert count_legal_follows(protected, hand, lead) == len(legal_follows(protected, hand, lead))
    assert T("9C,TC,2C,9C") in legal_follows(protected, hand, lead)


# -- §11.4 throws: G27 ----------------------------------------------------------------------------
def test_g27_triple_in_a_throw():
    """G27 (rules §11.12, §11.4): S throws QC×3 AC."""
    ctx = C()
    throw = L("QC*3,AC")
    south = throw + L("2D,3D")
    rest = [L("2H,3H"), L("4H,4H"), L("5D,6D")]
    failing = [south, L("KC*3,4D")] + rest[1:]
    assert throw_status(ctx, S, throw, failing)[0] == "failed"
    assert sorted(resolve_lead(ctx, S, throw, failing)) == L("QC*3")
    standing = [south, L("KC*2,4D")] + rest[1:]
    assert throw_status(ctx, S, throw, standing) == ("qing", None)
    assert resolve_lead(ctx, S, throw, standing) == throw


def test_s11_4_titanic_beaten_by_a_longer_higher_titanic_and_tie_rules():
    """§11.4: a Titanic at least as long with a higher top beats a Titanic (a triple out of
    a Titanic, a tractor out of one); between failing parts of equal power the one with more
    cards is the lower, then the first in notation order."""
    ctx = C()
    throw = L("3C*3,4C*3,KC")
    hands = [throw, L("8C*3,9C*3,TC*3"), L("2D"), L("2H")]
    # the 3-4 Titanic is beaten (by 9-10 inside 8-9-10); the KC is not (no AC out)
    assert sorted(resolve_lead(ctx, S, throw, hands)) == L("3C*3,4C*3")
    # a trump throw of two level triples (the off-suit 5s equal) and a 3S, all beaten: the 3S
    trump_throw = L("5H*3,5D*3,3S")
    hands = [trump_throw, L("5S*3"), L("2D"), L("2H")]
    assert sorted(resolve_lead(ctx, S, trump_throw, hands)) == L("3S")
    # with the BJ instead, the triples fail: equal power and size, the first in notation order
    trump_throw = L("5H*3,5D*3,BJ")
    hands = [trump_throw, L("5S*3"), L("2D"), L("2H")]
    assert sorted(resolve_lead(ctx, S, trump_throw, hands)) == L("5H*3")
    # equal power, more cards is lower: a level triple against a level single
    mixed = L("5H*3,5D")
    hands = [mixed, L("5S*3"), L("2D"), L("2H")]
    assert sorted(resolve_lead(ctx, S, mixed, hands)) == L("5H*3")


# -- §11.6 the winner: G28–G33 --------------------------------------------------------------------
@pytest.mark.parametrize(
    "g, plays, winner",
    [
        ("G28", ["KC*3", "4S*3", "AC*3", "AS*2,2S"], E),
        ("G29", ["8C*3,7C*3", "4S*3,3S*3", "9C*3,JC*2,2C", "AS*3,5H*3"], W),
        ("G30", ["8C*3,7C*3", "QC*3,JC*3", "9C*3,TC*2,2C", "6S*2,4S*2,3S*2"], E),
        ("G31", ["KC*3,AC,9C*2", "7S*3,4S*2,3S", "QC,JC,TC,8C,6C,4C", "8S*3,3S*2,2S"], W),
        ("G32", ["5H*3", "5D*3", "5S*3", "AS*3"], N),
    ],
)
def test_g28_to_g32_trick_winners(g, plays, winner):
    """G28–G32 (rules §11.12, §11.6): three-deck, level 5, ♠ trumps, S leads."""
    assert trick_winner(C(), [T(p) for p in plays]) == winner, g


def test_g33_huanle_trumps_against_the_format():
    """G33 (rules §11.12, §11.6): ``huanle`` level 10 ♠: 9988+7+2 beats AK+5544, not AA+5544."""
    ctx = C("huanle", "T", "S")
    trumps = T("9S*2,8S*2,7S,2S")
    first = [T("AC,KC,5C*2,4C*2"), trumps, T("3D,4D,6D,7D,8D,9D"), T("3H,4H,6H,7H,8H,9H")]
    assert trick_winner(ctx, first) == E
    second = [T("AC*2,5C*2,4C*2"), trumps, T("3D,4D,6D,7D,8D,9D"), T("3H,4H,6H,7H,8H,9H")]
    assert trick_winner(ctx, second) == S


def test_s11_6_pair_and_triple_parts():
    """§11.6: a triple may stand for a pair and a single; different faces never join into a
    pair or a triple; tractor and Titanic lengths must match; between trumps the earlier wins
    ties."""
    ctx = C()
    lead = T("KC*2,QC")  # a throw: pair + single
    assert trick_winner(ctx, [lead, T("4S*3"), T("2C,3C,4C"), T("6S,7S,8S")]) == E
    assert trick_winner(ctx, [T("KC*3"), T("5H,5D,5C"), T("2C,3C,4C"), T("6S*2,7S")]) == S
    # two trump Titanics of equal top (A♠–5♦ and A♠–5♥, the off-suit 5s equal): the earlier
    assert trick_winner(ctx, [T("8C*3,7C*3"), T("AS*3,5D*3"), T("2C*3,3C*3"), T("AS*3,5H*3")]) == E
    # a Titanic of 2 and a triple led: a trump 3-Titanic splits into a 2-Titanic and a triple
    lead = T("8C*3,7C*3,2C*3")
    other = [T("2D*3,3D*3,4D*3"), T("2H*3,3H*3,4H*3")]
    assert trick_winner(ctx, [lead, T("3S*3,4S*3,6S*3"), *other]) == E
    # ...but a trump 3-tractor and a triple are not of the format: the lengths must match
    assert trick_winner(ctx, [lead, T("3S*2,4S*2,6S*2,7S*3"), *other]) == S
    # a trump throw of the lead's suit is never beaten in its own suit
    throw = T("3S*3,4S,6S")
    assert trick_winner(ctx, [throw, T("AS*3,KS,QS"), T("2D*3,3D,4D"), T("2H*3,3H,4H")]) == S


def test_s11_6_primary_value_matches_brute_force():
    """§11.6 by brute force: every ordering of the cards cut into the format's parts."""
    rng = random.Random(116)
    ctx = C()
    trumps = sorted({c for c in full_deck(1) if ctx.is_trump(c)})
    kinds_pool = [(1, 1), (2, 1), (3, 1), (2, 2), (3, 2)]
    checked = 0
    for _ in range(150):
        faces = rng.sample(trumps, rng.randint(2, 3))
        play = sorted(f for f in faces for _ in range(rng.choice((1, 2, 3))))
        if len(play) > 8:
            continue
        fmt: list[tuple[int, int]] = []
        left = len(play)
        while left:
            k = rng.choice([k for k in kinds_pool if k[0] * k[1] <= left])
            fmt.append(k)
            left -= k[0] * k[1]
        fmt.sort(key=kind_order, reverse=True)
        best = None
        for perm in set(permutations(play)):
            parts, i = [], 0
            for copies, length in fmt:
                parts.append(perm[i : i + copies * length])
                i += copies * length
            comps = [single_component(ctx, p) for p in parts]
            if any(c is None or c.kind != k for c, k in zip(comps, fmt)):
                continue
            value = max(ctx.power(c.top) for c in comps if c is not None and c.kind == fmt[0])
            best = value if best is None else max(best, value)
        assert _primary_value(ctx, tuple(play), tuple(fmt)) == best, (play, fmt)
        checked += best is not None
    assert checked > 20


# -- §11.9 the result: G34–G39 --------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards, level, multiplier",
    [
        ("4C*3,5C*3", "2", 64),
        ("4C*2,5C*2,6C*2", "2", 64),
        ("4C*2,5C*2", "2", 16),
        ("5C*3", "2", 8),
        ("AC,KC,QC,JC,TC,9C,8C,7C*2", "2", 4),
        ("AC,KC,QC,JC", "2", 2),
        ("AC*2,JC*2", "2", 4),
        ("3C*3,4C*3,6C*3", "5", 64),
    ],
)
def test_g34_component_multiplier(cards, level, multiplier):
    """G34 (rules §11.12, §11.9): the multiplier of the winning play's largest own component."""
    assert kitty_multiplier(C(level=level, trump="H"), L(cards)) == multiplier


def test_g35_component_against_power():
    """G35 (rules §11.12, §11.9): trumps 9988+7+2 give ×16 under huanle, ×8 under tractor."""
    play = L("9S*2,8S*2,7S,2S")
    assert kitty_multiplier(C("huanle", "T", "S"), play) == 16
    assert kitty_multiplier(C("tractor", "T", "S"), play) == 8


def test_s11_9_one_deck_and_double_multipliers():
    """§11.9: with one deck always ×2; ``kitty_points=double`` is a flat ×2."""
    one = C("one-deck", "2", "H")
    assert {kitty_multiplier(one, [c]) for c in ("AC", "BJ", "2H")} == {2}
    double = C(kitty_points="double")
    assert kitty_multiplier(double, L("4C*3,5C*3")) == kitty_multiplier(double, ["AC"]) == 2


def _result(ctx, points, defenders_last=True, stake=1, levels=("2", "2")):
    """The result with points ``points`` and no kitty bonus (S declares)."""
    return hand_result(
        ctx, S, levels[0], levels[1], points, E if defenders_last else N, ["3D"], [], False, stake
    )


@pytest.mark.parametrize(
    "points, outcome, winners_climb",
    [
        (0, "guangpai", 3),
        (55, "xiaoguang", 2),
        (60, "dacheng", 1),
        (115, "dacheng", 1),
        (120, "dapo", 0),
        (175, "dapo", 0),
        (180, "dapo_climb", 1),
        (240, "dapo_climb", 2),
        (300, "dapo_climb", 3),
    ],
)
def test_g36_three_deck_bands(points, outcome, winners_climb):
    """G36 (rules §11.12, §11.9): three decks, b = 60."""
    r = _result(C(level="2", trump="H"), points, stake=4)
    assert r.outcome == outcome
    stay = outcome in ("guangpai", "xiaoguang", "dacheng")
    assert r.declarers_stay == stay
    climbed = "23456789TJQKA".index(r.level_ns if stay else r.level_ew)
    assert climbed == winners_climb
    # stakes: s·X, X = 1 + c (declarers climb) or 2 + c (take over)
    base = (1 if stay else 2) + winners_climb
    assert (r.stake, r.base) == (4, base)
    assert (r.score_ns, r.score_ew) == ((4 * base, -4 * base) if stay else (-4 * base, 4 * base))


@pytest.mark.parametrize(
    "points, outcome, climb",
    [
        (15, "xiaoguang", 2),
        (35, "dacheng", 1),
        (40, "dapo", 0),
        (60, "dapo_climb", 1),
        (100, "dapo_climb", 3),
    ],
)
def test_g37_one_deck_bands(points, outcome, climb):
    """G37 (rules §11.12, §11.9): one deck, b = 20; hand score of §7.2 (no stakes)."""
    r = _result(C("one-deck", "2", "H"), points)
    assert r.outcome == outcome
    assert r.level_ns == "23456789TJQKA"[climb if r.declarers_stay else 0]
    assert r.level_ew == "23456789TJQKA"[0 if r.declarers_stay else climb]
    assert (r.stake, r.base) == (1, 0)


def test_g38_one_deck_result():
    """G38 (rules §11.12): ``one-deck``, W wins the last trick with AC; kitty 25 × 2."""
    ctx = C("one-deck", "2", "H")
    last = [("QC",), ("4C",), ("AC",), ("3C",)]  # E leads, then N, W, S
    assert (E + trick_winner(ctx, last)) % 4 == W and trick_points(last) == 0
    kitty = L("KD,8D,TS,3S,9C,5C")
    r = hand_result(ctx, S, "2", "5", 30, W, ["AC"], kitty, False)
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (25, 2, 80)
    assert (r.outcome, r.declarers_stay) == ("dapo_climb", False)
    assert (r.level_ns, r.level_ew, r.next_declarer) == ("2", "7", E)
    assert (r.score_ns, r.score_ew) == (-2, 6)


def test_g39_huanle_result_with_stake():
    """G39 (rules §11.12): ``huanle`` NT level 10, stake 8; E's tractor 4433 wins the last
    trick: ×16 on 15 kitty points, T = 300, climb 5, X = 7, EW +56."""
    ctx = C("huanle", "T", "NT")
    last = [T("4C*2,3C*2"), T("QC,JC,9C,8C"), T("7C*2,6C,2C"), T("AD,QD,JD,9D")]
    assert (E + trick_winner(ctx, last)) % 4 == E and trick_points(last) == 0
    kitty = L("KH,9H,8H,7D,6D,5S,4S,3S")
    r = hand_result(ctx, S, "T", "6", 60, E, L("4C*2,3C*2"), kitty, False, 8)
    assert (r.kitty_points, r.kitty_multiplier, r.points) == (15, 16, 300)
    assert r.outcome == "dapo_climb" and (r.level_ns, r.level_ew) == ("T", "J")
    assert (r.stake, r.base, r.score_ew, r.score_ns, r.next_declarer) == (8, 7, 56, -56, E)


# -- §11.7 declaring, §11.8 反底: G40–G43 --------------------------------------------------------
def test_s11_7_ladder():
    """§11.7's rungs at level 10 (three decks), and what is no declaration."""
    rules = RefRules.preset("three-deck")
    rungs = {
        "TH": 1,
        "TS": 1,
        "TD,TD": 2,
        "TC,TC": 3,
        "TH,TH": 4,
        "TS,TS": 5,
        "SJ,SJ": 6,
        "BJ,BJ": 7,
        "TD*3": 8,
        "TC*3": 9,
        "TH*3": 10,
        "TS*3": 11,
        "SJ*3": 12,
        "BJ*3": 13,
    }
    for cards, rung in rungs.items():
        assert declaration_rung(rules, "T", L(cards)) == rung, cards
    for cards in ("SJ", "BJ", "SJ,BJ", "TH,TS", "9H", "9H,9H", "TH*4"):
        assert declaration_rung(rules, "T", L(cards)) is None, cards
    assert declaration_rung(RefRules.preset("huanle"), "T", L("TD*3")) is None
    assert declaration_rung(RefRules.preset("one-deck"), "T", L("TD,TD")) is None


def test_g40_deal_declaring():
    """G40 (rules §11.12, §11.7): ``huanle`` level 10."""
    rules = RefRules.preset("huanle")
    state = declare(rules, "T", Declaring(), S, L("TH"))
    assert (state.trump, state.stake) == ("H", 1)
    assert declaration_kind(rules, "T", state, E, L("TD,TD")) == "fanzhu"
    state = declare(rules, "T", state, E, L("TD,TD"))
    assert (state.trump, state.stake) == ("D", 2)
    assert declaration_kind(rules, "T", state, W, L("TH")) is None  # the other 10♥
    with pytest.raises(ValueError):
        declare(rules, "T", state, W, L("TH"))
    state = declare(rules, "T", state, N, L("TC,TC"))
    assert (state.trump, state.stake) == ("C", 4)
    assert declaration_kind(rules, "T", state, E, L("TD,TD")) is None
    assert declaration_kind(rules, "T", state, S, L("TS,TS")) == "fanzhu"  # not 自反
    state = declare(rules, "T", state, S, L("TS,TS"))
    assert (state.trump, state.stake) == ("S", 8)
    assert first_hand_declarer(rules, state, W) == (S, "S")
    events = [(S, L("TH")), (E, L("TD,TD")), (N, L("TC,TC")), (S, L("TS,TS"))]
    assert run_declaring(rules, "T", events) == state


def test_s11_7_kinds_and_first_declarer():
    """§11.7: 自保 does not double, 自反 does; ``first_declarer=first``; nobody: NT."""
    rules = RefRules.preset("huanle")
    state = declare(rules, "T", Declaring(), E, L("TH"))
    assert declaration_kind(rules, "T", state, E, L("TH,TH")) == "zibao"
    assert declaration_kind(rules, "T", state, E, L("TD,TD")) == "zifan"
    assert declaration_kind(rules, "T", state, N, L("SJ,SJ")) == "fanwuzhu"
    assert declare(rules, "T", state, E, L("TH,TH")).stake == 1
    state = declare(rules, "T", state, E, L("TD,TD"))
    assert state.stake == 2
    state = declare(rules, "T", state, N, L("BJ,BJ"))
    assert (state.trump, state.stake) == ("NT", 4)
    assert first_hand_declarer(rules, state, S) == (N, "NT")
    first = dataclasses.replace(rules, first_declarer="first")
    assert first_hand_declarer(first, state, S) == (E, "NT")
    assert first_hand_declarer(rules, Declaring(), W) == (W, "NT")


def test_g41_counter_bury():
    """G41 (rules §11.12, §11.8): 反底 after G40 (S declarer, ♠, stake 8)."""
    rules = RefRules.preset("huanle")
    events = [(S, L("TH")), (E, L("TD,TD")), (N, L("TC,TC")), (S, L("TS,TS"))]
    rnd = counter_round(run_declaring(rules, "T", events), S)
    assert (rnd.to_act, rnd.stake, rnd.trump) == (E, 8, "S")
    rnd = counter(rules, "T", rnd, E, L("SJ,SJ"))
    assert (rnd.trump, rnd.stake, rnd.last_burier, rnd.to_act) == ("NT", 16, E, N)
    rnd = pass_counter(pass_counter(rnd, N), W)
    assert rnd.to_act == S and not rnd.over
    assert not may_counter(rules, "T", rnd, S, L("TH"))  # a single never counters
    assert not may_counter(rules, "T", rnd, S, L("TS,TS"))  # not stronger
    rnd = counter(rules, "T", rnd, S, L("BJ,BJ"))
    rnd = pass_counter(pass_counter(pass_counter(rnd, E), N), W)
    assert rnd.over and (rnd.declarer, rnd.trump, rnd.stake) == (S, "NT", 32)
    with pytest.raises(ValueError):
        pass_counter(rnd, E)
    same = run_counters(
        rules,
        "T",
        counter_round(run_declaring(rules, "T", events), S),
        [(E, L("SJ,SJ")), (N, None), (W, None), (S, L("BJ,BJ")), (E, None), (N, None), (W, None)],
    )
    assert same == rnd


def test_s11_8_counter_rules():
    """§11.8: turn order from the last burier; any pair after a hand with no declaration;
    counters need ``counter_bury``; only the seat to act may counter."""
    rules = RefRules.preset("huanle")
    rnd = CounterRound(declarer=W)
    assert rnd.to_act == S and rnd.trump == "NT"
    assert not may_counter(rules, "T", rnd, E, L("TD,TD"))  # not E's turn
    assert may_counter(rules, "T", rnd, S, L("TD,TD"))
    assert not may_counter(RefRules.preset("tractor"), "T", rnd, S, L("TD,TD"))
    assert not may_counter(rules, "T", rnd, S, L("TH"))  # a single never counters, even here
    rnd = counter(rules, "T", rnd, S, L("TD,TD"))
    assert rnd.declarer == W and rnd.to_act == E


def test_g42_three_deck_declaring():
    """G42 (rules §11.12, §11.7): three level cards beat two jokers; stake 16."""
    rules = RefRules.preset("three-deck")
    events = [
        (W, L("SJ,SJ")),
        (N, L("TD*3")),
        (E, L("TC*3")),
        (S, L("TS*3")),  # three decks hold three small jokers: W has two
        (W, L("BJ*3")),
    ]
    state = run_declaring(rules, "T", events)
    assert (state.seat, state.trump, state.stake) == (W, "NT", 16)


def test_g43_one_deck_declaring():
    """G43 (rules §11.12, §11.7): ``one-deck``, S shows 2H; E's 2S is an equal rung."""
    rules = RefRules.preset("one-deck")
    state = declare(rules, "2", Declaring(), S, ["2H"])
    assert declaration_kind(rules, "2", state, E, ["2S"]) is None
    assert first_hand_declarer(rules, state, E) == (S, "H")


# -- properties -----------------------------------------------------------------------------------
CONTEXTS = [
    ("three-deck", "5", "S", {}),
    ("three-deck", "T", "NT", {}),
    ("three-deck", "T", "H", {"permanent_twos": True}),
    ("three-deck", "9", "C", {"protect_triples": True}),
    ("huanle", "8", "D", {}),
    ("one-deck", "Q", "H", {}),
]


def _context(i: int) -> Context:
    preset, level, trump, options = CONTEXTS[i]
    return C(preset, level, trump, **options)


@st.composite
def suit_cards(draw, max_faces=7):
    """(context index, cards of one effective suit, at most ``decks`` copies a face)."""
    i = draw(st.integers(0, len(CONTEXTS) - 1))
    ctx = _context(i)
    suit = draw(st.sampled_from(sorted({ctx.effective_suit(c) for c in full_deck(1)})))
    faces = sorted({c for c in full_deck(1) if ctx.effective_suit(c) == suit})
    chosen = draw(st.lists(st.sampled_from(faces), min_size=1, max_size=max_faces, unique=True))
    copies = st.integers(1, ctx.rules.decks)
    return i, [f for f in chosen for _ in range(draw(copies))]


@SLOW
@given(suit_cards(max_faces=9))
def test_property_format_reassembles_the_play(case):
    """§11.3: the format's components are combinations that re-assemble the play, in the type
    order (Titanics, tractors, triples, pairs, singles)."""
    i, cards = case
    ctx = _context(i)
    comps = decompose(ctx, cards)
    assert Counter(c for comp in comps for c in comp.cards) == Counter(cards)
    for comp in comps:
        assert single_component(ctx, comp.cards) is not None
        assert single_component(ctx, comp.cards).kind == comp.kind  # type: ignore[union-attr]
    order = [kind_order(c.kind) for c in comps]
    assert order == sorted(order, reverse=True)
    assert (len(comps) == 1) == (single_component(ctx, cards) is not None)


@st.composite
def follow_cases(draw):
    """(context index, a lead, a follower's hand): a small hand, mostly of the led suit."""
    i, lead = draw(suit_cards(max_faces=3))
    ctx = _context(i)
    suit = ctx.effective_suit(lead[0])
    faces = sorted({c for c in full_deck(1) if ctx.effective_suit(c) == suit})
    others = sorted({c for c in full_deck(1) if ctx.effective_suit(c) != suit})
    same = draw(st.lists(st.sampled_from(faces), max_size=6, unique=True))
    hand = [f for f in same for _ in range(draw(st.integers(1, ctx.rules.decks)))]
    hand += draw(st.lists(st.sampled_from(others), max_size=4, unique=True))
    if len(hand) < len(lead):
        hand += others[: len(lead) - len(hand)]
    return i, lead, hand


@SLOW
@given(follow_cases())
def test_property_follow_count_list_and_predicate_agree(case):
    """§11.5: the count of legal follows is the list's length, and the list is exactly the
    plays of the right size that ``follow_refusal`` lets through."""
    i, lead, hand = case
    ctx = _context(i)
    follows = legal_follows(ctx, hand, lead)
    assert count_legal_follows(ctx, hand, lead) == len(follows) > 0
    every = set(sub_multisets(Counter(hand), len(lead)))
    assert follows == {p for p in every if follow_refusal(ctx, hand, lead, p) is None}
    for p in every - follows:
        assert follow_refusal(ctx, hand, lead, p) in (
            "not_followed",
            "titanic_not_followed",
            "tractor_not_followed",
            "triples_not_followed",
            "pairs_not_followed",
        )


@SLOW
@given(follow_cases())
def test_property_follow_facts_are_true(case):
    """§11.5: what a legal follow shows (void, no triple left, no pair left) is true of the
    follower's cards of the led suit after it."""
    i, lead, hand = case
    ctx = _context(i)
    suit = ctx.effective_suit(lead[0])
    for play in legal_follows(ctx, hand, lead):
        left = Counter(hand) - Counter(play)
        kept = [n for c, n in left.items() if ctx.effective_suit(c) == suit]
        facts = follow_facts(ctx, lead, play)
        if "void" in facts:
            assert not kept
        if "no_triples" in facts:
            assert all(n < 3 for n in kept)
        if "no_pairs" in facts:
            assert all(n < 2 for n in kept)


def test_s11_5_follow_facts():
    """§11.5: fewer triples or fewer pairs than the duty asked show that none are left."""
    ctx = C()
    assert follow_facts(ctx, TITANIC, L("KC*3,9C*2,2C")) == {"no_triples"}  # G18
    assert follow_facts(ctx, TITANIC, L("KC*3,9C,3C,2C")) == {"no_triples", "no_pairs"}  # G20
    assert follow_facts(ctx, TITANIC, L("KC*3,9C*3")) == frozenset()  # G16
    assert follow_facts(ctx, TITANIC, L("QC*2,JC*2,3C,2C")) == frozenset()  # G14: tractor
    assert follow_facts(ctx, TITANIC, L("9C,JC,2C,3C,BJ,AS")) == {"void"}  # G23
    assert follow_facts(ctx, L("8H*2"), L("QH,4H")) == {"no_pairs"}
    assert follow_facts(C(protect_triples=True), L("8H*2"), L("QH,4H")) == frozenset()  # G25
    assert follow_facts(ctx, L("KD*3"), L("AD*2,QD")) == {"no_triples"}  # G24


@SLOW
@given(suit_cards(max_faces=6))
def test_property_lead_count_and_list_agree(case):
    i, cards = case
    ctx = _context(i)
    hand = cards + ["2D", "3D", "AC"]
    assert count_legal_leads(ctx, hand) == len(legal_leads(ctx, hand))
    assert simple_leads(ctx, hand) <= legal_leads(ctx, hand)


def test_property_count_duty_by_brute_force():
    """§11.5's count duty re-derived by brute force on random club holdings: a play of the
    suit is legal exactly when no other play has more triples (up to t) or, at the same number
    of triples, more other faces played twice (up to the pair slots) — the duty asks the most
    the follower can give, triple slots first."""
    rng = random.Random(115)
    ctx = C()
    clubs = sorted({c for c in full_deck(1) if ctx.effective_suit(c) == "C"})
    for _ in range(200):
        held = [f for f in rng.sample(clubs, rng.randint(3, 6)) for _ in range(rng.randint(1, 3))]
        lead = rng.choice([L("KD*3"), L("KD*3,QD*2"), L("KD*2,9D*2,8D"), L("KD*3,9D*3,2D")])
        lead = [c[0] + "C" for c in lead]  # the same shapes in clubs
        if any(c in held for c in lead) or len(held) <= len(lead):
            continue
        comps = decompose(ctx, lead)
        if len(comps) == 1 and comps[0].length >= 2:
            continue  # lone runs have their own duties
        t = sum(c.triples for c in comps)
        p = sum(c.pairs for c in comps)

        def score(play, t=t, p=p):
            have = Counter(play)
            tri = min(t, sum(1 for n in have.values() if n == 3))
            two = sum(1 for n in have.values() if n >= 2) - tri
            return tri, min(p + t - tri, two)

        plays = {tuple(sorted(c)) for c in combinations(held, len(lead))}
        top = max(score(play) for play in plays)
        legal = {play for play in plays if score(play) >= top}
        assert legal_follows(ctx, held + ["2D"], lead) == legal, (held, lead)


@pytest.mark.parametrize("preset", WIDER_PRESETS)
def test_random_hands_conserve_points_and_agree(preset):
    """Random hands of the new presets (leads: single components and throws): every follow
    listed is legal, the counts agree, and the tricks and the kitty hold the pack's points."""
    rng = random.Random(f"wider:{preset}")
    rules = RefRules.preset(preset)
    throws = failed = 0
    for _ in range(6):
        hands, kitty = deal(rng, rules.decks)
        trump = rng.choice("HDSC") if rng.random() < 0.8 else "NT"
        ctx = Context(rules, rng.choice(rules.levels), trump)
        leader, total, tricks = rng.randrange(4), 0, 0
        while hands[leader]:
            plays = []
            for k in range(4):
                seat = (leader + k) % 4
                if k == 0:
                    play = _random_lead(rng, ctx, hands[seat])
                    led = tuple(sorted(resolve_lead(ctx, seat, play, hands)))
                    if led != play:  # a failed throw: one of its components (§11.4)
                        status, forced = throw_status(ctx, seat, play, hands)
                        assert status == "failed" and forced is not None
                        assert led == tuple(sorted(forced.cards))
                        assert forced in decompose(ctx, play)
                        failed += 1
                    throws += is_throw(ctx, play)
                    play = led
                else:
                    follows = legal_follows(ctx, hands[seat], plays[0])
                    assert count_legal_follows(ctx, hands[seat], plays[0]) == len(follows)
                    play = rng.choice(sorted(follows))
                    assert is_legal_follow(ctx, hands[seat], plays[0], play)
                for c in play:
                    hands[seat].remove(c)
                plays.append(play)
            leader = (leader + trick_winner(ctx, plays)) % 4
            total += trick_points(plays)
            tricks += 1
        assert total + sum(card_points(c) for c in kitty) == pack_points(rules.decks)
    assert throws > 8 and failed > 2, (throws, failed)
    assert isinstance(random_playout(random.Random(1), preset), int)


def _random_lead(rng: random.Random, ctx: Context, hand) -> tuple[str, ...]:
    """One component of the hand, or (a third of the time) a random part of one of its
    effective suits: often a throw."""
    if rng.random() < 0.66:
        return rng.choice(sorted(simple_leads(ctx, hand)))
    suit = ctx.effective_suit(rng.choice(hand))
    cards = [c for c in hand if ctx.effective_suit(c) == suit]
    play = tuple(sorted(c for c in cards if rng.random() < 0.5)) or (cards[0],)
    assert is_legal_lead(ctx, hand, play)
    return play


def test_random_context_plays_no_trump_where_the_declaring_allows():
    """§11.7: with no declaration the hand is played NT; Chifeng's declaring never is."""
    for preset in (*WIDER_PRESETS, "tractor"):
        rules = RefRules.preset(preset)
        rng = random.Random(preset)
        trumps = {random_context(rng, rules).trump for _ in range(100)}
        assert trumps == {"H", "D", "S", "C", "NT"}
        levels = {random_context(rng, rules).level for _ in range(300)}
        assert levels == set(rules.levels)
    rng = random.Random(0)
    assert {random_context(rng, RefRules.preset("chifeng")).trump for _ in range(100)} == set(
        "HDSC"
    )
