"""How much slower the engine may run here than on a plain build: the time limits tests allow.

The sanitizer job (CI step 5) runs the engine built with ASan + UBSan, several times slower
an instruction, at low priority beside the main tests on the same two cores: an overrun a
plain build never shows is its scheduler's, not the engine's. Tests that time a stop or a
deadline allow it more there, and no less anywhere else.
"""

from __future__ import annotations

import os

SANITIZED = "asan" in os.environ.get("LD_PRELOAD", "")


def overrun(plain: float) -> float:
    """The seconds past a deadline a test allows: ``plain`` on a plain build, five times that
    under the sanitizers."""
    return plain * 5 if SANITIZED else plain
