"""The browser table as a person uses it: headless chromium against a real ``duidiao serve``.

Skipped when chromium or playwright is missing, unless DUIDIAO_REQUIRE_BROWSER=1 (CI): then
they fail. ``DUIDIAO_SCREENSHOTS=docs/images pytest tests/server/test_browser.py`` writes the
screenshots of docs/table.md (table.png, table-phone.png, analysis.png)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from .browser_helpers import (
    LOCALES,
    PageErrors,
    action_buttons,
    click_card,
    crafted_state,
    decide_by_clicking,
    hand_cards,
    launched_browser,
    new_page,
    page_errors_text,
    page_lang,
    say,
    screenshot_dir,
    table_state,
    wait_for_new_state,
    wait_for_turn_or_end,
)
from .helpers import ServerProcess

pytestmark = pytest.mark.browser

README_POSITION = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


def open_lobby(page, server: ServerProcess, go: bool = True) -> None:
    """The lobby, connected (``go``: open it first)."""
    if go:
        page.goto(server.url + "/")
    page.wait_for_selector("#lobby:not([hidden])")
    page.wait_for_selector("#conn[data-status=connected]")


def create_room_against_bots(page, seed: int, delay_ms: int = 10) -> None:
    """The lobby's form: South is "you", the three others the default bots."""
    page.fill("#create-delay", str(delay_ms))
    page.fill("#create-seed", str(seed))
    page.click("#quick-bots")
    page.wait_for_selector("#table:not([hidden])")


def picture_time(page) -> bool:
    """South's lead in mid-hand (every card in colour), or any play late in the hand."""
    cards = len(hand_cards(page))
    trick = (table_state(page).get("observation") or {}).get("trick") or {}
    return (cards <= 20 and not trick.get("plays")) or cards <= 8


def teams(observation: dict[str, Any]) -> tuple[str, str]:
    """The declaring team and the defenders."""
    declarers = "NS" if observation["declarer"] in ("N", "S") else "EW"
    return declarers, "EW" if declarers == "NS" else "NS"


def test_plays_the_page_does_not_list(tmp_path: Path) -> None:
    # Over decisions.MOVES_COUNTED legal plays (following a long throw from a long hand) the
    # server lists none, the page highlights none and lets a selection be tried. That limit
    # set to 0 here makes every play so: a whole hand is played by picking cards and Play.
    unlisted = [sys.executable, "-c", "import sys, duidiao.play.decisions as d, runpy; "
                "d.MOVES_COUNTED = 0; sys.argv = ['duidiao', *sys.argv[1:]]; "
                "runpy.run_module('duidiao', run_name='__main__')", "serve"]
    server = ServerProcess(tmp_path / "data", command=unlisted).start()
    try:
        with launched_browser() as browser:
            page = new_page(browser, "en", viewport=DESKTOP)
            errors = PageErrors(page, server.url)
            open_lobby(page, server)
            create_room_against_bots(page, seed=2, delay_ms=0)
            plays = 0
            started = time.monotonic()
            while time.monotonic() - started < 80:
                if wait_for_turn_or_end(page, timeout=30) == "over":
                    break
                version = page.evaluate("document.body.dataset.version")
                if "play" in action_buttons(page):
                    options = table_state(page)["options"]
                    assert options["moves"] == [] and options["count"] > 0, options
                    assert not any(c["playable"] for c in hand_cards(page))
                    plays += 1
                decide_by_clicking(page)
                wait_for_new_state(page, version, timeout=30)
            else:
                raise AssertionError(f"the hand did not end in time after {plays} plays")
            assert plays >= 20
            errors.check()
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_whole_hand_against_three_bots(
    live_server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    # The pictures of README and docs/table.md: table.png (English), table-zh.png (Chinese).
    shots = screenshot_dir(tmp_path)
    suffix = "" if lang == "en" else "-zh"
    started = time.monotonic()
    with launched_browser() as browser:
        page = new_page(browser, lang, viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        assert page_lang(page, lang) == lang
        # Seed 2: South's declaration stands, so South buries (when the kitty is not dry).
        create_room_against_bots(page, seed=2)
        assert "room=" in page.url and "seat=S" in page.url
        decisions: list[str] = []
        shot_taken = False
        while time.monotonic() - started < 80:
            if wait_for_turn_or_end(page, timeout=30) == "over":
                break
            version = page.evaluate("document.body.dataset.version")
            if not shot_taken and "play" in action_buttons(page) and picture_time(page):
                # Hint: the ranked plays; clicking the best picks it and lights Play. This is
                # the picture of docs/table.md.
                page.click("#actions button[data-action=hint]")
                page.wait_for_selector("#hint-moves li.move", timeout=20000)
                page.click("#hint-moves li.move >> nth=0")
                best = page.get_attribute("#hint-moves li.move >> nth=0 >> .ctext", "data-cards")
                picked = ",".join(c["card"] for c in hand_cards(page) if c["selected"])
                assert sorted(picked.split(",")) == sorted(best.split(","))
                assert action_buttons(page)["play"]
                page.screenshot(path=str(shots / f"table{suffix}.png"))
                page.click("#actions button[data-action=play]")
                decisions.append(f"play {picked} (the hint's)")
                shot_taken = True
                wait_for_new_state(page, version, timeout=30)
                continue
            decisions.append(decide_by_clicking(page))
            wait_for_new_state(page, version, timeout=30, redo=lambda: decide_by_clicking(page))
        else:
            raise AssertionError(f"the hand did not end in time after {decisions}")
        assert shot_taken
        assert any(d.startswith("play") for d in decisions)
        observation = table_state(page)["observation"]
        south_buries = observation["declarer"] == "S" and not observation["dry"]
        assert ("bury" in decisions) == south_buries, decisions
        errors.check()
        assert page_errors_text(page) == ""

        # The result screen: the outcome by name, the points, the levels, Next hand.
        state = table_state(page)
        assert state["phase"] == "over" and state["result"] is not None
        result = state["result"]
        page.wait_for_selector("#result:not([hidden]) .result-card")
        outcome = page.inner_text("#result .outcome")
        assert outcome == say(lang, f"outcome.{result['outcome']}.name")
        assert page.get_attribute("#result .outcome", "data-outcome") == result["outcome"]
        card_text = page.inner_text("#result .result-card")
        defenders = say(lang, f"team.{teams(observation)[1]}")
        assert say(lang, "result.points", points=result["points"], team=defenders) in card_text
        assert say(lang, "info.levels") in card_text and say(lang, "result.hand_score") in card_text
        assert page.inner_text("#result button[data-action=next]") == say(lang, "action.next")
        # Every trick went to the log and the last trick panel holds the 25th... or the last.
        seats = tuple(say(lang, f"seat.short.{seat}") for seat in "SENW")
        assert page.inner_text("#last-trick").startswith(seats)
        page.screenshot(path=str(shots / f"table-result{suffix}.png"))

        # Next hand deals hand 2 of the match.
        page.click("#result button[data-action=next]")
        page.wait_for_function("window.duidiaoTable?.state?.hand_number === 2", timeout=20000)
        assert page.is_hidden("#result")
        errors.check()
    assert time.monotonic() - started < 90


def test_phone_width_keys_and_reconnect(live_server: ServerProcess, tmp_path: Path) -> None:
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True,
                                      locale=LOCALES["en"])
        page = context.new_page()
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        create_room_against_bots(page, seed=11)
        plays = 0
        dropped = False
        while plays < 6 and time.monotonic() - started < 70:
            if wait_for_turn_or_end(page, timeout=30) == "over":
                break
            version = page.evaluate("document.body.dataset.version")
            buttons = action_buttons(page)
            if "play" not in buttons:
                # Declaring, burying...: P passes where passing is allowed, else click through.
                if "pass" in buttons:
                    page.keyboard.press("p")
                else:
                    decide_by_clicking(page)
                wait_for_new_state(page, version, timeout=30,
                                   redo=lambda: decide_by_clicking(page))
                continue
            # Keys only: Home, then arrows to each highlighted card, Space to pick, Enter to play.
            page.keyboard.press("Home")
            for _ in range(30):
                if action_buttons(page).get("play"):
                    break
                cards = hand_cards(page)
                cursor = page.evaluate("window.duidiaoTable.cursor")
                target = next(c["index"] for c in cards if c["playable"] and not c["selected"])
                key = "ArrowRight" if target > cursor else "ArrowLeft"
                for _ in range(abs(target - cursor)):
                    page.keyboard.press(key)
                assert page.evaluate("window.duidiaoTable.cursor") == target
                page.keyboard.press(" ")
            if plays == 2:
                page.screenshot(path=str(shots / "table-phone.png"))
                # No sideways scrolling at phone width.
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE["width"], f"the page is {width} px wide at 390 px"
            page.keyboard.press("Enter")
            # (A play sent while the connection was down is made again by clicking.)
            wait_for_new_state(page, version, timeout=30, redo=lambda: decide_by_clicking(page))
            plays += 1
            if plays == 3 and not dropped:
                # A dropped connection: the page reconnects and rejoins its seat by token.
                page.evaluate("window.duidiaoTable.conn.drop()")
                page.wait_for_selector("#conn[data-status=connected]", timeout=15000)
                page.wait_for_function(
                    "window.duidiaoTable?.state && window.duidiaoTable.seat === 'S'")
                dropped = True
        assert plays >= 4 and dropped
        errors.check()

        # A reload keeps the log (sessionStorage), as a reconnect does (issue 27, 9).
        # The decisions' lines (an error's line, "not connected" after the drop, is the page's
        # own and is not kept).
        lines = "lines => lines.map(line => line.textContent)"
        decisions = "#log li:not(.log-error)"
        logged = page.eval_on_selector_all(decisions, lines)
        assert logged
        page.reload()
        page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.seat === 'S'")
        page.wait_for_function(f"document.querySelectorAll('{decisions}').length >= {len(logged)}",
                               timeout=15000)
        again = page.eval_on_selector_all(decisions, lines)
        assert again[len(again) - len(logged):] == logged  # newest first: the old lines last

        # The seat's address opened in another tab moves the seat there; the first tab says so.
        other = context.new_page()
        other.goto(page.url)
        other.wait_for_selector("#table:not([hidden])")
        other.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.seat === 'S'")
        page.wait_for_selector("#errors [data-code=replaced]")
        page.wait_for_selector("#join:not([hidden])")
    assert time.monotonic() - started < 90


def test_friends_in_two_tabs(live_server: ServerProcess, tmp_path: Path) -> None:
    """South creates a room with North for a friend; the friend opens the room link."""
    with launched_browser() as browser:
        host = new_page(browser, "en", viewport=DESKTOP)
        errors = PageErrors(host, live_server.url)
        open_lobby(host, live_server)
        host.select_option("select[data-seat=N]", "human")
        host.fill("#create-delay", "0")
        host.click("#create-form button[type=submit]")
        host.wait_for_selector("#table:not([hidden])")
        host.wait_for_function("(window.duidiaoTable.state || {}).phase === 'waiting'")
        assert "North" in host.inner_text("#prompt")
        link = host.input_value("#room-info input.link")
        assert "token" not in link

        friend = new_page(browser, "en", viewport=DESKTOP)
        friend_errors = PageErrors(friend, live_server.url)
        friend.goto(link)
        friend.wait_for_selector("#join:not([hidden])")
        assert friend.is_disabled("#join-seats button[data-seat=S]")
        friend.click("#join-seats button[data-seat=N]")
        friend.wait_for_selector("#table:not([hidden])")
        # Both seats taken: the hand is dealt, each tab sees its own seat at the bottom.
        for page, seat in ((host, "S"), (friend, "N")):
            page.wait_for_function("(window.duidiaoTable.state || {}).phase === 'declare'"
                                   " || (window.duidiaoTable.state || {}).hand_number >= 1")
            assert page.get_attribute(".felt .seat.bottom", "data-seat") == seat
        # Leave keeps the seat: the room link offers it back to the same browser.
        host.click("#leave")
        host.wait_for_selector("#lobby:not([hidden])")
        host.goto(link)
        host.wait_for_selector("#join:not([hidden])")
        assert host.inner_text("#join-seats button[data-seat=S]") == "Back to South"
        host.click("#join-seats button[data-seat=S]")
        host.wait_for_function("window.duidiaoTable?.seat === 'S' && window.duidiaoTable.state")
        assert host.is_visible("#table")
        errors.check()
        friend_errors.check()


def test_watch_four_bots_at_a_chosen_speed(live_server: ServerProcess, tmp_path: Path) -> None:
    with launched_browser() as browser:
        page = new_page(browser, "en", viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        page.fill("#create-delay", "300")
        page.click("#quick-watch")
        page.wait_for_selector("#table:not([hidden])")
        assert "watch=1" in page.url
        page.wait_for_function(
            "window.duidiaoTable?.state && window.duidiaoTable.state.seat === null")
        # The slider sends "speed"; the room's next state carries the new pause.
        page.eval_on_selector(
            "#speed", "s => { s.value = '0'; s.dispatchEvent(new Event('change')); }")
        page.wait_for_function("window.duidiaoTable?.state?.bot_delay_ms === 0", timeout=10000)
        page.wait_for_function(
            "(window.duidiaoTable.state.observation || {}).tricks"
            " && window.duidiaoTable.state.observation.tricks.length >= 2", timeout=30000)
        # A spectator sees no hand of its own and every seat as a box around the felt.
        assert hand_cards(page) == []
        assert page.eval_on_selector_all(".felt .seat .badge", "bs => bs.length") == 4
        errors.check()


def test_analysis_page_ranks_the_readme_position(
    live_server: ServerProcess, tmp_path: Path
) -> None:
    shots = screenshot_dir(tmp_path)
    with launched_browser() as browser:
        page = new_page(browser, "en", viewport={"width": 1100, "height": 900})
        errors = PageErrors(page, live_server.url)
        page.goto(live_server.url + "/analysis")
        page.fill("#position", README_POSITION)
        page.fill("#worlds", "16")
        page.fill("#seed", "1")
        page.click("#analyse")
        page.wait_for_selector("#results-panel:not([hidden])", timeout=60000)
        rows = page.eval_on_selector_all("#results tbody tr", "rs => rs.length")
        assert rows == 107
        assert "Ranked moves (107)" in page.text_content("#results-title")
        assert "16 worlds" in page.inner_text("#results-meta")
        # South's hand drawn with suit symbols; the hidden hands counted.
        assert page.eval_on_selector_all("#drawn [data-seat=S] .card", "cs => cs.length") == 24
        assert "24 hidden" in page.inner_text("#drawn [data-seat=E]")
        page.screenshot(path=str(shots / "analysis.png"), full_page=False)

        page.click("#legal")
        page.wait_for_selector("#legal-panel:not([hidden])")
        assert page.text_content("#legal-title").startswith("Legal moves: 107")

        # Building a hand by clicking: 25 cards of the picker, then the position is written.
        page.click("#b-clear")
        for index in range(25):
            page.click(f"#picker .card >> nth={index}")
        assert page.inner_text("#b-hand-count") == "25/25"
        page.click("#b-write")
        written = page.input_value("#position")
        assert written.startswith("chifeng level=5 trump=H declarer=S S=BJ,SJ,AH,")
        assert "E=?25" in written and written.endswith("trick=S:")
        page.click("#legal")
        page.wait_for_function(
            "document.querySelector('#legal-title').textContent.startsWith('Legal moves: 527')")
        errors.check()

        # A bad position is refused with the notation's message, shown on the page (the
        # browser logs the HTTP 400 itself, so the console is not checked after this).
        page.fill("#position", README_POSITION.replace("kitty=9D", "kitty=1H"))
        page.click("#analyse")
        page.wait_for_selector("#errors .error")
        shown = page.inner_text("#errors .error")
        assert "kitty" in shown and "bad_request" not in shown  # words, not the code
        # the last position's results are not left under the error (issue 27, 9)
        assert page.is_hidden("#results-panel")


def recording_table(browser: Any, live_server: ServerProcess) -> tuple[Any, PageErrors, str]:
    """A table page that watched a room, then left it (no more real states) and sits South,
    recording what it sends in ``window.sent``: for states crafted and fed to it."""
    page = new_page(browser, "en", viewport=DESKTOP)
    errors = PageErrors(page, live_server.url)
    open_lobby(page, live_server)
    page.fill("#create-delay", "5000")
    page.click("#quick-watch")
    page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.room")
    room = page.evaluate("window.duidiaoTable.room")
    page.evaluate("""() => {
        const ui = window.duidiaoTable;
        ui.conn.send({type: 'leave'});
        ui.seat = 'S';
        window.sent = [];
        ui.conn.send = (m) => { window.sent.push(m); return true; };
    }""")
    return page, errors, room


def test_decisions_a_deal_rarely_offers(live_server: ServerProcess, tmp_path: Path) -> None:
    """抢牌, 潇洒, several declarations, a throw too long to list, a dig: shown from crafted
    states fed through the page's own connection, and the messages the buttons send."""
    with launched_browser() as browser:
        page, errors, room = recording_table(browser, live_server)
        version = [1000]

        def show(phase: str, hand: str, options: dict | None, **fields: object) -> None:
            version[0] += 1
            state = crafted_state(room, phase, hand, options, version=version[0], **fields)
            page.evaluate("s => window.duidiaoTable.conn.receive(JSON.stringify(s))", state)

        def sent() -> list[dict]:
            messages = page.evaluate("window.sent.splice(0)")
            for m in messages:  # each decision names the state it answers
                assert m.pop("version") == version[0], m
            return messages

        hand = "BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C,4C"
        show("declare", hand, {"declare": [{"suit": "H", "kind": "single"},
                                           {"suit": "S", "kind": "lock"}]})
        labels = page.eval_on_selector_all("#actions button[data-action=declare]",
                                           "bs => bs.map(b => b.textContent)")
        assert labels == ["亮主 ♥", "封主 ♠"]
        page.click("#actions button[data-kind=lock]")
        page.keyboard.press("p")
        assert sent() == [{"type": "act", "action": "declare", "suit": "S", "kind": "lock"},
                          {"type": "act", "action": "pass"}]

        show("grab", hand, {"grab_offer": "5C"})
        assert "5C" in page.inner_html("#actions .offer")
        assert action_buttons(page)["grab"] is False
        click_card(page, 24)
        page.click("#actions button[data-action=grab]")
        assert sent() == [{"type": "act", "action": "grab", "put": "4C"}]

        show("xiaosa", hand, {"xiaosa_takeable": "3S,2S"})
        click_card(page, 0)
        page.click("#actions .takeable .card[data-index='1']")
        assert action_buttons(page)["xiaosa"] is True
        page.keyboard.press("Enter")
        assert sent() == [{"type": "act", "action": "xiaosa", "jokers": "BJ", "taken": "2S"}]

        # Following a throw with more answers than the server lists: a play of the listed
        # moves' size may be tried, and a throw that failed is said so.
        trick = {"leader": "E", "plays": ["KS,QS,JS"], "winner": None, "points": 10}
        show("play", hand, {"moves": ["AS,AS,QS", "AS,AS,9S"], "count": 600},
             observation={"trick": trick})
        click_card(page, 12)
        assert action_buttons(page)["play"] is False
        click_card(page, 14)
        click_card(page, 15)
        assert page.inner_text("#actions button[data-action=play]") == "Try this play"
        page.click("#actions button[data-action=play]")
        assert sent() == [{"type": "act", "action": "play", "cards": "AS,QS,9S"}]
        show("play", hand, None, last={"seat": "S", "play": "QS"})
        assert "failed" in page.inner_text("#errors [data-code=throw_failed]")

        # A server error nobody waits for is shown, not swallowed.
        page.evaluate("""() => window.duidiaoTable.conn.receive(JSON.stringify({
            type: 'error', error: {code: 'illegal_move',
                                   message: 'S cannot bury: bury exactly 8 cards, not 7'}}))""")
        assert "bury exactly 8 cards" in page.inner_text("#errors [data-code=illegal_move]")

        # A dig's result by its name.
        result = {"points": 40, "dig": "level", "outcome": "k_fantian",
                  "levels": {"NS": "3", "EW": "K"}, "scores": {"NS": 10, "EW": -10},
                  "next_declarer": "S", "match_won": False, "kitty_jokers_climb": 0,
                  "declarers_stay": False}
        show("over", "-", None, result=result)
        assert "K翻天" in page.inner_text("#result .outcome")
        assert "the teams trade levels" in page.inner_text("#result .meaning")
        errors.check()


# Seed of a shanghai room against three heuristic bots where South, passing, is asked to
# declare and nobody declares: the hand is played without trump, West (the first drawer)
# declares and buries face down (found by dealing the room's first hand with its bots).
NT_ROOM_SEED = 41


def test_a_shanghai_hand_without_trump(live_server: ServerProcess, tmp_path: Path) -> None:
    """The standard game at the table: South passes, nobody declares, the hand is NT; South
    defends and sees the kitty only as 8 cards face down until the end, then the cards, the
    outcome by its name and the kitty bonus when the defenders dug it."""
    started = time.monotonic()
    with launched_browser() as browser:
        page = new_page(browser, "en", viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        page.select_option("#create-preset", "shanghai")
        create_room_against_bots(page, seed=NT_ROOM_SEED)
        passes = plays = 0
        while time.monotonic() - started < 80:
            if wait_for_turn_or_end(page, timeout=30) == "over":
                break
            version = page.evaluate("document.body.dataset.version")
            buttons = action_buttons(page)
            if "declare" in buttons or "pass" in buttons:
                page.click("#actions button[data-action=pass]")
                passes += 1
            else:
                assert "play" in buttons, buttons
                if plays == 0:
                    state = table_state(page)
                    assert state["observation"]["trump"] == "NT"
                    assert page.inner_text("#info .chip.trump .suit.nt") == "NT"
                    kitty = page.inner_text("#kitty")
                    assert "kitty: 8 cards buried face down" in kitty, kitty
                    assert page.query_selector_all("#kitty .card:not(.back)") == []
                    assert "buries 8 cards face down" in page.inner_text("#log")
                decide_by_clicking(page)
                plays += 1
            wait_for_new_state(page, version, timeout=30)
        else:
            raise AssertionError("the hand did not end in time")
        state = table_state(page)
        result, obs = state["result"], state["observation"]
        assert passes >= 1 and plays >= 1 and obs["hand_sizes"]["S"] == 0
        assert obs["declarer"] == "W" and obs["trump"] == "NT"
        page.wait_for_selector("#result:not([hidden]) .result-card")
        assert page.inner_text("#result .outcome") == say("en", f"outcome.{result['outcome']}.name")
        card_text = page.inner_text("#result .result-card")
        if result["kitty_multiplier"]:
            assert (f"kitty {result['kitty_points']} ×{result['kitty_multiplier']}"
                    in card_text)
        # The kitty is turned up for everyone at the end, in the panel and the result.
        assert len(page.query_selector_all("#kitty .card:not(.back)")) == 8
        assert len(page.query_selector_all("#result .card")) == 8
        assert "levels" in card_text and "2 → " in card_text
        errors.check()
        assert page_errors_text(page) == ""
    assert time.monotonic() - started < 90


def test_the_standard_declarations_and_results(live_server: ServerProcess) -> None:
    """The standard game's declarations as buttons (and what they send), the NT badge, a
    face-down bury in the log and the kitty panel, and §10.7's outcomes with the kitty bonus:
    from crafted states fed through the page's own connection."""
    with launched_browser() as browser:
        page, errors, room = recording_table(browser, live_server)
        version = [2000]
        standard = {"preset": "shanghai", "level": "2", "levels": {"NS": "2", "EW": "2"}}

        def show(phase: str, hand: str, options: dict | None, **fields: object) -> None:
            version[0] += 1
            observation = {**standard, **fields.pop("observation", {})}  # type: ignore[dict-item]
            state = crafted_state(room, phase, hand, options, version=version[0],
                                  observation=observation, levels=standard["levels"], **fields)
            page.evaluate("s => window.duidiaoTable.conn.receive(JSON.stringify(s))", state)

        def sent() -> list[dict]:
            messages = page.evaluate("window.sent.splice(0)")
            for m in messages:  # each decision names the state it answers
                assert m.pop("version") == version[0], m
            return messages

        hand = "BJ,BJ,SJ,SJ,2H,2H,2S,AH,KH,TH,8H,KD,7D,6D,AS,QS,9S,KC,QC,JC,3C"
        options = [{"suit": "S", "kind": "single"}, {"suit": "H", "kind": "pair"},
                   {"suit": "H", "kind": "reinforce"}, {"suit": "NT", "kind": "small_jokers"},
                   {"suit": "NT", "kind": "big_jokers"}]
        show("declare", hand, {"declare": options},
             observation={"trump": None, "declarer": None, "drawn": 84, "kitty": None})
        labels = page.eval_on_selector_all("#actions button[data-action=declare]",
                                           "bs => bs.map(b => b.textContent)")
        assert labels == ["Single 2♠", "Pair 2♥", "Reinforce 2♥", "SJ pair → NT", "BJ pair → NT"]
        page.click("#actions button[data-kind=big_jokers]")
        page.click("#actions button[data-kind=pair]")
        assert sent() == [{"type": "act", "action": "declare", "suit": "NT", "kind": "big_jokers"},
                          {"type": "act", "action": "declare", "suit": "H", "kind": "pair"}]

        # West declared the big jokers and buried face down; South sees 8 backs.
        declarations = [{"seat": "E", "suit": "H", "kind": "single", "drawn": 60},
                        {"seat": "W", "suit": "NT", "kind": "big_jokers", "drawn": 90}]
        position = ("shanghai level=2 trump=NT declarer=W levels=NS:2,EW:2 S=" + hand
                    + " E=?25 N=?25 W=?25 kitty=?8 trick=W:")
        show("play", hand, None, last={"seat": "W", "bury": "?8", "bot": True},
             observation={"trump": "NT", "declarer": "W", "kitty": None, "phase": "play",
                          "declarations": declarations, "position": position,
                          "hand_sizes": {"S": 21, "E": 25, "N": 25, "W": 25}})
        assert page.inner_text("#info .chip.trump .suit.nt") == "NT"
        assert "kitty: 8 cards buried face down" in page.inner_text("#kitty")
        newest = page.text_content("#log li >> nth=0")
        assert newest is not None and "W buries 8 cards face down" in newest
        lines = page.eval_on_selector_all("#declarations .line", "ls => ls.map(l => l.textContent)")
        assert "BJ pair → NT" in lines[1] and "Single 2♥" in lines[0], lines

        # §10.7's outcomes by name, and the kitty's bonus when the defenders dug it.
        for outcome, multiplier, text in (("xiaoguang", 0, "小光"), ("dapo_climb", 4, "打破升级")):
            result = {"points": 120 if multiplier else 30, "dig": None, "outcome": outcome,
                      "levels": {"NS": "3", "EW": "2"} if multiplier else {"NS": "2", "EW": "4"},
                      "scores": {"NS": 4, "EW": -4}, "next_declarer": "S", "match_won": False,
                      "kitty_jokers_climb": 0, "declarers_stay": not multiplier,
                      "kitty_points": 20, "kitty_multiplier": multiplier}
            show("over", "-", None, result=result,
                 observation={"trump": "NT", "declarer": "W", "phase": "over",
                              "kitty": "KH,TH,5D,QS,9S,5C,4C,3C"})
            page.wait_for_selector("#result:not([hidden]) .result-card")
            assert text in page.inner_text("#result .outcome")
            card = page.inner_text("#result .result-card")
            if multiplier:
                assert "kitty 20 ×4 = 80 for the defenders" in card
            else:
                assert "kitty 20: not counted" in card
            assert len(page.query_selector_all("#kitty .card:not(.back)")) == 8
        errors.check()


# Seed of a huanle room against three heuristic bots where South, passing while declaring, may
# counter after North's bury (反底, rules §11.8): found with South's bids and the room's bots
# replayed (duidiao.server.rooms deals hand 1 from the room's seed).
COUNTER_ROOM_SEED = 4


def play_wider_room(page: Any, preset: str, seed: int, counter: bool,
                    shot: Path | None = None) -> dict[str, Any]:
    """A room of ``preset`` against three bots, South passing while declaring (and countering
    once when ``counter``), burying and playing by clicking to the end; what was seen. ``shot``:
    a picture of South's first play, the whole hand in view."""
    started = time.monotonic()
    page.select_option("#create-preset", preset)
    create_room_against_bots(page, seed=seed)
    seen: dict[str, Any] = {"counters": 0, "most_cards": 0, "stake_chips": set(), "widths": set()}
    while time.monotonic() - started < 100:
        if wait_for_turn_or_end(page, timeout=30) == "over":
            return seen
        version = page.evaluate("document.body.dataset.version")
        buttons = action_buttons(page)
        cards = len(hand_cards(page))
        seen["most_cards"] = max(seen["most_cards"], cards)
        # the whole hand fits the screen's width: it wraps, nothing scrolls sideways
        seen["widths"].add(page.evaluate("document.documentElement.scrollWidth"))
        if page.query_selector("#info .chip.stake"):
            seen["stake_chips"].add(page.inner_text("#info .chip.stake"))
        if "counter" in buttons and counter and not seen["counters"]:
            stake = table_state(page)["observation"]["stake"]
            assert "反底" in page.inner_text("#prompt")
            page.click("#actions button[data-action=counter] >> nth=0")
            seen["counters"] += 1
            wait_for_new_state(page, version, timeout=30)
            state = table_state(page)
            assert state["observation"]["stake"] == 2 * stake  # rules §11.9
            assert state["options"]["bury"] == 8 and state["to_act"] == "S"
            continue
        if shot is not None and "play" in buttons and not shot.exists():
            page.locator("#hand").scroll_into_view_if_needed()
            page.screenshot(path=str(shot))
        if "declare" in buttons or "counter" in buttons:
            page.click("#actions button[data-action=pass]")
        else:
            decide_by_clicking(page)
        wait_for_new_state(page, version, timeout=30)
    raise AssertionError(f"the {preset} hand did not end in time")


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_a_three_deck_hand_on_a_phone(
    live_server: ServerProcess, tmp_path: Path, lang: str
) -> None:
    """Rules §11: 39 cards a hand (45 for the burier) on a 390-pixel screen, the stake shown
    in the bar and the result."""
    shots = tmp_path  # not pictures of the docs
    with launched_browser() as browser:
        page = new_page(browser, lang, viewport=PHONE, has_touch=True, is_mobile=True)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        seen = play_wider_room(page, "three-deck", seed=3, counter=False,
                               shot=shots / "table-three-deck-phone.png")
        assert seen["most_cards"] >= 39 and max(seen["widths"]) <= PHONE["width"], seen
        assert any(chip.endswith("×1") or "×" in chip for chip in seen["stake_chips"]), seen
        state = table_state(page)
        assert state["rules"]["hand_cards"] == 39 and state["rules"]["kitty_cards"] == 6
        result = state["result"]
        page.wait_for_selector("#result:not([hidden]) .result-card")
        assert page.inner_text("#result .outcome") == say(lang, f"outcome.{result['outcome']}.name")
        assert page.inner_text("#result button[data-action=next]") == say(lang, "action.next")
        if result["base"]:
            assert f"×{result['stake']}" in page.inner_text("#result .stake")
        assert len(page.query_selector_all("#result .card")) == 6  # the kitty turned up
        page.screenshot(path=str(shots / "table-three-deck-phone-result.png"))
        errors.check()
        assert page_errors_text(page) == ""


def test_a_huanle_hand_with_a_counter(live_server: ServerProcess, tmp_path: Path) -> None:
    """欢乐升级 at the table: South counters North's declaration after the bury (反底), takes
    the kitty, buries again; the stake doubles in the bar, the log and the result."""
    shots = tmp_path  # not a picture of the docs
    with launched_browser() as browser:
        page = new_page(browser, "en", viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        seen = play_wider_room(page, "huanle", seed=COUNTER_ROOM_SEED, counter=True)
        assert seen["counters"] == 1, seen
        state = table_state(page)
        obs, result = state["observation"], state["result"]
        assert [c["seat"] for c in obs["counters"]][:1] == ["S"] and obs["stake"] >= 2
        assert "反底" in page.inner_text("#declarations")
        assert f"×{obs['stake']}" in seen["stake_chips"] or any(
            f"×{obs['stake']}" in chip for chip in seen["stake_chips"]), seen
        page.wait_for_selector("#result:not([hidden]) .result-card")
        assert result["stake"] == obs["stake"]
        assert f"×{result['stake']}" in page.inner_text("#result .stake")
        page.screenshot(path=str(shots / "table-huanle-counter.png"))
        errors.check()
        assert page_errors_text(page) == ""


def test_the_language_switch(live_server: ServerProcess) -> None:
    """Chinese for a Chinese browser, English for an English one; the switch gives the other
    and the choice outlives a reload, the page's address kept; ?lang= wins over both."""
    with launched_browser() as browser:
        page = new_page(browser, "zh-CN", viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        open_lobby(page, live_server)
        assert page_lang(page, "zh-CN") == "zh-CN"
        assert page.title() == say("zh-CN", "title.table")
        assert page.inner_text("#lang-switch") == "English"
        assert page.inner_text("#quick-bots") == say("zh-CN", "lobby.play_vs_bots")
        with page.expect_navigation():
            page.click("#lang-switch")
        open_lobby(page, live_server, go=False)
        assert page_lang(page, "en") == "en"
        assert page.inner_text("#lang-switch") == "中文"
        assert page.inner_text("#quick-bots") == "Play against three bots"
        assert page.evaluate("localStorage.getItem('duidiao.lang')") == "en"
        page.reload()
        open_lobby(page, live_server, go=False)
        assert page_lang(page, "en") == "en"

        # The analysis page follows the choice; switching back keeps its address (the hash).
        page.goto(f"{live_server.url}/analysis#position={quote(README_POSITION)}")
        page.wait_for_function("document.documentElement.lang === 'en'")
        assert page.inner_text("#analyse") == "Analyse"
        with page.expect_navigation():
            page.click("#lang-switch")
        page.wait_for_function("document.documentElement.lang === 'zh-CN'")
        assert page.inner_text("#analyse") == say("zh-CN", "analysis.analyse")
        assert page.url.endswith(f"#position={quote(README_POSITION)}")
        assert page.input_value("#position") == README_POSITION

        # ?lang= first, and remembered.
        page.goto(live_server.url + "/?lang=en")
        open_lobby(page, live_server, go=False)
        assert page_lang(page, "en") == "en"
        assert page.evaluate("localStorage.getItem('duidiao.lang')") == "en"
        errors.check()

        english = new_page(browser, "en", viewport=DESKTOP)
        english_errors = PageErrors(english, live_server.url)
        open_lobby(english, live_server)
        assert page_lang(english, "en") == "en"
        assert english.inner_text("#lang-switch") == "中文"
        assert english.inner_text("#nav-lobby") == "Lobby"
        english_errors.check()
