"""Position strings: docs/notation.md "Example", "Canonical form" and "Errors"."""

from __future__ import annotations

from typing import Any

import pytest

from duidiao import Card, Cards, NotationError, Position
from duidiao.play.cards import SEATS
from duidiao.play.notation import format_record, parse_record

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


@pytest.fixture
def core() -> Any:
    return pytest.importorskip("duidiao._core")


def deal(fixed: dict[str, list[str]]) -> tuple[dict[str, Cards], Cards]:
    """A full deal with some cards placed; the rest go out from the top of a sorted deck."""
    deck = [f for f in range(54) for _ in range(2)]
    hands: dict[str, list[int]] = {s: [] for s in SEATS}
    for seat, cards in fixed.items():
        for c in cards:
            deck.remove(Card(c).id)
            hands[seat].append(Card(c).id)
    for seat in SEATS:
        while len(hands[seat]) < 25:
            hands[seat].append(deck.pop())
    return {s: Cards(v) for s, v in hands.items()}, Cards(deck)


def position_text(
    fixed: dict[str, list[str]], played: dict[str, str], extra: str, head: str = ""
) -> str:
    hands, kitty = deal(fixed)
    now = {s: hands[s] - Cards.parse(played.get(s, "-")) for s in SEATS}
    body = " ".join(f"{s}={now[s]}" for s in SEATS)
    return f"{head or 'level=2 trump=S declarer=S'} {body} kitty={kitty} {extra}".strip()


# trick 1: S leads AD and wins; trick 2: S leads QH,QH and E does not follow with AH
FOLLOW_FIXED = {
    "S": ["AD", "QH", "QH"],
    "E": ["3D", "3H", "4C", "AH"],
    "N": ["4D", "JH", "TH"],
    "W": ["5D", "9H", "8H"],
}
FOLLOW_PLAYED = {"S": "AD,QH,QH", "E": "3D,3H,4C", "N": "4D,JH,TH", "W": "5D,9H,8H"}


class TestExample:
    def test_record_round_trip(self) -> None:
        # docs/notation.md "Example" is in canonical form
        assert format_record(parse_record(EXAMPLE)) == EXAMPLE

    def test_fields(self) -> None:
        record = parse_record(EXAMPLE)
        assert record.preset == "chifeng" and record.level == "5" and record.trump == 0
        assert record.declarer == 0 and record.levels == ("5", "3")
        assert record.unknown == (0, 24, 24, 24)
        assert record.kitty == Cards("9D,9D,8S,7S,6S,4S,3S,2S")
        assert len(record.tricks) == 1 and record.tricks[0].leader == 0
        assert record.trick is not None and record.trick.plays == ()

    def test_position_round_trip(self, core: Any) -> None:
        from duidiao import Position

        position = Position(EXAMPLE)
        assert str(position) == EXAMPLE
        assert Position.parse(str(position)) == position
        assert repr(position) == f"Position({EXAMPLE!r})"
        assert eval(repr(position), {"Position": Position}) == position
        # "North's 10 went to the declaring team, so the defenders have 0 points"
        assert position.points == 0 and position.turn == "S"

    def test_input_variants_print_canonically(self, core: Any) -> None:
        # docs/notation.md: keys in any order, card lists case-insensitive, 10 for T, ♥ for H
        from duidiao import Position

        tokens = EXAMPLE.split()
        shuffled = " ".join([tokens[0]] + tokens[1:][::-1])
        assert str(Position(shuffled)) == EXAMPLE
        lower = EXAMPLE.replace("S=BJ,5H,5H,AH,KH,TH", "S=bj,5♥,5h,AH,kh,10H")
        assert str(Position(lower)) == EXAMPLE
        no_preset = EXAMPLE.replace("chifeng ", "", 1)
        assert str(Position(no_preset)) == EXAMPLE
        with_turn = EXAMPLE + " turn=s"
        assert str(Position(with_turn)) == EXAMPLE
        derived_trick = EXAMPLE.replace(" trick=S:", "")
        assert str(Position(derived_trick)) == EXAMPLE


class TestErrorsSection:
    """Every example of docs/notation.md "Errors" produces that message."""

    def test_not_a_card(self) -> None:
        text = EXAMPLE.replace("kitty=9D,", "kitty=1H,")
        with pytest.raises(NotationError) as info:
            parse_record(text)
        assert str(info.value) == "kitty: '1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"

    def test_three_copies(self) -> None:
        text = EXAMPLE.replace("S=BJ,5H,5H,", "S=BJ,5H,5H,5H,")
        with pytest.raises(NotationError) as info:
            parse_record(text)
        assert str(info.value) == "S: holds 3 copies of 5H (a card exists twice under chifeng)"

    def test_play_size(self) -> None:
        tricks = (
            "tricks=S:AC|4C|TC|6C/S:KC|2C|3C|4C/S:QC|5C|6C|7C/S:9S,9S,8S|7S,7S,6S|5S,5S,4S|3S,3S"
        )
        text = EXAMPLE.replace("tricks=S:AC|4C|TC|6C", tricks)
        with pytest.raises(NotationError) as info:
            parse_record(text)
        assert str(info.value) == "tricks: trick 4: W plays 2 cards, the lead was 3"

    def test_does_not_follow(self, core: Any) -> None:
        from duidiao import Position

        text = position_text(
            FOLLOW_FIXED,
            FOLLOW_PLAYED,
            "tricks=S:AD|3D|4D|5D/S:QH,QH|3H,4C|JH,TH|9H,8H trick=S:",
        )
        with pytest.raises(NotationError) as info:
            Position(text)
        assert str(info.value) == (
            "tricks: trick 2: E's play 3H,4C does not follow: E still held a heart (AH)"
        )

    def test_turn(self) -> None:
        text = EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "trick=S:AC|4C turn=E")
        text = text.replace("E=?24 N=?24 W=?24", "E=?24 N=?25 W=?25")
        with pytest.raises(NotationError) as info:
            Position(text)
        assert str(info.value) == "turn: given E, but the trick in progress says N is to play"

    def test_levels(self) -> None:
        text = EXAMPLE.replace("levels=NS:5,EW:3", "levels=NS:6,EW:3")
        with pytest.raises(NotationError) as info:
            parse_record(text)
        assert str(info.value) == (
            "levels: NS is at 6 but the hand is played at level 5 with S declaring"
        )

    def test_card_count(self) -> None:
        text = EXAMPLE.replace("E=?24", "E=?26")
        with pytest.raises(NotationError) as info:
            Position(text)
        assert str(info.value) == "cards: 110 cards in all, a two-deck position has 108"


BAD = [
    ("", "level: missing (required)"),
    (EXAMPLE.replace("chifeng ", "Tractor "), "preset: 'Tractor' is not a preset"),
    (EXAMPLE.replace("chifeng ", "Chifeng "), "preset: 'Chifeng' is not a preset"),
    (EXAMPLE + " level=5", "level: given twice"),
    (EXAMPLE + " Level=5", "Level: 'Level=5': unknown key (keys are level, trump,"),
    (EXAMPLE + " junk", "position: 'junk' is not key=value"),
    (EXAMPLE.replace("level=5", "level=1"), "level: '1' is not a level"),
    (EXAMPLE.replace("trump=H", "trump=X"), "trump: 'X' is not a suit (H, D, S, C)"),
    (EXAMPLE.replace("declarer=S", "declarer=Q"), "declarer: 'Q' is not a seat (S, E, N, W)"),
    (EXAMPLE.replace(" W=?24", ""), "W: missing (required)"),
    (EXAMPLE.replace("levels=NS:5,EW:3", "levels=NS:5"), "levels: no level for EW"),
    (EXAMPLE.replace("levels=NS:5,EW:3", "levels=NS:5,XY:3"), "levels: 'XY' is not a team"),
    (EXAMPLE.replace("kitty=9D,9D,", "kitty=9D,"), "kitty: 7 cards, the kitty has 8"),
    (EXAMPLE.replace("E=?24", "E=?2x4"), "E: '?2x4' is not ?N"),
    (EXAMPLE.replace("E=?24", "E=?20,?4"), "E: '?4': ?N is written once"),
    (EXAMPLE.replace("trick=S:", "trick=S"), "trick: 'S' has no leader"),
    (EXAMPLE.replace("trick=S:", "trick=X:"), "trick: 'X' is not a seat"),
    (EXAMPLE.replace("S:AC|4C|TC|6C", "S:AC|4C|TC"), "tricks: trick 1: 3 plays, a completed"),
    (EXAMPLE.replace("S:AC|4C|TC|6C", "S:AC|4C||6C"), "tricks: trick 1: N plays no card"),
    (EXAMPLE.replace("S:AC|4C|TC|6C", "S:AC|?1|TC|6C"), "tricks: trick 1: '?1': unknown cards"),
    (EXAMPLE + " voids=E:H", "voids: 'E:H' names the trump suit H (trumps are written T)"),
    (EXAMPLE + " voids=E:X", "voids: 'E:X': 'X' is not a suit"),
    (EXAMPLE + " voids=S:D", "voids: S is void in diamonds but holds KD,7D,7D,6D"),
    (EXAMPLE + " dry=maybe", "dry: 'maybe' is not yes or no"),
    (EXAMPLE + " voids=", "voids: empty (leave the key out when no void is known)"),
    # letters str.upper() would make ASCII ('ſ' → S) are not read as such; suit symbols are
    (EXAMPLE.replace("declarer=S", "declarer=ſ"),
     "declarer: 'ſ' (U+017F) is not a character of the notation"),
    (EXAMPLE.replace("KD,", "KＤ,"), "S: 'Ｄ' (U+FF24) is not a character of the notation"),
    (EXAMPLE + " voids=E:", "voids: 'E:' names no suit"),
    # the shanghai kitty is buried face down: no 干巴锅, so neither yes nor no (notation §10)
    (EXAMPLE.replace("chifeng ", "shanghai ") + " dry=no",
     "dry: 干巴锅 is not in the shanghai rules: the kitty is buried face down (rules §10.6)"),
    (EXAMPLE.replace("chifeng ", "tractor ") + " dry=yes",
     "dry: 干巴锅 is not in the tractor rules: the kitty is buried face down (rules §10.6)"),
    (EXAMPLE + " points=7", "points: '7': points are a multiple of 5"),
    (EXAMPLE + " points=x", "points: 'x' is not a number of points"),
    (EXAMPLE + " turn=E", "turn: given E, but the trick in progress says S is to play"),
    (
        EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "trick=E:")
        .replace("E=?24 N=?24 W=?24", "E=?25 N=?25 W=?25")
        .replace("S=BJ,", "S=BJ,AC,"),
        "trick: led by E, but the declarer S leads the first trick",
    ),
    (
        EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "gone=AC,4C,TC,6C"),
        "points: required when gone holds point cards (gone holds 10)",
    ),
    (
        EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "gone=AC,4C,TC,6C points=0"),
        "turn: required when gone is given without tricks or trick",
    ),
    (
        EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "gone=AC,4C,TC points=0"),
        "cards: 107 cards in all",
    ),
    (
        EXAMPLE.replace("E=?24 N=?24", "E=?23 N=?25"),
        "E: 23 cards held and 1 played in tricks make 24, expected 25",
    ),
    (
        EXAMPLE.replace("kitty=9D,9D,8S", "kitty=9D,9D,AS"),
        "cards: 3 copies of AS in all, in S and kitty (a card exists twice under chifeng)",
    ),
]


@pytest.mark.parametrize("text, message", BAD)
def test_refused(text: str, message: str) -> None:
    # A position string is refused as a whole: by its parser, or by the core's checks of its
    # cards (counts, copies, voids), worded by the notation.
    with pytest.raises(NotationError) as info:
        Position(text)
    assert str(info.value).startswith(message), str(info.value)


def test_only_notation_errors_for_non_strings() -> None:
    with pytest.raises(TypeError):
        parse_record(None)  # type: ignore[arg-type]


def test_record_round_trips_with_every_key() -> None:
    text = (
        "chifeng-10 level=T trump=C declarer=E levels=NS:4,EW:T "
        "S=?20 E=BJ,TC,TH,AC,5H,5H,?14 N=?20 W=?20 kitty=?8 "
        "gone=AH,AH,KH,KH,QH,QH,JH,JH,9H,9H,8H,8H,7H,7H,6H,6H,4H,4H,3H,3H points=40 "
        "voids=S:H,W:TD dry=yes"
    )
    record = parse_record(text + " turn=W")
    assert record.turn == 3 and record.dry and record.points == 40
    assert format_record(record) == text
    assert format_record(parse_record(text + " turn=W")) == text


def test_s10_1_no_trump_is_refused_where_the_rules_lack_it() -> None:
    """Rules §10.1: `trump=NT` parses, and the Chifeng presets refuse it (their declaring
    always names a suit); a bad trump names both forms."""
    base = "chifeng level=5 trump={} declarer=S S=?25 E=?25 N=?25 W=?25 kitty=?8 turn=S points=0"
    with pytest.raises(NotationError, match=r"^trump: NT \(no trump suit\) is not in the chifeng"):
        Position(base.format("NT"))
    with pytest.raises(NotationError, match=r"^trump: 'X' is not a suit \(H, D, S, C\) or NT"):
        Position(base.format("X"))


def test_a_card_count_error_says_what_it_expected_once() -> None:
    """Issue 27 (9): the count error read "expected 25 = 25" when nothing was gone."""
    text = ("chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
            "S=5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
            "E=?25 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:")
    with pytest.raises(NotationError) as info:
        Position(text)
    message = str(info.value)
    assert "make 24, expected 25" in message and "= 25" not in message


# -- Copies counted to the rules' packs (rules §11.1, docs/notation.md "The wider family") --


@pytest.mark.parametrize("preset, text, message", [
    ("chifeng", "5H,5H,5H", "S: holds 3 copies of 5H (a card exists twice under chifeng)"),
    ("one-deck", "5H,AH,5H", "S: holds 2 copies of 5H (a card exists once under one-deck)"),
    ("huanle", "5H,5H,5H", "S: holds 3 copies of 5H (a card exists twice under huanle)"),
    ("three-deck", "5H,5H,5H,5H,5H",
     "S: holds 5 copies of 5H (a card exists 3 times under three-deck)"),
])
def test_a_card_list_holds_a_card_as_often_as_the_packs(preset: str, text: str,
                                                       message: str) -> None:
    from duidiao.play.notation import _card_list
    from duidiao.play.rules import Rules

    rules = Rules.preset(preset)
    with pytest.raises(NotationError) as info:
        _card_list(text, "S", True, rules)
    assert str(info.value) == message
    fits = ",".join(["5H"] * rules.decks + ["AH"])
    assert _card_list(fits + ",?3", "S", True, rules) == (Cards(fits), 3, True)


def test_a_position_s_copies_and_totals_are_worded_by_its_decks() -> None:
    from dataclasses import replace

    from duidiao.play.notation import refusal_message

    record = parse_record(EXAMPLE)
    three = replace(record, preset="three-deck", kitty=Cards("5H,5H,5H,AH,AH,AH"))
    assert refusal_message(three, "copies", None, "5H", None) == (
        "cards: 5 copies of 5H in all, in S and kitty (a card exists 3 times under three-deck)")
    assert refusal_message(three, "total", None, "160", None) == (
        "cards: 160 cards in all, a three-deck position has 162")
    one = replace(record, preset="one-deck")
    assert refusal_message(one, "total", None, "55", None) == (
        "cards: 55 cards in all, a one-deck position has 54")
    assert refusal_message(record, "total", None, "110", None) == (
        "cards: 110 cards in all, a two-deck position has 108")
