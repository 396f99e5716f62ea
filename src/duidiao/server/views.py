"""What a spectator may see, as JSON-ready dicts: the public view, and an open room's view of
every hand (a seat's own view is ``Observation.to_dict()``)."""

from __future__ import annotations

from typing import Any

import duidiao

__all__ = ["public_dict", "everything_dict", "hands_dict", "card_text"]


def card_text(cards: duidiao.Cards | None, level: str | None, trump: str | None) -> str | None:
    """A card list in notation order when the trump is known (trumps first)."""
    if cards is None:
        return None
    if trump is not None and level is not None:
        return cards.notation(level, trump)
    return str(cards)


def public_dict(game: duidiao.Game) -> dict[str, Any]:
    """What a spectator may know (``Game.observe_public()``): seat None, no hand, no original
    kitty, every hand hidden in the position but its exposed cards."""
    return game.observe_public().to_dict()


def hands_dict(game: duidiao.Game) -> dict[str, str]:
    """Every seat's cards now, in notation order once trumps are known."""
    return {
        seat: card_text(cards, game.level, game.trump) or "-" for seat, cards in game.hands.items()
    }


def everything_dict(game: duidiao.Game) -> dict[str, Any]:
    """An open room's spectator view: the public observation with the full-knowledge
    position in the play phase (:func:`hands_dict` gives the hands themselves)."""
    out = public_dict(game)
    if game.phase in ("play", "over"):
        out["position"] = str(game.position())
    return out
