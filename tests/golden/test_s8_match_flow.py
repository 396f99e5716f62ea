"""Golden tests for rules §8 (a match) played through whole hands: ``duidiao._core.Game`` and
the Python ``duidiao.Game`` / ``duidiao.Match``. (tests/golden/test_s8_match.py checks the same
paragraphs on end-of-hand positions.)

The deals force their results: one seat holds the 25 highest trumps still in play, so once it
has the lead it wins every trick whatever anyone plays. When that seat is the declarer, the
defenders take no trick: 光牌. When it is the declarer's next seat, it wins the first trick (the
declarer leads a single: :func:`flow_helpers.play_out` plays the legal move with the fewest
cards, then the lowest card ids) and then every trick, its cards in card-id order — so its last
card, which decides the special results (§7), is its highest card id (BJ, or the ♣ level card
when the jokers lie in the kitty). Seats S E N W are 0 1 2 3; levels 0 = A … 12 = K.
"""

import pytest
from flow_helpers import (
    BURY,
    CLUBS,
    DECLARE,
    HEARTS,
    LOCK,
    OVER,
    PLAY,
    SINGLE,
    SPADES,
    XIAOSA,
    cset,
    deal,
    declare_when,
    game,
    ids,
    lowest_move,
    play_out,
    run_declaring,
)

import duidiao
from duidiao import _core

S, E, N, W = range(4)
SEATS = "SENW"
K, Q, J = 12, 11, 10

# The 25 highest trumps with ♥ trumps, by level (the level cards, then the hearts from A down).
TOP = {
    0: "BJ,BJ,SJ,SJ,AH,AH,AD,AD,AS,AS,AC,AC,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H",
    3: "BJ,BJ,SJ,SJ,4H,4H,4D,4D,4S,4S,4C,4C,AH,AH,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H",
    K: "BJ,BJ,SJ,SJ,KH,KH,KD,KD,KS,KS,KC,KC,AH,AH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H",
}
# 干巴锅 with ♥ trumps: no heart, no point, no card of the levels used here.
DRY = "2D,3D,6D,7D,9D,2C,3C,6C"


def lock_hearts_and_play(g, who):
    """``who`` locks ♥ with the pair of ♥ level cards; the kitty (if taken) is buried as it
    came, 潇洒 declined; the hand is played out."""
    declare_when(g, who, HEARTS, LOCK)
    if g.phase == BURY:
        g.bury(g.original_kitty)
    while g.phase == XIAOSA:
        g.decline()
    assert g.phase == PLAY
    play_out(g)
    assert g.phase == OVER
    return g.result()


def forced(holder, declarer, level_ns=0, level_ew=0, kitty=DRY, preset="chifeng", top=None):
    """A hand where ``holder`` has the top trumps; ``declarer`` is fixed (draws first), or -1 for
    a first hand (then ``holder`` is the declarer, drawing first)."""
    level = level_ns if (declarer if declarer >= 0 else holder) % 2 == 0 else level_ew
    fd = declarer if declarer >= 0 else holder
    deck = deal(fd, {holder: top or TOP[level]}, kitty=kitty, level=level)
    return game(deck, fd, declarer, level_ns, level_ew, preset)


# -- §8.1 -----------------------------------------------------------------------------------


def test_s8_1_both_teams_start_at_a():
    """§8.1: "Both teams start at A; the first hand's declarer is decided by declaring (§6.2)."
    A first hand (no declarer) at the default levels is played at A: the aces are the level
    cards, and South's single AH decides trumps and the declarer."""
    g = _core.Game(_core.Rules.preset("chifeng"), deal(S, {S: "AH@1"}, kitty=DRY), S)
    assert (g.level, g.level_of(0), g.level_of(1)) == (0, 0, 0)
    assert g.declarer == -1
    assert (g.phase, g.to_act, g.declare_options()) == (DECLARE, S, [(HEARTS, SINGLE)])
    g.declare(HEARTS, SINGLE)
    while g.phase == DECLARE:
        g.decline()
    assert (g.trump, g.declarer) == (HEARTS, S)


def test_s8_1_a_first_hand_needs_both_teams_at_one_level():
    """§8.1 / §6.2 抢庄: the first hand has no declaring team yet, so both teams are at one level
    (A): a first hand with the teams at different levels is refused (CoreError, a ValueError),
    by the Python Game and Match too."""
    deck = deal(S, {}, kitty=DRY)
    with pytest.raises(ValueError):
        _core.Game(_core.Rules.preset("chifeng"), deck, S, -1, 3, 0)
    with pytest.raises(ValueError):
        duidiao.Game(deck, "S", levels={"NS": "4", "EW": "A"})
    with pytest.raises(ValueError):
        duidiao.Match(_bots(), seed=1, levels={"NS": "4", "EW": "A"})


def test_s8_1_a_match_starts_at_a_with_a_first_hand():
    """§8.1 through ``duidiao.Match``: both teams at A, and the first hand is 抢庄 (no declarer
    fixed), played at A, drawn first by the chosen first drawer (§6.1)."""
    m = duidiao.Match(_bots(), seed=1, first_drawer="E")
    assert m.levels == {"NS": "A", "EW": "A"}
    assert m.next_declarer is None and not m.is_over
    g = m.next_game()
    assert g.fixed_declarer is None
    assert g.first_drawer == "E"
    assert g.level == "A"
    assert g.levels == {"NS": "A", "EW": "A"}


# -- §8.2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("declarer, level, rank", [(E, 7, "8"), (N, 3, "4")])
def test_s8_2_a_hand_is_played_at_the_declaring_teams_level(declarer, level, rank):
    """§8.2: "A hand is played at the declaring team's level." NS at 4, EW at 8: with East
    declaring the 8s are the level cards (and declare trumps), with North the 4s; the other
    team's level rank is a plain rank."""
    hands = {E: "8H@1", N: "4S@1", W: "AD@1"}
    deck = deal(declarer, hands, kitty=DRY, level=level)
    g = game(deck, declarer, declarer, 3, 7)
    assert g.level == level
    # the first chance to declare is the first level card's: East's 8H or North's 4S
    holder, suit = (E, HEARTS) if rank == "8" else (N, SPADES)
    assert (g.phase, g.to_act, g.declare_options()) == (DECLARE, holder, [(suit, SINGLE)])
    assert g.drawn == (holder - declarer) % 4 + 1
    run_declaring(g)
    assert g.declarer == declarer
    if g.phase == BURY:
        g.bury(g.original_kitty)
    while g.phase != PLAY:
        g.decline()
    assert g.hand().level == level
    # the Python Game says the same
    pg = duidiao.Game(deck, SEATS[declarer], declarer=SEATS[declarer],
                      levels={"NS": "4", "EW": "8"})
    assert pg.level == rank
    assert pg.levels == {"NS": "4", "EW": "8"}


@pytest.mark.parametrize(
    "level, preset, top, outcome, after",
    [
        (K, "chifeng", "KH,KH,KD,KD,KS,KS,KC,KC", "k_fantian", (4, K)),
        (K, "chifeng-classic", "KH,KH,KD,KD,KS,KS,KC,KC", "k_sanji", (9, 4)),
        (Q, "chifeng", "QH,QH,QD,QD,QS,QS,QC,QC", "q_banjie", (5, 4)),
        (J, "chifeng", "JH,JH,JD,JD,JS,JS,JC,JC", "j_daodi", (0, 4)),
    ],
    ids=["k_fantian", "k_sanji", "q_banjie", "j_daodi"],
)
def test_s8_2_level_digs_at_the_declaring_teams_level(level, preset, top, outcome, after):
    """§8.2 with §7's level digs in a whole hand: NS declares at J, Q or K (EW at 5); East holds
    the 8 level cards and the top hearts, the four jokers lie in a 干巴锅 kitty (counting for
    nothing). East wins every trick, the last with the ♣ level card: "at level J, Q or K, a
    defender wins the last trick with a play whose cards are all level cards and whose highest
    card is not a joker" — J到底 (NS back to A), Q半截 (back to 6), K翻天 (chifeng: the levels
    swap) or K三级 (chifeng-classic: back to 10), whatever P (here all 200 points: 轱辘坡 does
    not apply)."""
    rest = [c for c in "AH,AH,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H,8H,7H,7H,6H,6H,5H".split(",")
            if c[0] != top[0]]
    east = top + "," + ",".join(rest[:17])
    kitty = "BJ,BJ,SJ,SJ,2D,3D,4D,6D"
    g = forced(E, S, level_ns=level, level_ew=4, kitty=kitty, preset=preset, top=east)
    r = lock_hearts_and_play(g, E)
    assert g.dry
    last = g.hand().tricks()[-1]
    assert last[0] == E and last[2] == E
    assert ids(last[1][0]) == ids(cset(top.split(",")[-1]))  # the ♣ level card
    assert r.points == 200
    assert r.dig.name == "level"
    assert r.outcome.name == outcome
    assert r.kitty_jokers_climb == 0
    assert (r.level_ns, r.level_ew) == after
    assert not r.declarers_stay
    assert r.next_declarer == E


# -- §8.3 -----------------------------------------------------------------------------------


def test_s8_3_declarers_at_k_who_make_the_hand_win_the_match():
    """§8.3: "A team that wins a hand as declarers (光牌 or 打成) while at level K wins the
    match." NS at K declares; South holds the top trumps: 光牌, and the match is won (NS stays
    at K: a climb "never passes K")."""
    r = lock_hearts_and_play(forced(S, S, level_ns=K, level_ew=4), S)
    assert r.outcome.name == "guangpai"
    assert r.match_won
    assert (r.level_ns, r.level_ew) == (K, 4)


def test_s8_3_defenders_at_k_who_take_over_do_not_win_the_match():
    """§8.3: only a hand won "as declarers" at K wins the match: EW at K, defending, digs the
    kitty with BJ — they take over (the climb stops at K), the match goes on; East declares
    next."""
    r = lock_hearts_and_play(forced(E, S, level_ns=3, level_ew=K, top=TOP[3]), E)
    assert r.outcome.name == "joker_dig"
    assert not r.match_won
    assert (r.level_ns, r.level_ew) == (3, K)
    assert r.next_declarer == E


def test_s8_3_the_match_through_duidiao_match():
    """§8.3 through ``duidiao.Match``: a match started at K (both teams) is won by NS when South,
    declaring its first hand, makes it (光牌); the match is then over."""
    m = duidiao.Match(_bots(), seed=2, first_drawer="S", levels={"NS": "K", "EW": "K"})
    g = _py_forced(m, "S", {"S": TOP[K]}, level=K)
    r = m.finish_hand(g)
    assert r.outcome == "guangpai" and r.match_won
    assert m.is_over and m.winner == "NS"
    with pytest.raises(ValueError):
        m.next_game()


# -- §8.4 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("declarer", [S, E, N, W], ids=list(SEATS))
def test_s8_4_declarers_stay_the_partner_declares_next(declarer):
    """§8.4: "Next declarer: if the declaring team stays, the declarer's partner (对家)". The
    declarer holds the top trumps: 光牌 (+3 from 2)."""
    levels = (1, 5) if declarer % 2 == 0 else (5, 1)  # the declaring team at 2
    r = lock_hearts_and_play(_fixed(declarer, declarer, levels), declarer)
    assert r.outcome.name == "guangpai"
    assert r.declarers_stay
    assert r.next_declarer == (declarer + 2) % 4
    team = (r.level_ns, r.level_ew)[declarer % 2]
    assert team == 4


def _fixed(holder, declarer, levels):
    """``holder`` holds the top trumps at level 2 (index 1), ``declarer`` fixed; dry kitty."""
    top2 = "BJ,BJ,SJ,SJ,2H,2H,2D,2D,2S,2S,2C,2C,AH,AH,KH,KH,QH,QH,JH,JH,TH,TH,9H,9H,8H"
    deck = deal(declarer, {holder: top2}, kitty="3D,4D,5D,6D,7D,8D,9D,3C", level=1)
    return game(deck, declarer, declarer, *levels)


@pytest.mark.parametrize("declarer", [S, E, N, W], ids=list(SEATS))
def test_s8_4_defenders_take_over_the_declarers_next_seat_declares(declarer):
    """§8.4: "if the defenders take over, the declarer's next seat (下家)" (S → E → N → W → S).
    The declarer's next seat holds the top trumps and wins every trick, the last with BJ (joker
    dig: +3 from 2)."""
    nxt = (declarer + 1) % 4
    levels = (1, 1)
    r = lock_hearts_and_play(_fixed(nxt, declarer, levels), nxt)
    assert r.outcome.name == "joker_dig"
    assert not r.declarers_stay
    assert r.next_declarer == nxt
    assert (r.level_ns, r.level_ew)[nxt % 2] == 4
    assert (r.level_ns, r.level_ew)[declarer % 2] == 1


def test_s8_4_first_hand_defenders_take_over():
    """§8.1 / §6.2 抢庄 / §8.4 in a match's first hand: South shows AC (♣ trumps) and declares;
    East holds every other trump but the lower clubs, wins the first trick (South leads a side
    single) and every trick after it, the last with BJ: the defenders take over (A → 4) and East,
    South's next seat, declares next."""
    east = "BJ,BJ,SJ,SJ,AC,AH,AH,AD,AD,AS,AS,KC,KC,QC,QC,JC,JC,TC,TC,9C,9C,8C,8C,7C,7C"
    deck = deal(S, {S: "AC@1", E: east}, kitty="2D,3D,6D,7D,9D,2H,3H,6H")
    g = game(deck, S)
    declare_when(g, S, CLUBS, SINGLE)
    assert (g.trump, g.declarer, g.dry) == (CLUBS, S, True)
    play_out(g)
    r = g.result()
    assert g.hand().tricks()[0][2] == E
    assert r.outcome.name == "joker_dig"
    assert (r.level_ns, r.level_ew) == (0, 3)
    assert r.next_declarer == E


# -- §8 through duidiao.Match: the hands chained -------------------------------------------


def _bots():
    return [duidiao.make_bot("random", seed=s) for s in range(4)]


def _py_play(g):
    """Play a Python Game out with the policy of :func:`flow_helpers.play_out`."""
    while g.phase == "play":
        moves = g.legal_moves()
        best = lowest_move([m.cards.masks for m in moves])
        g.play(next(m for m in moves if m.cards.masks == best))


def _py_forced(m, holder, hands, level, kitty=DRY):
    """The match's next hand with a scripted deck: the declarer and first drawer are those
    ``m.next_game()`` uses; ``holder`` locks ♥ and the hand is played out."""
    nxt = m.next_game()
    fd = nxt.first_drawer
    deck = deal(SEATS.index(fd), {SEATS.index(s): v for s, v in hands.items()}, kitty=kitty,
                level=level)
    g = duidiao.Game(deck, fd, rules=m.rules, declarer=nxt.fixed_declarer, levels=m.levels)
    assert g.level == nxt.level
    while g.phase == "declare":
        opts = g.declare_options()
        if g.to_act == holder and ("H", "lock") in [tuple(o) for o in opts]:
            g.declare("H", "lock")
        else:
            g.decline()
    while g.phase in ("bury", "grab", "xiaosa"):
        if g.phase == "bury":
            g.bury(g.original_kitty)
        else:
            g.decline()
    _py_play(g)
    return g


def test_s8_match_hands_chain_levels_and_declarers():
    """§8 through ``duidiao.Match``: hand 1 (抢庄) South locks ♥ and makes 光牌 → NS at 4 (§7),
    North (South's partner) declares next (§8.4), draws first (§6.1: "in later hands the declarer
    draws first") and the hand is played at NS's level 4 (§8.2). In hand 2 West, North's next
    seat, digs with BJ: EW takes over at 4, West declares hand 3, played at EW's level."""
    m = duidiao.Match(_bots(), seed=3, first_drawer="S")
    g1 = _py_forced(m, "S", {"S": TOP[0]}, level=0)
    assert g1.declarer == "S" and g1.fixed_declarer is None
    r1 = m.finish_hand(g1)
    assert r1.outcome == "guangpai"
    assert m.levels == {"NS": "4", "EW": "A"}
    assert m.next_declarer == "N"

    nxt = m.next_game()
    assert (nxt.fixed_declarer, nxt.first_drawer, nxt.level) == ("N", "N", "4")
    g2 = _py_forced(m, "W", {"W": TOP[3]}, level=3)
    assert g2.declarer == "N" and g2.trump == "H"
    r2 = m.finish_hand(g2)
    assert r2.outcome == "joker_dig"
    assert m.levels == {"NS": "4", "EW": "4"}
    assert m.next_declarer == "W"
    assert not m.is_over

    nxt = m.next_game()
    assert (nxt.fixed_declarer, nxt.first_drawer, nxt.level) == ("W", "W", "4")
    assert m.hands == 2


def test_s8_game_deal_later_hand_declarer_draws_first():
    """§6.1: "in later hands the declarer draws first": ``duidiao.Game.deal`` with a fixed
    declarer makes it the first drawer."""
    g = duidiao.Game.deal(5, declarer="W", levels={"NS": "3", "EW": "7"})
    assert (g.first_drawer, g.fixed_declarer, g.level) == ("W", "W", "7")
