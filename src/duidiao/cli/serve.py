"""``duidiao serve``: the game server (docs/server.md) on uvicorn.

Binds 127.0.0.1:8080 by default; ``--port 0`` takes a free port. The address is printed on
stderr once the rooms are restored and the server answers.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from duidiao.play._limits import int_in, number_in

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run", "main", "default_data_dir"]

NAME = "serve"
ALIASES: tuple[str, ...] = ()
HELP = "the game server: the browser table, REST and WebSocket rooms"


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/duidiao``, else ``~/.local/share/duidiao``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "duidiao"


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: at least 1")
    return value


_port = int_in(0, 65535)
_seconds = number_in(0.1, 3600, " seconds")


def _host_name(text: str) -> str:
    name = text.strip().lower()
    if not name or any(c in name for c in "/:@ ") and not name.startswith("["):
        raise argparse.ArgumentTypeError(f"{text!r}: a host name or address, without a port")
    return name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8080, help="port (default 8080; 0: any free)")
    parser.add_argument(
        "--data", default=None, metavar="DIR",
        help=f"directory of the SQLite file (default {default_data_dir()})",
    )
    parser.add_argument(
        "--search-threads", type=_positive_int, default=None, metavar="N",
        help="searches running at once in the whole server (default: the number of cores)",
    )
    parser.add_argument(
        "--bot-seconds", type=_seconds, default=10.0, metavar="S",
        help="time limit of one bot decision, its wait for a search thread included; then its "
        "search is stopped and its best so far played (default 10)",
    )
    parser.add_argument(
        "--request-seconds", type=_seconds, default=30.0, metavar="S",
        help="the longest REST search (move, analyse, solve): asking for more is refused, a "
        "counted budget is stopped then (default 30)",
    )
    parser.add_argument(
        "--rooms-per-address", type=_positive_int, default=20, metavar="N",
        help="rooms one client address keeps at once, whatever their state (default 20)",
    )
    parser.add_argument(
        "--allow-host", type=_host_name, action="append", default=[], metavar="NAME",
        help="a name requests may give in their Host header besides the bound address (and "
        "localhost), e.g. the machine's name on the network; repeat for more",
    )
    parser.add_argument(
        "--log-level", default="warning", choices=("debug", "info", "warning", "error"),
        help="logging on stderr (default warning)",
    )


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(256)
    sock.set_inheritable(True)
    return sock


def _reason(exc: OSError) -> str:
    """An OS error in words, without its errno ("address already in use")."""
    text = exc.strerror or str(exc)
    return text[:1].lower() + text[1:]


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Serve until interrupted; returns the exit status. The address and the log go to
    ``err``; ``out`` is not used."""
    try:
        import uvicorn

        from duidiao.server import limits as L
        from duidiao.server.app import create_app
        from duidiao.server.http import GuardedH11Protocol
        from duidiao.server.limits import ServerLimits
        from duidiao.server.store import Store, StoreError
    except ImportError as exc:
        print(f"duidiao: serve needs the server extra (pip install \".[server]\"): {exc}",
              file=err)
        return 1
    logging.basicConfig(
        level=args.log_level.upper(), stream=err, format="duidiao serve: %(levelname)s %(message)s"
    )
    data = Path(args.data) if args.data else default_data_dir()
    # Listen first: a server that cannot start leaves nothing behind (no --data folder).
    try:
        sock = _bind(args.host, args.port)
    except OSError as exc:
        print(f"duidiao: error: serve: cannot listen on {args.host}:{args.port}: "
              f"{_reason(exc)}", file=err)
        return 2
    try:
        Store(data).close()  # a clear error now rather than a failed startup later
    except (OSError, StoreError) as exc:
        sock.close()
        reason = _reason(exc) if isinstance(exc, OSError) else str(exc)
        print(f"duidiao: error: serve: --data {data}: {reason}", file=err)
        return 2
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host

    def ready() -> None:
        print(f"duidiao: the table is at http://{shown}:{port}/", file=err, flush=True)

    limits = ServerLimits(
        search_threads=args.search_threads or ServerLimits().search_threads,
        bot_seconds=args.bot_seconds,
        request_seconds=args.request_seconds,
        rooms_per_address=args.rooms_per_address,
        allow_hosts=tuple(args.allow_host),
    )
    app = create_app(data, limits=limits, host=args.host, on_ready=ready)
    from uvicorn.config import WS_PROTOCOLS

    # The sans-I/O implementation (uvicorn 0.35+) is the one without deprecation warnings.
    ws = "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "websockets"
    config = uvicorn.Config(
        app,
        http=GuardedH11Protocol,
        ws=ws,
        ws_max_size=L.FRAME_BYTES,
        ws_ping_interval=L.PING_SECONDS,
        ws_ping_timeout=L.PING_SECONDS,
        h11_max_incomplete_event_size=L.HEAD_BYTES,
        timeout_keep_alive=int(L.KEEP_ALIVE_SECONDS),
        lifespan="on",
        log_config=None,
        log_level=args.log_level,
        access_log=False,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    return 0 if server.started else 1


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m duidiao.server``: ``duidiao serve`` without the other commands."""
    parser = argparse.ArgumentParser(prog="python -m duidiao.server", description=__doc__)
    add_arguments(parser)
    args = parser.parse_args(argv)
    return run(args, sys.stdout, sys.stderr)
