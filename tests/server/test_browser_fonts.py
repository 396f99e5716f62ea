"""No boxes anywhere: the pages draw every character with the font they ship.

The shipped font (static/fonts/duidiao-sans.woff, tools/subset_font.py) must hold every
character of the zh-CN catalogue and of the pages; its licence ships beside it. In the browser,
chromium runs with fontconfig limited to that font alone (FONTCONFIG_FILE): on each page, in
both languages, every character shown must have a glyph in it, and every text node must be set
in it (chromium's own account of the fonts it used, over the DevTools protocol)."""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import PageErrors, launched_browser, new_page
from .helpers import ServerProcess

fontTools = pytest.importorskip("fontTools.ttLib")

STATIC = Path(__file__).resolve().parents[2] / "src" / "duidiao" / "server" / "static"
FAMILY = "Duidiao Sans"
README_POSITION = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


def shipped(name: str) -> Path:
    """A file of the installed package's fonts folder (what the wheel ships)."""
    return Path(str(resources.files("duidiao").joinpath("server/static/fonts", name)))


def font_characters() -> set[int]:
    return set(fontTools.TTFont(str(shipped("duidiao-sans.woff"))).getBestCmap())


def drawn(text: str) -> set[str]:
    return {c for c in text if not c.isspace() and c.isprintable()}


def test_the_font_covers_the_catalogue_and_ships_its_licence() -> None:
    cmap = font_characters()
    for lang in ("zh-CN", "en"):
        catalogue = json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        text = json.dumps(catalogue, ensure_ascii=False)
        missing = sorted(c for c in drawn(text) if ord(c) not in cmap)
        assert not missing, f"{lang}: no glyph for {missing}; run tools/subset_font.py"
    licence = shipped("OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Copyright 2014-2021 Adobe" in licence and "Noto Sans CJK SC" in licence
    name = fontTools.TTFont(str(shipped("duidiao-sans.woff")))["name"]
    assert name.getDebugName(1) == FAMILY
    assert "Open Font License" in (name.getDebugName(13) or "")


def only_the_shipped_font(tmp_path: Path) -> dict[str, str]:
    """An environment whose fontconfig knows the shipped font and nothing else."""
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    # The same font out of its WOFF wrapping: fontconfig indexes OpenType files, not WOFF.
    font = fontTools.TTFont(str(shipped("duidiao-sans.woff")))
    font.flavor = None
    font.save(str(fonts / "duidiao-sans.otf"))
    conf = tmp_path / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
        f"<fontconfig><dir>{fonts}</dir><cachedir>{tmp_path / 'fc-cache'}</cachedir>"
        "</fontconfig>\n", encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


SHOWN_TEXT = """() => {
  const parts = [document.body.innerText, document.title];
  for (const el of document.querySelectorAll("input, textarea")) {
    if (el.offsetParent !== null) parts.push(el.value, el.placeholder || "");
  }
  return parts.join("\\n");
}"""


def check_page(page: Any, cmap: set[int], what: str) -> None:
    """Every character shown has a glyph in the shipped font, and chromium set every text in
    it (and in no other font)."""
    page.evaluate("document.fonts.ready")
    page.wait_for_function(
        f"[...document.fonts].some(f => f.family.replace(/\"/g, '') === '{FAMILY}' "
        "&& f.status === 'loaded')", timeout=10000)
    text = page.evaluate(SHOWN_TEXT)
    missing = sorted(c for c in drawn(text) if ord(c) not in cmap)
    assert not missing, f"{what}: no glyph for {missing}"
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "body *"})["nodeIds"]
    families: dict[str, int] = {}
    for node in nodes:
        try:
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        except Exception:  # a node gone since (the table redraws): nothing to check
            continue
        for font in fonts:
            families[font["familyName"]] = families.get(font["familyName"], 0) + font["glyphCount"]
    assert families, f"{what}: no text found"
    assert set(families) == {FAMILY}, f"{what}: text set in {families}"


def review_page(server: ServerProcess) -> str:
    """The page of a review of South's plays in a room's finished hand."""
    import httpx

    from .helpers import Conn, hand_over

    seats = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}
    with Conn(server.ws_url) as conn:
        room = conn.request(type="create", seats=seats, bot_delay_ms=0, seed=4,
                            hand_pause_seconds=600)["room"]
        conn.request(type="join", room=room, seat="S")
        conn.request(type="autoplay", bot="heuristic")
        conn.wait(hand_over, timeout=60)
    reply = httpx.post(server.url + "/api/reviews", timeout=10, json={
        "room": room, "hand": 1, "seat": "S", "level": "normal", "seed": 0})
    assert reply.status_code == 200, reply.text
    return str(reply.json()["page"])


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["zh-CN", "en"])
def test_no_character_without_a_glyph(live_server: ServerProcess, tmp_path: Path,
                                      lang: str) -> None:
    cmap = font_characters()
    shots = tmp_path  # for a person to look at when it fails; not pictures of the docs
    with launched_browser(env=only_the_shipped_font(tmp_path)) as browser:
        page = new_page(browser, lang, viewport={"width": 1280, "height": 860})
        errors = PageErrors(page, live_server.url)
        page.goto(live_server.url + "/")
        page.wait_for_selector("#lobby:not([hidden])")
        page.wait_for_selector("#conn[data-status=connected]")
        check_page(page, cmap, f"{lang} lobby")
        # A table in its play phase: cards, jokers, the trick, the side panels.
        page.fill("#create-delay", "0")
        page.fill("#create-seed", "2")
        page.click("#quick-bots")
        page.wait_for_selector("#table:not([hidden])")
        page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.state.seat",
                               timeout=20000)
        check_page(page, cmap, f"{lang} table")
        page.screenshot(path=str(shots / f"fonts-table-{lang}.png"))
        page.goto(live_server.url + "/analysis")
        page.fill("#position", README_POSITION)
        page.fill("#worlds", "8")
        page.click("#analyse")
        page.wait_for_selector("#results-panel:not([hidden])", timeout=60000)
        check_page(page, cmap, f"{lang} analysis page")
        page.screenshot(path=str(shots / f"fonts-analysis-{lang}.png"))
        # A duplicate session's page (复式赛): both tables, a free seat, the deals to come.
        made = page.request.post(live_server.url + "/api/duplicate", data={"deals": 2})
        assert made.ok, made.text()
        page.goto(f"{live_server.url}/duplicate#session={made.json()['session']}")
        page.wait_for_selector("#dup-open a[data-take-seat=S]")
        check_page(page, cmap, f"{lang} duplicate session page")
        page.screenshot(path=str(shots / f"fonts-duplicate-{lang}.png"))
        # The review page: a hand's replay, a play's valuation, the mistakes; then its form.
        page.goto(live_server.url + review_page(live_server))
        page.wait_for_selector("#progress[data-status=done]", timeout=60000)
        page.click("#plays tr[data-ply] >> nth=0")
        page.wait_for_selector("#valuation[data-ply]")
        check_page(page, cmap, f"{lang} review page")
        page.screenshot(path=str(shots / f"fonts-review-{lang}.png"))
        page.click("#review-another")
        page.wait_for_selector("#review-form-panel:not([hidden])")
        check_page(page, cmap, f"{lang} review form")
        errors.check()
