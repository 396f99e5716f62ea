"""The ASGI app: pages, REST, the OpenAPI document and the WebSocket rooms (docs/server.md).

Starlette gives the routing, the WebSocket and the static files; every error body is ours
(``{"ok": false, "error": {...}}``), and an unexpected exception becomes a 500 with the code
``internal`` and a log line, never a trace sent to the client. Before any route, :class:`Guard`
checks every request and handshake: its ``Host`` names this server (a DNS-rebinding page cannot
reach it) and a browser page's ``Origin`` is the server's own (a page of another site can
neither start a search nor take a seat).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ipaddress
import json
import logging
import os
import re
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

import duidiao
from duidiao.play import formats
from duidiao.play.climbing.games import PRESETS as CLIMBING_PRESETS
from duidiao.play.climbing.options import GAMES as CLIMBING_GAMES
from duidiao.search.climbing import bots as climbing_bots
from duidiao.server import limits as L
from duidiao.server.limits import ServerLimits
from duidiao.server.matches import match_class
from duidiao.server.messages import (
    MAX_FRAME,
    REVIEW_FIELDS,
    SERVED_PRESETS,
    ClientError,
    check_message,
    parse_frame,
    parse_json_object,
)
from duidiao.server.openapi import openapi_document
from duidiao.server.reviews import Reviews, check_review_request
from duidiao.server.rooms import Client, Rooms
from duidiao.server.store import Store
from duidiao.server.think import Cancelled, NoSlot, Thinker
from duidiao.wire.errors import quote

__all__ = ["create_app", "MAX_BODY", "LEVELS", "STATIC", "Hosts"]

log = logging.getLogger("duidiao.server")

STATIC = Path(__file__).with_name("static")
MAX_BODY = L.BODY_BYTES
"""The largest REST body read (bytes)."""
ENGINE_ROUTES = ("legal", "move", "analyse", "solve")
SEARCHES = ("move", "analyse", "solve")
LEVELS = {level: level for level in duidiao.BOT_LEVELS}  # the core's named strengths
PROTOCOL = formats.SERVER_PROTOCOL

HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 400: "bad_request"}
STATUS = {"no_room": 404, "no_session": 404, "no_review": 404, "server_busy": 503,
          "too_many_rooms": 429, "timeout": 408, "unsupported_media_type": 415,
          "forbidden_origin": 403, "forbidden_host": 403, "duplicate_hidden": 403}
"""The HTTP status of each error code that is not a 400."""

HAND_NUMBER = re.compile(r"[0-9]{1,7}")  # far past any match (they end within a few hundred hands)


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


def error_response(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse(error_body(code, message), status_code=status)


async def _internal_error(request: Request, exc: Exception) -> Response:
    return error_response(500, "internal", "internal error (logged by the server)")


class CatchAll:
    """The outermost layer for HTTP: any exception not answered below becomes our 500."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracked(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracked)
        except Exception:
            log.exception("internal error on %s %s", scope.get("method"), scope.get("path"))
            if not started:
                response = error_response(500, "internal", "internal error (logged by the server)")
                await response(scope, receive, send)


async def read_json(request: Request) -> dict[str, Any]:
    """The body as a JSON object: ``application/json`` only (a page of another site can send
    other types without asking first), refused over :data:`MAX_BODY` without reading it, and
    read within ``BODY_SECONDS``."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        shown = "none" if not kind else quote(kind, 60)
        raise ClientError("unsupported_media_type",
                          f"Content-Type: application/json, not {shown}")
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise ClientError("bad_request", "Content-Length: not a number")
        if len(length) > 12 or int(length) > MAX_BODY:
            raise ClientError("too_large", f"a body is at most {MAX_BODY} bytes")

    async def read() -> bytes:
        chunks: list[bytes] = []
        size = 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise ClientError("too_large", f"a body is at most {MAX_BODY} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    try:
        raw = await asyncio.wait_for(read(), L.BODY_SECONDS)
    except asyncio.TimeoutError:
        raise ClientError("timeout", f"the body took over {L.BODY_SECONDS:g} s to arrive") \
            from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ClientError("bad_json", "the body is not UTF-8") from None
    if not text.strip():
        raise ClientError("bad_json", "the body is empty: send a JSON object")
    return parse_json_object(text)


def client_error(exc: ClientError) -> JSONResponse:
    response = JSONResponse({"ok": False, "error": exc.to_dict()},
                            status_code=STATUS.get(exc.code, 400))
    if exc.code == "timeout":  # the rest of a slow body is not waited for
        response.headers["connection"] = "close"
    return response


@dataclass(frozen=True)
class Hosts:
    """The names a request's ``Host`` may give: the bound address (and ``localhost`` when it is
    a loopback or every address), the operator's ``--allow-host`` names, and when bound to every
    address any IP literal (a DNS-rebinding page reaches the server under its own name, never
    under an address)."""

    names: frozenset[str]
    any_address: bool = False

    @classmethod
    def for_address(cls, bound: str, extra: Iterable[str] = ()) -> Hosts:
        bound = bound.strip("[]").lower()
        names = {bound, *(name.strip("[]").lower() for name in extra)}
        any_address = bound in ("", "0.0.0.0", "::")
        try:
            loopback = ipaddress.ip_address(bound).is_loopback
        except ValueError:
            loopback = bound == "localhost"
        if loopback or any_address:
            names |= {"localhost", "127.0.0.1", "::1"}
        names.discard("")
        return cls(frozenset(names), any_address)

    def allows(self, header: str | None) -> bool:
        if not header:
            return False
        try:
            name = urlsplit("//" + header).hostname
        except ValueError:
            return False
        if name is None:
            return False
        if name in self.names:
            return True
        if self.any_address:
            try:
                ipaddress.ip_address(name)
                return True
            except ValueError:
                return False
        return False


def same_origin(origin: str | None, host: str | None) -> bool:
    """A request from a browser page of this server (or from no page at all: programs send no
    ``Origin``)."""
    if origin is None:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


class Guard:
    """Every HTTP request and WebSocket handshake, before any route: the ``Host`` must be one
    of :class:`Hosts`, the ``Origin`` (when a browser sends one) the server's own. A refusal is
    our JSON 403, also for a handshake (``websocket.http.response``, else a bare 403)."""

    def __init__(self, app: ASGIApp, hosts: Hosts) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host, origin = headers.get("host"), headers.get("origin")
        refusal: ClientError | None = None
        if not self.hosts.allows(host):
            refusal = ClientError(
                "forbidden_host",
                f"Host: {quote(host or '', 60) if host else 'missing'} is not a name of this "
                "server (its operator may allow it with --allow-host)")
        elif not same_origin(origin, host):
            # A page of another site in the player's browser may not start searches, create
            # rooms or take seats here (cross-site requests, WebSocket hijacking).
            refusal = ClientError(
                "forbidden_origin", f"Origin: {quote(origin or '', 60)} is another site's page")
        if refusal is None:
            await self.app(scope, receive, send)
            return
        response = client_error(refusal)
        if scope["type"] == "http":
            await response(scope, receive, send)
        elif "websocket.http.response" in scope.get("extensions", {}):
            await receive()  # websocket.connect
            # The type only: the server counts the body (some write Content-Length themselves).
            await send({"type": "websocket.http.response.start", "status": response.status_code,
                        "headers": [(b"content-type", b"application/json")]})
            await send({"type": "websocket.http.response.body", "body": response.body})
        else:
            await receive()
            await send({"type": "websocket.close", "code": 1008,
                        "reason": refusal.message[:120]})


async def _on_disconnect(request: Request, job: Any) -> None:
    """Cancel ``job`` when the client of ``request`` is gone (its body is read already)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            job.cancel()
            return


class WsClient(Client):
    """A WebSocket connection: messages go out through a bounded queue and a writer task,
    so a slow reader never holds up a room."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.address = ws.client.host if ws.client else None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(L.SEND_QUEUE)
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("a connection fell %d messages behind: closed", L.SEND_QUEUE)
            self.close(1008, f"fell {L.SEND_QUEUE} messages behind: read faster")

    def close(self, code: int, reason: str) -> None:
        """Close with a close frame that says why (from the event loop)."""
        if self.closed:
            return
        self.closed = True
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code, reason[:120])

    async def writer(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None or self.closed:
                return
            if message.get("id", 0) is None:
                del message["id"]
            try:
                try:
                    await self.ws.send_text(json.dumps(message, ensure_ascii=False))
                except UnicodeEncodeError:  # a lone surrogate: written as \udxxx, still JSON
                    await self.ws.send_text(json.dumps(message))
            except Exception:  # gone: the reader sees the disconnect
                self.closed = True
                return


def _ws_error(ident: Any, exc: ClientError) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "error": exc.to_dict()}
    if ident is not None:
        out["id"] = ident
    return out


class Server:
    """The state shared by the routes: the limits, the store, the thinker and the rooms."""

    def __init__(self, data: str | Path, limits: ServerLimits) -> None:
        self.data = Path(data)
        self.limits = limits
        self.store: Store | None = None
        self.thinker = Thinker(limits.search_threads)
        self.rooms: Rooms | None = None
        self.reviews: Reviews | None = None
        self.tasks: set[asyncio.Task[Any]] = set()

    def start(self) -> None:
        self.store = Store(self.data)
        self.rooms = Rooms(self.store, self.thinker, self.limits)
        self.reviews = Reviews(self.store, self.thinker)
        count = self.rooms.load()
        if count:
            log.warning("%d room(s) restored from %s", count, self.store.path)
        self._spawn(self.rooms.sweep_forever())

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.rooms is not None:
            self.rooms.close()
        if self.reviews is not None:
            self.reviews.close()
        self.thinker.shutdown()
        if self.store is not None:
            self.store.close()

    def the_rooms(self) -> Rooms:
        assert self.rooms is not None, "the server has not started"
        return self.rooms

    def the_reviews(self) -> Reviews:
        assert self.reviews is not None, "the server has not started"
        return self.reviews

    # -- REST ----------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        rooms = self.the_rooms()
        thinker = self.thinker
        return JSONResponse({
            "ok": True, "server": "duidiao", "version": duidiao.__version__,
            "protocol": PROTOCOL, "rooms": len(rooms.rooms),
            "searches": {"running": thinker.running, "cap": thinker.cap,
                         "jobs": len(thinker.jobs), "waiting": thinker.waiting},
        })

    def _within_limits(self, cmd: str, body: dict[str, Any], args: dict[str, Any]) -> None:
        """Refuse a REST search over the server's limits (the protocol's own are wider: an
        engine on one's own machine may think for ten minutes on every core)."""
        from duidiao.engine import bots as botlib
        from duidiao.engine.protocol import LIMITS as ENGINE_LIMITS
        from duidiao.wire.errors import ProtocolError

        most = self.limits.request_seconds
        flag = "--request-seconds"
        if cmd in ("analyse", "solve"):
            if "seconds" not in body:  # the protocol's default, within this server's limit
                args["seconds"] = min(args["seconds"], most)
            elif args["seconds"] > most:
                raise ProtocolError("bad_request", f"seconds: at most {most:g} on this server "
                                    f"({flag})", field="seconds")
        if cmd == "analyse":
            cap = self.thinker.cap
            if args["threads"] is None:
                args["threads"] = min(cap, os.cpu_count() or 1)
            elif args["threads"] > cap:
                raise ProtocolError("bad_request", f"threads: at most {cap} on this server (its "
                                    "search cap, --search-threads)", field="threads")
        if cmd == "move":
            if args["ms"] is not None and args["ms"] > most * 1000:
                raise ProtocolError("bad_request", f"ms: at most {most * 1000:g} on this server "
                                    f"({flag})", field="ms")
            botlib.check_budget(args["_name"], int(most * 1000),
                                int(ENGINE_LIMITS["move_worlds_max"]))

    async def engine(self, request: Request, cmd: str) -> Response:
        try:
            body = await read_json(request)
            if "cmd" in body and body["cmd"] != cmd:
                raise ClientError("bad_request", f"cmd: the route sets it ({cmd})")
        except ClientError as exc:
            return client_error(exc)
        try:
            from duidiao.engine.protocol import Checked, check_request, error_reply, run_checked
        except ImportError:
            return error_response(503, "unavailable", "the engine protocol is not installed")
        message = {**body, "cmd": cmd}
        checked = await self.thinker.run(check_request, message)
        if not isinstance(checked, Checked):
            return JSONResponse(checked, status_code=400)
        if cmd not in SEARCHES:
            reply = await self.thinker.run(run_checked, checked)
            return JSONResponse(reply, status_code=200 if reply.get("ok") else 400)
        from duidiao.wire.errors import ProtocolError

        try:
            self._within_limits(cmd, body, checked.args)
        except ProtocolError as exc:
            return JSONResponse(error_reply(checked.rid, exc), status_code=400)
        stop = threading.Event()
        job = self.thinker.job(
            threads=checked.args.get("threads") or 1, stop=stop.set,
            seconds=self.limits.request_seconds, foreground=True, what=f"a REST {cmd}",
        )
        watcher = asyncio.ensure_future(_on_disconnect(request, job))
        try:
            reply = await job.run(functools.partial(run_checked, stop=stop), checked,
                                  wait=L.SEARCH_WAIT_SECONDS)
        except NoSlot:
            return error_response(503, "server_busy", "every search thread is taken; retry")
        except Cancelled:  # the client is gone: nobody reads this
            return error_response(503, "server_busy", "the client went away")
        finally:
            watcher.cancel()
        return JSONResponse(reply, status_code=200 if reply.get("ok") else 400)

    async def create_room(self, request: Request) -> Response:
        try:
            body = await read_json(request)
            room = self.the_rooms().create(body, request.client.host if request.client else None)
        except ClientError as exc:
            return client_error(exc)
        return JSONResponse({"ok": True, "room": room.id})

    async def create_duplicate(self, request: Request) -> Response:
        try:
            body = await read_json(request)
            session = self.the_rooms().create_duplicate(
                body, request.client.host if request.client else None)
        except ClientError as exc:
            return client_error(exc)
        return JSONResponse({"ok": True, "session": session.id,
                             "rooms": dict(session.config["tables"])})

    async def duplicate(self, request: Request) -> Response:
        try:
            session = self.the_rooms().session(request.path_params["session"])
            return JSONResponse({"ok": True, **session.summary()})
        except ClientError as exc:
            return client_error(exc)

    async def ask_review(self, request: Request) -> Response:
        try:
            body = check_message(REVIEW_FIELDS, await read_json(request))
            check_review_request(body)
            room_id, hand = body["room"], body["hand"]
            if body["record"] is not None:
                record = json.dumps(body["record"])
            else:
                room = self.the_rooms().get(room_id)
                assert self.store is not None
                stored = self.store.hand_record(room.id, hand)
                if stored is None:
                    raise ClientError("no_room", f"no finished hand {hand} in room {room.id}")
                if not room.may_show_hand(hand):
                    session = room.session
                    assert session is not None
                    raise session.hidden_error(f"review of hand {hand}")
                record = stored
            ident = self.the_reviews().ask(record, body["seat"], body["level"], body["seed"],
                                           room=room_id, hand=hand)
            return JSONResponse({"ok": True, "id": ident, "page": f"/review#id={ident}"})
        except ClientError as exc:
            return client_error(exc)

    async def review(self, request: Request) -> Response:
        try:
            return JSONResponse({"ok": True, **self.the_reviews().get(
                request.path_params["review"])})
        except ClientError as exc:
            return client_error(exc)

    async def list_rooms(self, request: Request) -> Response:
        return JSONResponse({"ok": True, "rooms": self.the_rooms().free()})

    async def room(self, request: Request) -> Response:
        try:
            room = self.the_rooms().get(request.path_params["room"])
        except ClientError as exc:
            return client_error(exc)
        return JSONResponse({"ok": True, "room": room.summary()})

    async def room_history(self, request: Request) -> Response:
        try:
            room = self.the_rooms().get(request.path_params["room"])
        except ClientError as exc:
            return client_error(exc)
        return JSONResponse({"ok": True, "room": room.id, "hands": room.history()})

    async def hand_record(self, request: Request) -> Response:
        try:
            room = self.the_rooms().get(request.path_params["room"])
        except ClientError as exc:
            return client_error(exc)
        assert self.store is not None
        text = request.path_params["hand"]
        missing = error_response(404, "no_room",
                                 f"no finished hand {quote(text, 20)} in room {room.id}")
        if not HAND_NUMBER.fullmatch(text) or int(text) == 0:
            return missing
        record = self.store.hand_record(room.id, int(text))
        if record is None:
            return missing
        if not room.may_show_hand(int(text)):
            session = room.session
            assert session is not None
            return client_error(session.hidden_error(f"hand {int(text)}"))
        return JSONResponse({"ok": True, "record": json.loads(record)})

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document(ENGINE_ROUTES))

    # -- WebSocket -------------------------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        return {
            "type": "hello", "server": "duidiao", "version": duidiao.__version__,
            "protocol": PROTOCOL, "formats": formats.versions(),
            "presets": list(duidiao.GAME_PRESETS),
            "bots": list(duidiao.bots.names(served=True)),
            # the climbing games (rules §12, §13): their presets and their bots' registry
            "climbing_presets": list(CLIMBING_PRESETS),
            "climbing_bots": list(climbing_bots.BOTS),
            "preset_seats": {p: match_class(p).seats_of(p) for p in SERVED_PRESETS},
            "climbing_games": {p: info.name for info in CLIMBING_GAMES.values()
                               for p in info.presets},
            "bot_settings": [f"pimc:{s['name']}={'N' if s['type'] == 'integer' else 'X'}"
                             for s in duidiao.bots.kinds()["pimc"].settings],
            "levels": dict(LEVELS),
            "limits": {"message_bytes": MAX_FRAME, "decision_seconds": list(L.DECISION_SECONDS),
                       "bot_delay_ms": list(L.BOT_DELAY_MS), "hint_seconds": list(L.HINT_SECONDS),
                       "bot_seconds": self.limits.bot_seconds,
                       "request_seconds": self.limits.request_seconds,
                       "searches": self.thinker.cap,
                       "rooms_per_address": self.limits.rooms_per_address},
        }

    async def websocket(self, ws: WebSocket) -> None:
        await ws.accept()
        client = WsClient(ws)
        writer = asyncio.get_running_loop().create_task(client.writer())
        try:
            while not client.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    client.send(_ws_error(None, ClientError(
                        "bad_json", "binary frames are not read: send JSON in a text frame")))
                    continue
                ident: Any = None
                try:
                    ident, kind, body = parse_frame(text)
                    self.dispatch(client, ident, kind, body)
                except ClientError as exc:
                    client.send(_ws_error(exc.id if ident is None else ident, exc))
                except Exception:
                    log.exception("internal error on a WebSocket message")
                    client.send(_ws_error(ident, ClientError(
                        "internal", "internal error (logged by the server)")))
        except WebSocketDisconnect:
            pass
        finally:
            if client.room is not None:
                client.room.detach(client)
            client.closed = True
            writer.cancel()

    def dispatch(self, client: WsClient, ident: Any, kind: str, body: dict[str, Any]) -> None:
        rooms = self.the_rooms()
        if kind == "hello":
            client.send({**self.hello(), "id": ident})
        elif kind == "create":
            room = rooms.create(body, client.address)
            client.send({"type": "created", "id": ident, "room": room.id})
        elif kind == "create_duplicate":
            session = rooms.create_duplicate(body, client.address)
            client.send({"type": "created_duplicate", "id": ident, "session": session.id,
                         "rooms": dict(session.config["tables"])})
        elif kind == "join":
            rooms.get(body["room"]).join(client, body["seat"], body["token"], ident)
        elif kind == "watch":
            rooms.get(body["room"]).watch(client, ident)
        elif kind == "leave":
            if client.room is None:
                raise ClientError("not_seated", "leave: this connection is in no room")
            room_id = client.room.id
            client.room.detach(client)
            client.send({"type": "left", "id": ident, "room": room_id, "reason": "leave"})
        else:
            current = client.room
            if current is None:
                raise ClientError("not_seated", f"{kind}: this connection is in no room")
            room = current
            if kind == "act":
                room.act(client, body, ident)
            elif kind == "speed":
                room.speed(client, body["bot_delay_ms"], ident)
            elif kind == "next":
                room.next(client, ident)
            elif kind == "autoplay":
                room.set_autoplay(client, body["bot"], ident)
            elif kind == "auto_forced":
                room.set_auto_forced(client, body["on"], ident)
            elif kind == "hint":
                self._spawn(self._hint(client, room, body["seconds"], ident))

    def _spawn(self, job: Awaitable[None]) -> None:
        task = asyncio.ensure_future(job)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _hint(self, client: WsClient, room: Any, seconds: float, ident: Any) -> None:
        try:
            await room.hint(client, seconds, ident)
        except ClientError as exc:
            client.send(_ws_error(ident, exc))
        except Exception:
            log.exception("internal error in a hint")
            client.send(_ws_error(ident, ClientError("internal", "internal error (logged)")))


def _page(name: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        path = STATIC / name
        if not path.is_file():
            return error_response(404, "not_found", f"{name} is not installed")
        return FileResponse(path, media_type="text/html")

    return page


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, "bad_request")
    if exc.status_code == 404:
        message = f"no route {request.url.path[:100]}"
    elif exc.status_code == 405:
        message = f"{request.method} is not allowed on {request.url.path[:100]}"
    else:
        message = str(exc.detail)[:200]
    return error_response(exc.status_code, code, message)


def create_app(
    data: str | Path,
    *,
    limits: ServerLimits | None = None,
    host: str = "127.0.0.1",
    on_ready: Callable[[], None] | None = None,
) -> ASGIApp:
    """The server as an ASGI app, its SQLite file in directory ``data``, under ``limits``
    (docs/server.md, "Limits and abuse"), answering requests that name ``host`` (the bound
    address) or ``limits.allow_hosts``; ``on_ready`` is called once the rooms are restored
    and requests are served."""
    limits = limits or ServerLimits()
    server = Server(data, limits)

    def engine_route(cmd: str) -> Route:
        async def endpoint(request: Request) -> Response:
            return await server.engine(request, cmd)

        return Route(f"/api/{cmd}", endpoint, methods=["POST"], name=f"engine_{cmd}")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            server.stop()

    routes = [
        Route("/", _page("index.html"), methods=["GET"]),
        Route("/analysis", _page("analysis.html"), methods=["GET"]),
        Route("/duplicate", _page("duplicate.html"), methods=["GET"]),
        Route("/review", _page("review.html"), methods=["GET"]),
        Route("/api/health", server.health, methods=["GET"]),
        *[engine_route(cmd) for cmd in ENGINE_ROUTES],
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms", server.list_rooms, methods=["GET"]),
        Route("/api/rooms/{room}", server.room, methods=["GET"]),
        Route("/api/rooms/{room}/history", server.room_history, methods=["GET"]),
        Route("/api/rooms/{room}/hands/{hand}", server.hand_record, methods=["GET"]),
        Route("/api/duplicate", server.create_duplicate, methods=["POST"]),
        Route("/api/reviews", server.ask_review, methods=["POST"]),
        Route("/api/reviews/{review}", server.review, methods=["GET"]),
        Route("/api/duplicate/{session}", server.duplicate, methods=["GET"]),
        Route("/api/openapi.json", server.openapi, methods=["GET"]),
        WebSocketRoute("/ws", server.websocket),
        Mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static"),
    ]
    # Exception: Starlette's outermost layer answers any other error with this (its own 500
    # body would be plain text), then re-raises it to CatchAll, which logs it.
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: _http_error, Exception: _internal_error},
    )
    app.state.server = server
    return CatchAll(Guard(app, Hosts.for_address(host, limits.allow_hosts)))
