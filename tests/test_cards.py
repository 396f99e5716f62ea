"""Card and Cards (docs/notation.md "Writing cards"; docs/internals.md encodings)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duidiao import Card, Cards, NotationError


class TestCard:
    @pytest.mark.parametrize(
        "text, name, card_id",
        [
            ("AH", "AH", 12),
            ("10H", "TH", 8),
            ("TH", "TH", 8),
            ("ah", "AH", 12),
            ("A♥", "AH", 12),
            ("2d", "2D", 13),
            ("K♠", "KS", 2 * 13 + 11),
            ("3♣", "3C", 3 * 13 + 1),
            ("SJ", "SJ", 52),
            ("bj", "BJ", 53),
        ],
    )
    def test_parse(self, text: str, name: str, card_id: int) -> None:
        card = Card(text)
        assert str(card) == name
        assert card.id == card_id
        assert Card.parse(text) is card
        assert Card(card_id) is card
        assert repr(card) == f"Card({name!r})"

    def test_rank_suit(self) -> None:
        assert Card("TH").rank == "T" and Card("TH").suit == "H"
        assert Card("BJ").rank is None and Card("BJ").suit is None
        assert Card("SJ").is_joker and not Card("2C").is_joker

    def test_points(self) -> None:
        # rules §2: 5 = 5, 10 = 10, K = 10
        assert [Card(c).points for c in ("5H", "TD", "KS", "QC", "BJ")] == [5, 10, 10, 0, 0]

    @pytest.mark.parametrize(
        "text, message",
        [
            ("1H", "'1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"),
            ("AX", "'AX' is not a card (suits are H, D, S, C; jokers are BJ, SJ)"),
            ("", "'' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"),
            ("11H", "'11H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"),
            ("A", "'A' is not a card (suits are H, D, S, C; jokers are BJ, SJ)"),
        ],
    )
    def test_parse_errors(self, text: str, message: str) -> None:
        with pytest.raises(NotationError) as info:
            Card(text)
        assert str(info.value) == message
        assert isinstance(info.value, ValueError)

    def test_bad_id(self) -> None:
        with pytest.raises(ValueError):
            Card(54)

    def test_order_hash_immutable(self) -> None:
        assert Card("2H") < Card("AH") < Card("SJ") < Card("BJ")
        assert len({Card("AH"), Card("ah"), Card(12)}) == 1
        with pytest.raises(AttributeError):
            Card("AH").foo = 1  # type: ignore[attr-defined]
        assert pickle.loads(pickle.dumps(Card("QS"))) is Card("QS")

    def test_effective_suit(self) -> None:
        # rules §3: level cards and the trump suit are trumps
        assert Card("5S").effective_suit("5", "H") == "T"
        assert Card("6S").effective_suit("5", "H") == "S"
        assert Card("2H").effective_suit("5", "H") == "T"
        assert Card("SJ").effective_suit("A", "C") == "T"


class TestCards:
    def test_parse_and_print(self) -> None:
        cards = Cards.parse("AH,AH,KD")
        assert str(cards) == "AH,AH,KD"
        assert repr(cards) == "Cards('AH,AH,KD')"
        assert eval(repr(cards)) == cards
        assert len(cards) == 3
        assert Cards("-") == Cards() == Cards.parse("-")
        assert str(Cards()) == "-" and not Cards()

    def test_canonical_order(self) -> None:
        # no trump context: BJ, SJ, then H D S C each from A down to 2
        cards = Cards("2C,3D,BJ,TH,SJ,AS,AH,2H,KC")
        assert str(cards) == "BJ,SJ,AH,TH,2H,3D,AS,KC,2C"
        assert [c.id for c in cards] == [53, 52, 12, 8, 0, 14, 38, 50, 39]

    def test_context_order(self) -> None:
        # docs/notation.md: trumps from the highest (off-suit level cards H D S C), then H D S C
        cards = Cards("5C,5H,5S,BJ,AH,AS,2H,SJ,KD,6S,5D,TC")
        assert cards.notation("5", "S") == "BJ,SJ,5S,5H,5D,5C,AS,6S,AH,2H,KD,TC"
        assert cards.notation("T", "H") == "BJ,SJ,TC,AH,5H,2H,KD,5D,AS,6S,5S,5C"
        assert [str(c) for c in cards.ordered("10", "H")][:3] == ["BJ", "SJ", "TC"]

    def test_membership_count(self) -> None:
        cards = Cards("AH,AH,KD")
        assert "AH" in cards and Card("KD") in cards and "ah" in cards
        assert "QS" not in cards and "junk" not in cards and 3.5 not in cards
        assert cards.count("AH") == 2 and cards.count("KD") == 1 and cards.count("2C") == 0
        assert [str(c) for c in cards] == ["AH", "AH", "KD"]

    def test_union_difference(self) -> None:
        a, b = Cards("AH,KD"), Cards("AH,5S")
        assert a | b == Cards("AH,AH,KD,5S") == a + b
        assert (a | b) - b == a
        assert Cards("AH,AH") - Cards("AH") == Cards("AH")
        assert Cards("AH,AH") - Cards("AH,AH") == Cards()
        # Rules-free: three copies are a card set (three decks); five are none.
        assert (Cards("AH,AH") | Cards("AH")).count("AH") == 3
        with pytest.raises(ValueError, match="^5 copies of AH: a card set holds at most 4 "):
            Cards("AH,AH,AH") | Cards("AH,AH")
        with pytest.raises(ValueError):
            Cards("AH") - Cards("AH,AH")
        with pytest.raises(ValueError):
            Cards("AH") - Cards("KD")
        assert Cards("AH") <= Cards("AH,KD") and not Cards("AH,AH") <= Cards("AH,KD")

    def test_masks(self) -> None:
        cards = Cards("AH,AH,KD,BJ")
        one, two = cards.masks
        assert one == (1 << 12) | (1 << 24) | (1 << 53) and two == 1 << 12
        assert Cards.from_masks(one, two) == cards
        for bad in ((0, 1), (1, 0, 1), (1, 1, 0, 1), (1 << 54,), (-1,)):
            with pytest.raises(ValueError, match="are not card set masks"):
                Cards.from_masks(*bad)
        assert len(Cards.deck()) == 108 and Cards.deck().points == 200
        assert [len(Cards.deck(d)) for d in (1, 2, 3)] == [54, 108, 162]
        assert Cards.deck(3).points == 300 and Cards.deck(3).count("5H") == 3

    def test_masks_as_the_core_takes_them(self) -> None:
        # Two planes while no face has a third copy (the two-deck build), else as many planes
        # as the most copies.
        assert Cards("AH").masks == (1 << 12, 0)
        assert Cards("AH,AH,AH").masks == (1 << 12,) * 3
        assert Cards("AH,AH,AH,AH,KD").masks == ((1 << 12) | (1 << 24),) + (1 << 12,) * 3
        assert (Cards("AH,AH,AH").three, Cards("AH,AH,AH").four) == (1 << 12, 0)
        assert Cards("AH,AH,AH,KD").beyond(2) == 1 << 12 and Cards("AH,AH").beyond(2) == 0

    def test_hash_immutable_pickle(self) -> None:
        assert hash(Cards("AH,KD")) == hash(Cards("kd,ah"))
        assert len({Cards("AH,KD"), Cards("KD,AH"), Cards("AH")}) == 2
        with pytest.raises(AttributeError):
            Cards("AH")._one = 3  # type: ignore[misc]
        assert pickle.loads(pickle.dumps(Cards("AH,AH,BJ"))) == Cards("AH,AH,BJ")
        assert pickle.loads(pickle.dumps(Cards("AH,AH,AH,BJ"))) == Cards("AH,AH,AH,BJ")
        assert Cards("AH,AH,AH") != Cards("AH,AH") and hash(Cards("AH,AH,AH")) != hash(
            Cards("AH,AH"))

    def test_iterable_constructor(self) -> None:
        assert Cards([Card("AH"), "ah", 53]) == Cards("AH,AH,BJ")
        assert Cards(["AH", "AH", "AH"]).count("AH") == 3
        with pytest.raises(ValueError, match="^5 copies of AH"):
            Cards(["AH"] * 5)

    def test_points(self) -> None:
        assert Cards("5H,5H,TD,KC,QS").points == 30

    @pytest.mark.parametrize(
        "text, message",
        [
            ("AH,1H", "'1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"),
            ("AH,,KD", "empty card in 'AH,,KD'"),
            ("5H,5H,5H,5H,5H", "5 copies of 5H: a card set holds at most 4 of each card"),
            ("AH,?3", "'?3': unknown cards have no place in a card set"),
        ],
    )
    def test_parse_errors(self, text: str, message: str) -> None:
        with pytest.raises(NotationError) as info:
            Cards.parse(text)
        assert str(info.value) == message


def test_intersection_keeps_the_fewer_copies():
    from duidiao import Cards

    assert Cards("AH,AH,KD,BJ") & Cards("AH,KD,KD,2C") == Cards("AH,KD")
    assert Cards("AH,AH") & Cards("AH,AH") == Cards("AH,AH")
    assert not (Cards("AH") & Cards("KD"))
    assert Cards("AH,AH,AH,KD") & Cards("AH,AH,AH,AH") == Cards("AH,AH,AH")


# -- Cards of one to four copies a face, against counts kept in plain Python ----------------

FACE_POINTS = [5 if f % 13 == 3 else 10 if f % 13 in (8, 11) else 0 for f in range(52)] + [0, 0]


def counts(most: int) -> st.SearchStrategy[list[int]]:
    """54 counts from 0 to ``most``, mostly zero (a hand's shape, not a whole pack)."""
    return st.lists(st.sampled_from([0, 0, 0, *range(1, most + 1)]), min_size=54, max_size=54)


def of_counts(n: list[int]) -> Cards:
    return Cards([face for face in range(54) for _ in range(n[face])])


@pytest.mark.parametrize("most", [1, 2, 3, 4])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cards_count_like_python(most: int, data: Any) -> None:
    a, b = data.draw(counts(most)), data.draw(counts(most))
    x, y = of_counts(a), of_counts(b)
    assert [x.count(face) for face in range(54)] == a
    assert len(x) == sum(a) and x.points == sum(n * p for n, p in zip(a, FACE_POINTS))
    assert bool(x) == any(a) and all((face in x) == (a[face] > 0) for face in range(54))
    # plane k holds the faces held at least k times; the core takes them as they are
    planes = [sum(1 << f for f in range(54) if a[f] >= k) for k in range(1, 5)]
    assert (x.one, x.two, x.three, x.four) == tuple(planes)
    assert Cards.from_masks(*x.masks) == x and Cards.from_masks(*planes) == x
    assert len(x.masks) == max(2, max(a))
    assert x.beyond(most) == 0 and x.beyond(0) == x.one
    # print and parse, with or without a trump context
    assert Cards.parse(x.notation()) == x == Cards(str(x)) == Cards(list(x))
    assert Cards.parse(x.notation("5", "H")) == x and len(x.ordered("5", "H")) == len(x)
    assert x & y == of_counts([min(i, j) for i, j in zip(a, b)])
    assert (x <= y) == all(i <= j for i, j in zip(a, b)) == x.issubset(y)
    assert (x == y) == (a == b)
    total = [i + j for i, j in zip(a, b)]
    if max(total) <= 4:
        assert x | y == of_counts(total) == x + y and (x | y) - y == x
    else:
        with pytest.raises(ValueError, match="a card set holds at most 4"):
            x | y
    if y <= x:
        assert x - y == of_counts([i - j for i, j in zip(a, b)])
    else:
        with pytest.raises(ValueError, match="to take away"):
            x - y


@pytest.mark.parametrize("most", [1, 2, 3, 4])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_one_card_in_and_out(most: int, data: Any) -> None:
    a = data.draw(counts(most))
    face = data.draw(st.integers(0, 53))
    x, card = of_counts(a), Cards([face])
    if a[face] < 4:
        assert (x | card).count(face) == a[face] + 1
    if a[face]:
        assert (x - card).count(face) == a[face] - 1 and x - card | card == x
    else:
        with pytest.raises(ValueError, match=f"^{Card(face)}: 1 to take away, 0 held"):
            x - card
