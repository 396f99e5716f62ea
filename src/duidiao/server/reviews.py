"""Hand reviews at the server (docs/server.md, "Hand reviews"): a finished hand's plays of one
seat valued by the analysis at a level and seed (:mod:`duidiao.search.review`), worked out in
the background one play at a time, kept in the store and shared by a link.

A review is named by what was asked (the record, the seat, the level, the seed), so asking
again, or opening its link, finds the one computed. One review is worked out at a time, each
play as a background search of the thinker (a person's request goes first: a play stopped for
one is analysed again, never kept half searched); the others wait in line. A review left
unfinished by a restart goes on when it is next asked for.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from duidiao.play.climbing.record import FORMAT as CLIMBING_FORMAT
from duidiao.play.record import Record, RecordError
from duidiao.search.review import (
    HandReview,
    PlayReview,
    ReviewStopped,
    replay_frames,
    review_play,
    review_positions,
)
from duidiao.server.messages import ClientError
from duidiao.server.store import Store, StoredReview
from duidiao.server.think import Cancelled, Thinker
from duidiao.wire.errors import bad_request, quote

__all__ = ["Reviews", "review_id"]

log = logging.getLogger("duidiao.server")

QUEUE_MAX = 32
"""The most reviews waiting or under way; more are ``server_busy``."""
PLAY_SECONDS = 300.0
"""The most one play's analysis may take (a safety net: the analyses count their worlds)."""
RETRY_SECONDS = 0.5
"""The pause before a play stopped for a person's request is analysed again."""


def _format_of(record: str) -> Any:
    try:
        data = json.loads(record)
    except ValueError:
        return None
    return data.get("format") if isinstance(data, dict) else None


def review_id(record_json: str, seat: str, level: str, seed: int) -> str:
    """A review's id: a hash of what was asked, so the same request finds the same review."""
    text = json.dumps([json.loads(record_json), seat, level, seed], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


@dataclass
class _Progress:
    done: int = 0
    total: int = 0
    failed: str | None = None
    plays: list[PlayReview] = field(default_factory=list)


class Reviews:
    """The server's reviews: asked for, worked out in line, read back."""

    def __init__(self, store: Store, thinker: Thinker) -> None:
        self.store = store
        self.thinker = thinker
        self._progress: dict[str, _Progress] = {}
        self._frames: dict[str, list[dict[str, Any]]] = {}  # the replays asked for, by id
        self._line: asyncio.Queue[str] | None = None
        self._worker: asyncio.Task[None] | None = None

    # -- asking ---------------------------------------------------------------------------
    def ask(self, record: str, seat: str, level: str, seed: int, *, room: str | None = None,
            hand: int | None = None) -> str:
        """A review of a finished hand's ``record`` (JSON) for ``seat``: its id, computed or
        queued (ClientError: a record that is not one or not finished, a seat with no play,
        ``server_busy`` when the line is full)."""
        if _format_of(record) == CLIMBING_FORMAT:
            raise bad_request("record", "a 够级 or 保皇 hand: reviews are for the trick games' "
                              "hands (the climbing games have none yet)")
        try:
            parsed = Record.from_json(record)
            positions = review_positions(parsed, seat)
        except (RecordError, ValueError) as exc:
            raise bad_request("record", quote(str(exc), 200)) from None
        if parsed.result is None:
            raise bad_request("record", "the hand is not finished: a review needs every card")
        if not positions:
            raise bad_request("seat", f"{seat} made no play in this hand")
        ident = review_id(record, seat, level, seed)
        stored = self.store.load_review(ident)
        if stored is None:
            self.store.add_review(StoredReview(ident, parsed.to_json(), seat, level, seed, room,
                                               hand, None))
            stored = self.store.load_review(ident)
        assert stored is not None
        if stored.review is None:
            self._enqueue(ident, len(positions))
        return ident

    def _enqueue(self, ident: str, total: int) -> None:
        progress = self._progress.get(ident)
        if progress is not None and progress.failed is None:
            return  # in line or under way
        if sum(1 for p in self._progress.values() if p.failed is None) >= QUEUE_MAX:
            raise ClientError("server_busy", f"{QUEUE_MAX} reviews are waiting already; "
                              "try again later")
        self._progress[ident] = _Progress(total=total)
        if self._line is None:
            self._line = asyncio.Queue()
            self._worker = asyncio.get_running_loop().create_task(self._work())
        self._line.put_nowait(ident)

    # -- reading --------------------------------------------------------------------------
    def get(self, ident: str) -> dict[str, Any]:
        """A review as ``GET /api/reviews/{id}`` answers (``no_review`` for an unknown id); an
        unfinished one left by a restart is put back in line."""
        stored = self.store.load_review(ident) if len(ident) <= 64 else None
        if stored is None:
            raise ClientError("no_review", f"no review {quote(ident, 70)}")
        progress = self._progress.get(ident)
        if stored.review is None and progress is None:
            self._enqueue(ident, len(review_positions(Record.from_json(stored.record),
                                                      stored.seat)))
            progress = self._progress[ident]
        frames = self._frames.get(ident)
        if frames is None:
            if len(self._frames) >= QUEUE_MAX * 4:
                self._frames.clear()
            frames = self._frames[ident] = replay_frames(Record.from_json(stored.record))
        out: dict[str, Any] = {
            "id": ident, "seat": stored.seat, "level": stored.level, "seed": stored.seed,
            "room": stored.room, "hand": stored.hand_number,
            "record": json.loads(stored.record), "frames": frames,
        }
        if stored.review is not None:
            total = len(stored.review["plays"])
            return {**out, "status": "done", "done": total, "total": total,
                    "review": stored.review}
        assert progress is not None
        status = "failed" if progress.failed else ("running" if progress.done or
                                                   progress.plays else "waiting")
        return {**out, "status": status, "done": progress.done, "total": progress.total,
                "error": progress.failed, "review": None}

    # -- working ----------------------------------------------------------------------------
    async def _work(self) -> None:
        assert self._line is not None
        while True:
            ident = await self._line.get()
            try:
                await self._compute(ident)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a review never stops the line
                log.exception("review %s failed", ident)
                self._progress[ident].failed = f"{type(exc).__name__}: {exc}"[:200]

    async def _compute(self, ident: str) -> None:
        stored = self.store.load_review(ident)
        assert stored is not None
        record = Record.from_json(stored.record)
        plays = review_positions(record, stored.seat)
        progress = self._progress[ident]
        progress.total = len(plays)
        for ply, trick, position, played in plays:
            progress.plays.append(await self._play(ident, position, played, stored, ply, trick))
            progress.done = len(progress.plays)
        hand = HandReview(seat=stored.seat, level=stored.level, seed=stored.seed,
                          worlds=progress.plays[0].worlds if progress.plays else 0,
                          plays=tuple(progress.plays))
        self.store.set_review(ident, hand.to_dict())
        del self._progress[ident]

    async def _play(self, ident: str, position: str, played: str, stored: StoredReview,
                    ply: int, trick: int) -> PlayReview:
        while True:
            stop = threading.Event()
            job = self.thinker.job(stop=stop.set, clear=stop.clear, seconds=PLAY_SECONDS,
                                   foreground=False, what=f"review {ident}: ply {ply}")
            try:
                return await job.run(self._analyse, position, played, stored, ply, trick, stop)
            except (ReviewStopped, Cancelled):
                if job.stopped_because == "deadline":
                    raise RuntimeError(f"ply {ply} took over {PLAY_SECONDS:g} s") from None
            await asyncio.sleep(RETRY_SECONDS)  # stopped for a person: again, in full

    @staticmethod
    def _analyse(position: str, played: str, stored: StoredReview, ply: int, trick: int,
                 stop: threading.Event) -> PlayReview:
        return review_play(position, played, stored.level, stored.seed, ply=ply, trick=trick,
                           stop=stop)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.cancel()


def check_review_request(body: Mapping[str, Any]) -> None:
    """A review request names one hand: ``room`` and ``hand``, or ``record`` (ClientError)."""
    from_room = body.get("room") is not None or body.get("hand") is not None
    if from_room and body.get("record") is not None:
        raise bad_request("record", "give either room and hand or a record, not both")
    if from_room and (body.get("room") is None or body.get("hand") is None):
        missing = "room" if body.get("room") is None else "hand"
        raise bad_request(missing, "missing (a room's hand needs both room and hand)")
    if not from_room and body.get("record") is None:
        raise bad_request("record", "missing (or room and hand)")
