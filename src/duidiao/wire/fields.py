"""Request fields: one description per field gives both its validation and its JSON Schema.

A field checks a decoded JSON value strictly — integers are not booleans nor floats, numbers
are finite, strings are bounded, objects have only the keys they name — and raises a
``bad_request`` :class:`~duidiao.wire.errors.ProtocolError` naming the field.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duidiao.wire.errors import ProtocolError, quote
from duidiao.wire.strict_json import type_name

__all__ = [
    "Field",
    "Str",
    "Int",
    "Num",
    "Choice",
    "SeatCards",
    "Levels",
    "Obj",
    "SEATS",
    "LEVEL_LETTERS",
    "MISSING",
    "check_fields",
    "fields_schema",
]

SEATS = ("S", "E", "N", "W")
LEVEL_LETTERS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The default of a field that is absent: the handler sees ``None``."""


def _bad(name: str, message: str) -> ProtocolError:
    return ProtocolError("bad_request", f"{name}: {message}", field=name)


@dataclass(frozen=True)
class Field:
    """A request field: ``name``, whether it is ``required``, its ``default`` when absent
    (:data:`MISSING`: the handler gets None) and a one-line ``doc``."""

    name: str
    doc: str = ""
    required: bool = False
    default: Any = MISSING

    def check(self, value: Any) -> Any:
        """The value, checked (and converted where the protocol says so)."""
        raise NotImplementedError

    def type_schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def schema(self) -> dict[str, Any]:
        """The field's JSON Schema."""
        out = self.type_schema()
        if self.doc:
            out["description"] = self.doc
        if self.default is not MISSING and self.default is not None:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class Str(Field):
    """A string of at most ``max_chars`` characters."""

    max_chars: int = 200

    def check(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise _bad(self.name, f"expected a string, not {type_name(value)}")
        if len(value) > self.max_chars:
            raise _bad(
                self.name, f"at most {self.max_chars} characters, not {len(value)}"
            )
        if not value.strip():
            raise _bad(self.name, "empty")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_chars}


@dataclass(frozen=True)
class Choice(Field):
    """One of the strings ``choices`` (case-sensitive)."""

    choices: tuple[str, ...] = ()

    def check(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise _bad(self.name, f"expected a string, not {type_name(value)}")
        if value not in self.choices:
            raise _bad(
                self.name, f"{quote(value)} is not one of {', '.join(self.choices)}"
            )
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}


@dataclass(frozen=True)
class Int(Field):
    """A whole number from ``minimum`` to ``maximum`` (JSON ``3.0`` and booleans refused)."""

    minimum: int = 0
    maximum: int = 2**53 - 1

    def check(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(self.name, f"expected a whole number, not {type_name(value)}")
        if not self.minimum <= value <= self.maximum:
            raise _bad(
                self.name,
                f"must be from {self.minimum} to {self.maximum}, not {_short_int(value)}",
            )
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}


def _short_int(value: int) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:20]}… ({len(text)} digits)"


@dataclass(frozen=True)
class Num(Field):
    """A finite number greater than ``above`` and at most ``maximum``."""

    above: float = 0.0
    maximum: float = 1.0

    def check(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _bad(self.name, f"expected a number, not {type_name(value)}")
        number = float(value)
        if not math.isfinite(number) or not self.above < number <= self.maximum:
            raise _bad(
                self.name,
                f"must be more than {self.above:g} and at most {self.maximum:g}, not {value!r}",
            )
        return number

    def type_schema(self) -> dict[str, Any]:
        return {"type": "number", "exclusiveMinimum": self.above, "maximum": self.maximum}


@dataclass(frozen=True)
class SeatCards(Field):
    """An object seat → card list string (keys among S, E, N, W)."""

    max_chars: int = 200

    def check(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise _bad(self.name, f"expected an object, not {type_name(value)}")
        out: dict[str, str] = {}
        for seat, cards in value.items():
            if seat not in SEATS:
                raise _bad(self.name, f"{quote(seat)} is not a seat (S, E, N or W)")
            out[seat] = Str(f"{self.name}.{seat}", max_chars=self.max_chars).check(cards)
        return out

    def type_schema(self) -> dict[str, Any]:
        card_list = {"type": "string", "minLength": 1, "maxLength": self.max_chars}
        return {
            "type": "object",
            "properties": {seat: dict(card_list) for seat in SEATS},
            "additionalProperties": False,
        }


@dataclass(frozen=True)
class Levels(Field):
    """Both teams' levels: ``{"NS": "5", "EW": "3"}``."""

    def check(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise _bad(self.name, f"expected an object, not {type_name(value)}")
        for team in value:
            if team not in ("NS", "EW"):
                raise _bad(self.name, f"{quote(team)} is not a team (NS or EW)")
        out: dict[str, str] = {}
        for team in ("NS", "EW"):
            if team not in value:
                raise _bad(self.name, f"no level for {team}")
            out[team] = Choice(f"{self.name}.{team}", choices=LEVEL_LETTERS).check(value[team])
        return out

    def type_schema(self) -> dict[str, Any]:
        level = {"type": "string", "enum": list(LEVEL_LETTERS)}
        return {
            "type": "object",
            "properties": {"NS": dict(level), "EW": dict(level)},
            "required": ["NS", "EW"],
            "additionalProperties": False,
        }


@dataclass(frozen=True)
class Obj(Field):
    """A JSON object checked by its handler (an observation)."""

    def check(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise _bad(self.name, f"expected an object, not {type_name(value)}")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "object"}


ENVELOPE = ("id", "cmd")
"""The keys every request may carry besides its command's fields."""


def check_fields(fields: Sequence[Field], request: Mapping[str, Any]) -> dict[str, Any]:
    """The command's fields of ``request``, checked, with defaults for absent ones (None for
    an absent field without a default). Unknown keys are refused."""
    known = {f.name for f in fields}
    for key in request:
        if key not in known and key not in ENVELOPE:
            expected = ", ".join(sorted(known)) or "none"
            raise _bad(str(key)[:60], f"unknown field (this command takes: {expected})")
    out: dict[str, Any] = {}
    for f in fields:
        if f.name in request:
            out[f.name] = f.check(request[f.name])
        elif f.required:
            raise _bad(f.name, "missing")
        else:
            out[f.name] = None if f.default is MISSING else f.default
    return out


def fields_schema(cmd: str, fields: Sequence[Field], doc: str = "") -> dict[str, Any]:
    """The JSON Schema of a request of command ``cmd``: ``id``, ``cmd`` and its fields."""
    properties: dict[str, Any] = {
        "id": {
            "description": "echoed in the reply: a string (at most 200 characters), "
            "an integer or null",
            "anyOf": [
                {"type": "string", "maxLength": 200},
                {"type": "integer", "minimum": -(2**53 - 1), "maximum": 2**53 - 1},
                {"type": "null"},
            ],
        },
        "cmd": {"const": cmd, "description": "the command (required on the line protocol)"},
    }
    for f in fields:
        properties[f.name] = f.schema()
    schema: dict[str, Any] = {
        "title": f"{cmd} request",
        "type": "object",
        "properties": properties,
        "additionalProperties": False,
    }
    if doc:
        schema["description"] = doc
    required = [f.name for f in fields if f.required]
    if required:
        schema["required"] = required
    return schema
