"""Strict JSON for the wire formats (the engine's lines, the server's messages and bodies): no
NaN or Infinity, no key given twice, no number longer than a bound (read before Python converts
it, so a million-digit number costs nothing), no nesting deeper than Python's reader goes, no
string holding a lone surrogate (``"\ud800"``: not text, and no reply could echo it as UTF-8).
Every refusal is a :class:`JsonError` with a short message that quotes little of the input;
:func:`decode` makes it the error reply both wires send."""

from __future__ import annotations

import json
import re
from typing import Any

from duidiao.wire.errors import WireError

__all__ = ["JsonError", "NUMBER_DIGITS", "decode", "loads", "type_name"]

NUMBER_DIGITS = 40
"""The most digits a JSON number may have."""


class JsonError(ValueError):
    """Not JSON that the wire formats take. ``too_big``: it is JSON, with a number past the
    bound (a bad field rather than bad framing)."""

    def __init__(self, message: str, too_big: bool = False) -> None:
        super().__init__(message)
        self.too_big = too_big


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > NUMBER_DIGITS:
        raise JsonError(f"a number of {len(text)} digits (at most {NUMBER_DIGITS})", True)
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 2 * NUMBER_DIGITS:
        raise JsonError(f"a number of {len(text)} characters (at most {2 * NUMBER_DIGITS})", True)
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise JsonError(f"the number {text[:NUMBER_DIGITS]} is too large", True)
    return value


def _refuse_constant(text: str) -> Any:
    raise JsonError(f"{text} is not JSON")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonError(f"the key {key[:60]!r} appears twice")
        out[key] = value
    return out


# A \uD800-\uDFFF escape: the only way a surrogate gets into a str read from UTF-8 text.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _refuse_lone_surrogates(value: Any) -> None:
    """A JsonError when a string (or key) of ``value`` holds a surrogate not in a pair."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as exc:
                code = ord(item[exc.start])
                raise JsonError(f"a string holds the lone surrogate \\u{code:04x}: not text") \
                    from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def loads(text: str) -> Any:
    """The JSON value of ``text``; :class:`JsonError` when it is not strict JSON."""
    value = _loads(text)
    if _SURROGATE_ESCAPE.search(text):  # pairs are fine: only a lone one is refused
        _refuse_lone_surrogates(value)
    return value


def decode(text: str) -> Any:
    """The JSON value of ``text``, or the error reply: ``bad_json`` ("not JSON: …"), or
    ``bad_request`` for a number past the bound (JSON, with a bad field)."""
    try:
        return loads(text)
    except JsonError as exc:
        if exc.too_big:
            raise WireError("bad_request", str(exc)) from None
        raise WireError("bad_json", f"not JSON: {exc}") from None


def _loads(text: str) -> Any:
    try:
        return json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_refuse_constant,
            object_pairs_hook=_no_duplicates,
        )
    except JsonError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonError(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise JsonError("nested too deeply") from None
    except ValueError as exc:
        raise JsonError(str(exc)[:200]) from None


def type_name(value: Any) -> str:
    """How an error message names the JSON type of ``value``: "an integer", "null", …"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
