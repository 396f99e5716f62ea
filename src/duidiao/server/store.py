"""The server's SQLite file: rooms, seats, hands and the event log (docs/server.md).

One connection, used under a lock; every write is one short transaction committed before the
caller goes on, so a decision is on disk before any state showing it is sent. WAL journal with
``synchronous=NORMAL``: a committed transaction survives the process being killed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "Store", "StoredRoom", "StoredHand", "StoredEvent", "StoredReview", "StoredSession",
    "RoomSummary", "SCHEMA_VERSION", "StoreError",
]

FILENAME = "duidiao.sqlite3"

# Each migration takes the file from version i to i + 1; never edit one that has shipped.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE rooms (
        id TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        created REAL NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE seats (
        room TEXT NOT NULL REFERENCES rooms(id),
        seat TEXT NOT NULL,
        player TEXT NOT NULL,
        token_hash TEXT,
        PRIMARY KEY (room, seat)
    );
    CREATE TABLE hands (
        room TEXT NOT NULL REFERENCES rooms(id),
        hand_number INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        first_drawer TEXT NOT NULL,
        declarer TEXT,
        levels TEXT NOT NULL,
        record TEXT,
        result TEXT,
        PRIMARY KEY (room, hand_number)
    );
    CREATE TABLE events (
        room TEXT NOT NULL REFERENCES rooms(id),
        seq INTEGER NOT NULL,
        hand_number INTEGER NOT NULL,
        decision TEXT NOT NULL,
        made_by TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (room, seq)
    );
    """,
    # 2: who created a room (the per-address cap counts rooms restored after a restart too)
    # and when it was last in use (a room nobody is connected to expires; limits.py).
    """
    ALTER TABLE rooms ADD COLUMN origin TEXT;
    ALTER TABLE rooms ADD COLUMN touched REAL;
    UPDATE rooms SET touched = created;
    """,
    # 3: duplicate sessions (two tables of one room each, rooms.config names the session)
    # and hand reviews, computed once and kept (a shared link opens the stored one).
    """
    ALTER TABLE rooms ADD COLUMN session TEXT;
    CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        config TEXT NOT NULL,
        created REAL NOT NULL,
        origin TEXT
    );
    CREATE TABLE reviews (
        id TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        seat TEXT NOT NULL,
        level TEXT NOT NULL,
        seed INTEGER NOT NULL,
        room TEXT,
        hand_number INTEGER,
        review TEXT,
        created REAL NOT NULL
    );
    """,
    # 4: a hand's levels may be NULL: the climbing games (够级, 保皇; rules §12, §13) have none.
    # SQLite cannot drop a NOT NULL: the table is made again and its rows copied.
    """
    CREATE TABLE hands_v4 (
        room TEXT NOT NULL REFERENCES rooms(id),
        hand_number INTEGER NOT NULL,
        seed INTEGER NOT NULL,
        first_drawer TEXT NOT NULL,
        declarer TEXT,
        levels TEXT,
        record TEXT,
        result TEXT,
        PRIMARY KEY (room, hand_number)
    );
    INSERT INTO hands_v4 (room, hand_number, seed, first_drawer, declarer, levels, record, result)
        SELECT room, hand_number, seed, first_drawer, declarer, levels, record, result FROM hands;
    DROP TABLE hands;
    ALTER TABLE hands_v4 RENAME TO hands;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(RuntimeError):
    """The data file cannot be used (a newer schema, a broken file)."""


@dataclass
class StoredHand:
    hand_number: int
    seed: int
    first_drawer: str
    declarer: str | None
    levels: dict[str, str] | None  # None: a climbing hand (no levels)
    record: str | None
    result: dict[str, Any] | None


@dataclass
class StoredEvent:
    seq: int
    hand_number: int
    decision: dict[str, Any]
    made_by: str


@dataclass
class StoredRoom:
    id: str
    config: dict[str, Any]
    finished: bool
    token_hashes: dict[str, str | None]
    hands: list[StoredHand]
    events: list[StoredEvent]
    origin: str | None = None  # the creating client's address
    touched: float = 0.0  # wall-clock time it was last in use


@dataclass
class StoredSession:
    """A duplicate session: its settings (the two tables' room ids among them)."""

    id: str
    config: dict[str, Any]
    origin: str | None = None


@dataclass
class StoredReview:
    """A hand review: what was asked (the hand's record, the seat, the level and the seed;
    the room and hand when it came from one) and, once computed, the review's JSON."""

    id: str
    record: str
    seat: str
    level: str
    seed: int
    room: str | None
    hand_number: int | None
    review: dict[str, Any] | None


@dataclass
class RoomSummary:
    """What expiry needs to know of a stored room without loading it."""

    id: str
    finished: bool
    claimed: bool  # a person holds a seat
    touched: float


class Store:
    """The data file. ``Store(directory)`` opens (or creates) ``directory/duidiao.sqlite3``
    and brings its schema up to :data:`SCHEMA_VERSION`."""

    def __init__(self, directory: str | Path) -> None:
        path = Path(directory)
        path.mkdir(parents=True, exist_ok=True)
        self.path = path / FILENAME
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(
                str(self.path), isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: {exc}") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _version(self) -> int:
        exists = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchone()
        if not exists:
            return 0
        row = self._db.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        version = self._version()
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: schema version {version} is newer than this server's "
                f"({SCHEMA_VERSION}); use a newer duidiao"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            with self._write() as db:
                for statement in MIGRATIONS[target - 1].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)",
                    (str(target),),
                )

    @property
    def schema_version(self) -> int:
        with self._lock:
            return self._version()

    # -- writes --------------------------------------------------------------------------
    def add_room(self, room: str, config: dict[str, Any], players: dict[str, str],
                 origin: str | None = None, session: str | None = None) -> None:
        now = time.time()
        with self._write() as db:
            db.execute(
                "INSERT INTO rooms (id, config, created, origin, touched, session) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (room, json.dumps(config, sort_keys=True), now, origin, now, session),
            )
            db.executemany(
                "INSERT INTO seats (room, seat, player) VALUES (?, ?, ?)",
                [(room, seat, player) for seat, player in players.items()],
            )

    def touch(self, room: str, when: float | None = None) -> None:
        """Note that the room is in use now (or at wall-clock time ``when``)."""
        with self._write() as db:
            db.execute("UPDATE rooms SET touched = ? WHERE id = ?",
                       (time.time() if when is None else when, room))

    def drop_room(self, room: str) -> None:
        """Forget a room, its hands and its decisions."""
        with self._write() as db:
            for table in ("events", "hands", "seats"):
                db.execute(f"DELETE FROM {table} WHERE room = ?", (room,))
            db.execute("DELETE FROM rooms WHERE id = ?", (room,))

    def set_config(self, room: str, config: dict[str, Any]) -> None:
        with self._write() as db:
            text = json.dumps(config, sort_keys=True)
            db.execute("UPDATE rooms SET config = ? WHERE id = ?", (text, room))

    def claim_seat(self, room: str, seat: str, token_hash: str) -> None:
        with self._write() as db:
            db.execute(
                "UPDATE seats SET token_hash = ? WHERE room = ? AND seat = ?",
                (token_hash, room, seat),
            )

    def add_hand(self, room: str, hand: StoredHand) -> None:
        with self._write() as db:
            db.execute(
                "INSERT INTO hands (room, hand_number, seed, first_drawer, declarer, levels) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    room,
                    hand.hand_number,
                    hand.seed,
                    hand.first_drawer,
                    hand.declarer,
                    None if hand.levels is None else json.dumps(hand.levels, sort_keys=True),
                ),
            )

    def add_event(
        self,
        room: str,
        event: StoredEvent,
        finished_hand: tuple[str, dict[str, Any]] | None = None,
        match_over: bool = False,
    ) -> None:
        """Append a decision; with ``finished_hand`` = (record JSON, result dict) the hand's
        record is written in the same transaction, and ``match_over`` closes the room."""
        with self._write() as db:
            db.execute(
                "INSERT INTO events (room, seq, hand_number, decision, made_by, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    room,
                    event.seq,
                    event.hand_number,
                    json.dumps(event.decision, ensure_ascii=False),
                    event.made_by,
                    time.time(),
                ),
            )
            if finished_hand is not None:
                record, result = finished_hand
                db.execute(
                    "UPDATE hands SET record = ?, result = ? WHERE room = ? AND hand_number = ?",
                    (record, json.dumps(result, sort_keys=True), room, event.hand_number),
                )
            if match_over:
                db.execute("UPDATE rooms SET finished = 1 WHERE id = ?", (room,))

    def add_session(self, session: StoredSession) -> None:
        with self._write() as db:
            db.execute("INSERT INTO sessions (id, config, created, origin) VALUES (?, ?, ?, ?)",
                       (session.id, json.dumps(session.config, sort_keys=True), time.time(),
                        session.origin))

    def add_review(self, review: StoredReview) -> None:
        """Keep a review asked for (``review`` None until computed); an id kept already
        stays as it is."""
        with self._write() as db:
            db.execute(
                "INSERT OR IGNORE INTO reviews (id, record, seat, level, seed, room, "
                "hand_number, review, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (review.id, review.record, review.seat, review.level, review.seed, review.room,
                 review.hand_number,
                 None if review.review is None else json.dumps(review.review), time.time()))

    def set_review(self, review_id: str, review: dict[str, Any]) -> None:
        with self._write() as db:
            db.execute("UPDATE reviews SET review = ? WHERE id = ?",
                       (json.dumps(review), review_id))

    # -- reads ---------------------------------------------------------------------------
    def load_session(self, session: str) -> StoredSession | None:
        with self._lock:
            row = self._db.execute("SELECT config, origin FROM sessions WHERE id = ?",
                                   (session,)).fetchone()
        return None if row is None else StoredSession(session, json.loads(row[0]), row[1])

    def session_ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM sessions ORDER BY created")]

    def load_review(self, review_id: str) -> StoredReview | None:
        with self._lock:
            row = self._db.execute(
                "SELECT record, seat, level, seed, room, hand_number, review FROM reviews "
                "WHERE id = ?", (review_id,)).fetchone()
        if row is None:
            return None
        return StoredReview(review_id, row[0], row[1], row[2], int(row[3]), row[4],
                            None if row[5] is None else int(row[5]),
                            None if row[6] is None else json.loads(row[6]))

    def room_ids(self, *, unfinished_only: bool = True) -> list[str]:
        with self._lock:
            query = "SELECT id FROM rooms"
            if unfinished_only:
                query += " WHERE finished = 0"
            return [row[0] for row in self._db.execute(query + " ORDER BY created, id")]

    def summaries(self) -> list[RoomSummary]:
        """Every stored room, for expiry (a duplicate session's table counts as claimed: it
        goes with its session)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT r.id, r.finished, COALESCE(r.touched, r.created), "
                "r.session IS NOT NULL OR EXISTS (SELECT 1 FROM seats s "
                "WHERE s.room = r.id AND s.token_hash IS NOT NULL) "
                "FROM rooms r ORDER BY r.created, r.id"
            ).fetchall()
        return [RoomSummary(str(i), bool(f), bool(c), float(t)) for i, f, t, c in rows]

    def load_room(self, room: str) -> StoredRoom | None:
        with self._lock:
            row = self._db.execute(
                "SELECT config, finished, origin, COALESCE(touched, created) FROM rooms "
                "WHERE id = ?", (room,)
            ).fetchone()
            if row is None:
                return None
            seats = {
                seat: token
                for seat, token in self._db.execute(
                    "SELECT seat, token_hash FROM seats WHERE room = ?", (room,)
                )
            }
            hands = [
                StoredHand(
                    hand_number=int(h[0]),
                    seed=int(h[1]),
                    first_drawer=str(h[2]),
                    declarer=h[3],
                    levels=None if h[4] is None else json.loads(h[4]),
                    record=h[5],
                    result=None if h[6] is None else json.loads(h[6]),
                )
                for h in self._db.execute(
                    "SELECT hand_number, seed, first_drawer, declarer, levels, record, result "
                    "FROM hands WHERE room = ? ORDER BY hand_number",
                    (room,),
                )
            ]
            events = [
                StoredEvent(int(e[0]), int(e[1]), json.loads(e[2]), str(e[3]))
                for e in self._db.execute(
                    "SELECT seq, hand_number, decision, made_by FROM events WHERE room = ? "
                    "ORDER BY seq",
                    (room,),
                )
            ]
        return StoredRoom(room, json.loads(row[0]), bool(row[1]), seats, hands, events,
                          origin=row[2], touched=float(row[3]))

    def hand_results(self, room: str) -> dict[int, dict[str, Any]]:
        """The finished hands' results of a room, by hand number, each with the hand's
        ``declarer`` (as dealt: None in a match's 抢庄) beside the result's own keys."""
        with self._lock:
            rows = self._db.execute(
                "SELECT hand_number, result, declarer FROM hands WHERE room = ? "
                "AND result IS NOT NULL", (room,)).fetchall()
        return {int(n): {**json.loads(r), "declarer": d} for n, r, d in rows}

    def hand_record(self, room: str, hand_number: int) -> str | None:
        with self._lock:
            row = self._db.execute(
                "SELECT record FROM hands WHERE room = ? AND hand_number = ?", (room, hand_number)
            ).fetchone()
        return None if row is None else row[0]
