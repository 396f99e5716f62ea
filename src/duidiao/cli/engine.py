"""``duidiao engine``: the engine protocol on stdin/stdout, one JSON object per line each way
(docs/protocol.md). For frontends in any language: start the process, write requests, read
replies."""

from __future__ import annotations

import argparse

__all__ = ["add_engine_command", "run"]


def add_engine_command(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``engine`` to the ``duidiao`` subcommands."""
    sub.add_parser(
        "engine",
        help="speak the engine protocol (JSON lines) on stdin/stdout, for other frontends",
        description="Read requests from stdin and write replies to stdout, one JSON object "
        "per line (docs/protocol.md); logs go to stderr. Ends on quit or the end of input.",
    )


def run(args: argparse.Namespace, out: object = None) -> int:
    """The ``engine`` command: serve the protocol until quit or the end of input."""
    from duidiao.engine.loop import serve

    return serve()
