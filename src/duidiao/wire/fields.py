"""Message fields: one description per field gives both its validation and its JSON Schema.

The engine's commands and the server's WebSocket messages and room settings are tables of these
fields. A field checks a decoded JSON value strictly — whole numbers are not booleans nor
``3.0``, numbers are finite, strings are bounded and not blank, objects have only the keys they
name, ``null`` only where a field is ``nullable`` — and raises a ``bad_request``
:class:`~duidiao.wire.errors.WireError` whose message starts with the field's name.

A request also carries its envelope: an ``id`` echoed in the reply (:func:`check_id`) and the
key naming its kind (the engine's ``cmd``, the server's ``type``: :func:`check_kind`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from duidiao.play.level import LETTERS
from duidiao.play.seats import TRICK_SEATS
from duidiao.wire.errors import WireError, bad_request, quote
from duidiao.wire.strict_json import type_name

__all__ = [
    "Field",
    "Str",
    "Bool",
    "Int",
    "Num",
    "Choice",
    "PerSeat",
    "Levels",
    "Obj",
    "MISSING",
    "ID_INT_MAX",
    "check_fields",
    "check_id",
    "check_kind",
    "fields_schema",
    "id_schema",
]

_SEATS = tuple(TRICK_SEATS.letters)
_TEAMS = tuple(TRICK_SEATS.teams or ())
_LEVELS = tuple(LETTERS)

ID_INT_MAX = 2**53 - 1
"""The largest integer id (and seed) on the wire: exact in every JSON reader (JavaScript's)."""


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""The default of a field that is absent: the handler sees ``None``."""


def _number(value: float) -> str:
    """A bound as people write it: ``600``, ``0.1`` (never ``1e+06``)."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _short_int(value: int) -> str:
    text = str(value)
    return text if len(text) <= 24 else f"{text[:20]}… ({len(text)} digits)"


@dataclass(frozen=True)
class Field:
    """A field: ``name``, whether it is ``required``, its ``default`` when absent
    (:data:`MISSING`: the handler gets None), a one-line ``doc``, and whether it may be
    ``nullable`` (JSON ``null``, given to the handler as None)."""

    name: str
    doc: str = ""
    required: bool = False
    default: Any = MISSING
    nullable: bool = False

    def check(self, value: Any) -> Any:
        """The value, checked (and converted where the field says so)."""
        if value is None and self.nullable:
            return None
        return self.check_value(value)

    def check_value(self, value: Any) -> Any:
        raise NotImplementedError

    def type_schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def bad(self, message: str) -> WireError:
        return bad_request(self.name, message)

    def schema(self) -> dict[str, Any]:
        """The field's JSON Schema (2020-12, as OpenAPI 3.1 has it)."""
        out = self.type_schema()
        if self.nullable:
            out["type"] = [out["type"], "null"]
        if self.doc:
            out["description"] = self.doc
        if self.default is not MISSING and self.default is not None:
            out["default"] = copy.deepcopy(self.default)
        return out


@dataclass(frozen=True)
class Str(Field):
    """A string of at most ``max_chars`` characters, not blank."""

    max_chars: int = 200

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise self.bad(f"expected a string, not {type_name(value)}")
        if len(value) > self.max_chars:
            raise self.bad(f"at most {self.max_chars} characters, not {len(value)}")
        if not value.strip():
            raise self.bad("empty")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "string", "minLength": 1, "maxLength": self.max_chars}


@dataclass(frozen=True)
class Choice(Field):
    """One of the strings ``choices`` (case-sensitive)."""

    choices: tuple[str, ...] = ()

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, str):
            raise self.bad(f"expected a string, not {type_name(value)}")
        if value not in self.choices:
            raise self.bad(f"{quote(value)} is not one of {', '.join(self.choices)}")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}


@dataclass(frozen=True)
class Bool(Field):
    """``true`` or ``false``."""

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, bool):
            raise self.bad(f"expected true or false, not {type_name(value)}")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


@dataclass(frozen=True)
class Int(Field):
    """A whole number from ``minimum`` to ``maximum`` (JSON ``3.0`` and booleans refused)."""

    minimum: int = 0
    maximum: int = ID_INT_MAX

    def check_value(self, value: Any) -> Any:
        if isinstance(value, float):
            raise self.bad(f"expected a whole number, not {value!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.bad(f"expected a whole number, not {type_name(value)}")
        if not self.minimum <= value <= self.maximum:
            raise self.bad(
                f"must be from {self.minimum} to {self.maximum}, not {_short_int(value)}"
            )
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": self.minimum, "maximum": self.maximum}


@dataclass(frozen=True)
class Num(Field):
    """A finite number at most ``maximum`` and either at least ``minimum`` or more than
    ``above`` (one of the two is given), kept as it came (``5`` stays an int)."""

    minimum: float | None = None
    above: float | None = None
    maximum: float = 1.0

    def __post_init__(self) -> None:
        assert (self.minimum is None) != (self.above is None), "minimum or above, not both"

    def check_value(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.bad(f"expected a number, not {type_name(value)}")
        try:
            number = float(value)
        except OverflowError:  # an integer past any float (from Python; JSON's are bounded)
            number = math.inf
        if self.above is not None:
            inside = self.above < number
            bounds = f"more than {_number(self.above)} and at most {_number(self.maximum)}"
        else:
            assert self.minimum is not None
            inside = self.minimum <= number
            bounds = f"from {_number(self.minimum)} to {_number(self.maximum)}"
        if not (math.isfinite(number) and inside and number <= self.maximum):
            shown = _short_int(value) if isinstance(value, int) else repr(value)
            raise self.bad(f"must be {bounds}, not {shown}")
        return value

    def type_schema(self) -> dict[str, Any]:
        low = ({"minimum": self.minimum} if self.above is None
               else {"exclusiveMinimum": self.above})
        return {"type": "number", **low, "maximum": self.maximum}


@dataclass(frozen=True)
class PerSeat(Field):
    """An object seat → string of at most ``max_chars`` characters, its keys among ``letters``
    (the trick games' S, E, N, W unless told; with ``every_seat``, all of them)."""

    max_chars: int = 200
    every_seat: bool = False
    letters: tuple[str, ...] = _SEATS

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise self.bad(f"expected an object, not {type_name(value)}")
        for seat in value:
            if seat not in self.letters:
                raise self.bad(f"{quote(seat)} is not a seat ({', '.join(self.letters)})")
        out: dict[str, str] = {}
        for seat in self.letters:
            where = f"{self.name}.{seat}"
            if seat in value:
                out[seat] = Str(where, max_chars=self.max_chars).check(value[seat])
            elif self.every_seat:
                count = {4: "four", 5: "five", 6: "six"}.get(len(self.letters), len(self.letters))
                raise bad_request(where, f"missing (give all {count} seats)")
        return out

    def type_schema(self) -> dict[str, Any]:
        text = {"type": "string", "minLength": 1, "maxLength": self.max_chars}
        out: dict[str, Any] = {
            "type": "object",
            "properties": {seat: dict(text) for seat in self.letters},
            "additionalProperties": False,
        }
        if self.every_seat:
            out["required"] = list(self.letters)
        return out


@dataclass(frozen=True)
class Levels(Field):
    """Both teams' levels: ``{"NS": "5", "EW": "3"}``."""

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise self.bad(f"expected an object, not {type_name(value)}")
        for team in value:
            if team not in _TEAMS:
                raise self.bad(f"{quote(team)} is not a team ({' or '.join(_TEAMS)})")
        out: dict[str, str] = {}
        for team in _TEAMS:
            if team not in value:
                raise self.bad(f"no level for {team}")
            out[team] = Choice(f"{self.name}.{team}", choices=_LEVELS).check(value[team])
        return out

    def type_schema(self) -> dict[str, Any]:
        level = {"type": "string", "enum": list(_LEVELS)}
        return {
            "type": "object",
            "properties": {team: dict(level) for team in _TEAMS},
            "required": list(_TEAMS),
            "additionalProperties": False,
        }


@dataclass(frozen=True)
class Obj(Field):
    """A JSON object checked by its handler (an observation)."""

    def check_value(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise self.bad(f"expected an object, not {type_name(value)}")
        return value

    def type_schema(self) -> dict[str, Any]:
        return {"type": "object"}


def check_fields(
    fields: Sequence[Field],
    request: Mapping[str, Any],
    *,
    envelope: Collection[str] = (),
    what: str = "command",
) -> dict[str, Any]:
    """The fields of ``request``, checked, with defaults for absent ones (a copy; None for an
    absent field without a default). A key that is neither a field nor in ``envelope`` is refused,
    the message listing what this ``what`` takes."""
    known = {f.name for f in fields}
    for key in request:
        if key not in known and key not in envelope:
            expected = ", ".join(sorted(known)) or "none"
            raise bad_request(str(key)[:60], f"unknown field (this {what} takes: {expected})")
    out: dict[str, Any] = {}
    for f in fields:
        if f.name in request:
            out[f.name] = f.check(request[f.name])
        elif f.required:
            raise f.bad("missing")
        else:
            out[f.name] = None if f.default is MISSING else copy.deepcopy(f.default)
    return out


def fields_schema(
    fields: Sequence[Field],
    title: str,
    doc: str = "",
    envelope: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON Schema (2020-12, as in OpenAPI 3.1) of an object with these fields, after the
    ``envelope`` properties given (a request's ``id`` and kind)."""
    properties: dict[str, Any] = dict(envelope or {})
    for f in fields:
        properties[f.name] = f.schema()
    schema: dict[str, Any] = {
        "title": title,
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


def check_id(request: Mapping[str, Any], max_chars: int) -> Any:
    """The request's ``id``, echoed in its reply: a string of at most ``max_chars``
    characters, an integer within ±:data:`ID_INT_MAX`, or None (absent or null); any other
    is a ``bad_request``."""
    rid = request.get("id")
    if rid is None or (isinstance(rid, str) and len(rid) <= max_chars):
        return rid
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) <= ID_INT_MAX:
        return rid
    raise bad_request(
        "id", f"a string of at most {max_chars} characters, an integer of at most 2**53-1 or null"
    )


def id_schema(max_chars: int) -> dict[str, Any]:
    """The JSON Schema of an ``id`` :func:`check_id` takes."""
    return {
        "description": f"echoed in the reply: a string (at most {max_chars} characters), "
        "an integer or null",
        "anyOf": [
            {"type": "string", "maxLength": max_chars},
            {"type": "integer", "minimum": -ID_INT_MAX, "maximum": ID_INT_MAX},
            {"type": "null"},
        ],
    }


def check_kind(request: Mapping[str, Any], key: str, kinds: Collection[str], code: str) -> str:
    """The request's kind, its string under ``key`` (the engine's ``cmd``, the server's
    ``type``): absent or not a string is a ``bad_request``, a string not among ``kinds`` the
    error ``code`` (the engine's ``unknown_command``, the server's ``unknown_type``)."""
    if key not in request:
        raise bad_request(key, "missing")
    kind = request[key]
    if not isinstance(kind, str):
        raise bad_request(key, f"expected a string, not {type_name(kind)}")
    if kind not in kinds:
        raise WireError(code, f"{key}: {quote(kind)} is not one of {', '.join(kinds)}")
    return kind
