"""A position drawn for people: each hand grouped by effective suit, with suit symbols.

>>> from duidiao import Cards
>>> print(hand_line(Cards("BJ,5H,AH,TH,KD,AS,2C,5S"), 3, "5", "H"))
trumps BJ 5♥ 5♠ A♥ 10♥ · ♦ K · ♠ A · ♣ 2 · 3 hidden
"""

from __future__ import annotations

from duidiao.play.cards import Cards
from duidiao.play.position import Position

__all__ = ["SUIT_SYMBOLS", "card_text", "hand_line", "position_diagram"]

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
_SEAT_ORDER = "SENW"  # playing order


def card_text(name: str) -> str:
    """``'TH'`` → ``'10♥'``, ``'BJ'`` → ``'BJ'`` (big joker), ``'SJ'`` → ``'SJ'``."""
    if name in ("BJ", "SJ"):
        return name
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS[name[1]]


def hand_line(cards: Cards, hidden: int, level: str, trump: str) -> str:
    """Known cards grouped as trumps (full names) then side suits (ranks after a symbol)."""
    groups: dict[str, list[str]] = {}
    for card in cards.ordered(level, trump):
        suit = card.effective_suit(level, trump)
        text = card_text(str(card)) if suit == "T" else "10" if card.rank == "T" else str(card.rank)
        groups.setdefault(suit, []).append(text)
    parts = []
    if "T" in groups:
        parts.append("trumps " + " ".join(groups.pop("T")))
    for suit in "HDSC":
        if suit in groups:
            parts.append(SUIT_SYMBOLS[suit] + " " + " ".join(groups[suit]))
    if hidden:
        parts.append(f"{hidden} hidden")
    return " · ".join(parts) if parts else "(empty)"


def position_diagram(position: Position) -> str:
    """Several lines: the deal's facts, each hand (the declarer marked ``*``), the kitty and
    the trick in progress."""
    level, trump = position.level, position.trump
    levels = position.levels
    lines = [
        f"{position.preset} · level {level} · trump {SUIT_SYMBOLS.get(trump, trump)} · "
        f"declarer {position.declarer} · levels NS {levels['NS']}, EW {levels['EW']} · "
        f"defenders' points {position.points}"
    ]
    hands, unknown = position.hands, position.unknown
    for seat in _SEAT_ORDER:
        mark = "*" if seat == position.declarer else " "
        lines.append(f"  {seat}{mark} {hand_line(hands[seat], unknown[seat], level, trump)}")
    kitty = position.kitty
    shown = hand_line(kitty, 0, level, trump) if kitty is not None else "hidden"
    lines.append(f"  kitty {shown}")
    trick = position.current_trick
    if trick is not None:
        seats = trick.seats
        played = [f"{s}: " + " ".join(card_text(str(c)) for c in p.ordered(level, trump))
                  for s, p in zip(seats, trick.plays)]
        turn = position.turn
        lines.append("  trick " + ("; ".join(played) + "; " if played else "") + f"{turn} to play")
    return "\n".join(lines)
