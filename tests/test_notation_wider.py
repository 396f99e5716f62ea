"""Position strings of the wider family (docs/notation.md "The wider family", rules §11): the
presets one-deck, huanle and three-deck, with= and without=, stake=, !3X facts, card lists and
sizes by decks. The engine does not play these presets yet, so the strings are parsed and
printed here, and a position of them is refused in one line naming what is not played."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duidiao import ALL_PRESETS, Cards, NotationError, Position, Rules
from duidiao.play.notation import (
    SWITCHES,
    WIDER_PRESETS,
    format_record,
    parse_record,
)

# rules §11.12's whole positions, in canonical form (each on one line).
G14 = (
    "three-deck level=5 trump=S declarer=S levels=NS:5,EW:3 stake=2 S=?33 "
    "E=BJ,5H,AS,JS,TS,9S,8S,7S,6S,6S,4S,3S,AH,KH,KH,JH,JH,TH,9H,9H,7H,6H,3H,AD,JD,TD,TD,8D,7D,7D,"
    "4D,QC,QC,JC,JC,3C,3C,3C,2C N=?39 W=?39 kitty=?6 trick=S:8C,8C,8C,7C,7C,7C"
)
G38 = (
    "one-deck level=2 trump=H declarer=S levels=NS:2,EW:5 S=- E=- N=- W=- "
    "kitty=KD,8D,TS,3S,9C,5C tricks=E:QC|4C|AC|3C gone=BJ,SJ,2H,2D,2S,2C,AH,KH,QH,JH,TH,9H,8H,"
    "7H,6H,5H,4H,3H,AD,QD,JD,TD,9D,7D,6D,5D,4D,3D,AS,KS,QS,JS,9S,8S,7S,6S,5S,4S,KC,JC,TC,8C,7C,"
    "6C points=30"
)
G39 = (
    "huanle level=T trump=NT declarer=S levels=NS:T,EW:6 stake=8 S=- E=- N=- W=- "
    "kitty=KH,9H,8H,7D,6D,5S,4S,3S tricks=E:4C,4C,3C,3C|QC,JC,9C,8C|7C,7C,6C,2C|AD,QD,JD,9D "
    "gone=BJ,BJ,SJ,SJ,TH,TH,TD,TD,TS,TS,TC,TC,AH,AH,KH,QH,QH,JH,JH,9H,8H,7H,7H,6H,6H,5H,5H,4H,4H,"
    "3H,3H,2H,2H,AD,KD,KD,QD,JD,9D,8D,8D,7D,6D,5D,5D,4D,4D,3D,3D,2D,2D,AS,AS,KS,KS,QS,QS,JS,JS,"
    "9S,9S,8S,8S,7S,7S,6S,6S,5S,4S,3S,2S,2S,AC,AC,KC,KC,QC,JC,9C,8C,6C,5C,5C,2C points=60"
)
HIDDEN = {  # a hand about to start, every card hidden
    "one-deck": "one-deck level=2 trump=H declarer=S levels=NS:2,EW:2 S=?12 E=?12 N=?12 W=?12 "
                "kitty=?6 trick=S:",
    "huanle": "huanle level=2 trump=H declarer=S levels=NS:2,EW:2 stake=1 S=?25 E=?25 N=?25 "
              "W=?25 kitty=?8 trick=S:",
    "three-deck": "three-deck level=2 trump=H declarer=S levels=NS:2,EW:2 stake=1 S=?39 E=?39 "
                  "N=?39 W=?39 kitty=?6 trick=S:",
}


def refused(text: str) -> str:
    with pytest.raises(NotationError) as info:
        parse_record(text)
    return str(info.value)


def test_the_wider_presets_are_the_three_of_rules_s11() -> None:
    assert WIDER_PRESETS == ALL_PRESETS[5:] == tuple(HIDDEN)


@pytest.mark.parametrize("text", [G14, G38, G39, *HIDDEN.values()])
def test_s11_12_positions_print_back_as_written(text: str) -> None:
    record = parse_record(text)
    assert format_record(record) == text
    assert parse_record(format_record(record)) == record


def test_s11_12_positions_of_the_wider_presets_are_played() -> None:
    """The positions of rules §11.12 are played by the engine (the results of G38 and G39 are
    checked in tests/golden/test_s11_positions.py)."""
    for text in (G14, G38, G39):
        Position(text)


def test_s11_12_g39_reads_as_the_rules_say() -> None:
    record = parse_record(G39)
    assert (record.preset, record.stake, record.switches, record.points) == ("huanle", 8, (), 60)
    assert record.rules == Rules.preset("huanle") and record.kitty == Cards(
        "KH,9H,8H,7D,6D,5S,4S,3S")
    g14 = parse_record(G14)
    assert g14.unknown == (33, 0, 39, 39) and g14.kitty is None and g14.stake == 2
    assert g14.hands[1].count("3C") == 3


# -- with= and without= ------------------------------------------------------------------


def test_switches_are_written_sorted_right_after_the_preset() -> None:
    text = HIDDEN["three-deck"].replace(
        "three-deck ", "three-deck without=counter_bury with=protect_triples,permanent_twos ")
    record = parse_record(text)
    assert record.switches == (
        ("counter_bury", False), ("permanent_twos", True), ("protect_triples", True))
    rules = record.rules
    assert rules.permanent_twos and rules.protect_triples and not rules.counter_bury
    assert rules.name == "three-deck" and rules.stakes
    assert format_record(record).startswith(
        "three-deck with=permanent_twos,protect_triples without=counter_bury level=2 ")
    assert parse_record(format_record(record)) == record
    # without stakes, no stake is written
    no_stakes = parse_record(HIDDEN["huanle"].replace("huanle ", "huanle without=stakes ")
                             .replace(" stake=1", ""))
    assert "stake=" not in format_record(no_stakes) and not no_stakes.rules.stakes


@pytest.mark.parametrize("head, message", [
    ("huanle with=xiaosa", "with: 'xiaosa' is not an option a position switches "
                           f"({', '.join(SWITCHES)})"),
    ("huanle with=stakes", "with: stakes is already on under huanle"),
    ("huanle without=permanent_twos", "without: permanent_twos is already off under huanle"),
    ("huanle with=permanent_twos,permanent_twos", "with: permanent_twos is given twice"),
    ("huanle with=permanent_twos without=permanent_twos",
     "without: permanent_twos is given twice"),
    ("huanle with=", "with: no option written (leave the key out)"),
    ("one-deck with=stakes", "with: stakes under one-deck, where nothing can double (no pairs "
                             "to counter with, rules §11.9)"),
    ("tractor with=stakes", "with: not under tractor (options are switched only under "
                            "one-deck, huanle, three-deck)"),
    ("chifeng without=digs", "without: not under chifeng (options are switched only under "
                             "one-deck, huanle, three-deck)"),
])
def test_bad_switches_name_the_key(head: str, message: str) -> None:
    text = HIDDEN["huanle"].replace("huanle", head, 1)
    assert refused(text) == message


# -- stake= ------------------------------------------------------------------------------


@pytest.mark.parametrize("preset, stake, ok", [
    ("huanle", "1", True), ("huanle", "64", True), ("huanle", "128", False),
    ("huanle", "3", False), ("huanle", "0", False), ("huanle", "-2", False),
    ("huanle", "x", False), ("three-deck", "4096", True), ("three-deck", "8192", False),
])
def test_a_stake_is_a_power_of_two_up_to_what_the_ladder_doubles_to(preset: str, stake: str,
                                                                    ok: bool) -> None:
    """Rules §11.12 G46: stake=3 is refused, not being a power of two."""
    text = HIDDEN[preset].replace("stake=1", f"stake={stake}")
    if ok:
        assert parse_record(text).stake == int(stake) and format_record(parse_record(text)) == text
    else:
        most = 64 if preset == "huanle" else 4096
        assert refused(text) == (f"stake: {stake!r} is not a power of two from 1 to {most} (the "
                                 f"stake under {preset}, rules §11.9)")


def test_a_stake_is_refused_where_there_are_none() -> None:
    """Rules §11.12 G46: stake= under one-deck is refused: the preset has no stakes."""
    one = HIDDEN["one-deck"].replace(" S=?12", " stake=1 S=?12")
    assert refused(one) == "stake: no stakes under one-deck (rules §11.9)"
    off = HIDDEN["huanle"].replace("huanle ", "huanle without=stakes ")
    assert refused(off) == "stake: no stakes under huanle without=stakes (rules §11.9)"
    tractor = ("tractor level=2 trump=H declarer=S stake=2 S=?25 E=?25 N=?25 W=?25")
    assert refused(tractor) == "stake: no stakes under tractor (rules §11.9)"
    # without the key, a stake of 1, written under the rules that have stakes
    record = parse_record(HIDDEN["huanle"].replace(" stake=1", ""))
    assert record.stake == 1 and " stake=1 " in format_record(record)


# -- cards and sizes by decks --------------------------------------------------------------


def test_card_lists_and_sizes_are_the_packs() -> None:
    """Rules §11.12 G45: three 5H are accepted under three-deck, refused under huanle."""
    three = HIDDEN["three-deck"]
    record = parse_record(three.replace("S=?39", "S=5H,5H,5H,?36"))
    assert record.hands[0].count("5H") == 3
    assert refused(three.replace("S=?39", "S=5H,5H,5H,5H,?35")) == (
        "S: holds 4 copies of 5H (a card exists 3 times under three-deck)")
    assert refused(HIDDEN["huanle"].replace("S=?25", "S=5H,5H,5H,?22")) == (
        "S: holds 3 copies of 5H (a card exists twice under huanle)")
    assert refused(HIDDEN["one-deck"].replace("S=?12", "S=5H,5H,?10")) == (
        "S: holds 2 copies of 5H (a card exists once under one-deck)")
    assert refused(three.replace("kitty=?6", "kitty=?8")) == "kitty: '?8': the kitty has 6 cards"
    assert refused(three.replace("kitty=?6", "kitty=AH,AH")) == "kitty: 2 cards, the kitty has 6"
    gone = " gone=KH,KH,KH,KD,KD,KD,KS,KS,KS,KC,KC,KC points="
    assert parse_record(three.replace(" trick=S:", gone + "120")).points == 120
    assert refused(G38.replace("points=30", "points=105")) == (
        "points: '105': points are a multiple of 5 from 0 to 100")


# -- !3X: no triple left -----------------------------------------------------------------


def test_a_hand_over_written_in_gone_alone_has_no_turn() -> None:
    """A finished hand whose tricks are all in ``gone`` is read without ``turn`` (nobody is to
    play), and a turn given is refused; its result needs the last trick written."""
    last = "tricks=E:QC|4C|AC|3C "
    text = G38.replace(last, "").replace("gone=BJ,", "gone=QC,4C,AC,3C,BJ,")
    pos = Position(text)
    assert pos.is_over and pos.points == 30 and Position(str(pos)) == pos
    with pytest.raises(NotationError) as info:
        Position(text + " turn=E")
    assert str(info.value) == "turn: given E, but the hand is over"


def test_no_triple_facts_are_read_and_printed() -> None:
    text = HIDDEN["three-deck"].replace("trump=H", "trump=NT") + " voids=E:!3HD!S!3C,W:!3T"
    record = parse_record(text)
    assert record.voids[1] == 1 << 1 and record.no_pairs[1] == 1 << 2
    assert record.no_triples == (0, (1 << 0) | (1 << 3), 0, 1 << 4)
    assert format_record(record) == text
    # the suits in any order, read the same; a prefix is its one suit's
    assert parse_record(text.replace("E:!3HD!S!3C", "E:D!3C!3H!S")) == record
    assert parse_record(text.replace("E:!3HD!S!3C", "E:!3HC")).voids[1] == 1 << 3


@pytest.mark.parametrize("preset, voids, message", [
    ("huanle", "E:!3S", "voids: 'E:!3S': there are no triples under huanle (a card exists twice)"),
    ("one-deck", "E:!S", "voids: 'E:!S': there are no pairs under one-deck (a card exists once)"),
    ("one-deck", "E:!3S",
     "voids: 'E:!3S': there are no triples under one-deck (a card exists once)"),
    ("three-deck", "E:!S!3S", "voids: 'E:!S!3S' names S twice"),
    ("three-deck", "E:S!3S", "voids: 'E:S!3S' names S twice"),
    ("three-deck", "E:H!3", "voids: 'E:H!3': no suit after !3 (no triple left)"),
    ("three-deck", "E:!3X", "voids: 'E:!3X': 'X' is not a suit (T, H, D, S, C)"),
])
def test_bad_no_triple_facts_name_the_preset(preset: str, voids: str, message: str) -> None:
    text = HIDDEN[preset].replace("trump=H", "trump=NT") + f" voids={voids}"
    assert refused(text) == message


def test_no_triples_are_refused_under_the_older_presets() -> None:
    text = "tractor level=2 trump=H declarer=S S=?25 E=?25 N=?25 W=?25 voids=E:!3S"
    assert refused(text) == (
        "voids: 'E:!3S': there are no triples under tractor (a card exists twice)")


# -- card order with permanent_twos (rules §11.2) ------------------------------------------


def test_permanent_twos_write_the_twos_among_the_trumps() -> None:
    text = (HIDDEN["huanle"].replace("huanle ", "huanle with=permanent_twos ")
            .replace("level=2", "level=T").replace("NS:2,EW:2", "NS:T,EW:T")
            .replace("S=?25", "S=AD,2S,BJ,2H,TC,KH,TH,SJ,3H,TD,2H,AH,?13"))
    record = parse_record(text)
    assert format_record(record).split(" S=")[1].startswith(
        "BJ,SJ,TH,TD,TC,2H,2H,2S,AH,KH,3H,AD,?13 ")  # docs/notation.md's example
    plain = replace(record, switches=())
    assert format_record(plain).split(" S=")[1].startswith(
        "BJ,SJ,TH,TD,TC,AH,KH,3H,2H,2H,AD,2S,?13 ")
    nt = replace(record, trump=4)  # without a trump suit: the level cards, then the 2s
    assert format_record(nt).split(" S=")[1].startswith("BJ,SJ,TH,TD,TC,2H,2H,2S,AH,KH,3H,AD,")


# -- the round trip, on drawn records ----------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_wider_records_print_and_parse_back(data: Any) -> None:
    preset = data.draw(st.sampled_from(WIDER_PRESETS))
    base = Rules.preset(preset)
    names = data.draw(st.lists(st.sampled_from(SWITCHES), unique=True))
    switches = tuple(sorted((n, not getattr(base, n)) for n in names
                            if not (n == "stakes" and base.decks == 1)))
    rules = base.replace(**dict(switches))
    most = {1: 1, 2: 64, 3: 4096}[base.decks] if rules.stakes else 1
    stake = data.draw(st.sampled_from([2**k for k in range(most.bit_length())]))
    facts = st.tuples(*[st.integers(0, 31)] * 4)
    voids = data.draw(facts)
    no_pairs = tuple(m & ~v for m, v in zip(data.draw(facts), voids)) if base.decks > 1 else (
        0, 0, 0, 0)
    no_triples = tuple(m & ~v & ~p for m, v, p in zip(data.draw(facts), voids, no_pairs)) if (
        base.decks > 2) else (0, 0, 0, 0)
    record = replace(parse_record(HIDDEN[preset].replace("trump=H", "trump=NT")),
                     switches=switches, stake=stake, voids=voids, no_pairs=no_pairs,
                     no_triples=no_triples)
    text = format_record(record)
    assert parse_record(text) == record
    assert format_record(parse_record(text)) == text
