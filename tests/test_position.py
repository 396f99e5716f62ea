"""The Position API: properties, legal moves, play, result (rules §5–§8, docs/notation.md)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from duidiao import (
    PRESETS,
    Card,
    Cards,
    HandResult,
    HiddenCardsError,
    IllegalMoveError,
    Move,
    NotationError,
    Rules,
)
from duidiao.play.cards import LEVELS, SEATS, SUITS

core = pytest.importorskip("duidiao._core")

from duidiao import Position  # noqa: E402

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


def random_deal(rng: random.Random, preset: str = "chifeng") -> Position:
    deck = [f for f in range(54) for _ in range(2)]
    rng.shuffle(deck)
    hands = [Cards(deck[i * 25 : (i + 1) * 25]) for i in range(4)]
    level, trump, declarer = rng.randrange(13), rng.randrange(4), rng.randrange(4)
    levels = [0, 0]
    levels[declarer % 2] = level
    levels[1 - declarer % 2] = rng.randrange(13)
    text = (
        f"{preset} level={LEVELS[level]} trump={SUITS[trump]} declarer={SEATS[declarer]} "
        f"levels=NS:{LEVELS[levels[0]]},EW:{LEVELS[levels[1]]} "
        + " ".join(f"{SEATS[i]}={hands[i]}" for i in range(4))
        + f" kitty={Cards(deck[100:])}"
    )
    return Position(text)


def play_out(position: Position, rng: random.Random) -> Position:
    while not position.is_over:
        position = position.play(rng.choice(position.legal_moves()))
    return position


class TestProperties:
    def test_example(self) -> None:
        p = Position(EXAMPLE)
        assert p.preset == "chifeng" and p.rules == Rules.preset("chifeng")
        assert (p.level, p.trump, p.declarer, p.turn) == ("5", "H", "S", "S")
        assert p.levels == {"NS": "5", "EW": "3"}
        assert p.hands["S"] == Cards(
            "BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C"
        )
        assert p.hands["E"] == Cards() and p.unknown == {"S": 0, "E": 24, "N": 24, "W": 24}
        assert p.kitty == Cards("9D,9D,8S,7S,6S,4S,3S,2S")
        assert p.points == 0 and not p.is_over and not p.dry and p.gone == Cards()
        (trick,) = p.tricks
        assert trick.leader == "S" and trick.winner == "S" and trick.points == 10
        assert list(trick.plays) == [Cards("AC"), Cards("4C"), Cards("TC"), Cards("6C")]
        assert trick.seats == ["S", "E", "N", "W"]
        current = p.current_trick
        assert current is not None and current.leader == "S" and current.plays == ()
        assert p.voids == {"S": "", "E": "", "N": "", "W": ""}

    def test_equality_hash_pickle(self) -> None:
        a, b = Position(EXAMPLE), Position(EXAMPLE.replace("S=BJ", "S=bj"))
        assert a == b and hash(a) == hash(b) and len({a, b}) == 1
        assert pickle.loads(pickle.dumps(a)) == a
        assert copy.deepcopy(a) == a
        assert a != Position(EXAMPLE).play("KC")

    def test_kitty_unknown(self) -> None:
        p = Position(EXAMPLE.replace("kitty=9D,9D,8S,7S,6S,4S,3S,2S", ""))
        assert p.kitty is None and "kitty=?8" in str(p)

    def test_rules_presets(self) -> None:
        for name in ("chifeng", "chifeng-classic", "chifeng-10"):
            rules = Rules.preset(name)
            assert rules.name == name and Rules.from_core(rules.to_core()) == rules
            assert "k_dig=" in str(rules) and repr(rules) == f"Rules.preset({name!r})"
        assert Rules.preset("chifeng-10").must_play_levels == (9, 10, 11, 12)  # rules §9
        assert Rules.preset("chifeng-classic").k_dig == "ten"
        assert Rules.preset("chifeng") != Rules.preset("chifeng-classic")
        with pytest.raises(ValueError, match="'nonesuch' is not a preset"):
            Rules.preset("nonesuch")
        # rules §10: the standard presets are data before the engine plays them.
        for name in ("tractor", "shanghai"):
            rules = Rules.preset(name)
            assert rules.ladder == "2-A" and rules.must_follow_format and not rules.digs
            assert repr(rules) == f"Rules.preset({name!r})"
            if name not in PRESETS:
                with pytest.raises(ValueError, match="is not supported yet"):
                    rules.check_supported()


class TestMoves:
    def test_legal_moves_of_the_leader(self) -> None:
        p = Position(EXAMPLE)
        moves = p.legal_moves()
        assert len(moves) == p.count_legal_moves() == len(set(moves))
        texts = [str(m) for m in moves]
        assert texts[0] == "BJ" and "5H,5H" in texts and "AS,AS" in texts
        assert all(isinstance(m, Move) and m.cards <= p.hands["S"] for m in moves)

    def test_hidden_mover(self) -> None:
        p = Position(EXAMPLE).play("KC")
        assert p.turn == "E"
        with pytest.raises(HiddenCardsError, match="E's hand"):
            p.legal_moves()

    def test_play_forms(self) -> None:
        p = Position(EXAMPLE)
        a = p.play("KC")
        assert a == p.play(Cards("KC")) == p.play(Move(Cards("KC"))) == p.play(Move.parse("kc"))
        assert str(a).endswith("trick=S:KC")
        assert str(p) == EXAMPLE  # play never changes the original
        # a hidden hand may play cards not known (rules §5.3 is checked against voids)
        b = a.play("4S")
        assert b.unknown["E"] == 23 and b.voids["E"] == "C"
        assert Position(str(b)) == b

    def test_illegal_moves(self) -> None:
        p = Position(EXAMPLE)
        with pytest.raises(IllegalMoveError, match="S does not hold QH"):
            p.play("QH")
        with pytest.raises(IllegalMoveError, match="one suit"):
            p.play("BJ,KC")
        with pytest.raises(NotationError):
            p.play("1H")
        with pytest.raises(NotationError):
            p.play("-")
        assert not p.is_legal("QH") and p.is_legal("KC")

    def test_follow_rule(self) -> None:
        # rules §5.3: a follower holding the led suit must play it
        rng = random.Random(7)
        p = random_deal(rng)
        lead = p.legal_moves()[0]
        q = p.play(lead)
        follower = q.turn
        assert follower is not None
        legal = {m.cards for m in q.legal_moves()}
        held = q.hands[follower]
        for card in held:
            single = Cards([card])
            if len(lead) == 1 and single not in legal:
                with pytest.raises(IllegalMoveError):
                    q.play(single)

    def test_result_refused_until_over(self) -> None:
        with pytest.raises(HiddenCardsError, match="not over"):
            Position(EXAMPLE).result()


class TestFullHands:
    @pytest.mark.parametrize("seed", range(4))
    def test_random_hand(self, seed: int) -> None:
        rng = random.Random(seed)
        p = random_deal(rng, ("chifeng", "chifeng-classic", "chifeng-10", "chifeng")[seed])
        end = play_out(p, rng)
        assert end.is_over and end.turn is None and end.current_trick is None
        assert end.legal_moves() == [] and end.count_legal_moves() == 0
        assert "trick=" not in str(end)
        assert Position(str(end)) == end
        result = end.result()
        assert isinstance(result, HandResult)
        assert result.points == end.points
        assert sum(t.points for t in end.tricks) == 200 - end.kitty.points  # type: ignore[union-attr]
        assert set(result.levels) == {"NS", "EW"} and result.next_declarer in SEATS
        assert result.dig in (None, "joker", "level")
        with pytest.raises(IllegalMoveError, match="over"):
            end.play("AH")
        hidden_kitty = Position(str(end).replace(f"kitty={end.format_cards(end.kitty)}", ""))  # type: ignore[arg-type]
        with pytest.raises(HiddenCardsError, match="kitty"):
            hidden_kitty.result()

    def test_result_points_rows(self) -> None:
        # rules §7: guangpai/dacheng/dapo/gulupo follow the defenders' points without a dig
        rng = random.Random(11)
        for _ in range(6):
            result = play_out(random_deal(rng), rng).result()
            if result.dig is None:
                p = result.points
                expected = (
                    "guangpai"
                    if p == 0
                    else "dacheng"
                    if p < 80
                    else "dapo"
                    if p < 140
                    else "gulupo"
                )
                assert result.outcome == expected


def test_written_tricks_checked() -> None:
    with pytest.raises(NotationError, match=r"^trick: led by E, but S won trick 1 and leads$"):
        Position(EXAMPLE.replace("trick=S:", "trick=E:"))
    with pytest.raises(NotationError, match=r"^turn: given E, but S won the last trick and leads$"):
        Position(EXAMPLE.replace(" trick=S:", " turn=E"))


def test_gone_and_points() -> None:
    # docs/notation.md: points count every trick, gone ones included; required with point cards
    text = EXAMPLE.replace("tricks=S:AC|4C|TC|6C trick=S:", "gone=AC,4C,TC,6C points=10 turn=S")
    p = Position(text)
    assert p.points == 10 and p.gone == Cards("AC,4C,TC,6C") and p.tricks == []
    assert "gone=AC,TC,6C,4C points=10" in str(p) and Position(str(p)) == p
    with pytest.raises(NotationError, match="^points: given 15, but the written tricks give"):
        Position(text.replace("points=10", "points=15"))
    with_tricks = EXAMPLE.replace(
        "tricks=S:AC|4C|TC|6C trick=S:", "gone=AC,4C,TC,6C points=30 tricks=S:KC|AC|TC|7C"
    )
    with_tricks = with_tricks.replace("KC,QC,JC", "QC,JC")
    q = Position(with_tricks.replace("E=?24 N=?24 W=?24", "E=?23 N=?23 W=?23"))
    assert q.points == 30 and q.tricks[0].winner == "E" and q.turn == "E"
    assert Position(str(q)) == q
    with pytest.raises(NotationError) as info:
        Position(str(q).replace("points=30", "points=5"))
    assert str(info.value) == (
        "points: given 5, but the written tricks already give the defenders 20"
    )
    # gone's tricks give whole point cards: its one point card, TC, makes 0 or 10 of them
    with pytest.raises(NotationError) as info:
        Position(str(q).replace("points=30", "points=25"))
    assert str(info.value) == (
        "points: given 25, but the written tricks give the defenders 20, gone holds no five "
        "to make up 5"
    )
    with pytest.raises(NotationError) as info:
        Position(text.replace("points=10", "points=5"))
    assert str(info.value) == "points: given 5, but gone holds no five to make up 5"


def test_card_conservation_example() -> None:
    p = Position(EXAMPLE)
    known = sum(len(c) for c in p.hands.values()) + sum(p.unknown.values())
    played = sum(len(play) for t in p.tricks for play in t.plays)
    assert known + played + 8 == 108
    assert Card("AC") in p.tricks[0].plays[0]


def last_trick(hands: dict[str, str], kitty: str, points: int, extra: str = "") -> Position:
    """The last trick of a hand at level 2, spades trumps, EW at 4: everything else is gone."""
    gone = Cards.deck() - Cards(",".join(hands.values())) - Cards(kitty)
    seats = " ".join(f"{seat}={cards}" for seat, cards in hands.items())
    return Position(
        f"chifeng level=2 trump=S declarer=S levels=NS:2,EW:4 {seats} kitty={kitty} "
        f"gone={gone} points={points} turn=S {extra}"
    )


def finish(position: Position, *moves: str) -> Position:
    for move in moves:
        position = position.play(move)
    return position


def test_joker_dig() -> None:
    # rules §7 joker dig: a defender wins the last trick with a big joker: +3, whatever P
    p = last_trick({"S": "AH", "E": "BJ", "N": "QH", "W": "JH"}, "7D,7D,6D,6D,4D,4D,3D,3D", 60)
    result = finish(p, "AH", "BJ", "QH", "JH").result()
    assert (result.dig, result.outcome, result.points) == ("joker", "joker_dig", 60)
    assert result.levels == {"NS": "2", "EW": "7"} and result.next_declarer == "E"
    assert result.scores == {"NS": -2, "EW": 8} and not result.declarers_stay  # §7.2


def test_kitty_jokers_and_dry() -> None:
    # rules §6.4: a big joker in the kitty adds 3 to the winner's climb; §6.3 dry: nothing
    hands = {"S": "AH", "E": "KH", "N": "QH", "W": "JH"}
    result = finish(last_trick(hands, "7D,7D,6D,6D,4D,4D,3D,BJ", 60), "AH", "KH", "QH", "JH")
    r = result.result()
    assert (r.outcome, r.kitty_jokers_climb, r.levels["NS"], r.next_declarer) == (
        "dacheng",
        3,
        "6",
        "N",
    )
    dry = last_trick(hands, "7D,7D,6D,6D,4D,4D,3D,BJ", 60, "dry=yes")
    assert "dry=yes" in str(dry) and dry.dry
    r = finish(dry, "AH", "KH", "QH", "JH").result()
    assert r.kitty_jokers_climb == 0 and r.levels["NS"] == "3"
    with pytest.raises(NotationError, match="^dry: the kitty holds 3S, a card of the trump suit"):
        last_trick(hands, "7D,7D,6D,6D,4D,4D,3S,BJ", 60, "dry=yes")


def test_no_trick_after_the_last() -> None:
    hands = {"S": "AH", "E": "KH", "N": "QH", "W": "JH"}
    end = finish(last_trick(hands, "7D,7D,6D,6D,4D,4D,3D,3D", 60), "AH", "KH", "QH", "JH")
    with pytest.raises(NotationError, match="^trick: the hand is over before this trick$"):
        Position(str(end) + " trick=S:")
    with pytest.raises(NotationError, match="^turn: given S, but the hand is over$"):
        Position(str(end) + " turn=S")


def test_failed_throw_is_replaced() -> None:
    # rules §5.2: E holds KD, so S's throw AD,QD fails and QD is played instead
    deck = Cards.deck()
    s_hand = Cards("AD,QD,BJ,BJ,SJ,SJ,AC,AC,KC,KC,QC,QC,JC,JC,TC,TC,9C,9C,8C,8C,7C,7C,6C,6C,5C")
    rest = list(deck - s_hand)
    rest.remove(Card("KD"))
    e_hand = Cards([Card("KD"), *rest[:24]])
    n_hand, w_hand, kitty = Cards(rest[24:49]), Cards(rest[49:74]), Cards(rest[74:])
    p = Position(
        f"level=2 trump=S declarer=S S={s_hand} E={e_hand} N={n_hand} W={w_hand} kitty={kitty}"
    )
    q, played = p.played("AD,QD")
    assert str(played) == "QD" and str(q).endswith("trick=S:QD")
    assert Position(str(q)) == q
    with pytest.raises(NotationError, match="^trick: S's play AD,QD: "):
        Position(str(q).replace("trick=S:QD", "trick=S:AD,QD").replace("SJ,AD,", "SJ,"))


def test_s5_3_a_void_stated_for_a_suit_played_earlier_is_known_to_the_core() -> None:
    """rules §5.3: E followed clubs in the written trick, and `voids=E:C` says E has none
    left. The void holds from now on: E may not play a club, and the sampler keeps clubs from E."""
    example = (
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
        "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
        "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C"
    )
    pos = Position(example + " voids=E:C turn=S")
    assert pos.voids["E"] == "C"
    assert pos.core.voids(1) == 1 << 3  # clubs, in the core hand itself
    after = pos.play("KC")
    with pytest.raises(IllegalMoveError, match="E is known to be void in clubs"):
        after.play("7C")  # (5C would be a trump: 5 is the level)
    import duidiao

    for world in duidiao.sample_worlds(pos, 20, seed=1):
        assert not any(card.effective_suit("5", "H") == "C" for card in world.hands["E"])


def test_s5_3_a_void_contradicted_by_a_known_card_is_refused() -> None:
    """rules §5.3: S holds clubs, so it cannot be void in them."""
    text = (
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
        "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
        "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C voids=S:C turn=S"
    )
    with pytest.raises(NotationError, match="voids"):
        Position(text)
