"""The progress bars as a person at a terminal sees them (stderr on a pseudo-terminal): issue 27
(9) found `duidiao analyse` printing `AnalysisProgress(worlds=…)` in its bar, and a bar of a
world count stopping short of it (2971/3000)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pty = pytest.importorskip("pty")

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


def _on_a_terminal(args: tuple[str, ...], stream: str) -> tuple[int, str]:
    """``duidiao ARGS`` with its ``stream`` ("stdout" or "stderr") on a pseudo-terminal and
    the other piped: the exit status and what the terminal showed."""
    main, child = pty.openpty()
    try:
        on_terminal = {stream: child}
        done = subprocess.run([sys.executable, "-m", "duidiao", *args],
                              stdout=on_terminal.get("stdout", subprocess.PIPE),
                              stderr=on_terminal.get("stderr", subprocess.PIPE),
                              timeout=120, check=False)
        os.close(child)
        child = -1
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            chunks.append(chunk)
        if stream == "stderr":
            assert done.returncode == 0 and done.stdout
        return done.returncode, b"".join(chunks).decode("utf-8", "replace")
    finally:
        if child >= 0:
            os.close(child)
        os.close(main)


def _stderr_on_a_terminal(*args: str) -> str:
    return _on_a_terminal(args, "stderr")[1]


def _stdout_on_a_terminal(*args: str) -> tuple[int, str]:
    return _on_a_terminal(args, "stdout")


@pytest.mark.parametrize("budget, full", [(["--worlds", "300"], "300/300"),
                                          (["--seconds", "1"], "[" + "#" * 30 + "]")])
def test_the_analysis_bar_shows_worlds_and_the_best_move_and_ends_full(
        budget: list[str], full: str) -> None:
    shown = _stderr_on_a_terminal("analyse", EXAMPLE, "--threads", "1", *budget)
    assert "AnalysisProgress" not in shown
    assert "best " in shown
    last = shown.replace("\r\n", "\n").split("\r")[-1]
    assert full in last, repr(last)


def test_solve_at_a_terminal_shows_the_best_move_first_only_for_an_exact_solve() -> None:
    """On by itself at a terminal for an exact one-thread solve without a limit; off, and no
    error, with ``--best``, ``--within``, ``--threads 2`` or a limit."""
    from duidiao.search.solver_bench import bench_suite

    position = bench_suite(6)[1].position
    code, shown = _stdout_on_a_terminal("solve", position)
    assert code == 0 and "found in" in shown.splitlines()[1], shown
    for extra in (["--best"], ["--within", "3"], ["--threads", "2"], ["--seconds", "5"]):
        code, shown = _stdout_on_a_terminal("solve", position, *extra)
        assert code == 0 and "found in" not in shown, (extra, shown)
