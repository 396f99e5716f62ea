"""The command examples of README.md and docs/*.md, run: each fenced block that starts with
``$ duidiao …`` is the command and what it prints (stdout, then stderr), so that the pages
cannot drift from the program.

In a printed line, ``…`` stands for any text; a line that is only ``…`` for any lines. Times
(``0.015s``, ``0.2 ms``) and speeds (``nps 1616955``) are not compared. A command that is
itself elided (``duidiao play "…" 2H``) cannot be run and is left out.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
VOLATILE = [
    (re.compile(r"\b\d+(?:\.\d+)? ?(?:ms|s)\b"), "<time>"),
    (re.compile(r"\bnps \d+"), "nps <n>"),
]


def examples() -> list[tuple[str, str, str]]:
    """(page:line, command, what it prints) of every runnable example."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            lines = m.group(1).splitlines()
            if not lines or not lines[0].startswith("$ duidiao ") or "…" in lines[0]:
                continue
            where = f"{page.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 2}"
            found.append((where, lines[0][2:], "\n".join(lines[1:])))
    return found


def mask(text: str) -> str:
    for pattern, replacement in VOLATILE:
        text = pattern.sub(replacement, text)
    return text


def pattern_of(printed: str) -> re.Pattern[str]:
    """The regular expression a page's printed lines stand for."""
    parts = []
    for line in mask(printed).splitlines():
        if line == "…":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*".join(re.escape(piece) for piece in line.split("…")) + r"\n")
    return re.compile("".join(parts))


def run(command: str, cwd: Path) -> str:
    args = shlex.split(command)
    assert args[0] == "duidiao"
    done = subprocess.run(
        [sys.executable, "-m", "duidiao", *args[1:]], cwd=cwd, capture_output=True, text=True,
        stdin=subprocess.DEVNULL, timeout=120, encoding="utf-8",
    )
    return done.stdout + done.stderr


EXAMPLES = examples()


def test_the_pages_have_examples_to_run() -> None:
    commands = [command.split()[1] for _, command, _ in EXAMPLES]
    for name in ("moves", "play", "analyse", "selfplay", "duel", "solve", "bench"):
        assert name in commands


@pytest.mark.parametrize("where, command, printed", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_example_prints_what_the_page_says(
    where: str, command: str, printed: str, tmp_path: Path
) -> None:
    output = run(command, tmp_path)
    assert pattern_of(printed).fullmatch(mask(output)), (
        f"{where}: `{command[:60]}…` now prints:\n{output}")


def test_cli_md_quotes_the_bench_signature() -> None:
    bench = next(printed for _, command, printed in EXAMPLES if command == "duidiao bench")
    signature = bench.splitlines()[-1]
    quoted = re.findall(r"`(nodes \d+)`", (ROOT / "docs" / "cli.md").read_text(encoding="utf-8"))
    assert quoted == [signature]


def test_pattern_of() -> None:
    pattern = pattern_of("a\n…\nb … d\ntime 0.2 ms  nps 12")
    assert pattern.fullmatch(mask("a\nx\ny\nb c d\ntime 3.5 ms  nps 99\n"))
    assert pattern.fullmatch(mask("a\nb c d\ntime 3.5 ms  nps 99\n"))
    assert not pattern.fullmatch(mask("a\nb c e\ntime 3.5 ms  nps 99\n"))
    assert not pattern.fullmatch(mask("a\nb c d\ntime 3.5 ms  nps 99\nmore\n"))
