"""The bots, in one registry: the core's built-in ones (its table, src/search/bot_table.cpp)
and the bots an operator registers — any :class:`~duidiao.play.decisions.Player` written in Python.
The command line, the engine's ``hello``, the server's ``hello`` and rooms, self-play, duels
and ``duidiao timing`` read their lists here and make their bots with :func:`make`.

A bot is registered three ways:

- in code: ``duidiao.bots.register("mine", MyBot)``;
- by a package, with an entry point in the group ``duidiao.bots``
  (``[project.entry-points."duidiao.bots"] mine = "mypackage.bots:MyBot"``), loaded on first use;
- on the command line: ``duidiao --bot mine=mypackage.bots:MyBot selfplay --ns mine``.

A registered bot is made as ``factory(seed=seed)``. Only the operator registers: a client of
the engine or the server names a registered bot, never a module.

>>> import duidiao
>>> class Lowest:
...     def decide(self, obs):
...         return duidiao.play.decisions.options(obs)[0]
>>> duidiao.bots.register("lowest", lambda seed: Lowest(), doc="the first option")
>>> [k.name for k in duidiao.bots.kinds().values() if not k.builtin]
['lowest']
>>> duidiao.bots.unregister("lowest")
"""

from __future__ import annotations

import importlib
import re
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from duidiao import _core
from duidiao.play.builds import engine_module
from duidiao.play.decisions import Player, decide
from duidiao.play.position import Move, Position
from duidiao.search import belief

__all__ = [
    "BotKind",
    "ENTRY_POINT_GROUP",
    "kinds",
    "names",
    "levels",
    "kind_of",
    "level_settings",
    "make",
    "play_position",
    "register",
    "register_spec",
    "unregister",
]

# The learned belief of the built-in bots' `belief` setting (docs/belief.md), loaded once.
belief.install_default()

ENTRY_POINT_GROUP = "duidiao.bots"
NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""A registered bot's name: lower-case letters, digits, ``-`` and ``_`` (settings follow a
``:`` in the built-in bots' names, so a name has none)."""

Factory = Callable[..., Player]


@dataclass(frozen=True)
class BotKind:
    """One bot of the registry."""

    name: str
    doc: str
    builtin: bool
    searches: bool
    """Decides by search: takes a budget (``ms``, ``worlds``) and reports the values it saw."""
    stops: bool
    """Has ``stop()`` and ``clear_stop()``, so that a deadline can end its decision: the
    server seats only such bots."""
    sees_everything: bool
    """A measuring device that sees every hand it is given (never at a table)."""
    level: bool
    """A named strength for frontends (``easy`` … ``expert``, weakest first)."""
    settings: tuple[Mapping[str, Any], ...] = ()
    """What may follow the name after a colon: name, type, minimum, maximum, default (with a
    level's own defaults), doc."""
    own: Mapping[str, str] = field(default_factory=dict)
    """A level's own settings, key to value as in a bot name (``"worlds": "256"``)."""
    origin: str = "built-in"
    factory: Factory | None = field(default=None, compare=False, repr=False)

    @property
    def served(self) -> bool:
        """Offered at the server's tables: stops on a deadline and sees only its seat."""
        return self.stops and not self.sees_everything


_registered: dict[str, BotKind] = {}


def _number(kind: str, value: float | str) -> int | float | None:
    if value == "":
        return None  # no default: the setting is absent unless given
    number = float(value)
    return int(number) if kind == "integer" else number


@cache
def _builtin() -> dict[str, BotKind]:
    out: dict[str, BotKind] = {}
    for row in _core.bot_table():
        own = dict(item.split("=", 1) for item in row["defaults"].split(",") if item)
        settings = tuple(
            {
                "name": s["name"], "type": s["type"], "minimum": _number(s["type"], s["minimum"]),
                "maximum": _number(s["type"], s["maximum"]),
                "default": _number(s["type"], own.get(s["name"], s["default"])),
                "doc": s["doc"],
            }
            for s in row["settings"]
        )
        out[row["name"]] = BotKind(
            name=row["name"], doc=row["doc"], builtin=True, searches=row["searches"],
            stops=True, sees_everything=row["sees_everything"], level=row["level"],
            settings=settings, own=own,
        )
    return out


@cache
def _entry_points() -> dict[str, BotKind]:
    """The bots installed packages register (loaded once, on first use)."""
    from importlib.metadata import entry_points

    found: Any = entry_points()
    # Python 3.9's entry_points() is a dict of groups; 3.10 on select a group
    group = found.select(group=ENTRY_POINT_GROUP) if hasattr(found, "select") \
        else found.get(ENTRY_POINT_GROUP, ())
    out: dict[str, BotKind] = {}
    for ep in group:
        try:
            out[ep.name] = _kind(ep.name, ep.load(), doc=None, origin=f"entry point {ep.value}")
        except Exception as exc:  # a broken package must not break every command: named, left out
            warnings.warn(f"duidiao: the bot {ep.name!r} of entry point {ep.value!r} is left "
                          f"out: {type(exc).__name__}: {exc}", RuntimeWarning, stacklevel=2)
    return out


def _kind(name: str, factory: Any, *, doc: str | None, origin: str) -> BotKind:
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise ValueError(f"bot name {name!r:.40}: lower-case letters, digits, - and _ "
                         "(up to 32, a letter first)")
    if name in _builtin():
        raise ValueError(f"bot name {name!r}: a built-in bot has that name")
    if not callable(factory):
        raise ValueError(f"bot {name!r}: {origin} is not a class or a function")
    stops = all(callable(getattr(factory, m, None)) for m in ("stop", "clear_stop"))
    text = doc if doc is not None else (getattr(factory, "__doc__", None) or "").strip()
    return BotKind(
        name=name, doc=text.splitlines()[0] if text else "a registered bot", builtin=False,
        searches=False, stops=stops, sees_everything=False, level=False, origin=origin,
        factory=factory,
    )


def register(name: str, factory: Factory, *, doc: str | None = None,
             origin: str = "registered in code") -> None:
    """Register ``factory`` (a :class:`~duidiao.play.decisions.Player` class, or a function of
    ``seed``) as the bot ``name``: usable wherever a built-in bot is, by that name. Its
    ``doc`` (default: the first line of its docstring) is what lists show. A class with
    ``stop()`` and ``clear_stop()`` methods is seated by the server too."""
    _registered[name] = _kind(name, factory, doc=doc, origin=origin)


def unregister(name: str) -> None:
    """Forget a bot :func:`register` registered."""
    _registered.pop(name, None)


def register_spec(spec: str) -> str:
    """Register the bot a command line names, ``NAME=module:Class`` (or ``module:function``);
    returns NAME. One clear ``ValueError`` when the module or the object is not found."""
    name, eq, target = spec.partition("=")
    module, colon, attr = target.partition(":")
    if not eq or not colon or not module or not attr:
        raise ValueError(f"--bot {spec!r:.80}: NAME=module:Class")
    try:
        obj: Any = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except AttributeError:
        raise ValueError(f"--bot {spec!r:.80}: module {module!r} has no {attr!r}") from None
    except ImportError as exc:
        missing = f"no module {module!r}" if exc.name == module else f"importing {module!r}: {exc}"
        raise ValueError(f"--bot {spec!r:.80}: {missing}") from None
    except Exception as exc:  # the operator's module fails as it loads: named, in one line
        raise ValueError(f"--bot {spec!r:.80}: importing {module!r}: "
                         f"{type(exc).__name__}: {exc}") from None
    register(name, obj, origin=target)
    return name


def kinds() -> dict[str, BotKind]:
    """Every bot by name: the built-in ones in the core's order, then the installed packages'
    and the registered ones."""
    return {**_builtin(), **_entry_points(), **_registered}


def names(*, served: bool = False) -> tuple[str, ...]:
    """The bots' names (``served``: only those the server seats)."""
    return tuple(k.name for k in kinds().values() if k.served or not served)


def levels() -> tuple[str, ...]:
    """The named strengths, weakest first: ``easy`` … ``expert``."""
    return tuple(k.name for k in _builtin().values() if k.level)


def level_settings(level: str) -> Mapping[str, str]:
    """A level's own settings, key to value as in a bot name (``"worlds": "256"``)."""
    kind = _builtin().get(level)
    if kind is not None and kind.level:
        return dict(kind.own)
    raise ValueError(f"unknown level {level!r:.40} (expected {', '.join(levels())})")


def kind_of(name: str, *, served: bool = False) -> BotKind:
    """The registry's entry for a bot name (its settings after a colon ignored); a
    ``ValueError`` naming the bots there are (``served``: those the server seats)."""
    base = name.partition(":")[0] if isinstance(name, str) else name
    kind = kinds().get(base) if isinstance(base, str) else None
    if kind is None:
        others = [n for n in names(served=served) if n not in levels()]
        raise ValueError(f"bot: unknown bot {str(name)[:40]!r} (expected "
                         f"{', '.join(others)}, or a level: {', '.join(levels())})")
    return kind


def make(name: str, seed: int = 0) -> Player:
    """The bot ``name`` with ``seed``: a built-in one (:class:`~duidiao.search.players.CoreBot`,
    settings after a colon) or a registered one (``factory(seed=seed)``)."""
    kind = kind_of(name)
    if kind.builtin:
        from duidiao.search.players import CoreBot, HeuristicBot, RandomBot

        named = {"random": RandomBot, "heuristic": HeuristicBot}.get(name)
        return named(seed) if named is not None else CoreBot(name, seed)
    if name != kind.name:
        raise ValueError(f"bot: {name[:40]!r}: the {kind.name} bot takes no settings")
    assert kind.factory is not None
    return kind.factory(seed=seed)


def play_position(bot: Player, position: Position | str) -> Move:
    """``bot``'s play in ``position`` from the view of the seat to move (every card the
    position shows is seen: give each seat its own view). A built-in bot plays it in the
    core; any other is asked :meth:`~duidiao.play.decisions.Player.decide` on that view."""
    from duidiao.play.game import Observation
    from duidiao.search.players import CoreBot

    if isinstance(bot, CoreBot):
        return bot.play_position(position)
    pos = position if isinstance(position, Position) else Position(position)
    pos.seat_to_choose("a play is chosen")
    core = engine_module(pos.rules).observe_play(pos.core, *pos.core_levels())
    obs = Observation.from_core(core, pos.rules)
    chosen = decide(bot, obs)
    assert chosen.cards is not None
    return pos.parse_move(chosen.cards)
