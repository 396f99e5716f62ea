"""Helpers of the browser tests: Debian's chromium driven by Playwright, and a player that
clicks its way through a hand at the table the way a person would."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import duidiao

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
CATALOGUES = Path(__file__).resolve().parents[2] / "src" / "duidiao" / "server" / "static" / "i18n"
# The browser locale of each page language (Playwright's locale sets navigator.languages).
LOCALES = {"en": "en-US", "zh-CN": "zh-CN"}


def catalogue(lang: str) -> dict[str, Any]:
    """The page's messages in ``lang`` (static/i18n/<lang>.json)."""
    return json.loads((CATALOGUES / f"{lang}.json").read_text(encoding="utf-8"))


def say(lang: str, key: str, **params: Any) -> str:
    """A message as the page writes it: the plural form chosen as Intl.PluralRules does for
    the two languages (en: "one" for 1), the placeholders filled."""
    message = catalogue(lang)[key]
    if isinstance(message, dict):
        message = message["one" if lang == "en" and params.get("count") == 1 else "other"]
    return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), message)


def page_lang(page: Any, lang: str, timeout: float = 15000) -> str:
    """The page's language once it is ``lang`` (i18n.js sets it when the catalogue has loaded,
    which can be after the load event), else after ``timeout`` ms whatever it is."""
    try:
        page.wait_for_selector(f'html[lang="{lang}"]', state="attached", timeout=timeout)
    except Exception:  # the caller's assert names what it is instead
        pass
    return str(page.get_attribute("html", "lang"))


def new_page(browser: Any, lang: str, **options: Any) -> Any:
    """A page in a fresh context whose browser speaks ``lang`` (so the table picks it)."""
    return browser.new_context(locale=LOCALES[lang], **options).new_page()


def chromium_path() -> str:
    """The chromium to drive: $DUIDIAO_CHROMIUM, else Debian's, else one on PATH; or the skip
    (the failure in CI) saying why there is none."""
    given = os.environ.get("DUIDIAO_CHROMIUM")
    if given:
        if not os.path.exists(given):
            missing(f"DUIDIAO_CHROMIUM={given} does not exist")
        return given
    path = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if path is None:
        missing(f"no chromium at {CHROMIUM} or on PATH (apt-get install chromium)")
    return str(path)


def missing(reason: str) -> None:
    if os.environ.get("DUIDIAO_REQUIRE_BROWSER") == "1":
        pytest.fail(f"DUIDIAO_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@contextmanager
def launched_browser(env: dict[str, str] | None = None) -> Iterator[Any]:
    """A headless chromium (no browser download: Debian's, through executable_path), with
    ``env`` as its environment when given."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install playwright)")
    path = chromium_path()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS,
                                             **({"env": env} if env is not None else {}))
        try:
            yield browser
        finally:
            browser.close()


def screenshot_dir(tmp_path: Path) -> Path:
    """docs/images when DUIDIAO_SCREENSHOTS names it (to regenerate the docs' pictures)."""
    target = os.environ.get("DUIDIAO_SCREENSHOTS")
    if not target:
        return tmp_path
    path = Path(target)
    path.mkdir(parents=True, exist_ok=True)
    return path


class PageErrors:
    """JavaScript errors of a page (uncaught exceptions, console errors) and requests to any
    other origin than the server's (the pages use no CDN): a test fails on any."""

    def __init__(self, page: Any, origin: str = "") -> None:
        self.errors: list[str] = []
        self.origin = origin
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", self._console)
        page.on("request", self._request)

    def _request(self, request: Any) -> None:
        url = str(request.url)
        same = url.startswith(self.origin) or url.startswith(self.origin.replace("http", "ws"))
        if self.origin and not same and not url.startswith("data:"):
            self.errors.append(f"request to another origin: {url}")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def check(self) -> None:
        assert not self.errors, "\n".join(self.errors)


def table_state(page: Any) -> dict[str, Any]:
    """The last state the page received (for the test's checks, not for choosing)."""
    return page.evaluate("window.duidiaoTable.state") or {}


def action_buttons(page: Any) -> dict[str, bool]:
    """The decision buttons on show: action name -> enabled."""
    pairs = page.eval_on_selector_all(
        "#actions button[data-action]", "bs => bs.map(b => [b.dataset.action, !b.disabled])")
    found: dict[str, bool] = {}
    for name, enabled in pairs:
        found[name] = found.get(name, False) or enabled
    return found


def wait_for_turn_or_end(page: Any, timeout: float) -> str:
    """Wait until the seat is to act or the hand is over: "turn" or "over"."""
    page.wait_for_function(
        "document.body.dataset.phase === 'over' || document.body.dataset.myTurn === 'yes'",
        timeout=timeout * 1000)
    return "over" if page.evaluate("document.body.dataset.phase") == "over" else "turn"


def hand_cards(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all("#hand .card", """cs => cs.map(c => ({
        index: Number(c.dataset.index), card: c.dataset.card,
        playable: c.classList.contains('playable'),
        selected: c.classList.contains('selected')}))""")


def click_card(page: Any, index: int) -> None:
    """Click a card of the hand on its visible left edge (the next card covers the rest)."""
    page.click(f"#hand .card[data-index='{index}']", position={"x": 6, "y": 30})


def play_by_highlights(page: Any) -> str:
    """Pick a play as a person does: click highlighted cards until Play lights up, then play.

    The page highlights the cards that keep the selection inside some legal move, so adding
    highlighted cards always reaches one. Returns the cards played."""
    for _ in range(40):
        if action_buttons(page).get("play"):
            break
        candidates = [c for c in hand_cards(page) if c["playable"] and not c["selected"]]
        options = table_state(page).get("options") or {}
        if not candidates and not options.get("moves") and options.get("count", 0) > 0:
            return play_unlisted(page)
        assert candidates, f"no highlighted card, and Play is off: {hand_cards(page)}"
        click_card(page, candidates[0]["index"])
    else:
        raise AssertionError("clicking highlighted cards never made a legal play")
    chosen = ",".join(c["card"] for c in hand_cards(page) if c["selected"])
    page.click("#actions button[data-action=play]")
    return chosen


def play_unlisted(page: Any) -> str:
    """Over decisions.MOVES_COUNTED plays (following a long throw from a long hand) the page
    lists and highlights none, and lets any selection be tried on the server. A person picks one
    by the rules; here the position's first legal play is clicked, then Play."""
    position = duidiao.Position(table_state(page)["observation"]["position"])
    wanted = [str(card) for card in position.legal_moves_page(0, 1)[0].cards]
    for card in hand_cards(page):
        if card["selected"]:
            click_card(page, card["index"])  # start from an empty selection
    for card in hand_cards(page):
        if card["card"] in wanted:
            wanted.remove(card["card"])
            click_card(page, card["index"])
    assert not wanted, f"cards of the legal play not in the hand: {wanted}"
    assert action_buttons(page).get("play"), "Play stays off with a legal play picked"
    chosen = ",".join(c["card"] for c in hand_cards(page) if c["selected"])
    page.click("#actions button[data-action=play]")
    return chosen


def decide_by_clicking(page: Any) -> str:
    """One decision of the seat, by clicking; returns what was done."""
    buttons = action_buttons(page)
    for action in ("declare", "counter"):  # a counter (反底, rules §11.8) is a declaration
        if action in buttons:
            page.click(f"#actions button[data-action={action}] >> nth=0")
            return action
    if "bury" in buttons:
        cards = hand_cards(page)
        kitty = table_state(page)["options"]["bury"]  # the kitty's cards (rules §11.1)
        # The last cards in notation order are the smallest side cards: a plain bury.
        for card in cards[-kitty:]:
            click_card(page, card["index"])
        assert action_buttons(page).get("bury"), f"Bury stays off with {kitty} cards picked"
        page.click("#actions button[data-action=bury]")
        return "bury"
    if "grab" in buttons or "xiaosa" in buttons:
        page.click("#actions button[data-action=pass]")
        return "pass"
    if "play" in buttons:
        return "play " + play_by_highlights(page)
    raise AssertionError(f"the seat is to act but no decision button is shown: {buttons}")


def page_errors_text(page: Any) -> str:
    return " | ".join(page.eval_on_selector_all("#errors .error", "es => es.map(e => e.innerText)"))


def wait_for_new_state(page: Any, version: str, timeout: float, redo: Any = None) -> None:
    """Wait for the state after a decision (a version other than ``version``). When the
    decision was sent while the connection was down (the page says so), ``redo`` makes it
    again once the page has reconnected — as a person would press the key again."""
    try:
        page.wait_for_function(
            "v => document.body.dataset.version !== v", arg=version, timeout=timeout * 1000)
        return
    except Exception as exc:
        errors = page_errors_text(page)
        if redo is None or page.query_selector("#errors [data-code=not_connected]") is None:
            raise AssertionError(f"no new state after a decision; errors: {errors}") from exc
    page.wait_for_selector("#conn[data-status=connected]", timeout=timeout * 1000)
    page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.seat")
    if page.evaluate("document.body.dataset.version") == version:
        redo()
        wait_for_new_state(page, version, timeout)


def wait_until(predicate: Any, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def table_rules(preset: str) -> dict[str, Any]:
    from duidiao.server.rooms import table_rules as of_preset

    return of_preset(preset)


def crafted_state(room: str, phase: str, hand: str, options: dict[str, Any] | None,
                  **fields: Any) -> dict[str, Any]:
    """A state as docs/server.md writes it, for South, to show the page decisions that a
    dealt hand reaches only by luck (抢牌, 潇洒, a throw too long to list, a dig)."""
    observation: dict[str, Any] = {
        "seat": "S", "phase": phase, "preset": "chifeng-classic", "level": "5",
        "levels": {"NS": "5", "EW": "3"}, "trump": "H", "declarer": "E", "first_drawer": "E",
        "drawn": 100, "hand": hand, "exposed": {"S": "-", "E": "-", "N": "-", "W": "-"},
        "hand_sizes": {"S": 25, "E": 25, "N": 25, "W": 25}, "declarations": [],
        "kitty": "9D,9D,8S,7S,6S,4S,3S,2S", "original_kitty": None, "dry": False,
        "trump_from_kitty": False, "grab_offer": None, "grabs": [], "xiaosas": [],
        "tricks": [], "trick": None, "points": 0, "position": None,
    }
    observation.update(fields.pop("observation", {}))
    state: dict[str, Any] = {
        "type": "state", "room": room, "seat": "S", "version": fields.pop("version"),
        "hand_number": 1, "phase": phase, "to_act": "S" if options else None,
        "seats": {s: {"player": "heuristic", "claimed": True, "connected": True} for s in "ENW"},
        "levels": {"NS": "5", "EW": "3"}, "scores": {"NS": 0, "EW": 0}, "open": False,
        "bot_delay_ms": 700, "decision_seconds": 60, "observation": observation,
        "options": options, "deadline_seconds": 60 if options else None, "last": None,
        "trick_won": None, "result": None, "match_winner": None, "hands": None,
    }
    state["seats"]["S"] = {"player": "human", "claimed": True, "connected": True}
    state["rules"] = table_rules(observation["preset"])  # as the room sends its preset's
    state.update(fields)
    return state
