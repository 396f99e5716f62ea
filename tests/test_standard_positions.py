"""Positions of the standard presets (rules §10): what the engine plays from a position string,
and the bounds it keeps where throws in trumps make the moves many (§10.3)."""

from __future__ import annotations

import pytest

from duidiao import PRESETS, Position, analyse
from duidiao.reference import Context, RefRules, count_legal_leads

# 25 trumps at level 5, hearts trump: 7 pairs and 11 single faces (3^7 · 2^11 subsets).
TRUMPS = "BJ,BJ,SJ,SJ,5H,5H,5S,5S,5D,5C,AH,AH,KH,KH,QH,JH,TH,9H,8H,7H,6H,4H,3H,2H,2H"
HUGE = f"shanghai level=5 trump=H declarer=S S={TRUMPS} E=?25 N=?25 W=?25 kitty=?8 turn=S"


def test_s10_the_standard_presets_play_from_positions() -> None:
    assert {"tractor", "shanghai"} <= set(PRESETS)
    pos = Position(HUGE.replace("shanghai", "tractor") + " points=0")
    assert pos.rules.name == "tractor" and pos.trump == "H"


def test_s10_3_a_hand_of_trumps_is_counted_not_listed() -> None:
    """§10.3: every non-empty part of the 25 trumps is a lead (a single, a pair, a tractor or a
    throw): counted in closed form, agreeing with the reference's count; a list that long is
    refused with its size; a Monte Carlo analysis weighs candidates (docs/analysis.md)."""
    pos = Position(HUGE + " points=0")
    expected = 3**7 * 2**11 - 1
    assert pos.count_legal_moves() == expected
    ctx = Context(RefRules.preset("shanghai"), "5", "H")
    assert count_legal_leads(ctx, TRUMPS.split(",")) == expected
    with pytest.raises(ValueError, match=r"^4,478,975 legal moves .* not listed"):
        pos.legal_moves()
    a = analyse(pos, worlds=4, seed=1, threads=1)
    assert a.legal == expected and a.pruned and len(a.moves) < 100


def test_s10_3_moves_are_listed_a_page_at_a_time() -> None:
    """Pages of the engine's order, put together, are the legal moves, each once; the 4,478,975
    leads of the hand of trumps are gone through lazily, a page in bounded memory."""
    pos = Position(HUGE + " points=0")
    small = Position(
        "shanghai level=5 trump=H declarer=S "
        "S=BJ,BJ,SJ,SJ,5H,5H,AH,AH,KH,QH,JH,TH,AS,AS,KS,QS,JS,9S,8D,8D,7D,6C,4C,3C,2C "
        "E=?25 N=?25 W=?25 kitty=?8 turn=S points=0"
    )
    assert 1_000 < small.count_legal_moves() <= 100_000
    paged = [m.cards for first in range(0, small.count_legal_moves(), 97)
             for m in small.legal_moves_page(first, 97)]
    assert sorted(map(str, paged)) == sorted(str(m.cards) for m in small.legal_moves())
    assert len(set(paged)) == len(paged)
    core = small.core  # a page as long as the rest, however long the limit
    assert core.legal_moves_page(5, 2**64 - 1) == core.legal_moves()[5:]
    page = pos.legal_moves_page(4_478_970, 100)
    assert len(page) == 5 and all(pos.is_legal(m) or len(m.cards) > 1 for m in page)
    assert pos.legal_moves_page(4_478_975, 10) == []
    first = next(pos.iter_legal_moves(page=3))
    assert first == pos.legal_moves_page(0, 1)[0]
    with pytest.raises(ValueError, match="limit"):
        pos.legal_moves_page(0, 100_001)
    with pytest.raises(ValueError, match="first"):
        pos.legal_moves_page(-1, 5)
