"""Make the table's font: Noto Sans CJK SC (SIL Open Font License 1.1) cut down to the
characters the pages can show, so that no page needs a CJK font on the player's machine.

    python tools/subset_font.py            # writes src/duidiao/server/static/fonts/
    python tools/subset_font.py --check    # fails when the shipped font misses a character

The characters: printable ASCII, every character of the message catalogues
(``static/i18n/*.json``) and of the pages' own files (suit symbols, arrows, the joker's star).
The source is Debian's ``fonts-noto-cjk`` (``apt-get install fonts-noto-cjk``) or any
Noto Sans CJK ``.ttc``/``.otf`` given with ``--source``. Needs fontTools (the ``dev`` extra).

The subset is renamed "Duidiao Sans" (the licence lets a modified font keep no reserved name;
"Noto" is Google's trademark) and keeps the source's copyright and licence fields; the
licence text ships beside it as ``OFL.txt``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "duidiao" / "server" / "static"
FONTS = STATIC / "fonts"
FONT_FILE = FONTS / "duidiao-sans.woff"
SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SOURCE_FAMILY = "Noto Sans CJK SC"
FAMILY = "Duidiao Sans"
PAGE_SUFFIXES = (".json", ".js", ".html", ".css")


def page_characters() -> set[str]:
    """Every character a page can draw: ASCII, and what the catalogues and page files hold
    (code too: a symbol written in a script reaches the page)."""
    chars = {chr(c) for c in range(0x20, 0x7F)}
    for path in sorted(STATIC.rglob("*")):
        if path.suffix in PAGE_SUFFIXES and path.is_file():
            chars.update(path.read_text(encoding="utf-8"))
    # Whitespace and controls need no glyph.
    return {c for c in chars if c.isprintable() and not c.isspace() or c == " "}


def open_source(path: Path):  # type: ignore[no-untyped-def]
    from fontTools.ttLib import TTCollection, TTFont

    if path.suffix.lower() in (".ttc", ".otc"):
        for font in TTCollection(str(path), recalcTimestamp=False).fonts:
            if font["name"].getDebugName(1) == SOURCE_FAMILY:
                return font
        sys.exit(f"subset_font: {path} holds no {SOURCE_FAMILY!r} face")
    return TTFont(str(path), recalcTimestamp=False)


def rename(font) -> None:  # type: ignore[no-untyped-def]
    """Our name in the name table, the source's copyright and licence fields kept."""
    name = font["name"]
    keep = {0, 13, 14}  # copyright, licence description, licence URL
    name.names = [n for n in name.names if n.nameID in keep]
    version = f"Version 1.000; subset of {SOURCE_FAMILY} for duidiao"
    for ident, text in ((1, FAMILY), (2, "Regular"), (3, f"{FAMILY} Regular; duidiao"),
                        (4, f"{FAMILY} Regular"), (5, version), (6, "DuidiaoSans-Regular")):
        name.setName(text, ident, 3, 1, 0x409)
    if "CFF " in font:  # the CFF table names the font too
        cff = font["CFF "].cff
        cff.fontNames = ["DuidiaoSans-Regular"]
        top = cff.topDictIndex[0]
        for key, value in (("FullName", f"{FAMILY} Regular"), ("FamilyName", FAMILY)):
            if hasattr(top, key):
                setattr(top, key, value)


def make(source: Path) -> None:
    from fontTools import subset

    font = open_source(source)
    options = subset.Options()
    options.flavor = "woff"  # zlib: read by every browser, written without brotli
    options.layout_features = ["kern", "liga", "locl", "vert", "vrt2"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.hinting = False
    options.desubroutinize = True  # smaller once compressed
    subsetter = subset.Subsetter(options)
    wanted = page_characters()
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    missing = sorted(c for c in wanted if ord(c) not in font.getBestCmap())
    if missing:
        sys.exit("subset_font: the source has no glyph for " + " ".join(
            f"U+{ord(c):04X}" for c in missing))
    rename(font)
    FONTS.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff"
    font.save(str(FONT_FILE), reorderTables=True)
    print(f"subset_font: {FONT_FILE.relative_to(ROOT)}: {len(wanted)} characters, "
          f"{FONT_FILE.stat().st_size} bytes")


def check() -> int:
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(FONT_FILE))["cmap"].getBestCmap()
    missing = sorted(c for c in page_characters() if ord(c) not in cmap)
    if missing:
        print("subset_font: the shipped font misses " + " ".join(
            f"{c} (U+{ord(c):04X})" for c in missing) + "; run tools/subset_font.py",
            file=sys.stderr)
        return 1
    print(f"subset_font: {FONT_FILE.relative_to(ROOT)} covers every page character")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, default=SOURCE,
                        help=f"the Noto Sans CJK font to cut (default {SOURCE})")
    parser.add_argument("--check", action="store_true",
                        help="only check that the shipped font covers the pages")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    if not args.source.exists():
        print(f"subset_font: no {args.source} (apt-get install fonts-noto-cjk, or --source)",
              file=sys.stderr)
        return 2
    make(args.source)
    return check()


if __name__ == "__main__":
    sys.exit(main())
