"""Fixtures shared by the tests."""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest


@pytest.fixture
def ctrl_c_heard() -> Iterator[None]:
    """Ctrl-C raising KeyboardInterrupt in this process (and, with ``preexec_fn`` restoring
    SIG_DFL, in children), whatever the test run inherited: a run started in the background of a
    non-interactive shell ignores SIGINT, and Python keeps an inherited SIG_IGN."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
