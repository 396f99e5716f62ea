"""``duidiao engine``: the engine protocol on stdin/stdout, one JSON object per line each way
(docs/protocol.md; docs/cli.md, ``duidiao engine``). For frontends in any language: start the
process, write requests, read replies."""

from __future__ import annotations

import argparse
from typing import TextIO

__all__ = ["NAME", "ALIASES", "HELP", "add_arguments", "run"]

NAME = "engine"
ALIASES: tuple[str, ...] = ()
HELP = "speak the engine protocol (JSON lines) on stdin/stdout, for other frontends"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Read requests from stdin and write replies to stdout, one JSON object per line "
        "(docs/protocol.md); logs go to stderr. Ends on quit or the end of input."
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Serve the protocol until quit or the end of input. It speaks bytes on the process's own
    stdin and stdout, whatever ``out`` is; ``err`` is not used (the loop logs to stderr)."""
    from duidiao.engine.loop import serve

    return serve()
