"""The rules that read a deal card by card, in the core (src/core/climbing/deal.h), against the
reference written apart: 上班 (rules §12.4), who may revolt (§12.13), and 保皇's calling:
the faces a seat may call, 逼庄's caller and the guard (§13.3)."""

from __future__ import annotations

import random

from duidiao import _climb
from duidiao.play.climbing.cards import NAMES
from duidiao.play.climbing.deal import SUIT_LETTERS, Card, draw, shuffled
from duidiao.reference.climbing import baohuang as ref_bh
from duidiao.reference.climbing import gouji as ref_gj

DEALS = 1500


def text(card: Card) -> str:
    value, suit = card
    return NAMES[value] + (SUIT_LETTERS[suit] if 0 <= suit < 4 else "")


def test_shangban_and_revolt_agree_with_the_reference() -> None:
    rng = random.Random(12)
    redeals = leads_by_three = 0
    for _ in range(DEALS):
        first = rng.randrange(6)
        hands = draw(shuffled(rng), 6, first)
        leader, suit, count = _climb.shangban([list(h) for h in hands], first)
        want = ref_gj.first_leader({"ABCDEF"[s]: [text(c) for c in hands[s]] for s in range(6)},
                                   "ABCDEF"[first])
        assert ("ABCDEF"[leader] if leader >= 0 else None) == want
        if leader < 0:
            redeals += 1
            continue
        shown = sum(1 for v, s in hands[leader] if v == 1 and s == suit)
        assert count >= 2 and shown >= count
        leads_by_three += count >= 3
        for h in hands:
            assert _climb.may_revolt(list(h)) == ref_gj.may_revolt(
                " ".join(text(c) for c in h).replace(" ", ",") or "-")
    assert leads_by_three > 0


def test_revolt_needs_no_2_and_no_joker() -> None:
    assert _climb.may_revolt([(1, 0), (12, 3)])
    assert not _climb.may_revolt([(1, 0), (13, 2)])
    assert not _climb.may_revolt([(14, -1)])
    assert not _climb.may_revolt([(15, 4)])


def test_calling_agrees_with_the_reference() -> None:
    rng = random.Random(5)
    forced_seen = solo = 0
    for _ in range(DEALS):
        first = rng.randrange(5)
        hands = draw(shuffled(rng, marked=True), 5, first)
        cards = {"ABCDE"[s]: [text(c) for c in hands[s]] for s in range(5)}
        for s in range(5):
            for exactly in (False, True):
                faces = _climb.callable_faces(list(hands[s]), exactly_three=exactly)
                want = ref_bh.callable_faces(cards["ABCDE"[s]], exactly=3 if exactly else None)
                assert sorted(text(f) for f in faces) == sorted(want)
                assert faces == sorted(faces)  # low to high, as the options list them
        holder = rng.randrange(5)
        forced = _climb.forced_caller([list(h) for h in hands], holder)
        order = ref_bh.calling_order("ABCDE"[holder])
        want = next((s for s in order if ref_bh.callable_faces(cards[s], exactly=3)), None)
        assert ("ABCDE"[forced] if forced >= 0 else None) == want
        forced_seen += forced >= 0
        emperor = rng.randrange(5)
        faces = _climb.callable_faces(list(hands[emperor]))
        for face in faces:
            guard = _climb.guard_of([list(h) for h in hands], emperor, face)
            want_guard = ref_bh._guard_of(cards, "ABCDE"[emperor], text(face))
            assert ("ABCDE"[guard] if guard >= 0 else None) == want_guard
            solo += guard == emperor
    assert forced_seen > DEALS // 2 and solo > 0


def test_bad_cards_and_seats_are_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="a card out of range"):
        _climb.may_revolt([(16, 0)])
    with pytest.raises(ValueError, match="one card list per seat"):
        _climb.shangban([[]] * 5, 0)
    with pytest.raises(ValueError, match="first_holder"):
        _climb.forced_caller([[]] * 5, 7)
