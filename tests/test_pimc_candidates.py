"""The Monte Carlo search's candidates (src/search/pimc.cpp ``candidate_moves``): with more than
2,000 legal plays — long throws (rules §5.2), throws in trumps (§10.3) — it weighs every
single, pair and tractor, each suit's throws from its top components down, and the heuristic's
choice; for a follow, a uniform sample of the legal follows and the heuristic's. Below that,
every legal play."""

from __future__ import annotations

from duidiao import Cards, HiddenCardsError, Position, analyse

# 25 cards, most of them trumps: 995,330 legal leads (docs/rules.md §10.3).
TRUMPS = (
    "shanghai level=2 trump=H declarer=S levels=NS:2,EW:2 "
    "S=BJ,BJ,SJ,SJ,2H,2H,2S,2D,AH,AH,KH,KH,QH,JH,TH,9H,8H,7H,6H,5H,4H,3H,AS,AD,AC "
    "E=?25 N=?25 W=?25 kitty=?8 trick=S:"
)
# A follow to a seven-card throw from a hand of 25: 4,338 legal follows.
FOLLOW = (
    "shanghai level=2 trump=C declarer=N levels=NS:2,EW:2 S=?25 E=?25 N=?18 "
    "W=SJ,2D,2S,JC,TC,7C,5C,4C,AH,8H,7H,7H,6H,6H,4H,3H,3H,KD,QD,4D,AS,9S,8S,6S,5S kitty=?8 "
    "trick=N:AD,AD,KD,JD,JD,TD,TD"
)


def legal(position: Position, cards: Cards) -> bool:
    """A legal play — a throw whose fate the hidden hands decide included."""
    try:
        position.play(cards)
    except HiddenCardsError:
        return True
    except ValueError as exc:  # a throw the view cannot judge is refused as such
        return "cannot tell whether" in str(exc)
    return True


def test_many_leads_weigh_the_simple_leads_and_the_throws_from_the_top() -> None:
    position = Position(TRUMPS)
    a = analyse(position, worlds=4, seed=1)
    count = position.core.count_legal_moves()
    assert a.legal == count == 995_330 and a.pruned
    moves = {m.move.cards for m in a.moves}
    assert len(moves) == len(a.moves) < 100  # no move twice
    # every single, pair and tractor is weighed
    hand = position.hands["S"]
    for card in set(hand):
        assert Cards([card]) in moves
    for pair in ("BJ,BJ", "AH,AH", "KH,KH", "2H,2H"):
        assert Cards(pair) in moves
    assert Cards("AH,AH,KH,KH") in moves  # a tractor
    # the trump throws from the top: BJ BJ SJ SJ 2H 2H (one tractor), then an off-suit 2, ...
    top = Cards("BJ,BJ,SJ,SJ,2H,2H")
    assert top in moves
    assert {top + Cards("2D"), top + Cards("2S")} & moves
    assert top + Cards("2D,2S,AH,AH,KH,KH") in moves
    assert hand - Cards("AD,AS,AC") in moves  # every trump: the longest throw
    assert Cards("BJ,3H") not in moves  # a low card with a high one, the middle left out
    assert any(m.heuristic for m in a.moves)
    for m in a.moves:
        assert legal(position, m.move.cards)


def test_many_follows_weigh_a_sample_and_the_heuristics_choice() -> None:
    position = Position(FOLLOW)
    a = analyse(position, worlds=4, seed=3)
    assert a.legal == position.core.count_legal_moves() == 4338 and a.pruned
    assert 1 < len(a.moves) <= 257
    for m in a.moves:
        assert legal(position, m.move.cards)
        assert Cards("KD,QD,4D") <= m.move.cards  # every diamond follows the diamond throw
    assert sum(m.heuristic for m in a.moves) == 1
    # the same seed draws the same candidates
    again = analyse(position, worlds=4, seed=3)
    assert {m.move.cards for m in again.moves} == {m.move.cards for m in a.moves}


def test_few_moves_weigh_every_legal_move() -> None:
    position = Position(
        "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
        "S=BJ,5H,5H,AH,KH,QH,JH,9H,8H,7H,AS,KS,QS,JS,9S,8S,AD,KD,QD,JD,9D,AC,KC,QC,JC "
        "E=?25 N=?25 W=?25 kitty=?8 trick=S:"
    )
    a = analyse(position, worlds=2, seed=1)
    assert not a.pruned and a.legal == len(a.moves) == position.core.count_legal_moves()
