"""The hand review page (/review, docs/table.md "Hand review"): a review of a finished hand read
in chromium, in both languages, against what GET /api/reviews/{id} says; the form that asks for
a review of an uploaded record; the Review button of the table's result screen.

``DUIDIAO_SCREENSHOTS=docs/images pytest tests/server/test_browser_review.py`` writes the
pictures of docs/table.md (review-zh.png, review-en.png)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import duidiao

from .browser_helpers import (
    PageErrors,
    launched_browser,
    new_page,
    page_lang,
    say,
    screenshot_dir,
)
from .helpers import Conn, ServerProcess, hand_over

pytestmark = pytest.mark.browser

BOTS3 = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}
DESKTOP = {"width": 1280, "height": 1000}
SHOT_NAMES = {"zh-CN": "review-zh.png", "en": "review-en.png"}


def finish_room(server: ServerProcess, seed: int) -> str:
    """A room whose first hand is over: S is a person who hands the seat to the heuristic bot."""
    with Conn(server.ws_url) as conn:
        room = conn.request(type="create", seats=BOTS3, bot_delay_ms=0, seed=seed,
                            hand_pause_seconds=600)["room"]
        conn.request(type="join", room=room, seat="S")
        conn.request(type="autoplay", bot="heuristic")
        conn.wait(hand_over, timeout=60)
    return str(room)


def get_review(server: ServerProcess, ident: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/reviews/{ident}", timeout=10).json()
    assert reply["ok"], reply
    return dict(reply)


def cards(text: str | None) -> list[str]:
    return [c for c in (text or "").split(",") if c and c != "-"]


@pytest.fixture(scope="module")
def asked(live_server: ServerProcess) -> dict[str, Any]:
    """A room's hand and a review of South's plays asked (not waited for: the page shows the
    progress)."""
    room = finish_room(live_server, seed=7)
    reply = httpx.post(live_server.url + "/api/reviews", timeout=10, json={
        "room": room, "hand": 1, "seat": "S", "level": "normal", "seed": 1})
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["page"] == f"/review#id={body['id']}"
    return {"room": room, "id": body["id"], "page": body["page"]}


def frame_shown(page: Any) -> dict[str, Any]:
    """What the felt shows: each seat's cards, the trick's plays, the points, the frame."""
    return dict(page.evaluate("""() => {
      const hands = {};
      for (const seat of document.querySelectorAll('#review-felt .seat[data-seat]')) {
        hands[seat.dataset.seat] = seat.querySelector('.cards').dataset.cards;
      }
      const trick = {};
      for (const slot of document.querySelectorAll('#review-trick .slot[data-seat]')) {
        trick[slot.dataset.seat] = slot.dataset.cards;
      }
      const winner = document.querySelector('#review-trick .slot.winner');
      return {frame: Number(document.body.dataset.frame), hands, trick,
              winner: winner ? winner.dataset.seat : null,
              points: Number(document.querySelector('#review-info .points').dataset.points)};
    }"""))


def check_frame(page: Any, frames: list[dict[str, Any]], index: int) -> None:
    shown = frame_shown(page)
    assert shown["frame"] == index
    frame = frames[index]
    for seat, hand in frame["hands"].items():
        assert cards(shown["hands"][seat]) == cards(hand), (index, seat)
    trick = frame["trick"] or {"plays": [], "winner": None}
    assert {seat: cards(play) for seat, play in trick["plays"]} == \
        {seat: cards(play) for seat, play in shown["trick"].items()}, index
    assert shown["winner"] == trick["winner"]
    assert shown["points"] == frame["points"]


def set_slider(page: Any, index: int) -> None:
    page.eval_on_selector("#slider", """(s, i) => {
      s.value = String(i); s.dispatchEvent(new Event('input', {bubbles: true})); }""", index)


@pytest.mark.parametrize("lang", ["zh-CN", "en"])
def test_a_review_read_on_its_page(live_server: ServerProcess, asked: dict[str, Any],
                                   tmp_path: Path, lang: str) -> None:
    shots = screenshot_dir(tmp_path)
    started = time.monotonic()
    with launched_browser() as browser:
        page = new_page(browser, lang, viewport=DESKTOP,
                        permissions=["clipboard-read", "clipboard-write"])
        errors = PageErrors(page, live_server.url)
        page.goto(live_server.url + asked["page"])
        assert page_lang(page, lang) == lang
        # The replay is there at once; the progress runs until every play is reviewed.
        page.wait_for_selector("#review-view:not([hidden])", timeout=10000)
        page.wait_for_selector("#progress[data-status=done]", timeout=90000)
        done = page.get_attribute("#progress", "data-done")
        assert done == page.get_attribute("#progress", "data-total") and int(done) > 0
        data = get_review(live_server, asked["id"])
        assert data["status"] == "done"
        review, frames, record = data["review"], data["frames"], data["record"]
        assert page.inner_text("#progress-text") == say(lang, "review.progress.done",
                                                        count=len(review["plays"]))
        assert page.inner_text("#review-title") == say(lang, "review.title",
                                                       seat=say(lang, "seat.S"))
        # The hand's result by name, as the table's result screen says it.
        outcome = record["result"]["outcome"]
        assert page.inner_text("#review-result .outcome") == say(lang, f"outcome.{outcome}.name")
        assert page.get_attribute("#review-result .outcome", "data-outcome") == outcome

        # Every reviewed play: the page's values are the API's.
        rows = page.eval_on_selector_all("#plays tr[data-ply]", """rs => rs.map(r => ({
            ply: Number(r.dataset.ply), best: r.dataset.bestValue,
            played: r.dataset.playedValue, loss: r.dataset.loss}))""")
        plays = review["plays"]
        assert [r["ply"] for r in rows] == [p["ply"] for p in plays]
        for row, play in zip(rows, plays):
            assert float(row["best"]) == play["best_value"], row
            assert (None if row["played"] == "" else float(row["played"])) == play["played_value"]
            assert (None if row["loss"] == "" else float(row["loss"])) == play["loss"]
        # The mistakes, biggest loss first, as the review lists them.
        shown = page.eval_on_selector_all("#mistakes li[data-ply]",
                                          "ls => ls.map(l => Number(l.dataset.ply))")
        assert shown == review["mistakes"]
        assert review["mistakes"], "this hand has mistakes to show"

        # The slider: the frames as the API gives them.
        assert int(page.get_attribute("#slider", "max")) == len(frames) - 1
        check_frame(page, frames, 0)
        for index in (1, 4, len(frames) // 2, len(frames) - 1):
            set_slider(page, index)
            check_frame(page, frames, index)
        page.click("#prev")
        check_frame(page, frames, len(frames) - 2)
        page.focus("#slider")
        page.keyboard.press("Home")
        check_frame(page, frames, 0)
        page.keyboard.press("ArrowRight")
        check_frame(page, frames, 1)
        page.keyboard.press("Shift+ArrowRight")  # to the end of the first trick
        check_frame(page, frames, 4)
        page.click("#next")
        check_frame(page, frames, 5)

        # Each reviewed play from the table: the frame after it, its valuation as the API's.
        for index, play in enumerate(plays):
            page.click(f"#plays tr[data-ply='{play['ply']}']")
            if index % 4 == 0:
                check_frame(page, frames, play["ply"] + 1)
            assert frame_shown(page)["frame"] == play["ply"] + 1
            valuation = page.eval_on_selector("#valuation", "v => ({...v.dataset})")
            assert int(valuation["ply"]) == play["ply"]
            assert float(valuation["bestValue"]) == play["best_value"]
            expected = play["played_value"]
            assert (None if valuation["playedValue"] == "" else float(valuation["playedValue"])) \
                == expected
            moves = page.eval_on_selector_all(
                "#valuation .moves tr[data-move]",
                "rs => rs.map(r => [r.dataset.move, Number(r.dataset.mean)])")
            assert moves == [[m["move"], m["mean"]] for m in play["moves"]]
        # A frame of another seat: no valuation.
        set_slider(page, 0)
        assert page.get_attribute("#valuation", "data-ply") is None

        # The biggest mistake, clicked: the slider jumps there.
        first = review["mistakes"][0]
        page.click("#mistakes li >> nth=0 >> button")
        check_frame(page, frames, first + 1)
        assert "current" in (page.get_attribute("#mistakes li >> nth=0", "class") or "")
        assert page.get_attribute("#valuation", "data-ply") == str(first)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(shots / SHOT_NAMES[lang]), full_page=True)

        # Share: the page's link on the clipboard; it opens the same review anywhere.
        page.click("#share")
        page.wait_for_selector("#share[data-copied=yes]")
        link = page.evaluate("navigator.clipboard.readText()")
        assert link == f"{live_server.url}/review#id={asked['id']}"
        assert page.input_value("#share-link") == link
        errors.check()
        fresh = new_page(browser, lang, viewport=DESKTOP)
        fresh_errors = PageErrors(fresh, live_server.url)
        fresh.goto(link)
        fresh.wait_for_selector("#progress[data-status=done]", timeout=30000)
        assert fresh.inner_text("#review-title") == page.inner_text("#review-title")
        assert fresh.eval_on_selector_all("#mistakes li[data-ply]",
                                          "ls => ls.map(l => Number(l.dataset.ply))") == shown
        fresh_errors.check()
    assert time.monotonic() - started < 120


def test_the_form_reviews_an_uploaded_record(live_server: ServerProcess, tmp_path: Path) -> None:
    game = duidiao.Game.deal(11, rules="chifeng", declarer="E")
    duidiao.play_hand(game, [duidiao.make_bot("heuristic", seed=s) for s in range(4)])
    record = duidiao.Record.from_game(game).to_dict()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    lang = "zh-CN"
    with launched_browser() as browser:
        page = new_page(browser, lang, viewport=DESKTOP)
        errors = PageErrors(page, live_server.url)
        page.goto(live_server.url + "/review")
        page.wait_for_selector("#review-form-panel:not([hidden])")
        assert page.is_hidden("#review-view")
        assert page.input_value("#review-level") == "hard"
        assert page.input_value("#review-seed") == "0"
        # Not JSON: the page says so, nothing is sent.
        page.fill("#record-text", "{not json")
        page.click("#review-submit")
        page.wait_for_selector("#errors [data-code=bad_json]")
        # A record of a hand not finished: the server's error, in words.
        unfinished = duidiao.Record.from_game(duidiao.Game.deal(2, rules="chifeng")).to_dict()
        page.fill("#record-text", json.dumps(unfinished))
        page.click("#review-submit")
        page.wait_for_selector("#errors [data-code=bad_request]")
        assert say(lang, "error.bad_request") in page.inner_text("#errors [data-code=bad_request]")
        # The file, East, normal, seed 3.
        page.set_input_files("#record-file", str(path))
        page.wait_for_function("document.querySelector('#record-text').value.includes('duidiao-hand')")
        assert json.loads(page.input_value("#record-text")) == record
        page.select_option("#review-seat", "E")
        page.select_option("#review-level", "normal")
        page.fill("#review-seed", "3")
        page.click("#review-submit")
        page.wait_for_function("window.location.hash.startsWith('#id=')")
        page.wait_for_selector("#progress[data-status=done]", timeout=60000)
        ident = page.evaluate("new URLSearchParams(window.location.hash.slice(1)).get('id')")
        data = get_review(live_server, ident)
        assert (data["seat"], data["level"], data["seed"], data["room"]) == ("E", "normal", 3, None)
        assert page.is_hidden("#review-form-panel")
        assert say(lang, "review.meta.upload") in page.inner_text("#review-meta")
        rows = page.eval_on_selector_all("#plays tr[data-ply]",
                                         "rs => rs.map(r => Number(r.dataset.bestValue))")
        assert rows == [p["best_value"] for p in data["review"]["plays"]]
        # Review another hand: the form again, and back.
        page.click("#review-another")
        page.wait_for_selector("#review-form-panel:not([hidden])")
        page.click("#review-form-back")
        assert page.is_hidden("#review-form-panel")
        # Asking the same again finds the same review.
        again = httpx.post(live_server.url + "/api/reviews", timeout=10, json={
            "record": record, "seat": "E", "level": "normal", "seed": 3}).json()
        assert again["id"] == ident
        # No such review: said, and the form offered.
        page.goto(live_server.url + "/review#id=nope")
        page.wait_for_selector("#errors [data-code=no_review]")
        page.wait_for_selector("#review-form-panel:not([hidden])")
        # The refused POST (400) and the GET of no review (404), as the browser logs them.
        errors.errors = [e for e in errors.errors
                         if not re.search(r"Failed to load resource: .* status of (400|404)", e)]
        errors.check()


def open_table_seat(browser: Any, server: ServerProcess, room: str, lang: str) -> tuple[Any, Any]:
    """South's seat of ``room`` taken in the browser, then handed to the heuristic bot (托管),
    until the hand is over."""
    page = new_page(browser, lang, viewport=DESKTOP)
    errors = PageErrors(page, server.url)
    page.goto(f"{server.url}/#room={room}&seat=S")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("window.duidiaoTable?.state && window.duidiaoTable.seat === 'S'",
                           timeout=20000)
    page.evaluate("window.duidiaoTable.conn.send({type: 'autoplay', bot: 'heuristic'})")
    page.wait_for_function("document.body.dataset.phase === 'over'", timeout=60000)
    page.wait_for_selector("#result:not([hidden]) button[data-action=review]")
    return page, errors


def test_the_review_button_of_the_result_screen(live_server: ServerProcess) -> None:
    lang = "en"
    with Conn(live_server.ws_url) as conn:
        room = conn.request(type="create", seats=BOTS3, bot_delay_ms=0, seed=5,
                            hand_pause_seconds=600)["room"]
    with launched_browser() as browser:
        page, errors = open_table_seat(browser, live_server, room, lang)
        assert page.inner_text("#result button[data-action=review]") == say(lang, "result.review")
        with page.context.expect_page() as opened:
            page.click("#result button[data-action=review]")
        review = opened.value
        review_errors = PageErrors(review, live_server.url)
        review.wait_for_load_state()
        assert "/review#id=" in review.url
        review.wait_for_selector("#progress[data-status=done]", timeout=90000)
        ident = review.evaluate("new URLSearchParams(window.location.hash.slice(1)).get('id')")
        data = get_review(live_server, ident)
        assert (data["room"], data["hand"], data["seat"], data["level"], data["seed"]) == \
            (room, 1, "S", "hard", 0)
        assert review.inner_text("#review-result .outcome") == \
            say(lang, f"outcome.{data['record']['result']['outcome']}.name")
        errors.check()
        review_errors.check()


def test_a_duplicate_deal_is_hidden_until_both_tables_finish(live_server: ServerProcess) -> None:
    lang = "zh-CN"
    seats = {"S": "human", "E": "heuristic", "N": "heuristic", "W": "heuristic"}
    reply = httpx.post(live_server.url + "/api/duplicate", timeout=10, json={
        "deals": 1, "open_seats": seats, "closed_seats": seats, "bot_delay_ms": 0,
        "hand_pause_seconds": 600})
    assert reply.status_code == 200, reply.text
    open_room = reply.json()["rooms"]["open"]
    with launched_browser() as browser:
        page, errors = open_table_seat(browser, live_server, open_room, lang)
        # The closed table has not played the deal (its person never came): refused, in words.
        page.click("#result button[data-action=review]")
        page.wait_for_selector("#errors [data-code=duplicate_hidden]")
        assert say(lang, "error.duplicate_hidden") in page.inner_text(
            "#errors [data-code=duplicate_hidden]")
        assert len(page.context.pages) == 1
        errors.errors = [e for e in errors.errors  # the POST refused, as the browser logs it
                         if not re.search(r"Failed to load resource: .* status of 403", e)]
        errors.check()
