"""Decks consistent with what one seat knows of a hand, for OpenSpiel's
``resample_from_infostate`` (docs/env.md#openspiel).

The hidden cards are placed where they are now — in the play by the world sampler
(:func:`duidiao.sample_worlds`: voids, the follow facts, the kitty), before it uniformly — and
the hand is then wound back to its deal: the cards played return to their players, 潇洒 and the
grabs are undone, the declarer's burial goes back to its hand and its original kitty is chosen
among its cards (the seat's own knowledge, 干巴锅 and 翻主 kept). Each seat's drawn cards are
put in its draw slots, the cards it showed while declaring first, the seat's own slots as they
were. The caller replays the hand's public decisions on that deck and checks that the seat's
information state came out the same.
"""

from __future__ import annotations

import random

from duidiao.play.cards import SEATS, Card, Cards
from duidiao.play.game import Game
from duidiao.play.sizes import DEALT_CARDS
from duidiao.search.worlds import sample_worlds

__all__ = ["consistent_deck"]

DRAWS = DEALT_CARDS


def _shuffled(cards: Cards, rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def _now(game: Game, seat: str, rng: random.Random) -> tuple[dict[str, Cards], Cards] | None:
    """Every seat's cards now and the kitty now, the hidden ones placed at random as the seat
    may believe them; None when nothing consistent was found."""
    if game.phase in ("play", "over"):
        try:
            world = sample_worlds(game.position(seat), 1, rng.getrandbits(64), seat=seat)[0]
        except ValueError:
            return None
        assert world.kitty is not None  # a world places every card
        return dict(world.hands), world.kitty
    obs = game.observe(seat)
    hands = {s: game.exposed(s) for s in SEATS}
    hands[seat] = obs.hand
    known = obs.hand
    for s in SEATS:
        if s != seat:
            known = known | hands[s]
    kitty_known = obs.kitty is not None
    if kitty_known:
        assert obs.kitty is not None
        known = known | obs.kitty
    pool = _shuffled(Cards.deck() - known, rng)
    for s in SEATS:
        if s != seat:
            need = obs.hand_sizes[s] - len(hands[s])
            hands[s] = hands[s] | Cards(pool[:need])
            del pool[:need]
    if kitty_known:
        assert obs.kitty is not None
        return hands, obs.kitty
    # While declaring, the kitty and the undrawn cards are the rest; later, the kitty.
    return hands, Cards(pool)


def consistent_deck(
    game: Game, seat: str, rng: random.Random
) -> tuple[list[Card], Cards] | None:
    """A deck (108 cards in drawing order) under which the hand's public decisions and
    ``seat``'s own ones could have been made as they were, and the cards its declarer buried
    in it (buried face down, §10.6, they are not the real ones but for the declarer). None
    when this try found none (try again)."""
    now = _now(game, seat, rng)
    if now is None:
        return None
    hands, kitty = now
    held = {s: hands[s] for s in SEATS}
    # The play, 潇洒 and the grabs wound back.
    for decision in game.history:
        if decision.action == "play":
            assert decision.cards is not None
            held[decision.seat] = held[decision.seat] | decision.cards
    for x in reversed(game.xiaosas):
        held[x.seat] = (held[x.seat] - x.taken) | x.jokers
        kitty = (kitty - x.jokers) | x.taken
    for g in reversed(game.grabs):
        held[g.seat] = (held[g.seat] - Cards([g.taken])) | Cards([g.put])
        kitty = (kitty - Cards([g.put])) | Cards([g.taken])
    buried = kitty
    # The cards each seat showed, in the order it showed them (each had to be drawn by then).
    shown = {s: Cards() for s in SEATS}
    shown_order: dict[str, list[Card]] = {s: [] for s in SEATS}
    for d in game.declarations:
        cards = d.cards(game.level)
        new = cards - (cards & shown[d.seat])  # a lock or a reinforcement adds to one's single
        shown[d.seat] = shown[d.seat] | new
        shown_order[d.seat] += list(new)
    declarer = game.declarer
    # The declarer took the kitty once declaring was over (the trump then known), not dry.
    took = declarer is not None and game.trump is not None and not game.dry
    original = kitty
    if took:
        assert declarer is not None
        everything = held[declarer] | kitty  # the 33 cards after taking the kitty
        if seat == declarer:
            original = game.original_kitty
        else:
            believed = _original_kitty(game, everything - shown[declarer], rng)
            if believed is None:
                return None
            original = believed
        held[declarer] = everything - original
    declaring = game.trump is None  # the cards still being drawn
    drawn = game.drawn if declaring else DRAWS
    deck: list[Card | None] = [None] * DRAWS
    first = SEATS.index(game.first_drawer)
    real = game.deck
    for s in SEATS:
        slots = [i for i in range(DRAWS) if (first + i) % 4 == SEATS.index(s)]
        drawn_slots = [i for i in slots if i < drawn]
        if s == seat:
            for i in drawn_slots:
                deck[i] = real[i]
            rest = held[s] - Cards(real[i] for i in drawn_slots)
        else:
            order = shown_order[s] + _shuffled(held[s] - shown[s], rng)
            if len(order) < len(drawn_slots):
                return None
            for i, card in zip(drawn_slots, order):
                deck[i] = card
            rest = Cards(order[len(drawn_slots) :])
        if rest and not declaring:
            return None  # a seat's cards must all be drawn once declaring is over
        kitty = kitty | rest if declaring else kitty
    if declaring:
        undrawn = _shuffled(Cards.deck() - Cards(c for c in deck if c is not None), rng)
        for i in range(drawn, DRAWS):
            deck[i] = undrawn.pop()
        return [c for c in deck if c is not None] + undrawn, Cards()
    bottom = _shuffled(original, rng)
    if game.trump_from_kitty:  # 翻主: the card turned up is the third from the bottom
        flip = real[105]
        bottom.remove(flip)
        bottom.insert(5, flip)
    return [c for c in deck if c is not None] + bottom, buried


def _original_kitty(game: Game, candidates: Cards, rng: random.Random) -> Cards | None:
    """The 8 cards the declarer took, as another seat may believe them: 8 of its cards but
    those it showed (drawn before), with the 翻主 card among them."""
    must = Cards([game.deck[105]]) if game.trump_from_kitty else Cards()
    if not must <= candidates:
        return None
    pool = _shuffled(candidates - must, rng)
    if len(pool) < 8 - len(must):
        return None
    return must | Cards(pool[: 8 - len(must)])
