"""Duplicate sessions (开室/闭室): two tables play the same deals with the teams' seats swapped,
and the session nets them deal by deal (docs/server.md, "Duplicate sessions").

Team A sits North–South at the open table (开室) and East–West at the closed one (闭室); team B
the other way round. Deal *i* is drawn from the session's seed as ``duidiao duel`` draws its
deal *i* (:func:`duidiao.research.duel.draw_deal`: the pack, both levels and the fixed
declarer), so each deal stands alone: no level carries over and no match is played. Each table
is a room of its own (people take any seats, bots fill the others) that deals the next deal a
few seconds after the last, until the session's deals are played.

Nothing of a deal leaves the session before both tables have finished it: neither table's
record, history, review nor a spectator's view (a player at the other table could otherwise
read the cards they hold). The netting uses the hand score of rules §7.2, as ``duidiao duel``
counts a hand: at each table A's hand score minus B's; A's net on a deal is the sum over the
two tables (A sits NS at the open table, EW at the closed one) and B's its opposite.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from duidiao.server.messages import SESSION_FIELDS, ClientError, check_message
from duidiao.server.store import StoredSession
from duidiao.wire.errors import bad_request

if TYPE_CHECKING:
    from duidiao.server.rooms import Room, Rooms

__all__ = ["TABLES", "Session", "check_session_settings"]

TABLES = ("open", "closed")
"""The session's two tables: 开室 and 闭室."""
TEAM_A_SEATS = {"open": "NS", "closed": "EW"}
"""Where team A sits at each table (team B sits at the other pair of seats)."""
BIGGEST = 3
"""How many deals the result names as those where the pairs differ most."""

def check_session_settings(data: Mapping[str, Any]) -> dict[str, Any]:
    """A session's settings checked, the seed filled in (ClientError naming the field); the
    seats' bots are checked by the rooms made of them."""
    config = check_message(SESSION_FIELDS, data)
    humans = sum(1 for table in TABLES for player in config[f"{table}_seats"].values()
                 if player == "human")
    if humans >= 2 and config["seed"] is not None:
        raise bad_request("seed", "not with two or more human seats (whoever knows the seed "
                          "knows every deal)")
    if config["seed"] is None:
        config["seed"] = secrets.randbits(63)
    return config


def room_settings(config: Mapping[str, Any], table: str) -> dict[str, Any]:
    """The settings of one table's room (a room's own fields)."""
    return {
        "preset": config["preset"], "seats": dict(config[f"{table}_seats"]), "open": False,
        "decision_seconds": config["decision_seconds"], "bot_delay_ms": config["bot_delay_ms"],
        "hand_pause_seconds": config["hand_pause_seconds"], "seed": config["seed"],
    }


class Session:
    """A duplicate session: its settings and its two tables (rooms, loaded when needed)."""

    def __init__(self, rooms: Rooms, stored: StoredSession) -> None:
        self.rooms = rooms
        self.id = stored.id
        self.config = stored.config
        self.origin = stored.origin

    @property
    def deals(self) -> int:
        return int(self.config["deals"])

    def room_id(self, table: str) -> str:
        return str(self.config["tables"][table])

    def table_of(self, room_id: str) -> str:
        return next(t for t in TABLES if self.room_id(t) == room_id)

    def room(self, table: str) -> Room:
        return self.rooms.get(self.room_id(table))

    def results(self, table: str) -> dict[int, dict[str, Any]]:
        """The finished deals' results at ``table``, by deal number (1 = the first)."""
        return self.rooms.store.hand_results(self.room_id(table))

    def finished_deals(self) -> list[int]:
        """The deals both tables have finished: the only ones anything is shown of."""
        both = set(self.results("open")) & set(self.results("closed"))
        return sorted(both)

    def may_show(self, deal: int) -> bool:
        return deal in self.finished_deals()

    @property
    def complete(self) -> bool:
        return len(self.finished_deals()) >= self.deals

    def hidden_error(self, what: str) -> ClientError:
        return ClientError("duplicate_hidden", f"{what}: a deal of duplicate session {self.id} "
                         "is shown once both tables have finished it")

    def start(self) -> None:
        """A person took a seat: tables with nobody to wait for start dealing too."""
        for table in TABLES:
            room = self.room(table)
            if not room.humans:
                room.play_alone()

    def summary(self) -> dict[str, Any]:
        """The session's result page: the tables, then each deal both have finished with its
        two results and the netting for team A and team B (rules §7.2's hand scores), the
        totals, and the deals where the pairs differ most."""
        opened, closed = self.results("open"), self.results("closed")
        rows: list[dict[str, Any]] = []
        for deal in self.finished_deals():
            # At each table, A's hand score minus B's (what ``duidiao duel`` counts); the
            # two tables' sum is A's net, B's is its opposite.
            at_open = _difference(opened[deal], TEAM_A_SEATS["open"])
            at_closed = _difference(closed[deal], TEAM_A_SEATS["closed"])
            net = at_open + at_closed
            rows.append({"deal": deal, "declarer": opened[deal]["declarer"],
                         "open": {**_shown(opened[deal]), "a_minus_b": at_open},
                         "closed": {**_shown(closed[deal]), "a_minus_b": at_closed},
                         "net": {"A": net, "B": -net}})
        differ = sorted((r for r in rows if r["net"]["A"] != 0),
                        key=lambda r: (-abs(r["net"]["A"]), r["deal"]))
        tables = {}
        for table in TABLES:
            room = self.room(table)
            tables[table] = {"room": room.id, "team_a": TEAM_A_SEATS[table],
                             "seats": room.seats_dict(), "free_seats": room.free_seats,
                             "deals_done": len(self.results(table)),
                             "hand_number": room.hand_number, "phase": room.phase}
        return {
            "session": self.id, "preset": self.config["preset"], "deals": self.deals,
            "tables": tables, "results": rows,
            "total": {team: sum(r["net"][team] for r in rows) for team in ("A", "B")},
            "biggest": [r["deal"] for r in differ[:BIGGEST]],
            "complete": len(rows) >= self.deals,
        }


def _difference(result: Mapping[str, Any], a_seats: str) -> int:
    scores = result["scores"]
    b_seats = "EW" if a_seats == "NS" else "NS"
    return int(scores[a_seats]) - int(scores[b_seats])


def _shown(result: Mapping[str, Any]) -> dict[str, Any]:
    keys = ("outcome", "points", "scores", "levels", "next_declarer", "stake")
    return {k: result[k] for k in keys if k in result}
