"""The table on a phone, 托管, the automatic last play and the turn alert, as a person meets
them: headless chromium against a real ``duidiao serve`` (docs/table.md, "On a phone", "托管
and the automatic last play", "Turn alerts").

Skipped when chromium or playwright is missing, unless DUIDIAO_REQUIRE_BROWSER=1 (CI).
``DUIDIAO_SCREENSHOTS=docs/images pytest tests/server/test_browser_phone.py`` writes the
pictures of docs/table.md: table-phone-zh.png, table-phone-en.png,
table-phone-landscape-zh.png, table-autoplay-zh.png."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from .browser_helpers import (
    PageErrors,
    action_buttons,
    hand_cards,
    launched_browser,
    new_page,
    page_errors_text,
    page_lang,
    say,
    screenshot_dir,
    table_state,
    wait_for_new_state,
    wait_until,
)
from .helpers import ServerProcess

pytestmark = pytest.mark.browser

PORTRAIT = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
PHONE = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2}
# What the page sends, recorded before any script of the page runs.
RECORD_SENT = """
(() => {
  const send = WebSocket.prototype.send;
  window.wsSent = [];
  WebSocket.prototype.send = function (data) {
    window.wsSent.push(String(data));
    return send.call(this, data);
  };
})();
"""
# A tab in the background: Playwright cannot minimise, so document.hidden is made true.
HIDDEN = """
(() => {
  Object.defineProperty(document, 'hidden', {value: true, configurable: true});
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  window.vibrations = [];
  navigator.vibrate = (pattern) => { window.vibrations.push(pattern); return true; };
})();
"""
SHOW = """() => {
  Object.defineProperty(document, 'hidden', {value: false, configurable: true});
  Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""
HIDE = """() => {
  Object.defineProperty(document, 'hidden', {value: true, configurable: true});
  Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def phone_table(browser: Any, server: ServerProcess, lang: str, viewport: dict[str, int],
                seed: int, init: str = "") -> tuple[Any, PageErrors]:
    """A phone's page in ``lang``, sitting South in a room against three bots (their pause
    10 ms) dealt from ``seed``; ``init``: a script run before the page's own."""
    page = new_page(browser, lang, viewport=viewport, **PHONE)
    if init:
        page.add_init_script(init)
    errors = PageErrors(page, server.url)
    page.goto(server.url + "/")
    page.wait_for_selector("#lobby:not([hidden])")
    page.wait_for_selector("#conn[data-status=connected]")
    page.fill("#create-delay", "10")
    page.fill("#create-seed", str(seed))
    page.click("#quick-bots")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.seat === 'S'")
    return page, errors


def tap(page: Any, selector: str) -> None:
    page.tap(selector, timeout=10000)


def tap_card(page: Any, index: int) -> None:
    """A tap on a card of the hand, on its visible left edge (the next card covers the rest)."""
    page.tap(f"#hand .card[data-index='{index}']", position={"x": 6, "y": 30}, timeout=10000)


def wait_for_my_decision(page: Any, timeout: float) -> str:
    """Until the seat has a decision to make by hand ("turn"), or the hand is over ("over")."""
    page.wait_for_function(
        """() => {
          const s = window.duidiaoTable.state;
          if (document.body.dataset.phase === 'over') return true;
          return document.body.dataset.myTurn === 'yes' && typeof s.deadline_seconds === 'number';
        }""", timeout=timeout * 1000)
    return "over" if page.evaluate("document.body.dataset.phase") == "over" else "turn"


def indices_of(hand: list[str], cards: list[str]) -> list[int]:
    """The places in the hand of a play's cards (copies matched one by one)."""
    used: list[int] = []
    for card in cards:
        used.append(next(i for i, held in enumerate(hand) if held == card and i not in used))
    return used


def legal_play(page: Any) -> tuple[list[str], list[int]]:
    """A legal play from the options the server sent, and its cards' places in the hand."""
    state = table_state(page)
    move = state["options"]["moves"][0].split(",")
    hand = state["observation"]["hand"].split(",")
    return move, indices_of(hand, move)


def selection(page: Any) -> list[str]:
    return sorted(c["card"] for c in hand_cards(page) if c["selected"])


def decide_by_tapping(page: Any, before_play: Any = None) -> str:
    """One decision of the seat with taps only: pass a declaration (or 抢牌, 潇洒, 反底), bury
    the last cards, or play a legal play — tap its cards, then tap one again. ``before_play``
    is called with the play's cards once they are selected."""
    buttons = action_buttons(page)
    if "pass" in buttons:
        tap(page, "#actions button[data-action=pass]")
        return "pass"
    state = table_state(page)
    if "bury" in buttons:
        count = state["options"]["bury"]
        for card in hand_cards(page)[-count:]:
            tap_card(page, card["index"])
        assert action_buttons(page).get("bury"), "Bury stays off"
        tap(page, "#actions button[data-action=bury]")
        return "bury"
    assert "play" in buttons, buttons
    move, places = legal_play(page)
    for index in places:
        tap_card(page, index)
    assert selection(page) == sorted(move)
    assert action_buttons(page)["play"], "the selection is a legal play: Play lights up"
    if before_play is not None:
        before_play(move)
    tap_card(page, places[-1])  # a selected card tapped again: played
    return "play " + ",".join(move)


def hand_geometry(page: Any) -> list[dict[str, Any]]:
    """Each card of the hand: its box, its corner index's box, its line (its place in the
    flow, not lifted by a selection) and whether a tap on its corner reaches it."""
    return page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map((c) => {
        const box = c.getBoundingClientRect();
        const corner = c.querySelector('.corner').getBoundingClientRect();
        const hit = document.elementFromPoint(corner.x + 3, corner.y + corner.height / 2);
        return {card: c.dataset.card, x: box.x, y: box.y, right: box.right, bottom: box.bottom,
                cx: corner.x, cy: corner.y, cw: corner.width, cbottom: corner.bottom,
                line: c.offsetTop, reached: Boolean(hit && hit.closest('.card') === c)};
    })""")


def check_hand_fits(page: Any, viewport: dict[str, int]) -> int:
    """The whole hand within the screen's width, every card's corner index left in view by the
    card over it and reached by a tap; returns the number of lines."""
    cards = hand_geometry(page)
    assert cards
    for card in cards:
        assert 0 <= card["x"] and card["right"] <= viewport["width"], card
        assert card["reached"], f"a tap on {card['card']}'s corner reaches another element"
    lines = sorted({card["line"] for card in cards})
    for first, second in zip(cards, cards[1:]):
        if first["line"] == second["line"]:
            # at least 10 px of the corner (its rank and suit) in view beside the next card
            assert second["x"] - first["cx"] >= min(10, first["cw"]), (first, second)
    tops = {line: min(c["y"] for c in cards if c["line"] == line) for line in lines}
    for card in cards:
        below = [tops[line] for line in lines if line > card["line"]]
        if below:  # the next line leaves the corner in view
            assert min(below) >= card["cbottom"] - 1, card
    return len(lines)


@pytest.mark.parametrize("lang", ["zh-CN"])
def test_a_whole_hand_by_taps_on_an_upright_phone(
    live_server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    """390×844, touch only: every decision by taps (a card to select it, a selected card again
    to play), the whole hand on the screen, each card's corner in view."""
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        page, errors = phone_table(browser, live_server, lang, PORTRAIT, seed=2)
        assert page_lang(page, lang) == lang
        decisions: list[str] = []
        lines: set[int] = set()
        shot = shots / "table-phone-zh.png"

        def picture(move: list[str]) -> None:
            plays = sum(1 for d in decisions if d.startswith("play"))
            if plays == 3 and lang == "zh-CN":
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(shot))

        while time.monotonic() - started < 100:
            if wait_for_my_decision(page, timeout=30) == "over":
                break
            version = page.evaluate("document.body.dataset.version")
            if "play" in action_buttons(page):
                lines.add(check_hand_fits(page, PORTRAIT))
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PORTRAIT["width"], f"the page is {width} px wide"
                if len(hand_cards(page)) == 25:
                    # the hand in view on the first screen, under the felt and the buttons
                    bottom = page.evaluate(
                        "document.querySelector('#hand').getBoundingClientRect().bottom"
                        " + window.scrollY")
                    assert bottom <= PORTRAIT["height"], bottom
            decisions.append(decide_by_tapping(page, picture))
            wait_for_new_state(page, version, timeout=30)
        else:
            raise AssertionError(f"the hand did not end in time after {decisions}")
        plays = [d for d in decisions if d.startswith("play")]
        assert len(plays) >= 15, decisions  # the others: forced plays the server made
        assert 2 in lines, lines  # 25 cards: two lines on an upright phone
        state = table_state(page)
        assert state["phase"] == "over" and state["observation"]["hand_sizes"]["S"] == 0
        page.wait_for_selector("#result:not([hidden]) .result-card")
        assert page.inner_text("#result .outcome") == say(
            lang, f"outcome.{state['result']['outcome']}.name")
        assert page.evaluate("window.duidiaoTable.alerts.count") == 0  # the tab was in view
        errors.check()
        assert page_errors_text(page) == ""
    assert time.monotonic() - started < 120


def south_decision_after(page: Any, version: str, timeout: float = 30) -> dict[str, Any]:
    """South's first decision after the state ``version`` (the bots may have answered it
    already: from the page's log entries)."""
    found = page.wait_for_function(
        """v => (window.duidiaoTable.logEntries || []).find(
            (e) => e.version > Number(v) && e.last.seat === 'S')""", arg=version,
        timeout=timeout * 1000)
    return found.json_value()["last"]


def drag_up(page: Any, index: int, distance: float) -> None:
    """A finger on a card of the hand, moved upwards ``distance`` px and lifted (touch
    events through the DevTools protocol: pointer events of type touch)."""
    box = page.locator(f"#hand .card[data-index='{index}']").bounding_box()
    x, y = box["x"] + 8, box["y"] + 30
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        point = {"x": x, "y": y - distance * step / 10}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_play_dragged_up_on_a_phone_on_its_side(
    live_server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    """844×390: the hand on the screen with the felt, the bar and the buttons; the selection
    dragged upwards out of the hand is played."""
    shots = screenshot_dir(tmp_path) if lang == "zh-CN" else tmp_path
    started = time.monotonic()
    with launched_browser() as browser:
        page, errors = phone_table(browser, live_server, lang, LANDSCAPE, seed=5)
        while time.monotonic() - started < 60:
            assert wait_for_my_decision(page, timeout=30) == "turn"
            if "play" in action_buttons(page):
                break
            version = page.evaluate("document.body.dataset.version")
            decide_by_tapping(page)
            wait_for_new_state(page, version, timeout=30)
        else:
            raise AssertionError("no play to make in time")
        page.evaluate("window.scrollTo(0, 0)")
        assert check_hand_fits(page, LANDSCAPE) == 1  # one line on a phone on its side
        for card in hand_geometry(page):
            assert card["bottom"] <= LANDSCAPE["height"], card  # all of the hand in view
        for selector in ("#felt", "#info .chip.points", "#info .chip.trump", "#prompt"):
            box = page.locator(selector).bounding_box()
            assert box and box["y"] + box["height"] <= LANDSCAPE["height"], selector
        move, places = legal_play(page)
        for index in places:
            tap_card(page, index)
        assert selection(page) == sorted(move)
        page.screenshot(path=str(shots / "table-phone-landscape-zh.png"))
        # A short drag stays in the hand: nothing is played.
        version = page.evaluate("document.body.dataset.version")
        drag_up(page, places[0], 20)
        time.sleep(0.3)
        assert page.evaluate("document.body.dataset.version") == version
        assert selection(page) == sorted(move)
        drag_up(page, places[0], 150)
        last = south_decision_after(page, version)
        assert sorted(last["play"].split(",")) == sorted(move), last
        errors.check()
        assert page_errors_text(page) == ""
    assert time.monotonic() - started < 90


def log_lines(page: Any, seat: str, tag: str) -> int:
    """The lines of the log for ``seat`` (its short name) tagged ``tag``."""
    return page.eval_on_selector_all(
        "#log li", """(lines, [seat, tag]) => lines.filter((l) =>
            l.querySelector('.who').textContent === seat
            && l.querySelector(`.tag[data-tag="${tag}"]`)).length""", [seat, tag])


def to_first_play(page: Any, started: float, limit: float) -> None:
    """Taps through declaring (and burying) up to the seat's first play."""
    while time.monotonic() - started < limit:
        assert wait_for_my_decision(page, timeout=30) == "turn"
        if "play" in action_buttons(page):
            return
        version = page.evaluate("document.body.dataset.version")
        decide_by_tapping(page)
        wait_for_new_state(page, version, timeout=30)
    raise AssertionError("no play to make in time")


def test_autoplay_then_the_seat_taken_back(live_server: ServerProcess, tmp_path: Path) -> None:
    """托管 at a level: the badge for everyone, the banner, the bot's decisions in the log
    without a tap; taken back mid-hand, the seat's turn comes again with its clock."""
    lang = "zh-CN"
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        page, errors = phone_table(browser, live_server, lang, PORTRAIT, seed=7)
        to_first_play(page, started, 50)
        # A pause long enough to follow: the bots' (and the 托管 bot's) 0.4 s.
        page.eval_on_selector(
            "#speed", "s => { s.value = '400'; s.dispatchEvent(new Event('change')); }")
        page.wait_for_function("window.duidiaoTable?.state?.bot_delay_ms === 400", timeout=10000)
        assert page.is_visible("#autoplay") and page.is_hidden("#autoplay-banner")
        levels = page.eval_on_selector_all("#autoplay-level option", "os => os.map(o => o.value)")
        assert levels == ["easy", "normal", "hard", "expert"]
        assert page.input_value("#autoplay-level") == "normal"
        page.select_option("#autoplay-level", "easy")
        assert page.inner_text("#autoplay button[data-action=autoplay]") == say(
            lang, "autoplay.hand_over")
        tap(page, "#autoplay button[data-action=autoplay]")

        page.wait_for_selector("#autoplay-banner:not([hidden])", timeout=10000)
        assert page.is_hidden("#autoplay")
        level = say(lang, "bot.strength.easy")
        assert say(lang, "autoplay.banner", level=level) in page.inner_text("#autoplay-banner")
        assert page.get_attribute(".felt .seat.bottom .autoplay-mark", "data-bot") == "easy"
        assert page.inner_text(".felt .seat.bottom .autoplay-mark") == say(lang, "seat.autoplay")
        assert table_state(page)["seats"]["S"]["autoplay"] == "easy"
        assert page.evaluate("localStorage.getItem('duidiao.autoplay_level')") == "easy"
        # The bot plays South: its decisions come in the log, tagged, without a tap.
        south = say(lang, "seat.short.S")
        wait_until(lambda: log_lines(page, south, "autoplay") >= 2, 30, "two 托管 plays")
        assert page.evaluate("document.body.dataset.myTurn") == "no"
        assert page.query_selector("#actions button[data-action=play]") is None
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "table-autoplay-zh.png"))

        # Another person at the table sees the badge too.
        watcher = new_page(browser, "en", viewport={"width": 1280, "height": 860})
        watcher_errors = PageErrors(watcher, live_server.url)
        room = page.evaluate("window.duidiaoTable.room")
        watcher.goto(f"{live_server.url}/#room={room}&watch=1")
        watcher.wait_for_selector(".felt .seat .autoplay-mark[data-bot=easy]")
        assert watcher.get_attribute(".felt .seat.bottom", "data-seat") == "S"
        assert watcher.inner_text(".felt .seat.bottom .autoplay-mark") == say("en", "seat.autoplay")

        # Taken back mid-hand: South's next turn waits for a tap, its clock running.
        made = log_lines(page, south, "autoplay")
        tap(page, "#autoplay-banner button[data-action=take-back]")
        page.wait_for_selector("#autoplay:not([hidden])", timeout=10000)
        assert page.is_hidden("#autoplay-banner")
        assert page.query_selector(".felt .seat.bottom .autoplay-mark") is None
        assert wait_for_my_decision(page, timeout=30) == "turn"
        state = table_state(page)
        assert state["seats"]["S"]["autoplay"] is None and state["to_act"] == "S"
        assert state["observation"]["hand_sizes"]["S"] > 0  # mid-hand
        page.wait_for_function("document.querySelector('#deadline').textContent.trim() !== ''")
        assert "秒" in page.inner_text("#deadline")
        assert action_buttons(page).get("play") is False  # nothing selected yet
        time.sleep(1.0)
        assert log_lines(page, south, "autoplay") <= made + 1  # at most the one under way
        assert table_state(page)["to_act"] == "S"
        untagged = """([seat, before]) => [...document.querySelectorAll('#log li')].filter((l) =>
            l.querySelector('.who') && l.querySelector('.who').textContent === seat
            && !l.querySelector('.tag')).length > before"""
        before = page.eval_on_selector_all(
            "#log li", """(lines, seat) => lines.filter((l) => l.querySelector('.who')
            && l.querySelector('.who').textContent === seat && !l.querySelector('.tag')).length""",
            south)
        decide_by_tapping(page)
        # South's own play, in the log (the state's `last` may already be a bot's after it).
        page.wait_for_function(untagged, arg=[south, before], timeout=15000)
        watcher.wait_for_function(
            "document.querySelectorAll('.felt .seat .autoplay-mark').length === 0")
        errors.check()
        watcher_errors.check()
        assert page_errors_text(page) == ""
    assert time.monotonic() - started < 90


def test_the_only_legal_play_is_made_at_once(live_server: ServerProcess, tmp_path: Path) -> None:
    """The room panel's setting, on by default and sent when the seat is joined: off, a turn
    with one legal play waits for its person; on again, the server plays it, flagged."""
    lang = "en"
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        page, errors = phone_table(browser, live_server, lang, PORTRAIT, seed=8, init=RECORD_SENT)
        sent = [json.loads(m) for m in page.evaluate("window.wsSent")]
        joined = next(i for i, m in enumerate(sent) if m.get("type") == "join")
        assert any(m.get("type") == "auto_forced" and m.get("on") is True for m in sent[joined:])
        assert page.is_checked("#auto-forced") and page.is_checked("#alert-sound")
        assert say(lang, "settings.auto_forced") in page.inner_text("#seat-settings")
        to_first_play(page, started, 50)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / "table-phone-en.png"))

        page.uncheck("#auto-forced")
        assert page.evaluate("localStorage.getItem('duidiao.auto_forced')") == "off"
        page.wait_for_function("""() => window.wsSent.some((m) => {
            const msg = JSON.parse(m); return msg.type === 'auto_forced' && msg.on === false; })""")
        # Tap through the hand up to a turn with a single legal play: it waits for South.
        while time.monotonic() - started < 80:
            assert wait_for_my_decision(page, timeout=30) == "turn"
            state = table_state(page)
            if state["options"].get("count") == 1:
                break
            version = page.evaluate("document.body.dataset.version")
            decide_by_tapping(page)
            wait_for_new_state(page, version, timeout=30)
        else:
            raise AssertionError("no turn with one legal play in time")
        version = page.evaluate("document.body.dataset.version")
        assert isinstance(state["deadline_seconds"], (int, float))
        time.sleep(1.2)  # longer than the server's 0.6 s
        assert page.evaluate("document.body.dataset.version") == version

        page.check("#auto-forced")  # on again: made at once, without a tap
        # In the log (the state's `last` may already be a bot's play after it: bots answer at
        # once, faster than a loaded machine polls).
        page.wait_for_selector("#log li .tag[data-tag=forced]", state="attached", timeout=15000)
        assert page.evaluate("localStorage.getItem('duidiao.auto_forced')") == "on"
        tag = page.locator("#log li .tag[data-tag=forced]").first
        assert tag.inner_text() == say(lang, "log.forced")
        more = state["observation"]["hand_sizes"]["S"] > 1  # forced plays to come (the last card)
        # And the next ones too, while the person plays the others: to the end of the hand.
        while time.monotonic() - started < 100:
            if wait_for_my_decision(page, timeout=30) == "over":
                break
            version = page.evaluate("document.body.dataset.version")
            decide_by_tapping(page)
            wait_for_new_state(page, version, timeout=30)
        else:
            raise AssertionError("the hand did not end in time")
        assert log_lines(page, say(lang, "seat.short.S"), "forced") >= (2 if more else 1)
        errors.check()
        assert page_errors_text(page) == ""
    assert time.monotonic() - started < 110


def test_the_turn_alert_in_a_background_tab(live_server: ServerProcess) -> None:
    """A hidden tab: South's turn flashes the title, makes a sound and vibrates, once; seen
    again, the title is the page's; the sound turned off stays off."""
    started = time.monotonic()
    with launched_browser() as browser:
        page, errors = phone_table(browser, live_server, "en", PORTRAIT, seed=3, init=HIDDEN)
        base = say("en", "title.table")
        marked = say("en", "alert.title", title=base)
        assert wait_for_my_decision(page, timeout=30) == "turn"
        page.wait_for_function("window.duidiaoTable?.alerts?.count === 1")
        titles = set()
        for _ in range(30):  # the title alternates, about once a second
            titles.add(page.title())
            if len(titles) == 2:
                break
            time.sleep(0.1)
        assert titles == {base, marked}, titles
        alerts = page.evaluate("""() => { const a = window.duidiaoTable.alerts;
            return {count: a.count, sounds: a.sounds, vibrations: a.vibrations,
                    flashing: a.flashing}; }""")
        assert alerts == {"count": 1, "sounds": 1, "vibrations": 1, "flashing": True}, alerts
        assert page.evaluate("window.vibrations.length") == 1
        time.sleep(0.5)
        assert page.evaluate("window.duidiaoTable.alerts.count") == 1  # once a turn

        # Seen again: the flashing stops, the title is the page's.
        page.evaluate(SHOW)
        assert page.title() == base
        assert page.evaluate("window.duidiaoTable.alerts.flashing") is False
        time.sleep(1.0)
        assert page.title() == base

        # The sound turned off (remembered); the next turn in the background flashes, silent.
        page.uncheck("#alert-sound")
        assert page.evaluate("localStorage.getItem('duidiao.alert_sound')") == "off"
        page.evaluate(HIDE)
        version = page.evaluate("document.body.dataset.version")
        decide_by_tapping(page)
        wait_for_new_state(page, version, timeout=30)
        assert wait_for_my_decision(page, timeout=30) == "turn"
        page.wait_for_function("window.duidiaoTable?.alerts?.count === 2")
        assert page.evaluate("window.duidiaoTable.alerts.sounds") == 1
        assert page.evaluate("window.duidiaoTable.alerts.flashing") is True
        page.evaluate(SHOW)
        assert page.title() == base
        errors.check()
    assert time.monotonic() - started < 60
