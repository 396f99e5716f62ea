"""The ASGI app: pages, REST, the OpenAPI document and the WebSocket rooms (docs/server.md).

Starlette gives the routing, the WebSocket and the static files; every error body is ours
(``{"ok": false, "error": {...}}``), and an unexpected exception becomes a 500 with the code
``internal`` and a log line, never a trace sent to the client.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
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

from .messages import MAX_FRAME, ClientError, parse_frame, parse_json_object
from .openapi import openapi_document
from .rooms import Client, Rooms
from .store import Store
from .think import NoSlot, Thinker

__all__ = ["create_app", "MAX_BODY", "LEVELS", "STATIC"]

log = logging.getLogger("duidiao.server")

STATIC = Path(__file__).with_name("static")
MAX_BODY = 1024 * 1024
"""The largest REST body read (bytes)."""
SEND_QUEUE = 256
"""Messages waiting for a slow connection before it is closed."""
ENGINE_ROUTES = ("legal", "move", "analyse", "solve")
SEARCHES = ("move", "analyse", "solve")
SEARCH_WAIT = 10.0
ENGINE_LIMIT = 300.0  # a safety net over the protocol's own time limits
LEVELS = {level: level for level in duidiao.BOT_LEVELS}  # the core's named strengths
PROTOCOL = 1

HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 400: "bad_request"}


MAX_HAND_NUMBER = 1_000_000  # far past any match (they end within a few hundred hands)


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
    """The body as a JSON object, refusing one over :data:`MAX_BODY` without reading it."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in ("", "application/json"):
        raise ClientError("bad_request", f"Content-Type: application/json, not {kind[:60]!r}")
    length = request.headers.get("content-length")
    if length is not None:
        if not length.isdigit():
            raise ClientError("bad_request", "Content-Length: not a number")
        if int(length) > MAX_BODY:
            raise ClientError("too_large", f"a body is at most {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ClientError("too_large", f"a body is at most {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        text = b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise ClientError("bad_json", "the body is not UTF-8") from None
    if not text.strip():
        raise ClientError("bad_json", "the body is empty: send a JSON object")
    return parse_json_object(text)


def client_error(exc: ClientError) -> JSONResponse:
    status = {"no_room": 404, "server_busy": 503}.get(exc.code, 400)
    return error_response(status, exc.code, exc.message)


def same_origin(origin: str | None, host: str | None) -> bool:
    """A WebSocket handshake from a browser page of this server (or from no page at all)."""
    if origin is None:
        return True
    if host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()


class WsClient(Client):
    """A WebSocket connection: messages go out through a bounded queue and a writer task,
    so a slow reader never holds up a room."""

    def __init__(self, ws: WebSocket) -> None:
        self.ws = ws
        self.address = ws.client.host if ws.client else None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(SEND_QUEUE)
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("a connection fell %d messages behind: closed", SEND_QUEUE)
            self.closed = True
            asyncio.get_running_loop().create_task(self._close(1008))

    async def _close(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close(code)

    async def writer(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None or self.closed:
                return
            if message.get("id", 0) is None:
                del message["id"]
            try:
                await self.ws.send_text(json.dumps(message, ensure_ascii=False))
            except Exception:  # gone: the reader sees the disconnect
                self.closed = True
                return


def _ws_error(ident: Any, exc: ClientError) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "error": exc.to_dict()}
    if ident is not None:
        out["id"] = ident
    return out


class Server:
    """The state shared by the routes: the store, the thinker and the rooms."""

    def __init__(self, data: str | Path, search_threads: int | None, bot_seconds: float) -> None:
        self.data = Path(data)
        self.search_threads = search_threads
        self.bot_seconds = bot_seconds
        self.store: Store | None = None
        self.thinker = Thinker(search_threads, bot_seconds)
        self.rooms: Rooms | None = None
        self.tasks: set[asyncio.Task[Any]] = set()

    def start(self) -> None:
        self.store = Store(self.data)
        self.rooms = Rooms(self.store, self.thinker)
        count = self.rooms.load()
        if count:
            log.warning("%d room(s) restored from %s", count, self.store.path)

    def stop(self) -> None:
        if self.rooms is not None:
            self.rooms.close()
        self.thinker.shutdown()
        if self.store is not None:
            self.store.close()

    def the_rooms(self) -> Rooms:
        assert self.rooms is not None, "the server has not started"
        return self.rooms

    # -- REST ----------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        rooms = self.the_rooms()
        return JSONResponse({
            "ok": True, "server": "duidiao", "version": duidiao.__version__,
            "protocol": PROTOCOL, "rooms": len(rooms.rooms),
            "searches": {"running": self.thinker.running, "cap": self.thinker.cap},
        })

    async def engine(self, request: Request, cmd: str) -> Response:
        try:
            body = await read_json(request)
            if "cmd" in body and body["cmd"] != cmd:
                raise ClientError("bad_request", f"cmd: the route sets it ({cmd})")
        except ClientError as exc:
            return client_error(exc)
        try:
            from duidiao.engine.protocol import run_command
        except ImportError:
            return error_response(503, "unavailable", "the engine protocol is not installed")
        message = {**body, "cmd": cmd}
        if cmd in SEARCHES:
            stop = threading.Event()
            try:
                reply = await self.thinker.search(
                    functools.partial(run_command, stop=stop), message,
                    stop=stop.set, limit=ENGINE_LIMIT, wait=SEARCH_WAIT,
                )
            except NoSlot:
                return error_response(503, "server_busy", "every search slot is taken; retry")
        else:
            reply = await self.thinker.run(run_command, message)
        return JSONResponse(reply, status_code=200 if reply.get("ok") else 400)

    async def create_room(self, request: Request) -> Response:
        try:
            body = await read_json(request)
            room = self.the_rooms().create(body, request.client.host if request.client else None)
        except ClientError as exc:
            return client_error(exc)
        return JSONResponse({"ok": True, "room": room.id})

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
        number = int(request.path_params["hand"])
        if not 0 < number <= MAX_HAND_NUMBER:
            return error_response(404, "no_room", "no finished hand of that number in the room")
        record = self.store.hand_record(room.id, number)
        if record is None:
            return error_response(404, "no_room", "no finished hand of that number in the room")
        return JSONResponse({"ok": True, "record": json.loads(record)})

    async def openapi(self, request: Request) -> Response:
        return JSONResponse(openapi_document(ENGINE_ROUTES))

    # -- WebSocket -------------------------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        return {
            "type": "hello", "server": "duidiao", "version": duidiao.__version__,
            "protocol": PROTOCOL, "presets": list(duidiao.GAME_PRESETS),
            "bots": ["random", "heuristic", "pimc", *duidiao.BOT_LEVELS],
            "bot_settings": ["pimc:worlds=N", "pimc:ms=M", "pimc:solve=N", "pimc:margin=X",
                             "pimc:fair=0", "pimc:cap=M", "pimc:infer=K", "pimc:miss=X",
                             "pimc:bury=N", "pimc:declare=N",
                             "pimc:xiaosa=N", "pimc:grab=N"],
            "levels": dict(LEVELS),
            "limits": {"message_bytes": MAX_FRAME, "decision_seconds": [0.1, 3600],
                       "bot_delay_ms": [0, 5000], "hint_seconds": [0.1, 5],
                       "bot_seconds": self.bot_seconds, "searches": self.thinker.cap},
        }

    async def websocket(self, ws: WebSocket) -> None:
        if not same_origin(ws.headers.get("origin"), ws.headers.get("host")):
            # A page of another site in the player's browser may not open rooms or take seats
            # here (cross-site WebSocket hijacking); programs send no Origin and pass.
            await ws.close(code=1008)
            return
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
    search_threads: int | None = None,
    bot_seconds: float = 10.0,
    on_ready: Callable[[], None] | None = None,
) -> ASGIApp:
    """The server as an ASGI app, its SQLite file in directory ``data``; ``on_ready`` is
    called once the rooms are restored and requests are served."""
    server = Server(data, search_threads, bot_seconds)

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
        Route("/api/health", server.health, methods=["GET"]),
        *[engine_route(cmd) for cmd in ENGINE_ROUTES],
        Route("/api/rooms", server.create_room, methods=["POST"]),
        Route("/api/rooms", server.list_rooms, methods=["GET"]),
        Route("/api/rooms/{room}", server.room, methods=["GET"]),
        Route("/api/rooms/{room}/history", server.room_history, methods=["GET"]),
        Route("/api/rooms/{room}/hands/{hand:int}", server.hand_record, methods=["GET"]),
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
    return CatchAll(app)
