"""The climbing games at the browser table: a whole 够级 hand (six seats) and a whole 保皇 hand
(five) against bots, clicked as a person clicks — a preset chosen in the lobby, cards picked in
the hand, Play or a word pressed — on a desktop in Chinese and on a phone in English.
``DUIDIAO_SCREENSHOTS=docs/images`` writes docs/table.md's pictures climbing-gouji.png,
climbing-baohuang.png and climbing-phone.png."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import (
    PageErrors,
    launched_browser,
    new_page,
    page_errors_text,
    page_lang,
    say,
    screenshot_dir,
    table_state,
)
from .helpers import ServerProcess
from .test_browser import DESKTOP, PHONE, open_lobby

pytestmark = pytest.mark.browser

WORDS = ("pass", "yield", "fold", "noburn", "stay", "revolt", "keep", "renounce", "grab",
         "dark", "open")


def hand(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all("#climb-hand .climb-card", """cs => cs.map(c => ({
        index: Number(c.dataset.index), card: c.dataset.card,
        selected: c.classList.contains('selected')}))""")


def decide(page: Any, rng: random.Random) -> str:
    """One decision, clicked: a word's button, a call's, or the cards of a set then Play. The
    choice is drawn from the options the page was sent (the test has no rules of its own)."""
    options = table_state(page)["options"]
    move = rng.choice(options["moves"])
    if move in WORDS:
        page.click(f"#climb-actions button[data-action={move}]")
        return move
    if move.startswith("call "):
        page.click(f"#climb-actions button[data-action=call][data-face='{move[5:]}']")
        return move
    wanted: list[str] = []
    for part in move.split(","):
        name, _, count = part.partition("*")
        wanted += [name] * int(count or 1)
    for name in wanted:
        free = [c for c in hand(page) if c["card"] == name and not c["selected"]]
        assert free, f"{move}: no {name} left to pick in {hand(page)}"
        page.click(f"#climb-hand .climb-card[data-index='{free[0]['index']}']")
    picked = sorted(c["card"] for c in hand(page) if c["selected"])
    assert picked == sorted(wanted), (picked, move)
    button = page.query_selector("#climb-actions button[data-action=play]")
    assert button is not None and button.is_enabled(), f"Play is off with {move} picked"
    page.click("#climb-actions button[data-action=play]")
    return f"play {move}"


def play_whole_hand(page: Any, rng: random.Random, seconds: float,
                    picture: Path | None) -> list[str]:
    """Every decision of the seat until the hand is over; a picture of the table in mid-hand."""
    started = time.monotonic()
    decisions: list[str] = []
    acted = ""
    waited_for_the_table = False
    while time.monotonic() - started < seconds:
        page.wait_for_function(
            "v => document.body.dataset.phase === 'over' || (document.body.dataset.myTurn === "
            "'yes' && document.body.dataset.version !== v)", arg=acted, timeout=60_000)
        state = table_state(page)
        if state["phase"] == "over":
            return decisions
        version = page.evaluate("document.body.dataset.version")
        if state["phase"] == "play" and state["options"]["count"] == 1 and not waited_for_the_table:
            # The first only answer is left to the table (auto_forced, after its pause); the
            # others are clicked at once, as a quick player does (a click the table beat to it
            # is refused as stale, and the page says nothing).
            waited_for_the_table = True
            acted = version
            continue
        if picture is not None and state["phase"] == "play" and len(hand(page)) <= 20:
            page.screenshot(path=str(picture))
            picture = None
        decisions.append(decide(page, rng))
        acted = version
    raise AssertionError(f"the hand did not end in {seconds} s after {decisions}")


def start_room(page: Any, server: ServerProcess, preset: str, seed: int) -> None:
    open_lobby(page, server)
    page.select_option("#create-preset", preset)
    # the seats follow the preset: you in the first, bots in the others
    seats = page.eval_on_selector_all("#create-form select[data-seat]",
                                      "ss => ss.map(s => s.dataset.seat)")
    assert "".join(seats) == ("ABCDEF" if preset.startswith("gouji") else "ABCDE")
    page.fill("#create-delay", "0")
    page.fill("#create-seed", str(seed))
    page.click("#create-form button[type=submit]")
    page.wait_for_selector("#climb:not([hidden])")
    assert "seat=A" in page.url


@pytest.mark.parametrize(("preset", "lang", "viewport", "picture"), [
    ("gouji", "zh-CN", DESKTOP, "climbing-gouji.png"),
    ("baohuang", "zh-CN", DESKTOP, "climbing-baohuang.png"),
    ("gouji", "en", PHONE, "climbing-phone.png"),
])
def test_a_whole_climbing_hand_at_the_table(live_server: ServerProcess, tmp_path: Path,
                                            preset: str, lang: str, viewport: dict[str, int],
                                            picture: str) -> None:
    shots = screenshot_dir(tmp_path)
    with launched_browser() as browser:
        page = new_page(browser, lang, viewport=viewport)
        errors = PageErrors(page, live_server.url)
        start_room(page, live_server, preset, seed=21)
        assert page_lang(page, lang) == lang
        seats = 6 if preset == "gouji" else 5
        assert len(page.query_selector_all("#climb-felt .climb-seat")) == seats
        decisions = play_whole_hand(page, random.Random(4), 150, shots / picture)
        assert any(d.startswith("play") for d in decisions), decisions
        (shots / picture).exists() or pytest.fail("no picture was taken in mid-hand")
        # the result: the places in the game's words, the next hand offered
        state = table_state(page)
        page.wait_for_selector("#climb-result:not([hidden]) .result-card")
        text = page.inner_text("#climb-result")
        assert say(lang, "climb.result.title") in text
        if preset == "gouji":
            assert say(lang, "climb.place.1") in text
        assert len(page.query_selector_all("#climb-result .climb-places li")) == len(
            state["result"]["places"])
        # the page in the player's language: no key shown instead of its message
        body = page.inner_text("body")
        assert "climb." not in body, body[:400]
        errors.check()
        assert page_errors_text(page) == ""
        if viewport is PHONE:  # nothing wider than the phone's screen
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"] + 1, width
        page.click("#climb-result button[data-action=next]")
        page.wait_for_function("window.duidiaoTable?.state?.hand_number === 2")
