"""``duidiao engine``: the engine protocol, one JSON object per line over stdin/stdout
(docs/protocol.md).

- :func:`run_command` answers one request (also used by the HTTP server);
  :func:`request_schema` gives a command's request as JSON Schema;
- :func:`serve` runs the line loop (``duidiao engine``, ``python -m duidiao.engine``);
- :class:`EngineClient` spawns an engine process and talks to it.
"""

from __future__ import annotations

from duidiao.engine.client import EngineClient, EngineError
from duidiao.engine.loop import serve
from duidiao.engine.protocol import COMMANDS, LIMITS, PROTOCOL, request_schema, run_command
from duidiao.wire.errors import ERROR_CODES, ProtocolError

__all__ = [
    "COMMANDS",
    "ERROR_CODES",
    "LIMITS",
    "PROTOCOL",
    "EngineClient",
    "EngineError",
    "ProtocolError",
    "request_schema",
    "run_command",
    "serve",
]
