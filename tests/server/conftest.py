"""Fixtures of the server tests: one server process per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from .helpers import ServerProcess  # noqa: E402


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """``duidiao serve --port 0`` on a fresh data directory, stopped after the module."""
    server = ServerProcess(tmp_path_factory.mktemp("data")).start()
    yield server
    server.stop()
