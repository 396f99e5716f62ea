"""The core's refusals carry what they are about (field, token, reason, suit), and Python words
its messages from those without checking the rule again; the card tables Python reads (effective
suits, notation order) come from the core and agree with ``duidiao.reference``."""

from __future__ import annotations

from typing import Any

import pytest

import duidiao
import duidiao.reference as ref
from duidiao import IllegalMoveError, NotationError, Position
from duidiao.play.cards import SUITS, context_order, effective_suit, face_name
from duidiao.play.level import Level

LEVELS = "A23456789TJQK"


@pytest.fixture
def core() -> Any:
    from duidiao import _core

    return _core


def _hand(core: Any, held: list[tuple[int, int]], unknown: list[int], kitty: tuple[int, int],
          kitty_known: bool = True, voids: tuple[int, ...] = (0, 0, 0, 0), dry: bool = False,
          level: int = 4, trump: int = 0) -> Any:
    return core.Hand(core.Rules.preset("chifeng"), level, trump, 0, 0, held, unknown, kitty,
                     kitty_known, dry, 0, list(voids), 0)


def _deal() -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """A full deal in face order: S holds 2H..KH twice and AH, E the other AH and 2D..KD twice,
    and so on; the kitty KC,KC,AC,AC,SJ,SJ,BJ,BJ."""
    cards = [f for f in range(54) for _ in range(2)]
    hands = [cards[i * 25:(i + 1) * 25] for i in range(4)]
    kitty = cards[100:]

    def masks(faces: list[int]) -> tuple[int, int]:
        one = two = 0
        for f in faces:
            if one >> f & 1:
                two |= 1 << f
            else:
                one |= 1 << f
        return one, two

    return [masks(h) for h in hands], masks(kitty)


def test_total_is_refused_with_its_count(core: Any) -> None:
    held, kitty = _deal()
    with pytest.raises(core.CoreError) as info:
        _hand(core, held, [0, 0, 2, 0], kitty)
    e = info.value
    assert (e.field, e.token, e.reason) == ("cards", "110", "total")


def test_copies_name_the_face(core: Any) -> None:
    held, kitty = _deal()
    one, two = held[1]
    held[1] = (one | 1, two)  # a third 2H (S holds two), and one BJ fewer in the kitty
    with pytest.raises(core.CoreError) as info:
        _hand(core, held, [0, 0, 0, 0], (kitty[0], kitty[1] & ~(1 << 53)))
    e = info.value
    assert e.reason == "copies" and e.token == "2H" and e.field == "E"


def test_void_held_names_the_suit_and_cards(core: Any) -> None:
    held, kitty = _deal()
    with pytest.raises(core.CoreError) as info:
        _hand(core, held, [0, 0, 0, 0], kitty, voids=(0, 1 << 1, 0, 0))  # E void in diamonds
    e = info.value
    assert e.reason == "void_held" and e.field == "E" and e.suit == 1
    assert e.token.endswith("2D,2D")


def test_a_dry_kitty_holding_the_trump_suit_is_refused(core: Any) -> None:
    """Rules §6.3: 干巴锅 is a kitty with no card of the trump suit but level cards."""
    held, kitty = _deal()
    with pytest.raises(core.CoreError) as info:
        _hand(core, held, [0, 0, 0, 0], kitty, dry=True, trump=3)  # clubs: the kitty's naturals
    assert info.value.reason == "not_dry" and info.value.field == "dry"
    _hand(core, held, [0, 0, 0, 0], kitty, dry=True, trump=0)  # hearts: none in the kitty


def test_a_plain_core_error_has_no_detail(core: Any) -> None:
    held, kitty = _deal()
    with pytest.raises(core.CoreError) as info:
        core.Hand(core.Rules.preset("chifeng"), 99, 0, 0, 0, held, [0] * 4, kitty, True, False,
                  0, [0] * 4, 0)
    assert info.value.reason is None and info.value.field is None


EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,KS,QS,JS,9S,9S,8S,7S,7S,6S,5S,5S,4S,3S,3S,KD,7D,7D,6D,QC,JC,8C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,6C,4C,3C,2C,2D tricks=S:AC|4C|TC|6C trick=S:"
)


def test_notation_words_the_cores_refusals() -> None:
    """docs/notation.md's messages, each from a refusal of the core (no Python count or check)."""
    cases = [
        (EXAMPLE.replace("E=?24", "E=?26"), "cards: 110 cards in all, a two-deck position has 108"),
        (EXAMPLE.replace("kitty=9D,9D,8S", "kitty=KS,KS,8S"),
         "cards: 3 copies of KS in all, in S and kitty (a card exists twice under chifeng)"),
        (EXAMPLE + " voids=S:D", "voids: S is void in diamonds but holds KD,7D,7D,6D"),
        (EXAMPLE.replace("E=?24 N=?24", "E=?23 N=?25"),
         "E: 23 cards held and 1 played in tricks make 24, expected 25"),
        (EXAMPLE.replace("kitty=9D,9D,8S,6C,4C,3C,2C,2D", "kitty=9D,9D,8S,6C,4C,3C,2C,2H")
         .replace("S=BJ,5H,5H,", "S=BJ,5H,5H,2D,").replace("3S,3S,KD", "3S,KD")
         + " dry=yes", "dry: the kitty holds 2H, a card of the trump suit: it was not 干巴锅"),
    ]
    for text, message in cases:
        with pytest.raises(NotationError) as info:
            Position(text)
        assert str(info.value) == message


def test_a_third_copy_between_a_hand_and_its_written_plays() -> None:
    """A face held twice and also written in that seat's plays (hypothesis found it): the
    notation's copies message, not a traceback from merging the cards."""
    text = EXAMPLE.replace("S=BJ,5H,5H,", "S=BJ,5H,5H,AC,AC,").replace("3S,3S,KD", "KD")
    with pytest.raises(NotationError) as info:
        Position(text)
    assert str(info.value) == (
        "cards: 3 copies of AC in all, in S and tricks (a card exists twice under chifeng)")


def test_a_throw_the_hidden_cards_decide_has_its_reason() -> None:
    pos = Position(EXAMPLE.replace("kitty=9D,9D,8S,6C,4C,3C,2C,2D", "kitty=?8"))
    with pytest.raises(IllegalMoveError) as info:
        pos.play("KS,QS")  # the spade aces may both be in the kitty: not known
    assert info.value.reason == "throw_unknown"
    with pytest.raises(IllegalMoveError) as info:
        pos.play("AH")
    assert info.value.reason == "not_held"


def test_a_throw_the_unseen_cards_beat_fails_whoever_holds_them() -> None:
    """Rules §5.2: with South's hand and the kitty known, the unseen AS,AS and KS are with the
    others, whichever of them (all hidden): KS,QS fails, QS forced. Written as played, the
    throw is refused (it was accepted as depending on the hidden cards)."""
    _after, move = Position(EXAMPLE).played("KS,QS")
    assert str(move) == "QS"
    written = EXAMPLE.replace("KS,QS,JS", "JS").replace("trick=S:", "trick=S:KS,QS")
    with pytest.raises(NotationError) as info:
        Position(written)
    assert str(info.value) == (
        "trick: S's play KS,QS: S's throw KS,QS fails (QS can be beaten), so it cannot have "
        "been played")
    # one other may hold spades (N and W void): all the unseen ones are its own, AS,AS a pair
    voids = " voids=N:S,W:S"
    _after, move = Position(EXAMPLE + voids).played("9S,9S,KS")
    assert str(move) == "9S,9S"
    with pytest.raises(IllegalMoveError) as info:  # E's pair is not sure without the kitty
        Position(EXAMPLE.replace("kitty=9D,9D,8S,6C,4C,3C,2C,2D", "kitty=?8") + voids
                 ).played("9S,9S,KS")
    assert info.value.reason == "throw_unknown"


def test_a_throw_decided_by_a_shown_lack_of_pairs_stands() -> None:
    """Rules §10.4: a seat that followed a pair lead without a pair has shown it holds none in
    that suit (``voids=E:!S``), so it cannot beat QS,QS; with the others void the throw stands.
    It was refused as depending on the hidden cards."""
    south = ("AS,AS,QS,QS,2H,3H,4H,6H,7H,8H,9H,JH,QH,KH,AH,2D,3D,4D,6D,7D,8D,9D,JD,QD,KD")
    base = f"tractor level=5 trump=H declarer=S S={south} E=?25 N=?25 W=?25 kitty=?8 trick=S:"
    _after, move = Position(base + " voids=E:!S,N:S,W:S").played("AS,AS,QS,QS")
    assert str(move) == "AS,AS,QS,QS"  # as thrown, no part forced
    with pytest.raises(IllegalMoveError) as info:  # E may hold a spade pair: not known
        Position(base + " voids=N:S,W:S").played("AS,AS,QS,QS")
    assert info.value.reason == "throw_unknown"


def test_a_throw_decided_by_a_shown_lack_of_triples_stands() -> None:
    """Three decks (rules §11.5): E known to hold no spade triple (``!3S``) cannot beat QS*3, a
    pair of kings at most; with N and W void the throw stands. Without the fact it is unknown."""
    others = [face + suit for face in "2346789JQKA" for suit in "HDC"]
    south = ",".join(["AS", "QS", "QS", "QS"] + [c for c in others for _ in range(3)][:35])
    base = f"three-deck level=5 trump=H declarer=S S={south} E=?39 N=?39 W=?39 kitty=?6 trick=S:"
    for facts in ("E:!3S,N:S,W:S", "E:!S,N:S,W:S"):
        _after, move = Position(f"{base} voids={facts}").played("AS,QS,QS,QS")
        assert str(move) == "AS,QS,QS,QS", facts
    with pytest.raises(IllegalMoveError) as info:
        Position(f"{base} voids=N:S,W:S").played("AS,QS,QS,QS")
    assert info.value.reason == "throw_unknown"


@pytest.mark.parametrize("level", range(13))
def test_card_tables_agree_with_the_reference(level: int) -> None:
    """Rules §3: the effective suit of every face, and the notation order (trumps from the
    highest, then H D S C from the highest), from the core's tables, as the reference ranks
    them."""
    for trump in range(4):
        ctx = ref.Context(ref.RefRules.preset("chifeng"), LEVELS[level], SUITS[trump])
        names = [face_name(f) for f in range(54)]
        for f, name in enumerate(names):
            assert "HDSCT"[effective_suit(f, Level(LEVELS[level]), trump)] == \
                ctx.effective_suit(name)
        order = [names[f] for f in context_order(Level(LEVELS[level]), trump)]
        suit_rank = {s: i for i, s in enumerate("THDSC")}
        expected = sorted(order, key=lambda c: (suit_rank[ctx.effective_suit(c)], -ctx.power(c),
                                                 "HDSC".find(c[-1])))
        assert order == expected


def test_card_tables_refuse_bad_contexts(core: Any) -> None:
    with pytest.raises(core.CoreError, match="level_rank must be 0 to 12"):
        core.card_tables(13, 0)
    with pytest.raises(core.CoreError, match=r"trump must be a suit 0..3 or 4 \(no trump\)"):
        core.card_tables(0, 5)
    assert duidiao  # the package imports the core it reads the tables from


def test_a_play_or_a_deck_past_the_rules_copies_is_refused_in_the_rules_words() -> None:
    """Cards hold up to four copies; a move or a deck holds as many as the rules' packs."""
    with pytest.raises(IllegalMoveError) as info:
        Position(EXAMPLE).play("AS,AS,AS")
    assert str(info.value) == (
        "AS,AS,AS cannot be played: 3 copies of AS (a card exists twice under chifeng)")
    deck = [str(c) for c in duidiao.Cards.deck()]
    deck[deck.index("KD")] = "AH"  # three aces of hearts, one king of diamonds
    with pytest.raises(ValueError, match=r"^deck: 3 copies of AH \(a card exists twice under "
                                         r"tractor\)$"):
        duidiao.Game(deck, "S", rules="tractor")
    with pytest.raises(ValueError, match=r"^deck: 108 cards, not 162$"):
        duidiao.Game(list(duidiao.Cards.deck(3)), "S")


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_s11_1_sizes_by_decks(decks: int) -> None:
    from duidiao.play import sizes

    s = sizes.sizes_of(decks)
    assert (s.hand_cards, s.kitty_cards) == (ref.cards.HAND_SIZES[decks],
                                             ref.cards.KITTY_SIZES[decks])
    assert s.deck_cards == 4 * s.hand_cards + s.kitty_cards == len(duidiao.Cards.deck(decks))
    assert s.deck_points == duidiao.Cards.deck(decks).points
    if decks == 2:  # the core's constants
        assert (s.deck_cards, s.kitty_cards, s.hand_cards, s.decks) == (
            sizes.DECK_CARDS, sizes.KITTY_CARDS, sizes.HAND_CARDS, sizes.COPIES)
