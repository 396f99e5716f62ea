"""Every format duidiao writes or speaks, with its version, in one place (docs/formats.md).

A version is raised when a reader of the old version could misread the new; the package's
version (``duidiao.__version__``) is raised with any of them and with any change of the API,
and CHANGELOG.md says how to move. The engine's and the server's ``hello`` report the table.

>>> from duidiao.play.formats import versions
>>> versions()["record"]
1
"""

from __future__ import annotations

from duidiao import _core

__all__ = ["NOTATION", "RECORD", "DATA", "ENGINE_PROTOCOL", "SERVER_PROTOCOL", "STORE",
           "CLIMBING_RECORD", "CLIMBING_ENCODING", "versions"]

NOTATION = 1
"""The position string (docs/notation.md)."""
RECORD = 1
"""A hand record, ``"format": "duidiao-hand"`` (docs/records.md)."""
DATA = 1
"""Self-play data for learning, ``meta.json``'s ``version`` (docs/data.md)."""
ENGINE_PROTOCOL = 1
"""The ``duidiao engine`` line protocol (docs/protocol.md)."""
SERVER_PROTOCOL = 1
"""The game server's WebSocket and REST messages (docs/server.md)."""
STORE = 4
"""The game server's SQLite file (docs/server.md, "Persistence"); the store migrates older
files up to it and refuses newer ones."""

CLIMBING_RECORD = 1
"""A climbing hand's record, ``"format": "duidiao-climbing-record"`` (docs/records.md)."""
CLIMBING_ENCODING = 1
"""The climbing games' actions and observation planes for learning (docs/env.md)."""


def versions() -> dict[str, int]:
    """Each format's version, the environments' encoding (the core's observation planes)
    included."""
    return {"notation": NOTATION, "record": RECORD, "data": DATA,
            "encoding": int(_core.OBSERVATION_PLANES_VERSION),
            "engine_protocol": ENGINE_PROTOCOL, "server_protocol": SERVER_PROTOCOL,
            "store": STORE, "climbing_record": CLIMBING_RECORD,
            "climbing_encoding": CLIMBING_ENCODING}
