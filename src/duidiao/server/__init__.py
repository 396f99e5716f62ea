"""The game server behind ``duidiao serve``: REST access to the engine and game rooms over a
WebSocket, persisted in SQLite (docs/server.md). Needs the ``server`` extra (Starlette,
uvicorn, websockets)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["create_app"]


def create_app(data: str | Path, **options: Any) -> Any:
    """The ASGI app (:func:`duidiao.server.app.create_app`), imported on first use so that
    ``import duidiao.server`` works without the extra installed."""
    from duidiao.server.app import create_app as make

    return make(data, **options)
