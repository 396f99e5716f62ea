"""Bot names for the protocol: the table ``hello`` reports, and a request's budget (``ms`` or
``worlds``) written into a bot name with the bot's other settings kept.

The settings' ranges are the core's (``duidiao.make_bot`` checks them and names the setting);
the table here tells a frontend what it may ask for.
"""

from __future__ import annotations

from typing import Any

import duidiao
from duidiao.search import bots
from duidiao.wire.errors import ProtocolError, quote

__all__ = ["bot_table", "search_bots", "with_budget", "check_budget", "make_bot"]


def bot_table() -> list[dict[str, Any]]:
    """The bots as ``hello`` lists them (:mod:`duidiao.bots`, the one registry), built-in and
    registered: name, doc, and the settings a name may carry after a colon."""
    return [
        {"name": kind.name, "doc": kind.doc, "settings": [dict(s) for s in kind.settings]}
        for kind in bots.kinds().values()
    ]


def search_bots() -> tuple[str, ...]:
    """The bots that search, take a budget and report the values they saw."""
    return tuple(kind.name for kind in bots.kinds().values() if kind.searches)


def _split(name: str, field: str) -> tuple[str, list[tuple[str, str]]]:
    base, _, rest = name.partition(":")
    if base not in bots.kinds():
        raise ProtocolError(
            "bad_request",
            f"{field}: unknown bot {quote(base)} (expected {', '.join(bots.names())})",
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
    kind = bots.kinds()[base]
    if not kind.searches:
        raise ProtocolError(
            "bad_request",
            f"{budget}: the {base} bot does not search, so it takes no budget",
            field=budget,
        )
    counted = kind.settings[0]["name"]  # its counted budget (worlds, iterations) comes first
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


def make_bot(name: str, seed: int, field: str = "bot") -> duidiao.Player:
    """``duidiao.make_bot``, its ValueError turned into a ``bad_request`` naming ``field``."""
    _split(name, field)
    try:
        return duidiao.make_bot(name, seed=seed)
    except ValueError as exc:
        message = str(exc)
        if message.startswith("bot: "):
            message = message[len("bot: "):]
        raise ProtocolError("bad_request", f"{field}: {message}", field=field) from None
