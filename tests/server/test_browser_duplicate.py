"""Duplicate sessions (复式赛, 开室/闭室) in the browser: two friends, each at one table against
bots, play the same two deals by clicking; the session page shows nothing of a deal before
both tables have finished it, then nets it as the two tables' hand records say.

``DUIDIAO_SCREENSHOTS=docs/images pytest tests/server/test_browser_duplicate.py`` writes the
pictures of docs/table.md (duplicate-zh.png, duplicate-en.png)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import duidiao

from .browser_helpers import (
    PageErrors,
    decide_by_clicking,
    launched_browser,
    new_page,
    page_errors_text,
    say,
    screenshot_dir,
    table_state,
    wait_for_new_state,
)
from .helpers import ServerProcess

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
BOT = "heuristic"  # quick bots keep the test short
OPEN_SEATS = {"S": "you", "E": BOT, "N": BOT, "W": BOT}
CLOSED_SEATS = {"S": BOT, "E": "human", "N": BOT, "W": BOT}
DEALS = 2


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def record(server: ServerProcess, room: str, deal: int) -> duidiao.Record:
    reply = httpx.get(f"{server.url}/api/rooms/{room}/hands/{deal}", timeout=10)
    assert reply.status_code == 200, reply.text
    return duidiao.Record.from_dict(reply.json()["record"])


def netting(server: ServerProcess, rooms: dict[str, str], deal: int) -> tuple[int, int]:
    """At each table A's hand score minus B's (rules §7.2), from the hand records alone: A sits
    NS at the open table and EW at the closed one (the net is the sum)."""
    opened, closed = record(server, rooms["open"], deal), record(server, rooms["closed"], deal)
    assert opened.deck == closed.deck and opened.declarer == closed.declarer
    assert opened.result is not None and closed.result is not None
    at_open = opened.result.scores["NS"] - opened.result.scores["EW"]
    at_closed = closed.result.scores["EW"] - closed.result.scores["NS"]
    return at_open, at_closed


def play_deal(page: Any, deal: int, timeout: float = 90) -> list[str]:
    """Play the page's seat by clicking until deal ``deal`` of its table is over."""
    started = time.monotonic()
    decisions: list[str] = []
    while time.monotonic() - started < timeout:
        page.wait_for_function(
            """k => { const s = window.duidiaoTable.state;
                      if (!s) return false;
                      const over = s.hand_number === k && s.phase === 'over';
                      if (s.hand_number > k || over) return true;
                      return s.hand_number === k && document.body.dataset.myTurn === 'yes'; }""",
            arg=deal, timeout=60000)
        state = table_state(page)
        if state["hand_number"] > deal or state["phase"] == "over":
            return decisions
        version = page.evaluate("document.body.dataset.version")
        decisions.append(decide_by_clicking(page))
        wait_for_new_state(page, version, timeout=30, redo=lambda: decide_by_clicking(page))
    raise AssertionError(f"deal {deal} did not end in time after {decisions}")


def rows(page: Any) -> list[dict[str, Any]]:
    """The session page's rows: each deal's status, nets and whether it is highlighted."""
    return page.eval_on_selector_all("#dup-results tbody tr", """rs => rs.map(r => ({
        deal: Number(r.dataset.deal), status: r.dataset.status, text: r.innerText,
        open: r.dataset.open ?? null, closed: r.dataset.closed ?? null,
        net_a: r.dataset.netA ?? null, net_b: r.dataset.netB ?? null,
        biggest: r.classList.contains('biggest')}))""")


def open_session_page(page: Any, url: str) -> None:
    """The session page at ``url``, loaded afresh (a hash change alone would not load it)."""
    if page.url == url:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("Number(document.body.dataset.loaded || 0) >= 1", timeout=15000)


def test_two_friends_at_two_tables(live_server: ServerProcess, tmp_path: Path) -> None:
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        # Alice (Chinese) makes the session in the lobby and sits South at the open table.
        alice = new_page(browser, "zh-CN", viewport=DESKTOP)
        alice_errors = PageErrors(alice, live_server.url)
        alice.goto(live_server.url + "/")
        alice.wait_for_selector("#conn[data-status=connected]")
        alice.wait_for_selector("#duplicate-form select[data-table=closed][data-dup-seat=W] option",
                               state="attached")
        assert alice.input_value("#dup-deals") == "4"
        assert alice.input_value("select[data-table=open][data-dup-seat=S]") == "you"
        alice.fill("#dup-deals", str(DEALS))
        alice.fill("#dup-seconds", "600")
        alice.fill("#dup-delay", "0")
        alice.fill("#dup-pause", "1")
        for table, seats in (("open", OPEN_SEATS), ("closed", CLOSED_SEATS)):
            for seat, player in seats.items():
                alice.select_option(f"select[data-table={table}][data-dup-seat={seat}]", player)
        alice.click("#duplicate-form button[type=submit]")
        alice.wait_for_selector("#table:not([hidden])")
        alice.wait_for_function("window.duidiaoTable?.seat === 'S' && window.duidiaoTable.state"
                                " && window.duidiaoTable.state.hand_number >= 1", timeout=20000)
        assert "room=" in alice.url and "seat=S" in alice.url
        state = table_state(alice)
        session = state["duplicate"]["session"]
        assert state["duplicate"] == {"session": session, "table": "open", "deals": DEALS}
        # The info bar: 复式 第 1/2 副 · 开室, a link to the session page.
        chip = alice.inner_text("#info .chip.duplicate")
        assert say("zh-CN", "dup.info.label") in chip
        assert say("zh-CN", "dup.info.deal", k=1, n=DEALS,
                   table=say("zh-CN", "dup.table.open")) in chip
        link = alice.get_attribute("#info .chip.duplicate a", "href")
        assert link == f"/duplicate#session={session}"

        # Bob (English) opens the shared session page and takes East at the closed table.
        bob = new_page(browser, "en", viewport=DESKTOP)
        bob_errors = PageErrors(bob, live_server.url)
        open_session_page(bob, live_server.url + link)
        rooms = {table: bob.get_attribute(f"#dup-{table}", "data-room")
                 for table in ("open", "closed")}
        assert rooms["open"] == state["room"] and rooms["closed"] != rooms["open"]
        assert bob.input_value("#dup-link") == live_server.url + link
        assert bob.query_selector_all("#dup-open a[data-take-seat]") == []  # Alice sits there
        closed_pairs = bob.eval_on_selector_all(
            "#dup-closed li", "ls => ls.map(l => [l.dataset.seat, l.dataset.pair])")
        assert closed_pairs == [["S", "B"], ["E", "A"], ["N", "B"], ["W", "A"]]
        assert [r["status"] for r in rows(bob)] == ["playing", "pending"]
        assert bob.inner_text("#dup-closed a[data-take-seat=E]") == say("en", "dup.page.take_seat")
        bob.click("#dup-closed a[data-take-seat=E]")
        bob.wait_for_selector("#table:not([hidden])")
        bob.wait_for_function("window.duidiaoTable?.seat === 'E' && window.duidiaoTable.state"
                              " && window.duidiaoTable.state.hand_number >= 1", timeout=20000)
        assert table_state(bob)["duplicate"]["table"] == "closed"
        assert say("en", "dup.table.closed") in bob.inner_text("#info .chip.duplicate")
        # The session page again in Bob's browser: his seat is his to go back to. (Closed
        # again: a tab in the background would slow Bob's table down.)
        again = bob.context.new_page()
        again_errors = PageErrors(again, live_server.url)
        open_session_page(again, live_server.url + link)
        assert again.get_attribute("#dup-closed a[data-back-seat=E]", "href").startswith(
            f"/#room={rooms['closed']}&seat=E")
        again_errors.check()
        again.close()
        bob.bring_to_front()
        # Someone following the session from a browser of their own.
        viewer = new_page(browser, "en", viewport=DESKTOP)
        viewer_errors = PageErrors(viewer, live_server.url)

        # Alice plays deal 1; the closed table has not: nothing of deal 1 is shown anywhere.
        play_deal(alice, 1)
        assert httpx.get(f"{live_server.url}/api/rooms/{rooms['open']}/hands/1",
                         timeout=10).status_code == 403
        open_session_page(viewer, live_server.url + link)
        first = rows(viewer)[0]
        assert first["status"] == "waiting" and first["net_a"] is None and first["open"] is None
        assert first["text"].endswith(
            say("en", "dup.page.waiting_other", table=say("en", "dup.table.open")))
        assert viewer.inner_text("#dup-biggest") == say("en", "dup.page.nothing_yet")
        assert viewer.get_attribute("#dup-open", "data-deals-done") == "1"
        assert viewer.evaluate("document.body.dataset.shown") == "0"
        assert viewer.query_selector("#dup-results [data-outcome]") is None

        # Bob plays deal 1: the page (refreshing by itself) shows it, netted.
        play_deal(bob, 1)
        viewer.wait_for_function(
            "document.querySelector('#dup-results tr[data-deal=\"1\"]').dataset.status === 'done'",
            timeout=15000)
        at_open, at_closed = netting(live_server, rooms, 1)
        first = rows(viewer)[0]
        assert (first["open"], first["closed"]) == (str(at_open), str(at_closed))
        assert (first["net_a"], first["net_b"]) == (str(at_open + at_closed),
                                                    str(-(at_open + at_closed)))

        # Deal 2 at both tables ends the session; no next hand after the last deal.
        play_deal(alice, 2)
        play_deal(bob, 2)
        for page, lang in ((alice, "zh-CN"), (bob, "en")):
            page.wait_for_selector("#result:not([hidden]) .result-card")
            assert page.query_selector_all("button[data-action=next]") == []
            assert page.get_attribute("#result a[data-action=duplicate-results]", "href") == link
            assert page.inner_text("#prompt").startswith(
                say(lang, "dup.prompt.done", count=DEALS))
            assert say(lang, "dup.result.last_deal", count=DEALS) in page.inner_text("#result")
            assert page_errors_text(page) == ""

        # The session page, complete: its numbers are the records' netting.
        viewer.wait_for_selector("body[data-complete=yes]", timeout=15000)
        nets = {deal: netting(live_server, rooms, deal) for deal in range(1, DEALS + 1)}
        shown = rows(viewer)
        assert [r["deal"] for r in shown] == [1, 2] and {r["status"] for r in shown} == {"done"}
        for row in shown:
            at_open, at_closed = nets[row["deal"]]
            net = at_open + at_closed
            assert (row["open"], row["closed"]) == (str(at_open), str(at_closed))
            assert (row["net_a"], row["net_b"]) == (str(net), str(-net))
            assert f"{signed(net)}\t{signed(-net)}" in row["text"]
        total = sum(a + c for a, c in nets.values())
        assert viewer.get_attribute("#dup-results tfoot tr", "data-total-a") == str(total)
        assert viewer.get_attribute("#dup-results tfoot tr", "data-total-b") == str(-total)
        differ = sorted((d for d in nets if sum(nets[d])), key=lambda d: (-abs(sum(nets[d])), d))
        assert [r["deal"] for r in shown if r["biggest"]] == sorted(differ)
        if differ:
            named = ", ".join(say("en", "dup.page.biggest_deal", n=d, net=signed(sum(nets[d])))
                              for d in differ)
            assert viewer.inner_text("#dup-biggest") == say("en", "dup.page.biggest", deals=named)
        else:
            assert viewer.inner_text("#dup-biggest") == say("en", "dup.page.no_difference")
        assert viewer.inner_text("#dup-status") == say("en", "dup.page.complete")
        viewer.screenshot(path=str(shots / "duplicate-en.png"), full_page=True)

        # Alice's link from the table: the same results in Chinese.
        open_session_page(alice, live_server.url + link)
        alice.wait_for_selector("body[data-complete=yes]")
        def numbers(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
            return [{k: v for k, v in r.items() if k != "text"} for r in found]

        assert numbers(rows(alice)) == numbers(shown)
        assert alice.inner_text("#dup-heading") == say("zh-CN", "dup.page.heading",
                                                       session=session)
        alice.screenshot(path=str(shots / "duplicate-zh.png"), full_page=True)
        for errors in (alice_errors, bob_errors, viewer_errors):
            errors.check()
    assert time.monotonic() - started < 240
