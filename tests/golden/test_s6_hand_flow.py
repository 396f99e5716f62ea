"""Golden tests for rules §6 (a hand, step by step), driven through ``duidiao._core.Game``.

Every test writes its deck as "who draws which card when" (:func:`flow_helpers.deal`: ``AH@3``
is the seat's third draw; cards not written fill the other draws, level cards and jokers last)
and scripts every decision. Unless a test says otherwise the hand is a match's first hand
(抢庄) with both teams at A, so the level cards are the aces. Seats S E N W are 0 1 2 3.

Readings that the engine takes where the rules leave room (rules §6.2 and §6.3 state them; each
is pinned by a test below):
- an override of a single may be made by the single's own declarer, with a pair of another suit
  ("shown by any player");
- once a single has been overridden, its declarer cannot lock it any more: adding the second
  card is a new override, open only when the suit is higher than the last override's;
- a single can never be answered by a pair of its own suit: the single's declarer holds one of
  the two copies, so nobody else can hold that pair;
- one declaration per chance: after declaring, the same seat is next asked after its next draw
  (or in the last round);
- 抢牌 offers the buried level cards in card-id order (H, D, S, C).
"""

import pytest
from flow_helpers import (
    BURY,
    CLUBS,
    DECLARE,
    DIAMONDS,
    GRAB,
    HEARTS,
    LOCK,
    OVER,
    OVERRIDE,
    PLAY,
    SINGLE,
    SPADES,
    XIAOSA,
    cid,
    cset,
    deal,
    declare_when,
    decline_all,
    draw_no,
    game,
    ids,
    lowest_move,
    play_out,
    run_declaring,
    size,
    snapshot,
)
from golden_helpers import FACES

from duidiao import _core

S, E, N, W = range(4)
EMPTY = (0, 0)
IllegalMove = _core.IllegalMoveError


def refused(g, action, *args):
    """``action(*args)`` raises IllegalMoveError (a ValueError) and changes nothing."""
    before = snapshot(g)
    with pytest.raises(IllegalMove):
        action(*args)
    assert snapshot(g) == before


def count(s, card: str) -> int:
    return ids(s).count(cid(card))


def _names(card_ids):
    return [FACES[c] for c in card_ids]


# -- §6.1 dealing ---------------------------------------------------------------------------


def test_s6_1_cards_are_drawn_one_at_a_time_in_turn_order_25_each():
    """§6.1: "players draw one card at a time in turn order, 25 each; the last 8 cards are the
    kitty (底牌), in deck order"; §1: the order is S → E → N → W. East draws first, so deck[i]
    goes to seat (1 + i) % 4, and deck[100:108] is the kitty."""
    deck = deal(E, {}, kitty="2D,3D,4D,6D,7D,BJ,8D,9D")
    g = game(deck, E)
    while g.phase == DECLARE:
        # a pause in the drawing is a chance of the seat that drew the last card
        if g.drawn < 100:
            assert g.to_act == (E + g.drawn - 1) % 4
        assert sum(size(g.held(s)) for s in range(4)) == g.drawn
        g.decline()
    assert g.drawn == 100
    assert g.original_kitty == cset(",".join(_names(deck[100:])))
    # BJ third from the bottom: trumps are hearts, and the kitty holds no heart: 干巴锅, so
    # nobody takes the kitty and every hand is exactly what it drew
    assert g.dry
    for seat in range(4):
        drawn = [deck[i] for i in range(100) if (E + i) % 4 == seat]
        assert len(drawn) == 25
        assert g.held(seat) == cset(",".join(_names(drawn)))


# -- §6.2 declaring: 亮主, 封主, 正主 ----------------------------------------------------------


def test_s6_2_liangzhu_a_single_level_card_and_no_single_after_it():
    """§6.2: "亮主: with nothing declared, show one level card: its suit becomes trump"; a single
    needs "nothing declared", so East's later single AH is never a declaration; "First hand of a
    match (抢庄): the player whose declaration stands becomes declarer"."""
    g = game(deal(S, {S: "AD@2", E: "AH@10"}, kitty="AD,AS,AS,AC,AC,2D,3D,4D"), S)
    seen = run_declaring(g, {(5, S): (DIAMONDS, SINGLE)})
    assert seen == [(5, S, [(DIAMONDS, SINGLE)])]  # East's AH (draw 38): no chance
    assert g.declarations() == [(S, DIAMONDS, SINGLE, 5)]
    assert g.trump == DIAMONDS
    assert g.declarer == S
    assert g.trump_from_kitty == 0


def test_s6_2_trump_is_unknown_while_declaring():
    """§6.2: declaring happens "while drawing": trumps (and, in a first hand, the declarer) are
    settled only when it is over (``trump`` and ``declarer`` read -1 until then)."""
    g = game(deal(S, {S: "AD@2", E: "AC@10,AC@11"}, kitty="2D,3D,4D,6D,7D,8D,9D,TD"), S)
    assert g.phase == DECLARE and g.drawn == 5
    g.declare(DIAMONDS, SINGLE)
    assert (g.phase, g.to_act, g.drawn) == (DECLARE, E, 42)
    assert g.trump == -1 and g.declarer == -1
    decline_all(g)
    assert (g.trump, g.declarer) == (DIAMONDS, S)


def test_s6_2_lock_with_a_pair_and_nothing_after_a_lock():
    """§6.2: "封主 (lock): with nothing declared, show a pair of level cards ... Nothing may be
    declared after a lock." South locks with the lowest suit (♣); West's pair of the highest suit
    (♥) is never offered after it."""
    deck = deal(E, {S: "AC@2,AC@3", W: "AH@1,AH@2", N: "AD@10"}, kitty="AD,AS,AS,2D,3D,4D,6D,7D")
    g = game(deck, E)
    seen = run_declaring(g, {(12, S): (CLUBS, LOCK)})
    assert seen == [
        (3, W, [(HEARTS, SINGLE)]),
        (7, W, [(HEARTS, SINGLE), (HEARTS, LOCK)]),
        (8, S, [(CLUBS, SINGLE)]),
        (11, W, [(HEARTS, SINGLE), (HEARTS, LOCK)]),
        (12, S, [(CLUBS, SINGLE), (CLUBS, LOCK)]),
    ]
    assert g.declarations() == [(S, CLUBS, LOCK, 12)]
    assert (g.trump, g.declarer) == (CLUBS, S)
    assert g.exposed(S) == cset("AC,AC")


def test_s6_2_lock_after_single():
    """§6.2: "封主 (lock): ... or, as the player who showed a single, add the second card of the
    same suit. Nothing may be declared after a lock." South shows AH (draw 5), East declines to
    override with AD AD, South adds the second AH (draw 21): a lock; East's pair is not offered
    again, nor North's AC AC."""
    deck = deal(S, {S: "AH@2,AH@6", E: "AD@3,AD@4", N: "AC@20,AC@21"},
                kitty="AS,AS,2C,3C,4C,6C,7C,8C")
    g = game(deck, S)
    seen = run_declaring(g, {(5, S): (HEARTS, SINGLE), (21, S): (HEARTS, LOCK)})
    assert seen == [
        (5, S, [(HEARTS, SINGLE)]),
        (14, E, [(DIAMONDS, OVERRIDE)]),
        (18, E, [(DIAMONDS, OVERRIDE)]),
        (21, S, [(HEARTS, LOCK)]),
    ]
    assert g.declarations() == [(S, HEARTS, SINGLE, 5), (S, HEARTS, LOCK, 21)]
    assert (g.trump, g.declarer) == (HEARTS, S)
    assert g.exposed(S) == cset("AH,AH")


def test_s6_2_override_a_single_with_a_pair_of_any_other_suit():
    """§6.2: "正主 (override): after a single, another suit's pair of level cards, shown by any
    player, replaces it" — any other suit, even a lower one: East's AC AC replaces South's AH;
    in a first hand East, whose declaration stands, becomes declarer (抢庄)."""
    g = game(deal(S, {S: "AH@1", E: "AC@2,AC@3"}, kitty="AH,AD,AD,AS,AS,2D,3D,4D"), S)
    seen = run_declaring(g, {(1, S): (HEARTS, SINGLE), (10, E): (CLUBS, OVERRIDE)})
    assert seen == [(1, S, [(HEARTS, SINGLE)]), (10, E, [(CLUBS, OVERRIDE)])]
    assert (g.trump, g.declarer) == (CLUBS, E)
    assert g.declarations() == [(S, HEARTS, SINGLE, 1), (E, CLUBS, OVERRIDE, 10)]


def test_s6_2_override_by_a_higher_suit_and_refused_by_a_lower_suit():
    """§6.2: "After an override, a further override needs a pair of a higher suit (♥ > ♦ > ♠ >
    ♣)". South shows AS, East overrides with AD AD; West, holding AC AC and AH AH, is offered
    only ♥: its ♣ pair is refused (IllegalMoveError, nothing changes). West's ♥ pair stands, so
    West is the declarer (抢庄: "the player whose declaration stands becomes declarer")."""
    deck = deal(S, {S: "AS@1", E: "AD@1,AD@2", W: "AC@1,AC@2,AH@3,AH@4"},
                kitty="AS,2D,3D,4D,6D,7D,8D,9D")
    g = game(deck, S)
    assert (g.drawn, g.to_act) == (1, S)
    g.declare(SPADES, SINGLE)
    assert (g.drawn, g.to_act) == (6, E)
    g.declare(DIAMONDS, OVERRIDE)
    # West's AC AC (draw 8) is below ♦: no chance; its AH AH (draw 16) is above it
    assert (g.drawn, g.to_act) == (16, W)
    assert g.declare_options() == [(HEARTS, OVERRIDE)]
    refused(g, g.declare, CLUBS, OVERRIDE)
    refused(g, g.declare, CLUBS, LOCK)
    g.declare(HEARTS, OVERRIDE)
    decline_all(g)
    assert [d[:3] for d in g.declarations()] == [
        (S, SPADES, SINGLE), (E, DIAMONDS, OVERRIDE), (W, HEARTS, OVERRIDE)]
    assert (g.trump, g.declarer) == (HEARTS, W)


def test_s6_2_no_override_by_a_lower_suit_after_an_override():
    """§6.2: "After an override, a further override needs a pair of a higher suit": after East's
    ♦ override, North's AC AC (lower) is never offered, and the last round offers nothing."""
    deck = deal(S, {S: "AS@1", E: "AD@1,AD@2", N: "AC@2,AC@3"},
                kitty="AS,AH,AH,2D,3D,4D,6D,7D")
    g = game(deck, S)
    seen = run_declaring(g, {(1, S): (SPADES, SINGLE), (6, E): (DIAMONDS, OVERRIDE)})
    assert seen == [(1, S, [(SPADES, SINGLE)]), (6, E, [(DIAMONDS, OVERRIDE)])]
    assert (g.trump, g.declarer) == (DIAMONDS, E)


def test_s6_2_the_single_declarer_may_override_its_own_single():
    """§6.2: "after a single, another suit's pair of level cards, shown by any player, replaces
    it". Engine reading: "any player" includes the single's own declarer — South shows AH, then
    with AC AC may override it (kind 3, not a lock: the suit differs)."""
    g = game(deal(S, {S: "AH@1,AC@2,AC@3"}, kitty="AH,AD,AD,AS,AS,2D,3D,4D"), S)
    seen = run_declaring(g, {(1, S): (HEARTS, SINGLE), (9, S): (CLUBS, OVERRIDE)})
    assert seen == [(1, S, [(HEARTS, SINGLE)]), (9, S, [(CLUBS, OVERRIDE)])]
    assert (g.trump, g.declarer) == (CLUBS, S)
    assert g.exposed(S) == cset("AH,AC,AC")


def test_s6_2_an_overridden_single_cannot_be_locked():
    """§6.2: the lock is for "the player who showed a single"; "After an override, a further
    override needs a pair of a higher suit". Engine reading: once South's AC single is overridden
    by East's AD AD, South's second AC (draw 9) is neither a lock nor an override (♣ < ♦)."""
    deck = deal(S, {S: "AC@1,AC@3", E: "AD@1,AD@2"}, kitty="AH,AH,AS,AS,2D,3D,4D,6D")
    g = game(deck, S)
    seen = run_declaring(g, {(1, S): (CLUBS, SINGLE), (6, E): (DIAMONDS, OVERRIDE)})
    assert seen == [(1, S, [(CLUBS, SINGLE)]), (6, E, [(DIAMONDS, OVERRIDE)])]
    assert (g.trump, g.declarer) == (DIAMONDS, E)


def test_s6_2_an_overridden_single_completed_to_a_higher_pair_is_an_override():
    """§6.2, engine reading: South's AH single is overridden by East's AD AD; South's second AH
    (draw 9) makes a ♥ pair, higher than ♦: it is offered as an override (kind 3), not a lock."""
    deck = deal(S, {S: "AH@1,AH@3", E: "AD@1,AD@2"}, kitty="AC,AC,AS,AS,2D,3D,4D,6D")
    g = game(deck, S)
    g.declare(HEARTS, SINGLE)
    g.declare(DIAMONDS, OVERRIDE)
    assert (g.drawn, g.to_act) == (9, S)
    assert sorted(g.declare_options()) == [(HEARTS, OVERRIDE)]
    refused(g, g.declare, HEARTS, LOCK)
    g.declare(HEARTS, OVERRIDE)
    decline_all(g)
    assert [d[2] for d in g.declarations()] == [SINGLE, OVERRIDE, OVERRIDE]
    assert (g.trump, g.declarer) == (HEARTS, S)


def test_s6_2_declare_only_right_after_drawing():
    """§6.2 **Decision**, discrete timing: "after each card drawn, the player who drew it may
    declare; after the last card of the 100, each player in turn order from the first drawer gets
    one more chance". North draws first, South holds its only level card AS from its 2nd draw:
    South is asked right after each of its draws 2..25 (drawn = 7, 11, …, 99) and once more in
    the last round — never after another seat's draw. Nobody declares: 翻主 (AS third from the
    bottom, ♠) and North, the first drawer, declares (§6.2 Decision)."""
    deck = deal(N, {S: "AS@2"}, kitty="AH,AH,AD,AD,AC,AS,AC,2D")
    g = game(deck, N)
    seen = run_declaring(g)
    expected = [(draw_no(N, S, k), S, [(SPADES, SINGLE)]) for k in range(2, 26)]
    assert [d for d, _, _ in expected] == list(range(7, 100, 4))
    assert seen == expected + [(100, S, [(SPADES, SINGLE)])]
    assert g.declarations() == []
    assert (g.trump, g.declarer, g.trump_from_kitty) == (SPADES, N, 1)


def test_s6_2_last_round_in_turn_from_the_first_drawer():
    """§6.2 **Decision**: "after the last card of the 100, each player in turn order from the first
    drawer gets one more chance". East draws first; the 100th card is South's. After South's
    chance for it, the last round asks E, N, W, S in turn (those with an option): North shows AS
    there, West (AC AC) may override it and declines, and South's single AH is no declaration
    any more."""
    deck = deal(E, {S: "AH@25", E: "AD@25", N: "AS@25", W: "AC@24,AC@25"},
                kitty="AH,AD,AS,2C,3C,4C,6C,7C")
    g = game(deck, E)
    seen = run_declaring(g, {(100, N): (SPADES, SINGLE)})
    assert seen == [
        (95, W, [(CLUBS, SINGLE)]),
        (97, E, [(DIAMONDS, SINGLE)]),
        (98, N, [(SPADES, SINGLE)]),
        (99, W, [(CLUBS, SINGLE), (CLUBS, LOCK)]),
        (100, S, [(HEARTS, SINGLE)]),
        # the last round, from the first drawer (E)
        (100, E, [(DIAMONDS, SINGLE)]),
        (100, N, [(SPADES, SINGLE)]),
        (100, W, [(CLUBS, OVERRIDE)]),
    ]
    assert g.declarations() == [(N, SPADES, SINGLE, 100)]
    assert (g.trump, g.declarer) == (SPADES, N)


def test_s6_2_the_last_drawer_has_its_chance_and_one_more_in_the_last_round():
    """§6.2 Decision: "after each card drawn, the player who drew it may declare; after the last
    card of the 100, each player in turn order from the first drawer gets one more chance".
    East draws first, so South draws the 100th card, its AH: South is asked for that draw, then
    again at its turn in the last round (E, N, W have nothing to declare)."""
    g = game(deal(E, {S: "AH@25"}, kitty="AH,AD,AD,AS,AS,AC,AC,2C"), E)
    seen = run_declaring(g, {(100, S): [None, (HEARTS, SINGLE)]})
    assert seen == [(100, S, [(HEARTS, SINGLE)]), (100, S, [(HEARTS, SINGLE)])]
    assert g.declarations() == [(S, HEARTS, SINGLE, 100)]
    assert (g.trump, g.declarer) == (HEARTS, S)


def test_s6_2_last_round_one_more_chance_each_only():
    """§6.2: "each player ... gets one more chance" after the 100th card — one only. In the last
    round South shows AS and East overrides with AD AD; South, who could now override with AH AH,
    has had its chance: East's declaration stands and East declares."""
    deck = deal(S, {S: "AH@10,AH@11,AS@25", E: "AD@20,AD@21"},
                kitty="AS,AC,AC,2C,3C,4C,6C,7C")
    g = game(deck, S)
    seen = run_declaring(g, {(100, S): (SPADES, SINGLE), (100, E): (DIAMONDS, OVERRIDE)})
    assert seen[-2:] == [
        (100, S, [(HEARTS, SINGLE), (HEARTS, LOCK), (SPADES, SINGLE)]),
        (100, E, [(DIAMONDS, OVERRIDE)]),
    ]
    assert [(d, s) for d, s, _ in seen if d == 100] == [(100, S), (100, E)]
    assert (g.trump, g.declarer) == (DIAMONDS, E)


def test_s6_2_one_declaration_per_chance():
    """§6.2 Decision (discrete timing), engine reading: a chance is one declaration. South shows
    AH holding AD AD too; it may override its own single (see above) only at its next chance,
    after its next draw."""
    g = game(deal(S, {S: "AD@1,AD@2,AH@3"}, kitty="AH,AS,AS,AC,AC,2C,3C,4C"), S)
    assert (g.drawn, g.to_act) == (1, S)
    g.decline()
    assert (g.drawn, g.to_act) == (5, S)
    g.decline()
    assert (g.drawn, g.to_act) == (9, S)
    assert sorted(g.declare_options()) == [
        (HEARTS, SINGLE), (DIAMONDS, SINGLE), (DIAMONDS, LOCK)]
    g.declare(HEARTS, SINGLE)
    assert (g.drawn, g.to_act) == (13, S)
    assert sorted(g.declare_options()) == [(DIAMONDS, OVERRIDE)]


def test_s6_2_shown_cards_stay_in_the_hand_and_are_exposed_until_played():
    """§6.2: "Shown cards stay in the hand; everyone knows where they are until they are played."
    South shows AH, East overrides with AC AC: both stay in their hands, every seat sees them
    (``exposed``, and each seat's observation), and each stops being exposed when it is played.
    (干巴锅 kitty: the play starts at once.)"""
    g = game(deal(S, {S: "AH@1", E: "AC@2,AC@3"}, kitty="AH,AD,AD,AS,AS,2D,3D,4D"), S)
    run_declaring(g, {(1, S): (HEARTS, SINGLE), (10, E): (CLUBS, OVERRIDE)})
    assert g.phase == PLAY and g.dry
    assert g.exposed(S) == cset("AH") and count(g.held(S), "AH") == 1
    assert g.exposed(E) == cset("AC,AC") and count(g.held(E), "AC") == 2
    assert g.exposed(N) == EMPTY and g.exposed(W) == EMPTY
    for seat in range(4):
        obs = g.observe(seat)
        assert obs.exposed(S) == cset("AH") and obs.exposed(E) == cset("AC,AC")
    while g.phase == PLAY:
        g.play(lowest_move(g.hand().legal_moves()))
        assert count(g.exposed(E), "AC") == count(g.held(E), "AC")
        assert count(g.exposed(S), "AH") == count(g.held(S), "AH")
        assert ids(g.exposed(N)) == [] and ids(g.exposed(W)) == []
    assert g.exposed(S) == EMPTY and g.exposed(E) == EMPTY


def test_s6_2_later_hand_the_declarer_is_fixed_and_declaring_chooses_trumps():
    """§6.2: "In later hands the declarer is already fixed (§8.4) and declaring only chooses
    trumps." North declares (NS at level 4, so the 4s are level cards; aces are not): East shows
    4D, West overrides with 4S 4S; trumps are ♠ and North stays declarer."""
    deck = deal(N, {E: "4D@1,AH@2,AH@3", W: "4S@1,4S@2"}, kitty="4D,4H,4H,2C,3C,5C,6C,7C",
                level=3)
    g = game(deck, N, declarer=N, level_ns=3, level_ew=0)
    assert g.level == 3
    seen = run_declaring(g, {(4, E): (DIAMONDS, SINGLE), (6, W): (SPADES, OVERRIDE)})
    assert seen[:3] == [(2, W, [(SPADES, SINGLE)]), (4, E, [(DIAMONDS, SINGLE)]),
                        (6, W, [(SPADES, OVERRIDE)])]
    assert (g.trump, g.declarer) == (SPADES, N)


def test_s6_2_a_later_hands_declarer_is_known_while_declaring():
    """§6.2 / §8.4: a later hand's declarer is fixed before the first card, and every seat knows
    it: the game and each seat's observation name it while declaring. In a first hand (抢庄)
    there is no declarer until declaring ends."""
    deck = deal(N, {E: "4D@1"}, kitty="4H,4H,2C,3C,5C,6C,7C,8C", level=3)
    g = game(deck, N, declarer=N, level_ns=3, level_ew=0)
    assert int(g.phase) == 0 and g.declarer == N
    assert all(g.observe(seat).declarer == N for seat in range(4))
    first = game(deck, N, declarer=-1, level_ns=3, level_ew=3)
    assert int(first.phase) == 0 and first.declarer == -1 and first.observe(E).declarer == -1


@pytest.mark.parametrize(
    "card, suit",
    [("BJ", HEARTS), ("SJ", SPADES), ("9D", DIAMONDS), ("AC", CLUBS)],
    ids=["big_joker_hearts", "small_joker_spades", "normal_card", "level_card"],
)
def test_s6_2_fanzhu_third_card_from_the_bottom(card, suit):
    """§6.2: "翻主: if no one declared, the third card from the bottom of the kitty gives the trump
    suit; a big joker there means ♥, a small joker ♠ ([000] 底三颗). **Decision**: in a match's
    first hand with no declaration, the first drawer is declarer." West draws first; every
    chance is declined; deck[105] decides."""
    deck = deal(W, {}, kitty=f"2S,3S,4S,6S,7S,{card},8S,9S")
    assert deck[105] == cid(card)
    g = game(deck, W)
    run_declaring(g)
    assert g.declarations() == []
    assert g.trump == suit
    assert g.trump_from_kitty == 1
    assert g.declarer == W


def test_s6_2_fanzhu_in_a_later_hand_keeps_the_fixed_declarer():
    """§6.2 翻主 with the declarer fixed (§8.4): trumps from the kitty's third card from the
    bottom (SJ: ♠), North stays declarer."""
    deck = deal(N, {}, kitty="2S,3S,4S,6S,7S,SJ,8S,9S", level=5)
    g = game(deck, N, declarer=N, level_ns=5, level_ew=2)
    run_declaring(g)
    assert (g.trump, g.declarer, g.trump_from_kitty) == (SPADES, N, 1)


# -- §6.3 the kitty -------------------------------------------------------------------------


def test_s6_3_ganbaguo_no_trump_suit_card_in_the_kitty():
    """§6.3: "干巴锅: if the kitty holds no card of the trump suit other than level cards, the kitty
    is shown to everyone and left as it is: the declarer does not take it, nothing is buried and
    there is no 潇洒." Trumps ♥; the kitty has jokers (trumps, but not of the trump suit) and no
    heart: the play starts at once, East does not get to put its BJ in (潇洒)."""
    kitty = "BJ,SJ,2D,3D,KD,TC,5S,4C"
    g = game(deal(S, {S: "AH@1,AH@2", E: "BJ@1"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    assert g.dry
    assert g.phase == PLAY and g.to_act == S
    assert g.kitty == g.original_kitty == cset(kitty)
    assert g.kitty_public
    assert all(size(g.held(s)) == 25 for s in range(4))
    for seat in (E, N, W):
        obs = g.observe(seat)
        assert obs.kitty_visible and obs.kitty == cset(kitty)
    refused(g, g.bury, cset("2D,3D,4D,6D,7D,8D,9D,TD"))
    refused(g, g.xiaosa, cset("BJ"), cset("2D"))
    play_out(g)
    assert g.xiaosas() == [] and g.grabs() == []
    r = g.result()
    assert r.kitty_jokers_climb == 0


def test_s6_3_ganbaguo_when_the_only_trump_suit_cards_are_level_cards():
    """§6.3: 干巴锅 when the kitty holds "no card of the trump suit other than level cards": at
    level 5 with ♥ trumps, a kitty whose only hearts are 5H (a level card) is 干巴锅."""
    kitty = "5H,5S,2D,3D,4S,6S,7C,8C"
    g = game(deal(S, {S: "5H@1"}, kitty=kitty, level=4), S, declarer=S, level_ns=4, level_ew=0)
    declare_when(g, S, HEARTS, SINGLE)
    assert g.trump == HEARTS
    assert g.dry and g.phase == PLAY and g.kitty == cset(kitty)


def test_s6_3_one_trump_suit_card_and_the_declarer_takes_the_kitty_unseen():
    """§6.3: "Otherwise the declarer takes the 8 cards unseen by the others": one 2H in the kitty
    (♥ trumps) is enough. South holds 33 cards; the others do not see the kitty."""
    kitty = "2H,3D,4D,6D,7D,8D,9D,2C"
    g = game(deal(S, {S: "AH@1,AH@2"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    assert not g.dry
    assert g.phase == BURY and g.to_act == S
    assert size(g.held(S)) == 33
    held = g.held(S)
    assert (held[0] & cset(kitty)[0]) == cset(kitty)[0]
    assert not g.kitty_public
    for seat in (E, N, W):
        obs = g.observe(seat)
        assert not obs.kitty_visible and obs.kitty == EMPTY
        assert obs.hand_size(S) == 33
    assert g.observe(S).original_kitty == cset(kitty)


def test_s6_3_bury_eight_face_up():
    """§6.3: "then buries any 8 cards face up (明埋): the buried kitty is public for the rest of the
    hand." South buries a point card, a level card and the BJ along with kitty cards; back to 25
    cards, and every seat sees the buried kitty."""
    kitty = "2H,3D,4D,6D,7D,8D,9D,2C"
    g = game(deal(S, {S: "AH@1,AH@2,KS,AD,BJ"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    buried = "KS,AD,BJ,3D,4D,6D,7D,8D"
    g.bury(cset(buried))
    assert g.phase != BURY
    assert g.kitty == cset(buried)
    assert g.kitty_public
    assert size(g.held(S)) == 25
    for seat in range(4):
        obs = g.observe(seat)
        assert obs.kitty_visible and obs.kitty == cset(buried)


def test_s6_3_bury_refusals():
    """§6.3: the declarer "buries any 8 cards" of its own: 7 or 9 cards, or a card it does not
    hold, are refused with IllegalMoveError (a ValueError), and nothing changes; nor can anyone
    pass, play or declare instead."""
    kitty = "2H,3D,4D,6D,7D,8D,9D,2C"
    g = game(deal(S, {S: "AH@1,AH@2"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    assert issubclass(IllegalMove, ValueError)
    refused(g, g.bury, cset("3D,4D,6D,7D,8D,9D,2C"))
    refused(g, g.bury, cset("2H,3D,4D,6D,7D,8D,9D,2C,AH"))
    refused(g, g.bury, cset("3D,4D,6D,7D,8D,9D,2C,BJ"))  # BJ is not South's (filled last)
    refused(g, g.decline)
    refused(g, g.play, cset("2H"))
    refused(g, g.declare, HEARTS, LOCK)
    refused(g, g.grab, cid("2H"))
    g.bury(cset(kitty))
    assert g.kitty == cset(kitty)


def _grab_game(preset, buried="AD,3D,4D,6D,7D,8D,9D,2C", south="AH@1,AH@2,AD,AC,AS,AS"):
    kitty = "2H,3D,4D,6D,7D,8D,9D,2C"
    hands = {S: south, W: "3S,4S", E: "SJ", N: "AD,AC"}
    g = game(deal(S, hands, kitty=kitty), S, preset=preset)
    declare_when(g, S, HEARTS, LOCK)
    g.bury(cset(buried))
    return g


@pytest.mark.parametrize("preset", ["chifeng-classic", "chifeng-10"])
def test_s6_3_grab_in_chifeng_classic(preset):
    """§6.3: "抢牌, option level_card_grab (off in chifeng, on in chifeng-classic and chifeng-10
    ...): for each level card buried, the other players in turn order from the declarer's next
    may take it, putting any one card of theirs into the kitty in its place." South buries AD:
    East, then North decline; West takes it and puts 3S in its place."""
    g = _grab_game(preset)
    assert g.phase == GRAB and g.to_act == E and g.grab_offer == cid("AD")
    g.decline()
    assert g.phase == GRAB and g.to_act == N and g.grab_offer == cid("AD")
    g.decline()
    assert g.phase == GRAB and g.to_act == W
    g.grab(cid("3S"))
    assert g.grabs() == [(W, cid("AD"), cid("3S"))]
    assert g.kitty == cset("3S,3D,4D,6D,7D,8D,9D,2C")
    assert count(g.held(W), "AD") == 1 and count(g.held(W), "3S") == 0
    assert size(g.held(W)) == 25
    assert count(g.exposed(W), "AD") == 1  # taken from the face-up kitty: everyone knows
    assert g.phase in (XIAOSA, PLAY)


def test_s6_3_grab_goes_to_the_first_willing_player():
    """§6.3 抢牌: "the other players in turn order from the declarer's next may take it": East,
    the declarer's next, takes AD; North and West are not offered it."""
    g = _grab_game("chifeng-classic")
    g.grab(cid("SJ"))  # any one card, even a joker
    assert g.grabs() == [(E, cid("AD"), cid("SJ"))]
    assert g.phase != GRAB
    assert count(g.kitty, "SJ") == 1


def test_s6_3_grab_nobody_takes_it():
    """§6.3 抢牌 is a "may": when all three decline, the level card stays in the kitty."""
    g = _grab_game("chifeng-classic")
    for seat in (E, N, W):
        assert (g.phase, g.to_act) == (GRAB, seat)
        g.decline()
    assert g.phase != GRAB
    assert g.grabs() == [] and count(g.kitty, "AD") == 1


def test_s6_3_grab_each_buried_level_card_in_turn():
    """§6.3 抢牌: "for each level card buried". Engine reading (stated in rules §6.3): the
    buried level cards are offered one after the other in card order (♥ ♦ ♠ ♣ — here AD, then
    AS, AS, then AC), each from the declarer's next again; a copy is offered once per copy."""
    g = _grab_game("chifeng-classic", buried="AC,AS,AS,AD,6D,7D,8D,9D")
    offered = []
    while g.phase == GRAB:
        offered.append((g.grab_offer, g.to_act))
        if g.to_act == N and g.grab_offer == cid("AS"):
            g.grab(cid(_any_card(g, N)))
        else:
            g.decline()
    assert offered == [
        (cid("AD"), E), (cid("AD"), N), (cid("AD"), W),
        (cid("AS"), E), (cid("AS"), N),
        (cid("AS"), E), (cid("AS"), N),
        (cid("AC"), E), (cid("AC"), N), (cid("AC"), W),
    ]
    assert [x[:2] for x in g.grabs()] == [(N, cid("AS")), (N, cid("AS"))]


def _any_card(g, seat):
    return FACES[next(f for f in ids(g.held(seat)) if f < 52 and FACES[f][0] != "A")]


def test_s6_3_no_grab_in_chifeng():
    """§6.3: 抢牌 is "off in chifeng": a buried level card is not offered to anyone."""
    g = _grab_game("chifeng")
    assert g.phase in (XIAOSA, PLAY)
    refused(g, g.grab, cid("3S"))
    decline_all(g)
    assert g.grabs() == [] and count(g.kitty, "AD") == 1


def test_s6_3_grab_refusals():
    """§6.3 抢牌: the grabber puts "one card of theirs" in: a card East does not hold is refused
    (IllegalMoveError, nothing changes)."""
    g = _grab_game("chifeng-classic")
    refused(g, g.grab, cid("3S"))  # West's, not East's
    refused(g, g.grab, 99)
    refused(g, g.bury, cset("3D,4D,6D,7D,8D,9D,2C,2H"))
    refused(g, g.xiaosa, cset("SJ"), cset("3D"))


# -- §6.4 潇洒 -------------------------------------------------------------------------------


def _xiaosa_game():
    # NS at level 7 (index 6): the level cards are the 7s.
    kitty = "2H,3D,4D,7D,TD,5C,9C,2C"
    deck = deal(S, {S: "7H@1,7H@2,BJ,SJ", E: "SJ,2D,6D", N: "BJ"}, kitty=kitty, level=6)
    g = game(deck, S, declarer=S, level_ns=6, level_ew=0)
    declare_when(g, S, HEARTS, LOCK)
    g.bury(cset(kitty))
    return g


def test_s6_4_xiaosa_jokers_in_low_cards_out_in_turn_from_the_declarers_next():
    """§6.4: "After burying, each other player in turn order from the declarer's next may put any
    of their jokers into the kitty, taking back the same number of kitty cards of rank 2–9, not 5
    and not the level rank." Level 7: of the kitty 2H 3D 4D 7D TD 5C 9C 2C, the takeable cards
    are 2H 3D 4D 9C 2C. East puts SJ in for 3D; North (BJ) declines; West, with no joker, and
    South, the declarer, are not asked."""
    g = _xiaosa_game()
    assert (g.phase, g.to_act) == (XIAOSA, E)
    assert g.xiaosa_takeable() == cset("2H,3D,4D,9C,2C")
    g.xiaosa(cset("SJ"), cset("3D"))
    assert g.xiaosas() == [(E, cset("SJ"), cset("3D"))]
    assert g.kitty == cset("2H,SJ,4D,7D,TD,5C,9C,2C")
    assert count(g.held(E), "3D") == 1 and count(g.held(E), "SJ") == 0
    assert size(g.held(E)) == 25
    assert count(g.exposed(E), "3D") == 1
    assert (g.phase, g.to_act) == (XIAOSA, N)
    g.decline()
    assert g.phase == PLAY and g.to_act == S


def test_s6_4_xiaosa_refusals():
    """§6.4: only jokers go in, only as many kitty cards of rank 2–9 (not 5, not the level rank)
    come out: taking 5C, 7D (level), TD, a card not in the kitty, more or fewer cards than
    jokers, putting in a non-joker or a joker East does not hold, or no joker at all — each is
    refused with IllegalMoveError and changes nothing."""
    g = _xiaosa_game()
    assert (g.phase, g.to_act) == (XIAOSA, E)
    for jokers, taken in [
        ("SJ", "5C"),
        ("SJ", "7D"),
        ("SJ", "TD"),
        ("SJ", "6D"),        # not in the kitty
        ("SJ", "3D,4D"),
        ("SJ,2D", "3D,4D"),  # 2D is East's, but not a joker
        ("BJ", "3D"),        # North's joker
    ]:
        refused(g, g.xiaosa, cset(jokers), cset(taken))
    refused(g, g.xiaosa, EMPTY, EMPTY)
    refused(g, g.bury, cset("3D,4D,6D,7D,8D,9D,2C,2H"))
    refused(g, g.play, cset("2D"))
    g.xiaosa(cset("SJ"), cset("2H"))  # a trump-suit card of rank 2 may be taken
    assert count(g.held(E), "2H") >= 1


# Forced deals: South holds the 25 highest trumps left in play (with ♥ trumps at level A), so
# whatever anyone plays South wins every trick: P = 0 (光牌).
SOUTH_TOP = "BJ,SJ,AH,AH,AD,AD,AS,AS,AC,AC,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H,7H,6H"


def test_s6_4_xiaosa_jokers_add_to_the_declarers_climb():
    """§6.4: "Jokers the declarer buried count as well. The team that wins the hand (§7) climbs 2
    extra levels per small joker and 3 per big joker in the final kitty (stacking)"; §7: "the 潇洒
    jokers add to the climb of whichever team won the hand: the declaring team if it stays".
    South buries the kitty as it came, BJ included; East puts in its SJ (涨包). South wins every
    trick: 光牌 (+3) + BJ (+3) + SJ (+2) = 8 levels, A → 9."""
    kitty = "BJ,2H,2D,3D,4D,6D,7D,8D"
    g = game(deal(S, {S: SOUTH_TOP, E: "SJ"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    g.bury(g.original_kitty)
    assert (g.phase, g.to_act) == (XIAOSA, E)
    g.xiaosa(cset("SJ"), cset("2D"))
    assert g.phase == PLAY
    play_out(g)
    r = g.result()
    assert r.points == 0 and r.outcome.name == "guangpai"
    assert r.kitty_jokers_climb == 5
    assert r.declarers_stay
    assert (r.level_ns, r.level_ew) == (8, 0)
    assert r.score_ns == 16


# East holds the 25 highest trumps (♥ trumps, level A, West's SJ aside): South, the fixed
# declarer, leads a single; East wins it and then every trick. Under play_out's policy East leads
# its cards in card-id order, so its last card is BJ: a joker dig.
EAST_TOP = "BJ,BJ,SJ,AH,AH,AD,AD,AS,AS,AC,AC,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H,7H"


def test_s6_4_xiaosa_jokers_add_to_the_defenders_who_take_over():
    """§6.4 / §7: the kitty jokers add to the climb "of whichever team won the hand: ... the
    defenders if they take over"; "The levels of the row or dig and those of the jokers make one
    climb". West puts its SJ into South's buried kitty; East wins every trick and the last one
    with BJ: joker dig (+3) + SJ (+2) = 5 levels for EW, A → 6."""
    kitty = "2H,3D,4D,6D,7D,8D,9D,2C"
    g = game(deal(S, {E: EAST_TOP, W: "SJ"}, kitty=kitty), S, declarer=S)
    declare_when(g, E, HEARTS, LOCK)
    assert g.declarer == S
    g.bury(g.original_kitty)
    assert (g.phase, g.to_act) == (XIAOSA, E)  # East has jokers too, and keeps them
    g.decline()
    assert (g.phase, g.to_act) == (XIAOSA, W)
    g.xiaosa(cset("SJ"), cset("3D"))
    play_out(g)
    r = g.result()
    assert r.outcome.name == "joker_dig"
    assert not r.declarers_stay
    assert r.kitty_jokers_climb == 2
    assert (r.level_ns, r.level_ew) == (0, 5)
    assert r.next_declarer == E


def test_s6_4_dry_kitty_jokers_count_nothing():
    """§6.3 / §7: "Jokers lying in a 干巴锅 kitty count for nothing." A dry kitty with BJ (♥
    trumps, no heart in it); South wins every trick: 光牌, +3 only, A → 4."""
    south = "BJ,SJ,SJ,AH,AH,AD,AD,AS,AS,AC,AC,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H,7H"
    kitty = "BJ,2D,3D,4D,6D,7D,8D,9D"
    g = game(deal(S, {S: south}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    assert g.dry and g.phase == PLAY
    play_out(g)
    r = g.result()
    assert r.outcome.name == "guangpai"
    assert r.kitty_jokers_climb == 0
    assert (r.level_ns, r.level_ew) == (3, 0)


def test_s6_3_kitty_points_never_count():
    """§6.3: "Kitty points never count for anyone ([000] 抠底不抠分)." A dry kitty with 35 points
    (5C TC KC KS); East wins every trick, so the defenders take every point played: P = 165."""
    kitty = "5C,TC,KC,KS,2D,3D,4D,6D"
    east = "BJ,BJ,SJ,SJ,AH,AH,AD,AD,AS,AS,AC,AC,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H"
    g = game(deal(S, {E: east}, kitty=kitty), S, declarer=S)
    declare_when(g, E, HEARTS, LOCK)
    assert g.dry
    play_out(g)
    r = g.result()
    assert r.points == 165


# -- §6.5 play ------------------------------------------------------------------------------


def test_s6_5_the_declarer_leads_and_the_hands_are_played_out():
    """§6.5: "25 cards each; the declarer leads; tricks go on until all hands are empty." West is
    declarer (it shows AS, nobody else declares); after burying, West leads with 25 cards, as
    does everyone; played out one card at a time, the hand has 25 tricks."""
    kitty = "2S,3D,4D,6D,7D,8D,9D,2C"
    g = game(deal(S, {W: "AS@3"}, kitty=kitty), S)
    declare_when(g, W, SPADES, SINGLE)
    assert g.declarer == W
    g.bury(g.original_kitty)
    decline_all(g)
    assert g.phase == PLAY
    assert g.to_act == W and g.hand().leader == W and g.hand().turn == W
    assert all(size(g.held(s)) == 25 for s in range(4))
    play_out(g)
    assert g.phase == OVER
    tricks = g.hand().tricks()
    assert len(tricks) == 25
    assert tricks[0][0] == W
    assert all(size(p) == 1 for t in tricks for p in t[1])
    assert all(g.held(s) == EMPTY for s in range(4))


def test_s6_illegal_decisions_are_refused_and_change_nothing():
    """§6 (the Game contract): a decision that the rules do not allow raises IllegalMoveError (a
    ValueError) and leaves the state unchanged — a declaration not open to the seat, a decision
    of another phase, a card not held, a result before the end."""
    g = game(deal(S, {S: "AH@1", E: "AD@1,AD@2"}, kitty="2H,3D,4D,6D,7D,8D,9D,2C"), S)
    assert (g.phase, g.to_act, g.drawn) == (DECLARE, S, 1)
    refused(g, g.declare, HEARTS, LOCK)      # one AH only
    refused(g, g.declare, DIAMONDS, SINGLE)  # South holds no AD
    refused(g, g.declare, HEARTS, OVERRIDE)
    refused(g, g.bury, cset("2H,3D,4D,6D,7D,8D,9D,2C"))
    refused(g, g.play, cset("AH"))
    refused(g, g.grab, cid("AH"))
    refused(g, g.xiaosa, cset("BJ"), cset("2D"))
    refused(g, g.result)
    g.declare(HEARTS, SINGLE)
    refused(g, g.declare, DIAMONDS, SINGLE)  # East has one AD at draw 2: no chance yet
    decline_all(g)
    assert g.phase == BURY
    g.bury(g.original_kitty)
    decline_all(g)
    assert g.phase == PLAY
    lead = g.to_act
    assert lead == S
    refused(g, g.decline)
    refused(g, g.play, cset("AD,AD"))  # East's cards
    refused(g, g.declare, HEARTS, SINGLE)
    refused(g, g.result)


def test_s6_4_xiaosa_two_jokers_for_two_cards():
    """§6.4: "put any of their jokers into the kitty, taking back the same number of kitty cards":
    East puts both BJ in and takes 3D 3D."""
    kitty = "2H,3D,3D,4D,TD,5C,9C,2C"
    g = game(deal(S, {S: "AH@1,AH@2,SJ,SJ", E: "BJ,BJ"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    g.bury(g.original_kitty)
    assert (g.phase, g.to_act) == (XIAOSA, E)
    g.xiaosa(cset("BJ,BJ"), cset("3D,3D"))
    assert g.kitty == cset("2H,BJ,BJ,4D,TD,5C,9C,2C")
    assert count(g.held(E), "3D") == 2
    assert g.phase == PLAY  # nobody else has a joker: South (the declarer) holds the SJs


def test_s6_4_no_xiaosa_without_a_card_to_take():
    """§6.4: a joker goes in only against a kitty card "of rank 2–9, not 5 and not the level
    rank" taken back: South buries TD JD QD KD 5C TC AH AH, none of which can be taken, so East,
    with both BJ, is not asked."""
    kitty = "2H,3D,3D,4D,6D,7D,9C,2C"
    g = game(deal(S, {S: "AH@1,AH@2,TD,JD,QD,KD,5C,TC", E: "BJ,BJ"}, kitty=kitty), S)
    declare_when(g, S, HEARTS, LOCK)
    g.bury(cset("TD,JD,QD,KD,5C,TC,AH,AH"))
    assert g.phase == PLAY
    assert g.xiaosas() == []
