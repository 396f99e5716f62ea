"""The rules book cited from the repository: every citation of a rule points into docs/rules.md.

Code comments, docstrings, error messages, tests and the docs cite rules sections as "rules §N"
(and position strings as docs/notation.md); nothing may send a reader to a file outside the
repository, and every § cited must be a section of docs/rules.md.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from duidiao.play.rules import OPTION_FIELDS, PRESETS

ROOT = Path(__file__).resolve().parent.parent
BOOK = ROOT / "docs" / "rules.md"
SCANNED = ("src", "bindings", "tests", "docs", "bench", "examples", "README.md")
SKIPPED_DIRS = {"__pycache__", "build", "node_modules"}

# The two specification files outside the repository, and the shared folder that holds them.
OUTSIDE = re.compile(r"\b(?:RULES|NOTATION)\.md\b|\.\./shared/|shared[ ]project folder")
SECTION_CITED = re.compile(r"§\s*(\d+(?:\.\d+)*)")
SECTION_HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)*)\.? ", re.MULTILINE)
BOOK_LINK = re.compile(r"rules\.md#([^)\s]+)")


def scanned_files() -> list[Path]:
    """The text files of the repository that may cite the rules."""
    out = []
    for name in SCANNED:
        top = ROOT / name
        paths = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in paths:
            if not path.is_file() or SKIPPED_DIRS & set(path.relative_to(ROOT).parts):
                continue
            if any(part.endswith(".egg-info") for part in path.parts):
                continue
            try:
                path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # images, compiled extensions
            out.append(path)
    return out


def book_sections() -> set[str]:
    return set(SECTION_HEADING.findall(BOOK.read_text(encoding="utf-8")))


def heading_anchor(title: str) -> str:
    """The anchor a Markdown renderer (GitHub's) gives a heading."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def book_anchors() -> set[str]:
    text = BOOK.read_text(encoding="utf-8")
    return {heading_anchor(m) for m in re.findall(r"^#+ (.+)$", text, re.MULTILINE)}


def outside_citations(text: str) -> list[str]:
    return OUTSIDE.findall(text)


def unknown_sections(text: str, sections: set[str]) -> list[str]:
    return [n for n in SECTION_CITED.findall(text) if n not in sections]


def test_book_has_the_numbered_sections() -> None:
    sections = book_sections()
    expected = {str(n) for n in range(1, 12)} | {
        "3.1", "5.1", "5.2", "5.3", "5.4", "6.1", "6.2", "6.3", "6.4", "6.5",
        "7.1", "7.2", "8.1", "8.2", "8.3", "8.4",
    } | {f"10.{n}" for n in range(1, 8)} | {f"11.{n}" for n in range(1, 14)}
    assert expected <= sections, sorted(expected - sections)


def test_the_checks_catch_a_bad_citation() -> None:
    sections = book_sections()
    rules_file, notation_file = "RULES" + ".md", "NOTATION" + ".md"  # not cited by this file
    bad = f"# see {rules_file} §5.2, the {notation_file} errors and rules §" + "99.3"
    assert outside_citations(bad) == [rules_file, notation_file]
    assert unknown_sections(bad, sections) == ["99.3"]
    assert outside_citations("docs/rules.md §5.2, docs/notation.md") == []
    assert unknown_sections("rules §5.2, §7.1.", sections) == []


def test_nothing_cites_a_file_outside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line_no}: {line.strip()}"
        for path in scanned_files()
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if outside_citations(line)
    ]
    assert found == []


def test_every_cited_section_is_in_the_book() -> None:
    sections = book_sections()
    cited = 0
    found = []
    for path in scanned_files():
        for line_no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            cited += len(SECTION_CITED.findall(line))
            where = f"{path.relative_to(ROOT)}:{line_no}"
            found += [f"{where}: §{n}" for n in unknown_sections(line, sections)]
    assert found == []
    assert cited > 300  # the scan reads the sources (they cite the rules hundreds of times)


def test_links_into_the_book_reach_a_heading() -> None:
    anchors = book_anchors()
    found = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8")
        links = BOOK_LINK.findall(text)
        if path == BOOK:
            links += re.findall(r"\]\(#([^)\s]+)\)", text)
        found += [f"{path.relative_to(ROOT)}: #{a}" for a in links if a not in anchors]
    assert found == []


def test_book_lists_every_rules_option_and_preset() -> None:
    section_9 = BOOK.read_text(encoding="utf-8").split("\n## 9. ")[1].split("\n## 10. ")[0]
    for name in (*OPTION_FIELDS, *PRESETS, "failed_throw", "first_drawer", "tractor", "shanghai"):
        assert f"`{name}`" in section_9, name


def test_book_examples() -> None:
    pytest.importorskip("duidiao._core")
    result = doctest.testfile(str(BOOK), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
