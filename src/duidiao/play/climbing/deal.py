"""Shuffling and dealing four packs (rules §12.3, §13.2), with suits: they matter before play
(上班's 3s, rules §12.4; 保皇's called face, rules §13.3) and nowhere after."""

from __future__ import annotations

import random

from duidiao.play.climbing.cards import BJ, SJ, Pile

__all__ = ["Card", "PACKS_DECK", "shuffled", "draw", "pile_of_cards", "SUIT_LETTERS"]

Card = tuple[int, int]  # (value, suit 0-3 for H D S C; -1 for a joker; 4 for the marked BJ)
SUIT_LETTERS = "HDSC"
PACKS_DECK: tuple[Card, ...] = tuple(
    [(v, s) for v in range(1, 14) for s in range(4) for _ in range(4)]
    + [(SJ, -1)] * 4
    + [(BJ, -1)] * 4
)


def shuffled(rng: random.Random, marked: bool = False) -> list[Card]:
    """The 216 cards in a random order; ``marked`` makes one BJ the 保皇 emperor card."""
    deck = list(PACKS_DECK)
    if marked:
        deck[-1] = (BJ, 4)
    rng.shuffle(deck)
    return deck


def draw(deck: list[Card], seats: int, first: int) -> list[list[Card]]:
    """One card at a time in playing order from ``first`` (rules §12.3, §13.2)."""
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for i, card in enumerate(deck):
        hands[(first + i) % seats].append(card)
    return hands


def pile_of_cards(cards: list[Card], call: tuple[int, int] | None = None) -> Pile:
    counts = [0] * 16
    called = 0
    for value, suit in cards:
        counts[value] += 1
        if call is not None and value == call[0] and (value >= SJ or suit == call[1]):
            called += 1
    return Pile(tuple(counts), called)
