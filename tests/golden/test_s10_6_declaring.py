"""Golden tests for rules §10.6 (the standard game: declaring and the kitty), driven through
``duidiao._core.Game`` under the ``tractor`` and ``shanghai`` presets.

Decks are written as in test_s6_hand_flow.py (:func:`flow_helpers.deal`). A match's first
hand is played at 2, the foot of the 2-A ladder (core level 0): the level cards are the 2s, so
the decks are built with ``level=1`` (the helper's A-K numbering, whose 1 is the rank 2) to
draw the 2s and jokers that a test does not place last.
"""

import pytest
from flow_helpers import (
    BURY,
    DECLARE,
    OVER,
    PLAY,
    cid,
    cset,
    deal,
    decline_all,
    game,
    ids,
    play_out,
)
from golden_helpers import FACES

from duidiao import Game, _core
from duidiao.search.players import make_bot, play_hand

S, E, N, W = range(4)
HEARTS, DIAMONDS, SPADES, CLUBS, NT = range(5)
SINGLE, PAIR, REINFORCE, SMALL_JOKERS, BIG_JOKERS = 1, 4, 5, 6, 7
TWO = 1  # the helper's level number whose rank is 2
IllegalMove = _core.IllegalMoveError
EMPTY = (0, 0)
KITTY = "3H,4H,6H,7H,8H,9H,3D,4D"


def standard(hands, preset="tractor", first_drawer=S, declarer=-1, kitty=KITTY):
    return game(deal(first_drawer, hands, kitty, level=TWO), first_drawer, declarer, preset=preset)


def chance(g, seat):
    """Decline every chance until ``seat`` is asked; return its options."""
    while g.phase == DECLARE and g.to_act != seat:
        g.decline()
    assert g.phase == DECLARE, f"{seat} was never asked"
    return sorted(g.declare_options())


@pytest.mark.parametrize("preset", ["tractor", "shanghai"])
def test_s10_6_the_chain_single_pair_small_jokers_big_jokers(preset):
    """§10.6: "from weak to strong: one level card, a pair of level cards of one suit, a pair
    of SJ, a pair of BJ" — each new declaration stronger than the one standing; a joker pair
    declares NT."""
    g = standard({S: "2H@1", E: "2S@2,2S@3", N: "SJ@4,SJ@5", W: "BJ@6,BJ@7"}, preset)
    assert chance(g, S) == [(HEARTS, SINGLE)]
    g.declare(HEARTS, SINGLE)
    assert chance(g, E) == [(SPADES, PAIR)]  # only stronger: a pair, no single any more
    with pytest.raises(IllegalMove):
        g.declare(SPADES, SINGLE)
    g.declare(SPADES, PAIR)
    assert chance(g, N) == [(NT, SMALL_JOKERS)]
    g.declare(NT, SMALL_JOKERS)
    assert chance(g, W) == [(NT, BIG_JOKERS)]
    g.declare(NT, BIG_JOKERS)
    decline_all(g)
    assert g.phase == BURY and g.trump == NT and g.declarer == W  # first hand: W declares
    assert [d[1:3] for d in g.declarations()] == [
        (HEARTS, SINGLE), (SPADES, PAIR), (NT, SMALL_JOKERS), (NT, BIG_JOKERS)]


def test_s10_6_a_declaration_no_stronger_is_refused():
    """A pair does not override a pair, nor a single a single."""
    g = standard({S: "2H@1,2H@2", E: "2S@2,2S@3"})
    chance(g, S)
    g.decline()  # S's first chance: a single only
    assert chance(g, S) == [(HEARTS, SINGLE), (HEARTS, PAIR)]
    g.declare(HEARTS, PAIR)
    made = g.declarations()
    while g.phase == DECLARE:
        assert g.to_act != E, "E's pair of 2S is no stronger: E is never asked"
        g.decline()
    assert g.trump == HEARTS and g.declarer == S
    rules = _core.Rules.preset("tractor")
    assert _core.declaration_options(rules, E, cset("2S,2S"), 0, made, 100) == []
    assert _core.declaration_options(rules, E, cset("2S"), 0, [], 1) == [(E, SPADES, SINGLE, 1)]


def test_s10_6_reinforce_ones_own_single_and_no_self_override():
    """The player whose single stands may add the second card (加固); it may not override its
    own declaration, not even with a joker pair."""
    g = standard({S: "2H@1,SJ@2,SJ@3,2S@4,2S@5,2H@6"})
    chance(g, S)
    g.declare(HEARTS, SINGLE)
    # S holds SJ SJ and 2S 2S over its own single: nothing is open until the second 2H.
    while g.drawn < 21:
        assert g.to_act != S or g.phase != DECLARE
        g.decline()
    assert g.to_act == S and sorted(g.declare_options()) == [(HEARTS, REINFORCE)]
    g.declare(HEARTS, REINFORCE)
    decline_all(g)
    assert g.trump == HEARTS and g.declarer == S


def test_s10_6_reinforce_only_while_the_single_stands():
    """Once another declaration stands over it, the single's owner cannot reinforce: the
    pair of its suit is just a pair, no stronger than the pair standing."""
    g = standard({S: "2H@1,2H@4", E: "2S@2,2S@3"})
    chance(g, S)
    g.declare(HEARTS, SINGLE)
    chance(g, E)
    g.declare(SPADES, PAIR)
    while g.phase == DECLARE:
        assert g.to_act != S, "S has nothing open after E's pair"
        g.decline()
    assert g.trump == SPADES and g.declarer == E


def test_s10_6_an_overridden_single_owner_may_declare_stronger():
    """Nobody overrides their own declaration — but over someone else's it is a new one."""
    g = standard({S: "2H@1,SJ@3,SJ@4", E: "2S@1,2S@2"})
    chance(g, S)
    g.declare(HEARTS, SINGLE)
    chance(g, E)
    g.declare(SPADES, PAIR)
    assert chance(g, S) == [(NT, SMALL_JOKERS)]


def test_s10_6_no_declaration_is_no_trump_and_the_first_drawer_declares():
    """First hand of a match with no declaration: the hand is played NT and the first drawer
    declares."""
    g = standard({}, first_drawer=N)
    decline_all(g)
    assert g.phase == BURY and g.trump == NT and g.declarer == N
    assert not g.dry  # no 干巴锅 (§10.6), though the kitty holds no trump


def test_s10_6_later_hand_the_declarer_is_fixed_and_no_declaration_is_no_trump():
    g = standard({S: "2H@1"}, first_drawer=E, declarer=E)
    chance(g, S)
    g.declare(HEARTS, SINGLE)
    decline_all(g)
    assert g.trump == HEARTS and g.declarer == E  # §8.4 fixes the declarer
    g = standard({}, first_drawer=E, declarer=E)
    decline_all(g)
    assert g.trump == NT and g.declarer == E


def _buried_game(preset="tractor"):
    """S declares with a single 2H, takes the kitty and buries 8 cards, one of them the 2H."""
    g = standard({S: "2H@1"}, preset)
    chance(g, S)
    g.declare(HEARTS, SINGLE)
    decline_all(g)
    assert g.phase == BURY and g.to_act == S and g.exposed(S) == cset("2H")
    held = ids(g.held(S))
    rest = [c for c in held if c != cid("2H")][:7]
    g.bury(cset(",".join(FACES[c] for c in rest + [cid("2H")])))
    return g


@pytest.mark.parametrize("preset", ["tractor", "shanghai"])
def test_s10_6_the_kitty_is_buried_face_down(preset):
    """"The declarer takes the 8 kitty cards and buries any 8, face down: only the declarer
    knows them. There is no 干巴锅, no 抢牌 and no 潇洒." The others see it when the hand ends."""
    g = _buried_game(preset)
    assert g.phase == PLAY and not g.kitty_public  # straight to the play: no grab, no 潇洒
    for seat in range(4):
        obs = g.observe(seat)
        mine = seat == S
        assert obs.kitty_visible == mine and (obs.kitty != EMPTY) == mine
        assert obs.view.kitty_known == mine
        assert (obs.original_kitty != EMPTY) == mine
    play_out(g)
    assert g.phase == OVER and g.kitty_public
    for seat in range(4):
        assert g.observe(seat).kitty == g.kitty


def test_s10_6_cards_shown_then_buried_face_down_are_in_the_hand_or_the_kitty():
    """Nobody but the declarer knows whether a card it showed while declaring was buried: it
    is no longer "exposed", it is in the declarer's hand or the kitty (and stays so until the
    declarer plays a copy of it)."""
    g = _buried_game()
    assert g.exposed(S) == EMPTY
    assert g.declarer_or_kitty == cset("2H")
    for seat in (E, N, W):
        obs = g.observe(seat)
        assert obs.declarer_or_kitty == cset("2H") and obs.view.declarer_or_kitty == cset("2H")
        assert obs.view.hand(S) == EMPTY and obs.view.unknown(S) == 25
    assert g.observe(S).declarer_or_kitty == EMPTY  # the declarer knows where it is


def test_s10_6_the_sampler_puts_shown_cards_in_the_declarers_hand_or_the_kitty():
    """Every world drawn for a defender places the 2H the declarer showed with the declarer
    or in the kitty, both places being drawn."""
    g = _buried_game()
    obs = g.observe(E)
    sampler = _core.WorldSampler(obs.view, E)
    where = {"hand": 0, "kitty": 0}
    two_h = 1 << cid("2H")
    for seed in range(200):
        world = sampler.sample(seed)
        held, kitty = world.hand(S), world.kitty
        # E holds no 2H, so both copies are hidden: at least one is the declarer's or the kitty's
        copies = ((held[0] & two_h) > 0) + ((held[1] & two_h) > 0)
        copies += ((kitty[0] & two_h) > 0) + ((kitty[1] & two_h) > 0)
        assert copies >= 1
        where["hand"] += (held[0] & two_h) > 0
        where["kitty"] += (kitty[0] & two_h) > 0
    assert where["hand"] > 0 and where["kitty"] > 0


def test_s10_6_whole_hands_are_played_recorded_and_replayed():
    """Every phase of a standard hand through the Python API, by the heuristic bot: a record
    that replays to the same result, a face-down kitty in every view but the declarer's."""
    from duidiao.play.record import Record

    for preset in ("tractor", "shanghai"):
        for seed in range(4):
            g = Game.deal(seed=seed, rules=preset)
            assert g.levels == {"NS": "2", "EW": "2"}
            result = play_hand(g, [make_bot("heuristic", seed=i) for i in range(4)], fast=False)
            record = Record.from_dict(Record.from_game(g).to_dict())
            assert record.replay().result() == result


def test_s10_6_views_hide_the_kitty_from_all_but_the_declarer():
    g = Game.deal(seed=2, rules="shanghai")
    while g.phase not in ("play", "over"):
        if g.phase == "bury":
            g.bury(list(g.held(g.declarer))[:8])
        else:
            g.decline()
    declarer = g.declarer
    for seat in "SENW":
        view = g.position(seat)
        assert (view.kitty is not None) == (seat == declarer), seat
        assert ("kitty=?8" in str(view)) == (seat != declarer)
        assert (g.position().view(seat).kitty is None) == (seat != declarer)
    assert g.observe_public().kitty is None


@pytest.mark.parametrize("preset", ["tractor", "shanghai"])
def test_s10_7_a_match_from_2_is_won_by_declarers_holding_at_A(preset):
    """§10.7: "a team that wins a hand as declarers at A wins the match" — a whole match of
    heuristic bots from 2, each hand's declarer given by §8.4, levels never going down."""
    from duidiao import play_match

    m = play_match([make_bot("heuristic", seed=i) for i in range(4)], rules=preset, seed=5)
    assert m.winner in ("NS", "EW")
    first = m.records[0]
    assert first.levels == {"NS": "2", "EW": "2"}
    last = m.records[-1]
    game = last.replay()
    team = "NS" if game.declarer in "SN" else "EW"
    assert team == m.winner and game.levels[team] == "A" and game.result().declarers_stay
    ladder = "23456789TJQKA"
    for before, after in zip(m.records, m.records[1:]):
        for t in ("NS", "EW"):  # levels never go down in this game
            assert ladder.index(after.levels[t]) >= ladder.index(before.levels[t])


def test_s10_6_a_seats_position_keeps_the_declarers_shown_cards_for_sampling():
    """A seat's Position (Game.position(seat), the hint's and sample_worlds' input) keeps the
    fact its string cannot write: the cards the declarer showed are in its hand or the kitty."""
    from duidiao import Cards, sample_worlds

    for seed in range(40):
        g = Game.deal(seed=seed, rules="shanghai")
        bots = [make_bot("heuristic", seed=i) for i in range(4)]
        while g.phase != "play":
            seat = g.to_act
            obs = g.observe(seat)
            if g.phase == "declare":
                choice = bots[0].declare(obs, g.declare_options())
                if choice is None:
                    g.decline()
                else:
                    g.declare(choice.suit, choice.kind)
            else:
                g.bury(bots[0].bury(obs))
        shown = Cards.from_masks(*g.core.declarer_or_kitty)
        if shown:
            break
    else:
        raise AssertionError("no deal had a declarer's shown cards")
    g.play(bots[0].play(g.observe(g.to_act), g.legal_moves()))  # the declarer leads
    other = g.to_act
    view = g.position(other)
    assert Cards.from_masks(*view.core.declarer_or_kitty) == shown
    for world in sample_worlds(view, 40, seed=1):
        assert shown <= world.hands[g.declarer] + world.kitty
