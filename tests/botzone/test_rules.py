"""Botzone's Tractor rules as its judge applies them (docs/botzone.md, "The rules"): golden
examples of the card ids, the order, the units, following, throws, the winner, the kitty and
the result."""

from __future__ import annotations

import pytest

from duidiao.botzone import rules
from duidiao.botzone.rules import RANK_CHARS, SUIT_LETTERS, Trumps
from duidiao.play.cards import Card


def bz(*names: str) -> list[int]:
    """Ids from the judge's card names (suit letter + rank, 'jo'/'Jo' jokers); a name given
    twice takes the second copy (id + 54)."""
    seen: set[int] = set()
    ids = []
    for name in names:
        if name in ("jo", "Jo"):
            k = 52 if name == "jo" else 53
        else:
            k = RANK_CHARS.index(name[1]) * 4 + SUIT_LETTERS.index(name[0])
        card_id = k + 54 if k in seen else k
        seen.add(k)
        ids.append(card_id)
    return ids


def test_ids_follow_botzone_suits_and_ranks() -> None:
    assert [str(rules.card(i)) for i in (0, 1, 2, 3, 4, 51, 52, 53)] == [
        "AS", "AH", "AC", "AD", "2S", "KD", "SJ", "BJ"]
    assert rules.card(7) == rules.card(61) == Card("2D")
    assert rules.card(36) == Card("TS")  # rank 9 of A..K is the ten, spelled "0"
    assert sorted(rules.face(i) for i in range(108)) == sorted(list(range(54)) * 2)
    assert bz("sA", "sA", "d2", "jo") == [0, 54, 7, 52]


def test_points() -> None:
    assert rules.points(bz("s5", "h0", "dK", "cQ", "jo")) == 25
    assert rules.points(range(108)) == 200


def test_trump_order_level_two_diamonds() -> None:
    t = Trumps("2", "d")
    assert [t.suit(rules.face(i)) for i in bz("d5", "s2", "jo", "s5")] == ["t", "t", "t", "s"]
    powers = [t.power(rules.face(i)) for i in bz("dA", "s2", "h2", "d2", "jo", "Jo")]
    assert powers[1] == powers[2]  # the off-suit level cards are equal
    assert powers[0] < powers[1] < powers[3] < powers[4] < powers[5]
    assert t.power(rules.face(bz("s3")[0])) == 0 and t.power(rules.face(bz("sA")[0])) == 11


def test_no_trump_suit() -> None:
    t = Trumps("2", "n")
    assert t.suit(rules.face(bz("d5")[0])) == "d"
    assert t.suit(rules.face(bz("d2")[0])) == "t"
    assert t.power(rules.face(bz("d2")[0])) == t.power(rules.face(bz("s2")[0]))


@pytest.mark.parametrize("level,major,cards,kind,pairs", [
    ("2", "d", ("s7", "s7", "s8", "s8"), "tractor", 2),
    ("7", "d", ("s6", "s6", "s8", "s8"), "tractor", 2),  # the level rank left out
    ("2", "d", ("h2", "h2", "s2", "s2"), "throw", 1),  # level cards never form tractors
    ("2", "d", ("dA", "dA", "h2", "h2"), "throw", 1),
    ("2", "d", ("d2", "d2", "jo", "jo"), "throw", 1),
    ("2", "d", ("jo", "jo", "Jo", "Jo"), "tractor", 2),
    ("3", "s", ("hA", "hA", "h2", "h2"), "throw", 1),  # no ace-low tractor
    ("2", "d", ("sK", "sK", "sA", "sA", "sQ", "sQ"), "tractor", 3),
    ("2", "d", ("s5", "s5"), "pair", 1),
    ("2", "d", ("s5", "d5"), "mixed", 0),
    ("2", "d", ("s5", "s2"), "mixed", 0),  # a level card is a trump
])
def test_shapes(level: str, major: str, cards: tuple[str, ...], kind: str, pairs: int) -> None:
    shape = Trumps(level, major).shape(bz(*cards))
    assert shape.kind == kind
    if kind != "mixed":
        assert shape.biggest.pairs == pairs


def test_throw_units_biggest_first() -> None:
    t = Trumps("2", "d")
    units = t.shape(bz("sA", "sA", "sK", "sK", "s9", "s9", "s3")).units
    assert [u.pairs for u in units] == [2, 1, 0]


T = Trumps("2", "d")


@pytest.mark.parametrize("hand,lead,play,ok", [
    # a single: a spade if one is held
    (("s5", "h9"), ("sK",), ("h9",), False),
    (("s5", "h9"), ("sK",), ("s5",), True),
    (("c5", "h9"), ("sK",), ("h9",), True),
    # a pair: a pair of the suit if one is held, else the suit's cards first
    (("s5", "s5", "s9", "h9"), ("sK", "sK"), ("s9", "s5"), False),
    (("s5", "s5", "s9", "h9"), ("sK", "sK"), ("s5", "s5"), True),
    (("s5", "s9", "h9"), ("sK", "sK"), ("s5", "s9"), True),
    (("s5", "h9", "h8"), ("sK", "sK"), ("h9", "h8"), False),
    (("s5", "h9", "h8"), ("sK", "sK"), ("s5", "h8"), True),
    # a tractor: a tractor of the suit if one is held, else as many pairs as held
    (("s7", "s7", "s8", "s8", "s9", "s9"), ("s3", "s3", "s4", "s4"), ("s7", "s7", "s9", "s9"),
     False),
    (("s7", "s7", "s8", "s8", "s9", "s9"), ("s3", "s3", "s4", "s4"), ("s8", "s8", "s9", "s9"),
     True),
    (("s7", "s7", "s9", "sJ", "h3"), ("s3", "s3", "s4", "s4"), ("s7", "s9", "sJ", "s7"), True),
    (("s7", "s7", "s9", "sJ", "sQ"), ("s3", "s3", "s4", "s4"), ("s9", "sJ", "sQ", "s7"), False),
    # trumps led: every trump counts, the level cards and jokers too
    (("h2", "c9"), ("dK",), ("c9",), False),
    (("jo", "c9"), ("dK",), ("jo",), True),
    # a throw of pairs and singles asks no pairs; one holding a tractor asks them
    (("sQ", "sQ", "s5", "s6"), ("sA", "sA", "sK"), ("sQ", "s5", "s6"), True),
    (("sQ", "sQ", "sJ", "sJ", "s5", "s6"), ("sA", "sA", "sK", "sK", "s9"),
     ("sQ", "sJ", "s5", "s6", "sQ"), False),
    (("sQ", "sQ", "sJ", "sJ", "s5", "s6"), ("sA", "sA", "sK", "sK", "s9"),
     ("sQ", "sQ", "sJ", "sJ", "s5"), True),
    # the count
    (("s5", "s6"), ("sK",), ("s5", "s6"), False),
    # Botzone's judge: without a pair of the led suit, a pair of any suit may follow a pair
    # (checkLegalMove asks for the suit's cards only from a play of another kind)
    (("s5", "h9", "h9"), ("sK", "sK"), ("h9", "h9"), True),
    (("s5", "s6", "s7", "s7", "s8", "s8"), ("s3", "s3", "s4", "s4"), ("s7", "s7", "s8", "s8"),
     True),
    (("s5", "h7", "h7", "h8", "h8"), ("s3", "s3", "s4", "s4"), ("h7", "h7", "h8", "h8"), True),
])
def test_following(hand: tuple[str, ...], lead: tuple[str, ...], play: tuple[str, ...],
                   ok: bool) -> None:
    hand_ids = bz(*hand)
    play_ids = [i for i in hand_ids if i in _pick(hand_ids, play)]
    assert (T.follow_error(hand_ids, bz(*lead), play_ids) is None) == ok


def _pick(hand: list[int], names: tuple[str, ...]) -> list[int]:
    free = list(hand)
    chosen = []
    for name in names:
        k = bz(name)[0] % 54
        match = next(i for i in free if i % 54 == k)
        free.remove(match)
        chosen.append(match)
    return chosen


def test_a_mixed_lead_is_refused() -> None:
    assert T.lead_error(bz("s5", "h5")) is not None
    assert T.lead_error(bz("s5", "sK", "sK")) is None  # a throw may be led (and may fail)


def test_throws_fail_on_a_higher_unit_anywhere() -> None:
    lead = bz("sK", "sQ")
    assert T.failed_units(lead, [bz("hA"), bz("s3"), bz("c5")]) == []
    failed = T.failed_units(lead, [bz("hA"), bz("sA"), bz("c5")])
    assert len(failed) == 2  # the ace beats both singles
    assert [rules.card(i) for i in T.failed_play(failed)] == [Card("QS")]
    # a pair fails on a higher pair, a pair inside a tractor included; not on two singles
    pair_throw = bz("sQ", "sQ", "s9")
    assert T.failed_units(pair_throw, [bz("sK", "sA")]) != []  # the singles fail
    assert [u.pairs for u in T.failed_units(bz("sQ", "sQ", "sA"), [bz("sK", "sK", "sA")])] \
        == [1]
    # an off-suit level card is beaten only by the trump suit's level card or a joker
    trump_throw = bz("h2", "dA")
    assert [rules.card(u.ids[0]) for u in T.failed_units(trump_throw, [bz("s2")])] == [
        Card("AD")]
    assert len(T.failed_units(trump_throw, [bz("d2")])) == 2


@pytest.mark.parametrize("plays,winner", [
    ((("s5",), ("sK",), ("d3",), ("sA",)), 2),  # a trump beats the suit
    ((("d3",), ("d3",), ("s5",), ("c5",)), 0),  # equal cards: the first
    ((("h2",), ("s2",), ("c2",), ("d3",)), 0),  # off-suit level cards are equal
    ((("h2",), ("s2",), ("d2",), ("jo",)), 3),
    ((("s5", "s5"), ("sK", "sK"), ("d3", "d4"), ("s6", "s7")), 1),  # not a pair: no win
    ((("s5", "s5"), ("sK", "sK"), ("d3", "d3"), ("s6", "s6")), 2),
    ((("sA", "sK"), ("d3", "d4"), ("d5", "d6"), ("s9", "s3")), 2),  # trumps over a throw
    ((("sA", "sA", "sK"), ("d3", "d4", "d5"), ("s9", "s9", "s3"), ("h4", "h5", "h6")), 0),
    ((("sA", "sA", "sK"), ("d3", "d3", "d5"), ("s9", "s9", "s3"), ("h4", "h5", "h6")), 1),
])
def test_winner(plays: tuple[tuple[str, ...], ...], winner: int) -> None:
    seen: list[str] = []
    ids = []
    for play in plays:  # a card named twice across the trick is its second copy
        ids.append([i + 54 if seen.count(n) else i
                    for n, i in zip(play, bz(*play))])
        seen += list(play)
    assert T.winner(ids) == winner


@pytest.mark.parametrize("lead,multiplier", [
    (("s5",), 2), (("s5", "s5"), 4), (("s5", "s5", "s6", "s6"), 8),
    (("sA", "sK"), 2), (("sA", "sA", "sK"), 4), (("sA", "sA", "sK", "sK", "s3"), 8),
])
def test_kitty_multiplier(lead: tuple[str, ...], multiplier: int) -> None:
    assert T.kitty_multiplier(bz(*lead)) == multiplier


@pytest.mark.parametrize("points,scores", [
    (-20, (3, 0)), (0, (3, 0)), (35, (2, 0)), (40, (1, 0)), (75, (1, 0)), (80, (0, 1)),
    (115, (0, 1)), (120, (0, 2)), (155, (0, 2)), (160, (0, 3)), (250, (0, 3)),
])
def test_result_bands(points: int, scores: tuple[int, int]) -> None:
    assert rules.result_scores(points) == scores


def test_bad_level_and_major_are_named() -> None:
    with pytest.raises(ValueError, match="level"):
        Trumps("1", "s")
    with pytest.raises(ValueError, match="major"):
        Trumps("2", "x")


@pytest.mark.parametrize("lead, play, void", [
    (("sK",), ("h9",), True),
    (("sK",), ("s9",), False),
    (("sK", "sK"), ("h9", "h8"), True),  # two singles: the suit's cards went first
    (("sK", "sK"), ("h9", "h9"), False),  # a pair: the judge takes it from spade singles too
    (("sK", "sK"), ("s5", "h9"), True),
    (("sA", "sA", "sK"), ("s5", "h9", "h8"), True),
])
def test_what_a_follow_shows(lead: tuple[str, ...], play: tuple[str, ...], void: bool) -> None:
    """The voids the bot reads from the others' follows are those the judge's rules prove."""
    assert T.shows_void(bz(*lead), bz(*play)) == void
