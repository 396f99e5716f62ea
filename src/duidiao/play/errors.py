"""The exceptions of the public API. Every input error is a :class:`ValueError`."""

from __future__ import annotations

__all__ = ["NotationError", "IllegalMoveError", "HiddenCardsError", "SearchStopped"]


class NotationError(ValueError):
    """A position string, card or card list that is not valid.

    The message names the field and quotes the token, for example
    ``kitty: '1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)``.
    """


class IllegalMoveError(ValueError):
    """A move that is not legal in the position; the message says why in game terms.

    ``reason``, when the core gave one, is a fixed word for why: ``not_held``,
    ``not_followed``, ``throw_unknown`` (a throw whose fate the hidden cards decide),
    ``pairs_not_followed`` and ``tractor_not_followed`` (rules §10.4, ``must_follow_format``:
    a pair or a tractor held in the led suit and not played), ...
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class HiddenCardsError(ValueError):
    """A question that needs cards the position does not know (a hidden hand or kitty),
    or a result asked for before the hand is over."""


class SearchStopped(RuntimeError):
    """A search was stopped (its ``stop`` event set, or its time limit passed) before it had
    any answer to give. A search stopped later answers with what it has instead."""
