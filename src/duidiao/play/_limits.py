"""Range checks of whole-number arguments, made in Python before the C++ core sees them.

A value past a C++ ``int`` (or ``uint64_t``) would reach pybind11 as a ``TypeError`` with a
traceback; checked here, it is a ``ValueError`` that names the argument and the range. The CLI
uses the same ranges as argparse types.
"""

from __future__ import annotations

import argparse
import math
from typing import Any, Callable

__all__ = [
    "INT_MAX", "INT_MIN", "SEED_MAX", "COUNT_MAX", "check_int", "core_int", "check_number",
    "int_in", "quote",
]

INT_MAX = 2**31 - 1
"""The largest C++ ``int``: worlds, card counts and targets cross into the core as one."""
INT_MIN = -(2**31)
"""The smallest C++ ``int``."""
SEED_MAX = 2**64 - 1
"""Seeds cross into the core as ``uint64_t``."""
COUNT_MAX = 10**9
"""The most hands or matches one ``selfplay`` or ``duel`` run plays (docs/cli.md)."""


def _range(low: int, high: int) -> str:
    if high == SEED_MAX:
        return f"{low} to 2**64-1"
    return f"{low} to {high}"


def check_int(name: str, value: Any, low: int, high: int) -> int:
    """``value`` as an int when it is a whole number from ``low`` to ``high``; otherwise a
    ValueError naming ``name`` and the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(
            f"{name}: expected a whole number from {_range(low, high)}, not {_short(value)}"
        )
    return int(value)


def core_int(name: str, value: Any) -> int:
    """``value`` as an int when it is a whole number a C++ ``int`` holds; otherwise a ValueError
    naming ``name``. For an option whose range the core checks (and words) itself."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name}: expected a whole number, not {_short(value)}")
    if not INT_MIN <= value <= INT_MAX:
        side = "large" if value > 0 else "small"
        raise ValueError(f"{name}: {_short(value)} is too {side} (the core takes whole numbers "
                         f"from {INT_MIN} to {INT_MAX})")
    return int(value)


def check_number(name: str, value: Any) -> float:
    """``value`` as a float when it is a real number (not a bool); otherwise a ValueError naming
    ``name``. Its range is the core's to check."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name}: expected a number, not {_short(value)}")
    return float(value)


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def int_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, the range in the error."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {_range(low, high)}, not {_short(text)}"
            )
        return value

    parse.__name__ = "whole number"  # what argparse names the type in its messages
    return parse


def number_in(low: float, high: float, unit: str = "", *, above: bool = False
              ) -> Callable[[str], float]:
    """An argparse ``type``: a finite number from ``low`` (or ``above`` it) to ``high``, the
    range and ``unit`` in the error."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        inside = (low < value if above else low <= value) and value <= high
        if not (math.isfinite(value) and inside):
            start = f"above {low:g}" if above else f"from {low:g}"
            raise argparse.ArgumentTypeError(
                f"expected a number {start} to {high:g}{unit}, not {_short(text)}")
        return value

    parse.__name__ = "number"
    return parse


SEARCH_WORLDS_MAX = 1_000_000
"""The most sampled worlds one request or command asks for."""

SEARCH_SECONDS_MAX = 600
"""The longest search one request or command asks for (the engine's analyse and solve, the
command line's analyse): one limit, said in their help."""

QUOTE_MAX = 40
"""The most characters of a bad token an error message quotes."""


def quote(text: Any, limit: int = QUOTE_MAX) -> str:
    """``text`` quoted for an error message (its ``repr``): whole when short, else its first
    ``limit`` characters and its length, so that a 1 MB token gives a short message (a value
    that is not a string: its ``repr``, cut to ``limit`` characters)."""
    if not isinstance(text, str):
        return _short(text, limit)
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"
