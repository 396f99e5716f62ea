"""Game rooms: a state machine over the hands of a match, with seats, bots and timers. What
is played comes from the preset's family (:mod:`duidiao.server.matches`: the trick games, or
the climbing games 够级 and 保皇); the flow is the same for every family. A decision comes in (a
person's act, a bot's answer), the game checks it, it is appended to the store, and each
connection is sent its own view (docs/server.md).

Everything here runs on the event loop thread; only bot decisions and hints are computed in
the thinker's pool, from an observation or a position copied out of the game, and the game is
not changed while a decision for it is being computed (a person's act then gets ``busy``).

A searching bot is a background job of the thinker: stopped at ``--bot-seconds`` (its wait for
a search thread included), stopped early when a person's request needs the thread, and stopped
and forgotten when the room's last connection leaves (it thinks again when one comes back).
Rooms are capped per client address whatever their state, and a room nobody is connected to
expires (limits.py says when).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Mapping
from typing import Any

from duidiao.server import limits as L
from duidiao.server.duplicate import TABLES, Session, check_session_settings, room_settings
from duidiao.server.limits import ServerLimits
from duidiao.server.matches import Match, family_of, match_class
from duidiao.server.matches.tricks import table_rules
from duidiao.server.messages import ROOM_FIELDS, ClientError, check_message
from duidiao.server.store import Store, StoredEvent, StoredRoom, StoredSession
from duidiao.server.think import Cancelled, Job, NoSlot, Thinker
from duidiao.wire.errors import bad_request, quote
from duidiao.wire.fields import PerSeat

__all__ = ["Client", "Room", "Rooms", "check_settings", "table_rules"]

log = logging.getLogger("duidiao.server")

SWEEP_SECONDS = 15.0
"""How often rooms nobody is connected to are looked at for expiry."""
STANDIN = "heuristic"
"""The bot that decides for a human who runs out of time."""
FORCED_PAUSE_SECONDS = 0.6
"""How long the table shows a person's only legal play before making it for them."""


class Client:
    """A connection as a room sees it: ``send`` queues a message (never blocks)."""

    room: Room | None = None
    seat: str | None = None

    def send(self, message: dict[str, Any]) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_settings(data: Mapping[str, Any]) -> dict[str, Any]:
    """A room's settings checked, defaults and the seed filled in (ClientError)."""
    config = check_message(ROOM_FIELDS, data)
    match = match_class(config["preset"])
    seats = match.seats_of(config["preset"])
    given = config["seats"]
    if given is None:  # a person in the first seat, the heuristic in the others
        given = {seat: "human" if seat == seats[0] else "heuristic" for seat in seats}
    # the wire's per-seat check, with this preset's seats
    players: dict[str, str] = PerSeat("seats", max_chars=64, every_seat=True,
                                      letters=tuple(seats)).check(given)
    for seat, player in players.items():
        if player != "human":
            match.check_bot(player, f"seats.{seat}")
    config["seats"] = players
    humans = sum(1 for player in players.values() if player == "human")
    if humans >= 2:
        # A chosen seed lets whoever knows it deal every hand again, and an open room shows
        # every hand to its spectators: either would show one player another's cards.
        if config["seed"] is not None:
            raise bad_request("seed", "not with two or more human seats (whoever knows the "
                              "seed knows every hand)")
        if config["open"]:
            raise bad_request("open", "not with two or more human seats (a player could "
                              "watch every hand from another tab)")
    if config["seed"] is None:
        config["seed"] = secrets.randbits(63)
    return config


class Room:
    """One room: its settings, seats, the match so far and the hand in play."""

    def __init__(self, rooms: Rooms, room_id: str, config: dict[str, Any]) -> None:
        self.rooms = rooms
        self.id = room_id
        self.config = config
        self.match: Match = match_class(config["preset"])(config)
        self.seats = self.match.seats
        self.players: dict[str, str] = dict(config["seats"])
        self.tokens: dict[str, str | None] = {s: None for s in self.seats}
        seed = int(config["seed"])
        self.bots = {
            seat: self.match.make_bot(player, random.Random(f"{seed}/bot/{seat}").getrandbits(31))
            for seat, player in self.players.items()
            if player != "human"
        }
        self.standin = self.match.make_bot(STANDIN, seed % (2**31))
        # 托管: the bots people handed their seats to, by seat, and the seats whose only legal
        # play is not made for them (kept in the config, so a restart keeps both).
        self.autoplay: dict[str, str] = {}
        self._autoplay_bots: dict[str, Any] = {}
        for seat, bot in dict(config.get("autoplay") or {}).items():
            self._hand_over(seat, bot)
        self.auto_forced: dict[str, bool] = dict(config.get("auto_forced") or {})
        self.clients: list[Client] = []
        self.holders: dict[str, Client] = {}
        self.hand_number = 0
        self.match_winner: str | None = None
        self.result: dict[str, Any] | None = None
        self.version = 0
        self.seq = 0
        self.hands: list[dict[str, Any]] = []  # per hand: hand_number, decisions, result
        self.last: dict[str, Any] | None = None
        self.deadline: float | None = None
        self.thinking = False
        self.hinting = False
        self.closed = False
        # A duplicate session's table: {"session", "table", "deals"} (duplicate.py).
        self.duplicate: dict[str, Any] | None = config.get("duplicate")
        self.alone = False  # a duplicate table of bots only, playing with nobody there
        self.origin: str | None = None  # the address that created it (for the cap)
        self.idle_since: float | None = time.monotonic()  # no connection since then
        self._task: asyncio.Task[None] | None = None
        self._job: Job | None = None  # the bot's search in progress
        self._hint: tuple[Client, Job] | None = None  # a hint in progress, and for whom
        self._views: dict[Any, Any] = {}
        self._views_version = -1

    def _hand_over(self, seat: str, bot: str | None) -> None:
        if bot is None:
            self.autoplay.pop(seat, None)
            self._autoplay_bots.pop(seat, None)
        else:
            seed = random.Random(f"{self.config['seed']}/autoplay/{seat}").getrandbits(31)
            self.autoplay[seat] = bot
            self._autoplay_bots[seat] = self.match.make_bot(bot, seed)

    # -- facts ---------------------------------------------------------------------------
    @property
    def humans(self) -> list[str]:
        return [s for s in self.seats if self.players[s] == "human"]

    @property
    def finished(self) -> bool:
        """The match is over, or a duplicate table has played its session's deals."""
        if self.match_winner is not None:
            return True
        return (self.duplicate is not None and self.match.is_over
                and self.hand_number >= int(self.duplicate["deals"]))

    @property
    def session(self) -> Session | None:
        if self.duplicate is None:
            return None
        return self.rooms.session(str(self.duplicate["session"]))

    def _ends_match(self, match_won: bool) -> bool:
        """Whether a hand just over ends the room: the match won, or a duplicate table's
        last deal (a duplicate deal stands alone: no match is won there)."""
        if self.duplicate is not None:
            return self.hand_number >= int(self.duplicate["deals"])
        return match_won

    def may_show_hand(self, hand_number: int) -> bool:
        """Whether anything of a finished hand may be shown (its record, its review): always,
        but a duplicate deal the other table has not finished."""
        session = self.session
        return session is None or session.may_show(hand_number)

    @property
    def claimed(self) -> bool:
        """A person holds a seat (has its token)."""
        return any(self.tokens[s] is not None for s in self.humans)

    def expiry(self) -> float | None:
        """Seconds of idleness after which the room expires, by its state (limits.py)."""
        if not self.claimed:
            return L.ROOM_IDLE_SECONDS
        if self.finished:
            return L.ROOM_IDLE_SECONDS
        return L.SEATED_IDLE_SECONDS

    @property
    def free_seats(self) -> list[str]:
        return [s for s in self.humans if self.tokens[s] is None]

    @property
    def game(self) -> Any:
        """The hand in play (None before the first deal)."""
        return self.match.game

    @property
    def phase(self) -> str:
        return self.match.phase

    @property
    def to_act(self) -> str | None:
        if self.game is None or self.finished:
            return None
        return self.match.to_act

    @property
    def hand_pause(self) -> float:
        pause = self.config.get("hand_pause_seconds")
        if pause is not None:
            return float(pause)
        return 8.0 if self.humans else 1.0

    def seats_dict(self) -> dict[str, dict[str, Any]]:
        return {
            seat: {
                "player": self.players[seat],
                "claimed": self.players[seat] != "human" or self.tokens[seat] is not None,
                "connected": self.players[seat] != "human" or seat in self.holders,
                "autoplay": self.autoplay.get(seat),
            }
            for seat in self.seats
        }

    def summary(self) -> dict[str, Any]:
        return {
            "room": self.id,
            "preset": self.config["preset"],
            "family": self.match.family,
            "open": self.config["open"],
            "decision_seconds": self.config["decision_seconds"],
            "bot_delay_ms": self.config["bot_delay_ms"],
            "hand_pause_seconds": self.hand_pause,
            "seats": self.seats_dict(),
            "free_seats": self.free_seats,
            "hand_number": self.hand_number,
            "phase": self.phase,
            # the lobby is public, an open room's too: who is asked, as any seat may know it
            "to_act": (None if self.to_act is None
                       else self.match.shown_to_act(None, open_room=False)),
            **self.match.progress(),
            "match_winner": self.match_winner,
            "duplicate": self.duplicate,
            "version": self.version,
            "watchers": sum(1 for c in self.clients if c.seat is None),
        }

    def history(self) -> list[dict[str, Any]]:
        """Every decision of the room, those of the hand in play as the seats see each other's
        (anyone may read the history: it is public): no pass of declaring or 潇洒, a face-down
        bury written ``?8`` (duidiao.play.decisions.seen_by_others). A finished hand's in full."""
        out = []
        session = self.session
        shown = None if session is None else set(session.finished_deals())
        for h in self.hands:
            if shown is not None and h["hand_number"] not in shown:
                continue  # a duplicate deal: nothing until both tables have finished it
            if h["result"] is None:
                seen = (self.match.seen_by_others(d, None, False) for d in h["decisions"])
                decisions = [d for d in seen if d is not None]
            else:
                decisions = [dict(d) for d in h["decisions"]]
            out.append({"hand_number": h["hand_number"], "decisions": decisions,
                        "result": h["result"]})
        return out

    def shown_to_act(self, viewer: str | None) -> str | None:
        """Who is to act as ``viewer`` (None: a spectator) may know it."""
        if self.to_act is None:
            return None
        return self.match.shown_to_act(viewer, bool(self.config["open"]))

    # -- restoring -------------------------------------------------------------------------
    def restore(self, stored: StoredRoom) -> None:
        """Rebuild the match from the store: finished hands from their results, the last
        hand dealt again from its seed with its decisions applied in order."""
        self.origin = stored.origin
        # Idle since it was last in use, as far as the store knows (not before it was loaded).
        idle_for = min(max(0.0, time.time() - stored.touched), 10 * L.SEATED_IDLE_SECONDS)
        self.idle_since = time.monotonic() - idle_for
        self.tokens.update({s: t for s, t in stored.token_hashes.items() if s in self.seats})
        by_hand: dict[int, list[StoredEvent]] = {}
        for event in stored.events:
            by_hand.setdefault(event.hand_number, []).append(event)
        for i, hand in enumerate(stored.hands):
            events = by_hand.get(hand.hand_number, [])
            self.hands.append(
                {"hand_number": hand.hand_number,
                 "decisions": [self._flagged(e.decision, e.made_by) for e in events],
                 "result": hand.result}
            )
            self.hand_number = hand.hand_number
            if i == len(stored.hands) - 1:
                self.match.restore(hand, [e.decision for e in events],
                                   self.duplicate is not None)
                if events:
                    self.last = self._flagged(events[-1].decision, events[-1].made_by)
            if hand.result is not None:
                self.match.take_result(hand.result)
        if self.match.is_over:
            result, match_won, winner = self.match.finished_hand()
            self.result = result
            if match_won and self.duplicate is None:
                self.match_winner = winner
        self.seq = len(stored.events)
        self.version = len(stored.events) + len(stored.hands)

    @staticmethod
    def _flagged(decision: Mapping[str, Any], made_by: str) -> dict[str, Any]:
        """A decision as the states show it, with who made it unless its seat's person did:
        ``bot``, ``timeout`` (the stand-in, the person's time out), ``autoplay`` (托管) or
        ``forced`` (the only legal play, made at once)."""
        out = dict(decision)
        if made_by in ("timeout", "bot", "autoplay", "forced"):
            out[made_by] = True
        return out

    # -- connections -----------------------------------------------------------------------
    def _attach(self, client: Client, seat: str | None) -> None:
        if client.room is not self and len(self.clients) >= L.CONNECTIONS_PER_ROOM:
            raise ClientError("room_full",
                              f"room {self.id} has {L.CONNECTIONS_PER_ROOM} connections")
        if client.room is not None and client.room is not self:
            client.room.detach(client)
        elif client.room is self:
            self._drop(client)
        self.clients.append(client)
        self.idle_since = None
        client.room, client.seat = self, seat
        if seat is not None:
            self.holders[seat] = client

    def _drop(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is not None and self.holders.get(client.seat) is client:
            del self.holders[client.seat]
        client.room, client.seat = None, None

    def detach(self, client: Client, reason: str | None = None) -> None:
        """A connection leaves (or is gone); its seat stays claimed for its token."""
        if client.room is not self:
            return
        self._drop(client)
        if self._hint is not None and self._hint[0] is client:
            self._hint[1].cancel()  # nobody is left to read it
        if reason is not None:
            client.send({"type": "left", "room": self.id, "reason": reason})
        if not self.clients:
            self.idle_since = time.monotonic()
            self.rooms.store.touch(self.id)
            if not self.alone:
                self._pause()
        self.broadcast()

    def join(self, client: Client, seat: str, token: str | None, ident: Any) -> None:
        if seat not in self.seats:
            raise ClientError("bad_seat", f"seat: {quote(seat, 20)} is not a seat of "
                              f"{self.config['preset']} ({', '.join(self.seats)})")
        if self.players[seat] != "human":
            raise ClientError("bad_seat", f"{seat} is a bot seat ({self.players[seat]})")
        held = self.tokens[seat]
        if token is not None:
            if held is None or not secrets.compare_digest(held, token_hash(token)):
                raise ClientError("bad_token", f"that is not {seat}'s token")
            fresh = token
        else:
            if held is not None:
                raise ClientError("seat_taken", f"{seat} is taken (rejoin with its token)")
            fresh = secrets.token_urlsafe(24)
        if client.room is not self and len(self.clients) >= L.CONNECTIONS_PER_ROOM:
            raise ClientError("room_full",
                              f"room {self.id} has {L.CONNECTIONS_PER_ROOM} connections")
        if held is None:
            self.rooms.store.claim_seat(self.id, seat, token_hash(fresh))
            self.tokens[seat] = token_hash(fresh)
        old = self.holders.get(seat)
        if old is not None and old is not client:
            self._drop(old)
            old.send({"type": "left", "room": self.id, "reason": "replaced"})
        self._attach(client, seat)
        client.send({"type": "joined", "id": ident, "room": self.id, "seat": seat,
                     "token": fresh})
        self._wake()
        self.broadcast()
        session = self.session
        if session is not None:
            session.start()

    def watch(self, client: Client, ident: Any) -> None:
        session = self.session
        if session is not None and not session.complete:
            raise session.hidden_error("watch")
        self._attach(client, None)
        self._wake()
        self.broadcast(reply_to=(client, ident))

    # -- the flow ----------------------------------------------------------------------------
    def _wake(self) -> None:
        """A connection arrived: deal the first hand when it can be, and go on if paused."""
        if self._task is None or self._task.done():
            self.schedule()

    def _pause(self) -> None:
        """Nobody is connected: stop the clock, and a bot's search (its answer is forgotten).
        The thinking task stays known until it ends, so that a connection arriving meanwhile
        does not start a second search on the same bot; it thinks again then."""
        if self._job is not None:
            self._job.cancel()
        if self._task is not None and not self._task.done() and not self.thinking:
            self._task.cancel()
            self._task = None
        elif self._task is not None and self._task.done():
            self._task = None
        self.deadline = None

    def schedule(self) -> None:
        """Start whatever comes next: a bot's turn, a human's clock, the next hand."""
        current = asyncio.current_task()
        if self.thinking and self._task is not current:
            return  # a bot is deciding: its task schedules what follows when it has answered
        if self._task is not None and self._task is not current and not self._task.done():
            self._task.cancel()
        self._task = None
        self.deadline = None
        if self.closed or not (self.clients or self.alone) or self.finished:
            return
        if self.game is None:
            if not self.free_seats:  # the callers (join, watch) send the states
                self._deal()
                self.schedule()
            return
        loop = asyncio.get_running_loop()
        if self.match.is_over:
            self._task = loop.create_task(self._next_later(self.version))
            return
        seat = self.match.to_act
        assert seat is not None
        if seat in self.bots:
            self._task = loop.create_task(self._bot_turn(seat, self.version))
        elif seat in self.autoplay:
            self._task = loop.create_task(self._autoplay_turn(seat, self.version))
        elif (forced := self._forced_play(seat)) is not None:
            self._task = loop.create_task(self._forced_turn(forced, self.version))
        else:
            seconds = float(self.config["decision_seconds"])
            self.deadline = loop.time() + seconds
            self._task = loop.create_task(self._timeout_turn(seat, self.version, seconds))

    def play_alone(self) -> None:
        """A duplicate table of bots only: it plays its deals with nobody connected."""
        if not self.alone and not self.finished:
            self.alone = True
            self._wake()

    def _deal(self) -> None:
        number = self.hand_number + 1
        hand = self.match.deal(number, self.duplicate is not None)
        self.rooms.store.add_hand(self.id, hand)
        self.hand_number = number
        self.hands.append({"hand_number": number, "decisions": [], "result": None})
        self.version += 1
        self.last = self.result = None

    async def _bot_turn(self, seat: str, version: int) -> None:
        delay = int(self.config["bot_delay_ms"]) / 1000
        if delay > 0:
            await asyncio.sleep(delay)
        await self._think_and_apply(seat, self.bots[seat], self.players[seat], version, "bot")

    async def _autoplay_turn(self, seat: str, version: int) -> None:
        delay = int(self.config["bot_delay_ms"]) / 1000
        if delay > 0:
            await asyncio.sleep(delay)
        bot = self.autoplay.get(seat)
        if bot is not None:
            await self._think_and_apply(seat, self._autoplay_bots[seat], bot, version,
                                        "autoplay")

    def _forced_play(self, seat: str) -> Any:
        """The person's only legal play, when it is to be made for them (on unless they
        turned it off): rules leave them no choice, the table does not wait."""
        if self.game is None or seat in self.bots or not self.auto_forced.get(seat, True):
            return None
        return self.match.forced(seat, self._view("options"))

    async def _forced_turn(self, forced: Any, version: int) -> None:
        await asyncio.sleep(FORCED_PAUSE_SECONDS)
        if self.version == version and not self.closed and not self.thinking:
            self._decision(forced, "forced")

    async def _timeout_turn(self, seat: str, version: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        await self._think_and_apply(seat, self.standin, STANDIN, version, "timeout")

    async def _next_later(self, version: int) -> None:
        await asyncio.sleep(self.hand_pause)
        if self.version == version and not self.closed:
            self._next_hand()

    async def _think_and_apply(
        self, seat: str, bot: Any, name: str, version: int, made_by: str
    ) -> None:
        match, game = self.match, self.game
        if game is None or self.version != version or match.to_act != seat:
            return
        phase = match.phase
        obs = match.observe(seat)
        decision: Any = None
        thinker = self.rooms.thinker
        job: Job | None = None
        self.thinking = True
        try:
            if match.is_search(name):
                # Its time includes its wait for a search thread: a room never waits longer.
                seconds = self.rooms.limits.bot_seconds
                job = thinker.job(stop=bot.stop, clear=bot.clear_stop, seconds=seconds,
                                  foreground=False, wait_counts=True,
                                  what=f"room {self.id}: the {name} bot")
                self._job = job
                try:
                    decision = await job.run(match.decide, bot, obs, wait=seconds)
                except NoSlot:
                    log.warning("room %s: no search thread for %s's %s bot within %g s: it "
                                "decides as the heuristic does", self.id, seat, name, seconds)
                    decision = await thinker.run(match.decide, self.standin, obs)
            else:
                decision = await thinker.run(match.decide, bot, obs)
        except asyncio.CancelledError:
            raise
        except Cancelled:
            pass
        except Exception:
            log.exception("room %s: the %s bot failed at %s's %s", self.id, name, seat, phase)
        finally:
            self.thinking = False
            self._job = None
        if job is not None and job.cancelled:
            # The room emptied while the bot thought: its hurried answer is not played. It
            # thinks again when somebody comes back (or has already come back).
            if self.clients and not self.closed:
                self.schedule()
                self.broadcast()  # the seat's clock, when the search was for a 托管 taken back
            return
        if self.closed or self.version != version or self.game is not game:
            return
        if made_by == "autoplay" and self.autoplay.get(seat) != name:
            self.schedule()  # the person took the seat back while the bot thought
            self.broadcast()
            return
        try:
            if decision is not None:
                try:
                    self._decision(decision, made_by)
                    return
                except ClientError as exc:
                    if exc.code != "illegal_move":
                        raise
                    log.error("room %s: the %s bot's %s was refused: %s", self.id, name, phase, exc)
            # Whatever happened, a legal decision: a failing bot never stalls a room.
            self._decision(match.standin_decision(self.standin), made_by)
        except ClientError:  # not stored: try again in a moment rather than stall
            await asyncio.sleep(1.0)
            self.schedule()

    def _decision(self, chosen: Any, made_by: str) -> None:
        """Apply a decision (the game checks it): store it, then tell everyone, then go on."""
        match = self.match
        before = match.snapshot()
        meta = {"room": self.id, "hand": self.hand_number, "players": dict(self.players)}
        if self.duplicate is not None:
            meta["duplicate"] = dict(self.duplicate)
        applied = match.apply(chosen, meta)  # ClientError illegal_move, the game unchanged
        finished = None
        if applied.result is not None:
            assert applied.record is not None
            finished = (applied.record, applied.result)
        try:
            self.rooms.store.add_event(
                self.id,
                StoredEvent(self.seq + 1, self.hand_number, applied.decision, made_by),
                finished,
                match_over=finished is not None and self._ends_match(applied.match_won),
            )
        except Exception:
            match.rollback(before)
            log.exception("room %s: a decision could not be stored", self.id)
            raise ClientError("internal", "the decision could not be stored; try again") from None
        self.seq += 1
        self.version += 1
        self.last = self._flagged(applied.decision, made_by)
        self.hands[-1]["decisions"].append(self.last)
        if applied.result is not None:
            self.result = applied.result
            self.hands[-1]["result"] = self.result
            match.take_result(self.result)
            if applied.match_won and self.duplicate is None:
                self.match_winner = applied.winner
        self.schedule()  # first: the states carry the new deadline
        self.broadcast()

    def _next_hand(self) -> None:
        self._deal()
        self.schedule()
        self.broadcast()

    # -- a person's decisions -----------------------------------------------------------------
    def _seated(self, client: Client, what: str) -> str:
        if client.room is not self or client.seat is None:
            raise ClientError("not_seated", f"{what}: this connection holds no seat")
        return client.seat

    def act(self, client: Client, body: Mapping[str, Any], ident: Any) -> None:
        seat = self._seated(client, "act")
        chosen = self.match.human_decision(seat, body)
        answered = body.get("version")
        if answered is not None and answered != self.version:
            # Sent before the state that moved the table on reached the player (a forced play,
            # or a 托管 bot's, made for them meanwhile): not a wrong move, a late one.
            raise ClientError("stale", f"the table has moved on: the decision answers state "
                              f"{answered}, the table is at {self.version}")
        if self.to_act is None:
            raise ClientError("not_your_turn", f"nobody is to act ({self.phase})")
        if self.to_act != seat:
            turn = self.shown_to_act(seat)
            raise ClientError(
                "not_your_turn", f"it is {turn}'s turn to {self.phase}, not {seat}'s"
                if turn is not None else f"it is not {seat}'s turn ({self.phase})"
            )
        if self.thinking:
            raise ClientError("busy", f"the stand-in bot is deciding for {seat} (time ran out)")
        self._reply_to = (client, ident)
        try:
            self._decision(chosen, "human")
        finally:
            self._reply_to = None

    def _may_steer(self, client: Client, what: str) -> None:
        if client.room is not self:
            raise ClientError("not_seated", f"{what}: this connection is in no room")
        if client.seat is None and self.humans:
            raise ClientError("not_seated", f"{what}: only a seated player, in a room with people")

    def speed(self, client: Client, delay_ms: int, ident: Any) -> None:
        self._may_steer(client, "speed")
        self.config["bot_delay_ms"] = delay_ms
        self.rooms.store.set_config(self.id, self.config)
        client.send({"type": "speed", "id": ident, "bot_delay_ms": delay_ms})
        self.broadcast()

    def next(self, client: Client, ident: Any) -> None:
        self._may_steer(client, "next")
        if not self.match.is_over:
            raise ClientError("bad_request", f"next: the hand is not over ({self.phase})")
        if self.finished:
            raise ClientError("bad_request", "next: the match is over" if self.match_winner
                              is None else f"next: the match is over ({self.match_winner} won)")
        self._reply_to = (client, ident)
        try:
            self._next_hand()
        finally:
            self._reply_to = None

    def set_autoplay(self, client: Client, bot: str | None, ident: Any) -> None:
        """托管: hand the client's seat to ``bot`` (a table's bot), or take it back (None)."""
        seat = self._seated(client, "autoplay")
        if bot is not None:
            self.match.check_bot(bot, "bot")
        self._hand_over(seat, bot)
        self._save_seat_settings()
        client.send({"type": "autoplay", "id": ident, "seat": seat, "bot": bot})
        self._turn_changed(seat)

    def set_auto_forced(self, client: Client, on: bool, ident: Any) -> None:
        """Whether the client's seat's only legal play is made for it at once."""
        seat = self._seated(client, "auto_forced")
        self.auto_forced[seat] = bool(on)
        self._save_seat_settings()
        client.send({"type": "auto_forced", "id": ident, "seat": seat, "on": bool(on)})
        self._turn_changed(seat)

    def _save_seat_settings(self) -> None:
        self.config["autoplay"] = dict(self.autoplay)
        self.config["auto_forced"] = dict(self.auto_forced)
        self.rooms.store.set_config(self.id, self.config)

    def _turn_changed(self, seat: str) -> None:
        """Who decides for ``seat`` changed: if it is to act, its turn starts again (a bot's
        search for it is stopped; a bot that does not search has its answer dropped)."""
        if self.to_act == seat and not self.match.is_over:
            if self.thinking:
                if self._job is not None:
                    self._job.cancel()  # the thinking task schedules the turn again
            else:
                self.schedule()
        self.broadcast()

    async def hint(self, client: Client, seconds: float, ident: Any) -> None:
        seat = self._seated(client, "hint")
        asked = self.match.hint(seat, seconds) if self.to_act == seat else None
        if asked is None:
            raise ClientError("no_hint", f"a hint is for {seat}'s own turn in the play phase")
        if self.hinting:
            raise ClientError("busy", "a hint is being worked out already")
        run, stop = asked
        version = self.version
        # A person waits for it: a foreground job (room bots give way), stopped when that
        # person leaves; the analysis ends on its own time, the deadline is a safety net.
        job = self.rooms.thinker.job(stop=stop, seconds=seconds + 1.0, foreground=True,
                                     what=f"room {self.id}: a hint")
        self.hinting = True
        self._hint = (client, job)
        try:
            analysis = await job.run(run, wait=L.SEARCH_WAIT_SECONDS)
        except NoSlot:
            raise ClientError("server_busy", "every search thread is taken; try again") from None
        except Cancelled:
            return
        finally:
            self.hinting = False
            self._hint = None
        if job.cancelled:
            return
        client.send({"type": "hint", "id": ident, "version": version, "analysis": analysis})

    # -- views -----------------------------------------------------------------------------
    _reply_to: tuple[Client, Any] | None = None

    def broadcast(self, reply_to: tuple[Client, Any] | None = None) -> None:
        reply_to = reply_to or self._reply_to
        for client in list(self.clients):
            state = self.state_for(client)
            if reply_to is not None and reply_to[0] is client and reply_to[1] is not None:
                state["id"] = reply_to[1]
            client.send(state)

    def _view(self, key: Any) -> Any:
        if self._views_version != self.version or self._views.get("hand") != self.hand_number:
            self._views = {"hand": self.hand_number}
            self._views_version = self.version
        if key not in self._views:
            self._views[key] = self._compute_view(key)
        return self._views[key]

    def _compute_view(self, key: Any) -> Any:
        return self.match.view(key, self._view)

    def state_for(self, client: Client) -> dict[str, Any]:
        seat = client.seat
        game = self.game
        observation = options = hands = None
        extra = (self._view("extra") if game is not None
                 else {"rules": self.match.table_rules(), "trick_won": None})
        if game is not None:
            if seat is not None:
                observation = self._view(seat)
                if seat == self.to_act:
                    options = self._view("options")
            elif self.config["open"]:
                observation, hands = self._view("everything"), self._view("hands")
            else:
                observation = self._view("public")
        deadline = None
        if self.deadline is not None:
            left = self.deadline - asyncio.get_running_loop().time()
            deadline = round(max(0.0, left), 1)
        return {
            "type": "state",
            "room": self.id,
            "seat": seat,
            "version": self.version,
            "hand_number": self.hand_number,
            "phase": self.phase,
            "to_act": self.shown_to_act(seat),
            "seats": self.seats_dict(),
            **self.match.progress(),
            "open": self.config["open"],
            "bot_delay_ms": self.config["bot_delay_ms"],
            "decision_seconds": self.config["decision_seconds"],
            "rules": extra["rules"],
            "observation": observation,
            "options": options,
            "deadline_seconds": deadline,
            "last": self._last_for(seat),
            "trick_won": extra["trick_won"],
            "result": self.result,
            "match_winner": self.match_winner,
            "duplicate": self.duplicate,
            "hands": hands,
        }

    def _last_for(self, seat: str | None) -> dict[str, Any] | None:
        """The last decision as ``seat`` (None: a spectator) may see it: its own, and an open
        room's spectators, in full; the others as the table shows them (a pass of declaring
        or 潇洒 is not shown: nobody sees a seat not declare)."""
        last = self.last
        if last is None or last["seat"] == seat or (seat is None and self.config["open"]):
            return last
        return self.match.seen_by_others(last, seat, bool(self.config["open"]))

    def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            self._task = None


class Rooms:
    """Every room of the server, and the store, thinker and limits they share."""

    def __init__(self, store: Store, thinker: Thinker,
                 limits: ServerLimits | None = None) -> None:
        self.store = store
        self.thinker = thinker
        self.limits = limits or ServerLimits()
        self.rooms: dict[str, Room] = {}
        self.sessions: dict[str, Session] = {}

    def load(self) -> int:
        """Rebuild every unfinished room from the store, but those that expired while the
        server was down (dropped, or left in the store: :meth:`sweep`); returns how many."""
        self._expire_stored()
        count = 0
        for room_id in self.store.room_ids(unfinished_only=True):
            if self._load(room_id) is not None:
                count += 1
        return count

    def _expire_stored(self) -> None:
        now = time.time()
        for stored in self.store.summaries():
            idle = now - stored.touched
            if not stored.claimed and idle >= L.ROOM_IDLE_SECONDS:
                self.store.drop_room(stored.id)

    def _load(self, room_id: str, asked: bool = False) -> Room | None:
        """The stored room, in memory; a match paused for long only when ``asked`` for by id
        (it resumes when its seat's holder comes back)."""
        stored = self.store.load_room(room_id)
        if stored is None:
            return None
        if not asked and time.time() - stored.touched >= L.SEATED_IDLE_SECONDS:
            return None
        try:
            room = Room(self, room_id, stored.config)
            room.restore(stored)
        except Exception:
            log.exception("room %s cannot be restored; left out", room_id)
            return None
        self.rooms[room_id] = room
        return room

    def create(self, settings: Mapping[str, Any], origin: str | None = None) -> Room:
        """A new room; ``origin`` is the creating client's address. One address keeps at most
        ``rooms_per_address`` rooms, whatever their state (429 ``too_many_rooms``)."""
        config = check_settings(settings)
        self._make_room_for(origin, 1)
        return self._new_room(config, origin)

    def _make_room_for(self, origin: str | None, count: int) -> None:
        """Room for ``count`` new rooms of ``origin``, else the ClientError saying why."""
        self.sweep()
        most = self.limits.rooms_per_address
        if origin is not None:
            kept = sum(1 for r in self.rooms.values() if r.origin == origin)
            if kept + count > most:
                raise ClientError(
                    "too_many_rooms",
                    f"this address has {kept} rooms already (at most {most}): finish or leave "
                    "them; a room nobody is connected to expires (docs/server.md)")
        playing = sum(1 for r in self.rooms.values() if not r.finished)
        if playing + count > L.MAX_ROOMS:
            raise ClientError("server_busy", f"{L.MAX_ROOMS} rooms are in play already")

    def _fresh_id(self) -> str:
        room_id = secrets.token_hex(4)
        while (room_id in self.rooms or self.store.load_room(room_id) is not None
               or self.store.load_session(room_id) is not None):
            room_id = secrets.token_hex(4)
        return room_id

    def _new_room(self, config: dict[str, Any], origin: str | None,
                  session: str | None = None) -> Room:
        room_id = self._fresh_id()
        self.store.add_room(room_id, config, config["seats"], origin, session)
        room = Room(self, room_id, config)
        room.origin = origin
        self.rooms[room_id] = room
        return room

    def create_duplicate(self, settings: Mapping[str, Any], origin: str | None = None) -> Session:
        """A new duplicate session and its two tables (rooms: they count towards the
        per-address cap as two)."""
        config = check_session_settings(settings)
        if family_of(config["preset"]) != "tricks":
            raise bad_request("preset", f"{config['preset']}: duplicate sessions are played "
                              "with the trick games' presets")
        tables = {}
        for table in TABLES:  # each table's seats checked as a room's (before anything is made)
            try:
                tables[table] = check_settings(room_settings(config, table))
            except ClientError as exc:  # named as the session's field
                if exc.field is None or not exc.field.startswith("seats."):
                    raise
                detail = exc.message[len(exc.field) + 2:]
                raise bad_request(f"{table}_{exc.field}", detail) from None
        self._make_room_for(origin, len(TABLES))
        session_id = self._fresh_id()
        config["tables"] = {}
        for table in TABLES:
            room_config = {**tables[table], "seed": config["seed"],
                           "duplicate": {"session": session_id, "table": table,
                                         "deals": config["deals"]}}
            config["tables"][table] = self._new_room(room_config, origin, session_id).id
        stored = StoredSession(session_id, config, origin)
        self.store.add_session(stored)
        session = Session(self, stored)
        self.sessions[session_id] = session
        return session

    def session(self, session_id: Any) -> Session:
        """A duplicate session by id (loaded from the store), else ``no_session``."""
        if not isinstance(session_id, str):
            raise ClientError("bad_request", "session: a string")
        session = self.sessions.get(session_id)
        if session is None and len(session_id) <= 64:
            stored = self.store.load_session(session_id)
            if stored is not None:
                session = self.sessions[session_id] = Session(self, stored)
        if session is None:
            raise ClientError("no_session", f"no duplicate session {quote(session_id, 70)}")
        return session

    def sweep(self) -> int:
        """Expire the rooms nobody has been connected to for long enough (limits.py): a room
        no person holds a seat in is dropped, from memory and from the store; a finished
        match, or a match paused for long, leaves memory and stays in the store. Returns how
        many rooms left memory."""
        now = time.monotonic()
        gone = []
        for room in self.rooms.values():
            expiry = room.expiry()
            if room.clients or room.idle_since is None or room.thinking or room.hinting:
                continue
            if room.alone and not room.finished:
                continue  # a duplicate table of bots, playing its deals
            if expiry is not None and now - room.idle_since >= expiry:
                gone.append(room)
        for room in gone:
            room.close()
            del self.rooms[room.id]
            if not room.claimed and room.duplicate is None:  # a table goes with its session
                self.store.drop_room(room.id)
        return len(gone)

    async def sweep_forever(self) -> None:
        """:meth:`sweep` every ``SWEEP_SECONDS`` (a task of the server)."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                self.sweep()
            except Exception:
                log.exception("expiring rooms failed")

    def get(self, room_id: Any) -> Room:
        if not isinstance(room_id, str):
            raise ClientError("bad_request", "room: a string")
        room = self.rooms.get(room_id)
        if room is None and len(room_id) <= 64:
            room = self._load(room_id, asked=True)
        if room is None:
            raise ClientError("no_room", f"no room {quote(room_id, 70)}")
        return room

    def free(self) -> list[dict[str, Any]]:
        return [
            r.summary() for r in self.rooms.values() if r.free_seats and not r.finished
        ]

    def close(self) -> None:
        for room in self.rooms.values():
            if room.clients:  # in use until now: its idle time starts at the restart
                self.store.touch(room.id)
            room.close()
