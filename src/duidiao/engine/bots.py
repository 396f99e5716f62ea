"""Bot names for the protocol: the table ``hello`` reports, and a request's budget (``ms`` or
``worlds``) written into a bot name with the bot's other settings kept.

The settings' ranges are the core's (``duidiao.make_bot`` checks them and names the setting);
the table here tells a frontend what it may ask for.
"""

from __future__ import annotations

from typing import Any

import duidiao

from ..levels import level_settings
from .errors import ProtocolError, quote

__all__ = ["BOTS", "SEARCH_BOTS", "bot_table", "with_budget", "check_budget", "make_bot"]

_PIMC_SETTINGS: tuple[dict[str, Any], ...] = (
    {"name": "worlds", "type": "integer", "minimum": 1, "maximum": 1_000_000, "default": 32,
     "doc": "sampled worlds per decision"},
    {"name": "ms", "type": "integer", "minimum": 1, "maximum": 3_600_000, "default": None,
     "doc": "a time budget per decision in milliseconds instead of worlds"},
    {"name": "solve", "type": "integer", "minimum": 0, "maximum": 25, "default": 4,
     "doc": "solve worlds exactly from this many cards in hand"},
    {"name": "margin", "type": "number", "minimum": 0, "maximum": 100, "default": 1,
     "doc": "standard errors a move must gain over the heuristic's choice"},
    {"name": "fair", "type": "integer", "minimum": 0, "maximum": 1, "default": 1,
     "doc": "1: each playout seat sees only its own hand; 0: the whole sampled deal"},
    {"name": "cap", "type": "integer", "minimum": 1, "maximum": 3_600_000, "default": None,
     "doc": "a time cap per decision in milliseconds on a budget of worlds"},
    {"name": "infer", "type": "integer", "minimum": 1, "maximum": 64, "default": 1,
     "doc": "inference from the play: draw this many times the worlds and weigh them (1: off)"},
    {"name": "miss", "type": "number", "minimum": 0.001, "maximum": 1, "default": 1,
     "doc": "inference: a world's weight per past play the heuristic would not have made"},
    {"name": "bury", "type": "integer", "minimum": 0, "maximum": 4096, "default": 0,
     "doc": "bury by search over this many sampled deals (0: as the heuristic buries)"},
    {"name": "declare", "type": "integer", "minimum": 0, "maximum": 4096, "default": 0,
     "doc": "declare by search over this many sampled decks (0: as the heuristic declares)"},
    {"name": "xiaosa", "type": "integer", "minimum": 0, "maximum": 4096, "default": 0,
     "doc": "潇洒 by search over this many sampled deals (0: as the heuristic does)"},
    {"name": "grab", "type": "integer", "minimum": 0, "maximum": 4096, "default": 0,
     "doc": "抢牌 by search over this many sampled deals (0: as the heuristic does)"},
)


def _level_settings(level: str) -> tuple[dict[str, Any], ...]:
    """The pimc settings with a level's own defaults (the core's table of levels)."""
    own = level_settings(level)

    def default(s: dict[str, Any]) -> Any:
        if s["name"] not in own:
            return s["default"]
        return (int if s["type"] == "integer" else float)(own[s["name"]])

    return tuple(dict(s, default=default(s)) for s in _PIMC_SETTINGS)


_ISMCTS_SETTINGS: tuple[dict[str, Any], ...] = (
    {"name": "iterations", "type": "integer", "minimum": 1, "maximum": 100_000_000,
     "default": 2000, "doc": "tree-search iterations per decision (one sampled world each)"},
    {"name": "ms", "type": "integer", "minimum": 1, "maximum": 3_600_000, "default": None,
     "doc": "a time budget per decision in milliseconds instead of iterations"},
    {"name": "cap", "type": "integer", "minimum": 1, "maximum": 3_600_000, "default": None,
     "doc": "a time cap per decision in milliseconds on the iterations"},
    {"name": "c", "type": "number", "minimum": 0, "maximum": 1000, "default": 4,
     "doc": "the UCB exploration constant, in hand-score points"},
    {"name": "solve", "type": "integer", "minimum": 0, "maximum": 25, "default": 4,
     "doc": "from this many cards in hand, pimc's exact search (32 worlds, or the same time)"},
)

BOTS: dict[str, dict[str, Any]] = {
    "random": {"doc": "uniformly random legal decisions", "settings": ()},
    "heuristic": {"doc": "hand-written rules of thumb", "settings": ()},
    "pimc": {
        "doc": "every card by Monte Carlo search over sampled deals (other decisions as "
        "heuristic)",
        "settings": _PIMC_SETTINGS,
    },
    "pimc-oracle": {
        "doc": "pimc that sees every hand of the position it is given (a measuring device, "
        "not a fair player)",
        "settings": _PIMC_SETTINGS,
    },
    "ismcts": {
        "doc": "every card by information-set MCTS over sampled deals (against strategy "
        "fusion; other decisions as heuristic)",
        "settings": _ISMCTS_SETTINGS,
    },
    "easy": {"doc": "the weakest level: the heuristic bot, instant", "settings": ()},
    "normal": {"doc": "pimc at 8 worlds", "settings": _level_settings("normal")},
    "hard": {"doc": "pimc at 32 worlds (the pimc bot)", "settings": _level_settings("hard")},
    "expert": {
        "doc": "the strongest level: 256 worlds, exact from 5 cards, inference from the play, "
        "a searched bury, capped at 1 s a decision",
        "settings": _level_settings("expert"),
    },
}
"""The built-in bots by base name; a name is ``BASE`` or ``BASE:key=value,key=value``."""

SEARCH_BOTS = ("pimc", "pimc-oracle", "ismcts", "normal", "hard", "expert")
"""The bots that search, take a budget and report the values they saw."""


def bot_table() -> list[dict[str, Any]]:
    """The bots as ``hello`` lists them."""
    return [
        {"name": name, "doc": info["doc"], "settings": [dict(s) for s in info["settings"]]}
        for name, info in BOTS.items()
    ]


def _split(name: str, field: str) -> tuple[str, list[tuple[str, str]]]:
    base, _, rest = name.partition(":")
    if base not in BOTS:
        raise ProtocolError(
            "bad_request",
            f"{field}: unknown bot {quote(base)} (expected {', '.join(BOTS)})",
            field=field,
        )
    settings: list[tuple[str, str]] = []
    if rest:
        for item in rest.split(","):
            key, eq, value = item.partition("=")
            if not eq:
                raise ProtocolError(
                    "bad_request",
                    f"{field}: settings are key=value, not {quote(item)}",
                    field=field,
                )
            settings.append((key, value))
    return base, settings


def with_budget(name: str, ms: int | None, worlds: int | None, field: str = "bot") -> str:
    """``name`` with its budget replaced by ``ms`` or ``worlds`` when one is given: ``"pimc"``
    and ``ms=50`` give ``"pimc:ms=50"``, ``"pimc:worlds=64,margin=2"`` and ``worlds=8`` give
    ``"pimc:margin=2,worlds=8"``. A budget for a bot that does not search is refused."""
    base, settings = _split(name, field)
    if ms is None and worlds is None:
        return name
    budget = "ms" if ms is not None else "worlds"
    if base not in SEARCH_BOTS:
        raise ProtocolError(
            "bad_request",
            f"{budget}: the {base} bot does not search, so it takes no budget",
            field=budget,
        )
    counted = "iterations" if base == "ismcts" else "worlds"  # its counted budget
    kept = [(k, v) for k, v in settings if k not in ("ms", counted)]
    kept.append((budget if budget == "ms" else counted, str(ms if ms is not None else worlds)))
    return base + ":" + ",".join(f"{k}={v}" for k, v in kept)


def check_budget(name: str, max_ms: int, max_worlds: int, field: str = "bot") -> None:
    """Refuse a bot name whose own ``ms`` or ``worlds`` setting is over the protocol's limit
    (the core allows an hour; one request may not)."""
    _, settings = _split(name, field)
    for key, value in settings:
        # An ismcts iteration is one playout, a pimc world one playout per legal play.
        limit = {"ms": max_ms, "cap": max_ms, "worlds": max_worlds,
                 "iterations": max_worlds * 128}.get(key)
        if limit is not None and value.isdigit() and len(value) < 12 and int(value) > limit:
            raise ProtocolError(
                "bad_request",
                f"{field}: {key}={value} is over the limit of a request ({key} at most {limit})",
                field=field,
            )


def make_bot(name: str, seed: int, field: str = "bot") -> duidiao.CoreBot:
    """``duidiao.make_bot``, its ValueError turned into a ``bad_request`` naming ``field``."""
    _split(name, field)
    try:
        return duidiao.make_bot(name, seed=seed)
    except ValueError as exc:
        message = str(exc)
        if message.startswith("bot: "):
            message = message[len("bot: "):]
        raise ProtocolError("bad_request", f"{field}: {message}", field=field) from None
