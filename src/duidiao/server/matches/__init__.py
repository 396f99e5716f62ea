"""What a room plays, by family of games: a :class:`Match` deals its hands, knows the seats'
views and options, applies decisions and adds up the hands' results. The room
(:mod:`duidiao.server.rooms`) keeps everything else — connections, tokens, clocks, bots thinking,
托管, the store and the broadcasts — the same for every family.

Two families: the trick games (:mod:`.tricks`: Chifeng, the standard game and its decks) and
the climbing games (:mod:`.climbing`: 够级 and 保皇, rules §12 and §13).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS
from duidiao.server.store import StoredHand

__all__ = ["Applied", "Match", "match_class", "family_of"]


@dataclass
class Applied:
    """A decision applied: as the record and the states show it; when it ended the hand, the
    hand's record (JSON) and result, and whether that result won the match (by ``winner``)."""

    decision: dict[str, Any]
    record: str | None = None
    result: dict[str, Any] | None = None
    match_won: bool = False
    winner: str | None = None


class Match(ABC):
    """The hands of one room's match (its settings: ``config``, the room's)."""

    family: str
    seats: str
    """The seats' letters in playing order."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.config = config
        self.preset = str(config["preset"])
        self.game: Any = None  # the hand in play (None before the first deal)

    @staticmethod
    @abstractmethod
    def seats_of(preset: str) -> str:
        """A preset's seat letters in playing order."""

    # -- bots (their lists are the family's registry) -----------------------------------
    @staticmethod
    @abstractmethod
    def check_bot(name: str, field: str) -> None:
        """A bot that may sit at a table of this family, else the ClientError naming ``field``."""

    @abstractmethod
    def make_bot(self, name: str, seed: int) -> Any: ...

    @abstractmethod
    def is_search(self, name: str) -> bool:
        """Whether the bot searches under a deadline (it has ``stop`` and ``clear_stop``)."""

    # -- hands ---------------------------------------------------------------------------
    @abstractmethod
    def deal(self, number: int, duplicate: bool) -> StoredHand:
        """Deal hand ``number`` (``self.game``); what the store keeps of it."""

    @abstractmethod
    def restore(self, hand: StoredHand, decisions: list[dict[str, Any]], duplicate: bool) -> None:
        """The stored hand dealt again and its decisions (record dicts) applied, each checked."""

    @abstractmethod
    def take_result(self, result: Mapping[str, Any]) -> None:
        """A finished hand's result added to the match's progress."""

    @abstractmethod
    def progress(self) -> dict[str, Any]:
        """The match so far, as the states and the lobby show it."""

    @abstractmethod
    def finished_hand(self) -> tuple[dict[str, Any], bool, str | None]:
        """The hand over: its result, whether it won the match, and by whom."""

    # -- the hand in play ----------------------------------------------------------------
    @property
    def phase(self) -> str:
        return "waiting" if self.game is None else str(self.game.phase)

    @property
    def to_act(self) -> str | None:
        return None if self.game is None else self.game.to_act

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def observe(self, seat: str) -> Any:
        """What a bot of ``seat`` (the seat to act) decides from."""

    @abstractmethod
    def decide(self, bot: Any, observation: Any) -> Any:
        """The bot's decision (run in the thinker's pool)."""

    @abstractmethod
    def standin_decision(self, bot: Any) -> Any:
        """A legal decision for the seat to act, by the stand-in ``bot`` (never fails)."""

    @abstractmethod
    def human_decision(self, seat: str, body: Mapping[str, Any]) -> Any:
        """An ``act`` message as ``seat``'s decision (ClientError naming a bad field)."""

    @abstractmethod
    def forced(self, seat: str, options: Any) -> Any:
        """``seat``'s only legal play, made for it, or None (``options``: its options view)."""

    def snapshot(self) -> Any:
        """What :meth:`rollback` needs to undo the next decision."""
        return self.game.copy()

    def rollback(self, snapshot: Any) -> None:
        self.game = snapshot

    @abstractmethod
    def apply(self, decision: Any, meta: dict[str, Any]) -> Applied:
        """Apply a decision (the game checks it: ClientError ``illegal_move``); ``meta`` goes
        into the hand's record when it ends the hand."""

    # -- what each one may see -------------------------------------------------------------
    @abstractmethod
    def view(self, key: Any, views: Any) -> Any:
        """A view of the hand, computed (the room caches it by ``key`` through ``views``, a
        function of a key): ``"public"``, ``"everything"``, ``"hands"``, ``"options"`` (the
        seat to act's), ``"extra"`` (what the state adds: the rules, the trick just won), or a
        seat's own view."""

    def shown_to_act(self, viewer: str | None, open_room: bool) -> str | None:
        """Who is to act, as ``viewer`` (None: a spectator) may know it."""
        return self.to_act

    @abstractmethod
    def table_rules(self) -> dict[str, Any]:
        """What the table shows of the rules (its family, seats, sizes), so that no frontend
        restates them by preset name."""

    @abstractmethod
    def seen_by_others(self, decision: dict[str, Any], viewer: str | None,
                       open_room: bool) -> dict[str, Any] | None:
        """A decision of the hand in play as ``viewer`` (None: a spectator) may see it."""

    @abstractmethod
    def hint(self, seat: str, seconds: float) -> tuple[Callable[[], dict[str, Any]],
                                                       Callable[[], None]] | None:
        """A hint for ``seat`` (its own turn in the play, else None): the analysis to run in
        the thinker's pool, and how to stop it early."""


def family_of(preset: str) -> str:
    return "climbing" if preset in CLIMBING_PRESETS else "tricks"


def match_class(preset: str) -> type[Match]:
    """The family's Match of a preset."""
    if family_of(preset) == "climbing":
        from duidiao.server.matches.climbing import ClimbingRoomMatch
        return ClimbingRoomMatch
    from duidiao.server.matches.tricks import TrickMatch
    return TrickMatch
