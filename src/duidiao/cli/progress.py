"""A textual progress bar on stderr for the long commands (selfplay, duel, analyse)."""

from __future__ import annotations

from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Drawn only when the stream is a terminal, redrawn at each new percent.

    ``show_count`` writes ``done/total`` after the bar (off when the units mean nothing to the
    reader, such as milliseconds of a time budget).
    """

    def __init__(self, total: int, label: str, stream: TextIO, show_count: bool = True) -> None:
        self.total, self.label, self.stream = max(total, 1), label, stream
        self.show_count = show_count
        self.enabled = hasattr(stream, "isatty") and stream.isatty()
        self.shown = -1
        self.width = 0

    def update(self, done: int, detail: str = "") -> None:
        """Redraw at each new percent; ``detail`` (e.g. a rate) follows the count."""
        if not self.enabled:
            return
        percent = min(100, done * 100 // self.total)
        if percent == self.shown:
            return
        self.shown = percent
        filled = percent * 30 // 100
        bar = "#" * filled + "-" * (30 - filled)
        line = f"{self.label} [{bar}]"
        if self.show_count:
            line += f" {done}/{self.total}"
        if detail:
            line += f"  {detail}"
        # Pad over the end of a longer previous line (a detail may shrink).
        self.stream.write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
