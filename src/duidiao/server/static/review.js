// The hand review page (fupan, docs/table.md "Hand review"): /review#id=ID shows a review of the
// server (GET /api/reviews/{id}, docs/server.md "Hand reviews"): the replay of the hand from its
// frames at once, the progress while the plays are analysed, then the valuation of each play
// of the reviewed seat and its mistakes. /review alone (or "Review another hand") is the form
// that asks for a review of any finished hand record (POST /api/reviews).

import {
  SEATS, botName, cardRow, cardsKey, cardsLabel, clearErrors, el, errorText, showError, formatValue, levelName, otherTeam,
  outcomeName, outcomeNote, parseCards, seatName, teamName, teamOf, trumpBadge,
} from "./cards.js";
import { applyI18n, t, tNodes } from "./i18n.js";
import { getJson, postJson } from "./net.js";
import { DIGS, playerLabel, positionOf } from "./board.js";

const $ = (selector) => document.querySelector(selector);
const POLL_MS = 500;
const RETRY_MS = 2000;
const COPIED_MS = 2000;

const view = {
  id: null,       // the review shown
  data: null,     // its last GET /api/reviews/{id}
  review: null,   // HandReview.to_dict() once done
  byPly: new Map(), // the reviewed plays by ply
  frame: 0,       // the frame on show
  timer: null,
};
window.duidiaoReview = view; // for the browser tests and the curious

// ---- errors -------------------------------------------------------------------------------

// ---- routing --------------------------------------------------------------------------------

function hashId() {
  return new URLSearchParams(window.location.hash.slice(1)).get("id");
}

function shareLink(id) {
  return `${window.location.origin}/review#id=${encodeURIComponent(id)}`;
}

function route() {
  const id = hashId();
  if (!id) {
    stop();
    view.id = null;
    view.data = null;
    $("#review-view").hidden = true;
    showForm(true);
    document.body.dataset.status = "";
    return;
  }
  if (id === view.id) return;
  showForm(false);
  load(id);
}

function showForm(on) {
  $("#review-form-panel").hidden = !on;
  $("#review-form-back").hidden = !view.id || !view.data;
  if (on && view.id) $("#review-form-panel").scrollIntoView({ block: "nearest" });
}

function stop() {
  clearTimeout(view.timer);
  view.timer = null;
}

// ---- loading and progress -------------------------------------------------------------------

function load(id) {
  stop();
  Object.assign(view, { id, data: null, review: null, byPly: new Map(), frame: 0 });
  document.body.dataset.status = "loading";
  $("#review-view").hidden = true;
  poll();
}

async function poll() {
  const id = view.id;
  let data;
  try {
    data = await getJson(`/api/reviews/${encodeURIComponent(id)}`);
  } catch (err) {
    if (id !== view.id) return;
    showError(err);
    if (err.code === "no_review" || err.code === "bad_request" || err.code === "not_found") {
      // Nothing to show: the form instead, to ask for a review.
      document.body.dataset.status = "missing";
      if (!view.data) showForm(true);
      return;
    }
    view.timer = setTimeout(poll, RETRY_MS); // a dropped connection, a busy server: again
    return;
  }
  if (id !== view.id) return;
  const first = view.data === null;
  view.data = data;
  if (first) drawHand();
  drawProgress(data);
  if (data.status === "done" && data.review && !view.review) {
    view.review = data.review;
    view.byPly = new Map(data.review.plays.map((p) => [p.ply, p]));
    drawReview();
    drawFrame();
  }
  if (data.status === "waiting" || data.status === "running") view.timer = setTimeout(poll, POLL_MS);
}

function drawProgress(data) {
  const node = $("#progress");
  const done = data.done || 0;
  const total = data.total || 0;
  node.dataset.status = data.status;
  node.dataset.done = String(done);
  node.dataset.total = String(total);
  node.setAttribute("aria-valuemax", String(total));
  node.setAttribute("aria-valuenow", String(done));
  const part = data.status === "done" ? 1 : total ? done / total : 0;
  $("#progress-fill").style.width = `${Math.round(part * 100)}%`;
  let text;
  if (data.status === "done") text = t("review.progress.done", { count: total });
  else if (data.status === "failed") text = t("review.progress.failed", { error: data.error || "?" });
  else if (data.status === "running") text = t("review.progress.running", { done, total });
  else text = t("review.progress.waiting");
  $("#progress-text").textContent = text;
  document.body.dataset.status = data.status;
}

// ---- the hand: title, result, slider --------------------------------------------------------

function players() {
  const meta = (view.data.record && view.data.record.meta) || {};
  return meta.players && typeof meta.players === "object" ? meta.players : {};
}

function drawHand() {
  const data = view.data;
  $("#review-title").textContent = t("review.title", { seat: seatName(data.seat) });
  drawMeta();
  const link = shareLink(data.id);
  $("#share-link").value = link;
  $("#share").dataset.link = link;
  drawResult();
  const frames = data.frames || [];
  const slider = $("#slider");
  slider.max = String(Math.max(0, frames.length - 1));
  view.frame = 0;
  drawReview();
  $("#review-view").hidden = false;
  showForm(false);
  drawFrame();
}

function drawMeta() {
  const data = view.data;
  const parts = [
    t("review.meta.level", { level: botName(data.level) }),
    t("analysis.seed", { seed: data.seed }),
    data.room ? t("review.meta.room", { room: data.room, hand: data.hand ?? "?" }) : t("review.meta.upload"),
  ];
  if (view.review) {
    parts.splice(2, 0, t("review.meta.worlds", { count: view.review.worlds }));
  }
  $("#review-meta").textContent = parts.join(" · ");
}

function bothTeams(value) {
  return `${teamName("NS")} ${value("NS")} · ${teamName("EW")} ${value("EW")}`;
}

// The hand's result as the table's result screen says it (board.js renderResult).
function drawResult() {
  const record = view.data.record || {};
  const result = record.result;
  const node = $("#review-result");
  if (!result) {
    node.replaceChildren(el("p", { class: "muted", text: "—" }));
    return;
  }
  const frames = view.data.frames || [];
  const declarer = frames.length ? frames[0].declarer : record.declarer;
  const declarers = declarer ? teamOf(declarer) : "NS";
  const defenders = otherTeam(declarers);
  const before = record.levels || {};
  const after = result.levels || {};
  const row = (label, ...value) => el("tr", {}, el("th", { text: label }), el("td", {}, ...value));
  const levelText = (team) => `${teamName(team)} ${levelName(before[team] ?? "?")} → ${levelName(after[team] ?? "?")}`;
  const scoreText = (team) => {
    const s = (result.scores || {})[team] ?? 0;
    return s > 0 ? `+${s}` : `${s}`;
  };
  const points = { points: result.points, team: teamName(defenders) };
  const rows = [
    row(t("info.points"), result.kitty_multiplier ? t("result.points_kitty", points) : t("result.points", points)),
    row(t("info.levels"), `${levelText(declarers)} · ${levelText(defenders)}`),
    row(t("result.hand_score"), bothTeams(scoreText)),
  ];
  if (result.base) {
    rows.push(row(t("info.stake"), `×${result.stake}: ±${result.stake} × ${result.base} = ±${result.stake * result.base}`));
  }
  if (result.dig) {
    rows.push(row(t("result.dug"), DIGS.includes(result.dig) ? t(`result.dig.${result.dig}`) : String(result.dig)));
  }
  if (frames.length && frames[0].kitty) rows.push(row(t("result.kitty"), cardRow(parseCards(frames[0].kitty), "small")));
  node.replaceChildren(
    el("h2", { class: "outcome", "data-outcome": result.outcome }, outcomeName(result.outcome)),
    el("p", { class: "meaning", text: outcomeNote(result.outcome) }),
    el("table", { class: "result-table" }, el("tbody", {}, ...rows)));
}

// ---- the review: plays and mistakes ---------------------------------------------------------

function signed(value) {
  return typeof value === "number" ? formatValue({ mean: value }) : "—";
}

function lossText(loss) {
  return typeof loss === "number" ? loss.toFixed(2) : "—";
}

function drawReview() {
  drawMeta();
  const review = view.review;
  const tbody = $("#plays tbody");
  const list = $("#mistakes");
  if (!review) {
    const pending = t("review.pending");
    tbody.replaceChildren(el("tr", {}, el("td", { colspan: "6", class: "muted", text: pending })));
    list.replaceChildren(el("li", { class: "muted none", text: pending }));
    $("#mistakes-total").textContent = "";
    return;
  }
  tbody.replaceChildren(...review.plays.map((p) => el("tr", {
    class: typeof p.loss === "number" && p.loss > 0 ? "play-row mistake" : "play-row",
    "data-ply": String(p.ply),
    "data-best-value": String(p.best_value),
    "data-played-value": p.played_value === null ? "" : String(p.played_value),
    "data-loss": p.loss === null ? "" : String(p.loss),
    title: t("review.jump"),
    onclick: () => go(p.ply + 1),
  },
  el("td", { class: "num", text: String(p.trick) }),
  el("td", {}, cardsLabel(parseCards(p.played))),
  el("td", { class: "best-cell" }, cardsLabel(parseCards(p.best))),
  el("td", { class: "num", text: signed(p.played_value) }),
  el("td", { class: "num", text: signed(p.best_value) }),
  el("td", { class: "num loss", text: lossText(p.loss) }))));
  const mistakes = review.mistakes.map((ply) => view.byPly.get(ply)).filter(Boolean);
  $("#mistakes-total").textContent = mistakes.length
    ? t("review.total_loss", { loss: review.total_loss.toFixed(2) }) : "";
  if (!mistakes.length) {
    list.replaceChildren(el("li", { class: "muted none", text: t("review.no_mistakes") }));
    return;
  }
  list.replaceChildren(...mistakes.map((p) => el("li", { "data-ply": String(p.ply), "data-loss": String(p.loss) },
    el("button", { type: "button", class: "mistake", title: t("review.jump"), onclick: () => go(p.ply + 1) },
      el("span", { class: "what" }, ...tNodes("review.mistake", {
        trick: p.trick, played: cardsLabel(parseCards(p.played)), best: cardsLabel(parseCards(p.best)),
      })),
      el("span", { class: "loss", text: `−${lossText(p.loss)}` })))));
}

// ---- one frame of the replay ----------------------------------------------------------------

function frames() {
  return (view.data && view.data.frames) || [];
}

function go(index) {
  const all = frames();
  if (!all.length) return;
  view.frame = Math.max(0, Math.min(all.length - 1, index));
  drawFrame();
}

// The frames where a trick is complete: the steps of the trick buttons.
function trickEnds() {
  return frames().map((f, i) => (f.trick && f.trick.winner ? i : -1)).filter((i) => i >= 0);
}

function prevTrick() {
  const before = trickEnds().filter((i) => i < view.frame);
  go(before.length ? before[before.length - 1] : 0);
}

function nextTrick() {
  const after = trickEnds().find((i) => i > view.frame);
  go(after === undefined ? frames().length - 1 : after);
}

// The trick a frame is in: the one just played to, or the next to be led.
function trickNumber(frame) {
  if (frame.trick && frame.trick.winner) return frame.tricks;
  return frame.tricks + 1;
}

function drawFrame() {
  const all = frames();
  if (!view.data || !all.length) return;
  const index = view.frame;
  const frame = all[index];
  const slider = $("#slider");
  slider.value = String(index);
  document.body.dataset.frame = String(index);
  $("#prev").disabled = index === 0;
  $("#prev-trick").disabled = index === 0;
  $("#next").disabled = index === all.length - 1;
  $("#next-trick").disabled = index === all.length - 1;
  drawInfo(frame, all);
  drawSeats(frame, all[index + 1]);
  drawTrick(frame, all[index + 1]);
  $("#frame-label").replaceChildren(...(frame.seat
    ? tNodes("review.frame.play", { trick: trickNumber(frame), seat: seatName(frame.seat),
      cards: cardsLabel(parseCards(frame.played)) })
    : [t("review.frame.start")]));
  $("#frame-step").textContent = t("review.frame.step", { n: index, total: all.length - 1 });
  drawValuation(frame);
  const current = frame.seat === view.data.seat ? frame.ply - 1 : null;
  for (const row of document.querySelectorAll("#plays tr[data-ply], #mistakes li[data-ply]")) {
    row.classList.toggle("current", Number(row.dataset.ply) === current);
  }
}

function chip(label, ...value) {
  return el("span", { class: "chip" }, el("small", { text: label }), ...value);
}

function drawInfo(frame, all) {
  const declarer = frame.declarer;
  const last = all[all.length - 1];
  $("#review-info").replaceChildren(
    chip(t("review.chip.trick"), `${trickNumber(frame)}/${last.tricks}`),
    chip(t("info.level"), levelName(frame.level)),
    el("span", { class: "chip trump" }, el("small", { text: t("info.trumps") }), trumpBadge(frame.trump)),
    chip(t("info.declarer"), declarer
      ? t("info.declarer_team", { seat: seatName(declarer), team: teamName(teamOf(declarer)) }) : "—"),
    el("span", { class: "chip points", "data-points": String(frame.points) },
      el("small", { text: t("info.points") }), String(frame.points)),
  );
}

// The four hands around the felt, the reviewed seat at the bottom; every card is known.
function drawSeats(frame, next) {
  const reviewed = view.data.seat;
  const who = players();
  for (const seat of SEATS) {
    const pos = positionOf(seat, reviewed);
    const box = $(`#review-felt .seat[data-pos="${pos}"]`);
    box.dataset.seat = seat;
    box.classList.toggle("to-act", Boolean(next && next.seat === seat));
    const cards = parseCards((frame.hands || {})[seat]);
    const badge = el("div", { class: "badge" }, el("span", { class: "name", text: seatName(seat) }));
    if (seat === reviewed) badge.append(el("span", { class: "you reviewed", text: t("review.reviewed_mark") }));
    if (frame.declarer === seat) {
      badge.append(el("span", { class: "declarer", title: t("seat.declarer_title"), text: t("seat.declarer_mark") }));
    }
    const player = who[seat] ?? who[teamOf(seat)];
    if (player) badge.append(el("span", { class: "player", text: playerLabel(String(player)) }));
    badge.append(el("span", { class: "count", title: t("seat.cards_in_hand"), text: String(cards.length) }));
    const row = cardRow(cards, seat === reviewed ? "small" : "mini");
    row.dataset.cards = cards.join(",");
    box.replaceChildren(badge, el("div", { class: "seat-cards" }, row));
  }
}

function drawTrick(frame, next) {
  const reviewed = view.data.seat;
  const node = $("#review-trick");
  for (const slot of node.querySelectorAll(".slot")) {
    slot.replaceChildren();
    slot.classList.remove("winner");
    delete slot.dataset.seat;
    delete slot.dataset.cards;
  }
  const note = $("#review-trick-note");
  note.textContent = "";
  const trick = frame.trick;
  if (!trick) {
    if (next && next.seat) note.textContent = t("trick.to_lead", { seat: seatName(next.seat) });
    return;
  }
  for (const [seat, play] of trick.plays) {
    const slot = node.querySelector(`.slot[data-pos="${positionOf(seat, reviewed)}"]`);
    const cards = parseCards(play);
    slot.replaceChildren(cardRow(cards, "played"));
    slot.dataset.seat = seat;
    slot.dataset.cards = cards.join(",");
  }
  if (trick.winner) {
    node.querySelector(`.slot[data-pos="${positionOf(trick.winner, reviewed)}"]`).classList.add("winner");
    const seat = seatName(trick.winner);
    note.textContent = trick.points ? t("trick.won_points", { seat, count: trick.points }) : t("trick.won", { seat });
  }
}

// The valuation of the reviewed seat's play just made: the play against the engine's best.
function drawValuation(frame) {
  const node = $("#valuation");
  const seat = view.data.seat;
  for (const key of ["ply", "bestValue", "playedValue", "loss"]) delete node.dataset[key];
  if (frame.seat !== seat) {
    node.replaceChildren(el("p", { class: "muted", text: t("review.valuation.none", { seat: seatName(seat) }) }));
    return;
  }
  const play = view.byPly.get(frame.ply - 1);
  if (!play) {
    node.replaceChildren(el("p", { class: "muted", text: t("review.pending") }));
    return;
  }
  node.dataset.ply = String(play.ply);
  node.dataset.bestValue = String(play.best_value);
  node.dataset.playedValue = play.played_value === null ? "" : String(play.played_value);
  node.dataset.loss = play.loss === null ? "" : String(play.loss);
  let verdict;
  if (play.loss === null) verdict = el("span", { class: "tag", text: t("review.not_weighed") });
  else if (play.loss > 0) {
    verdict = el("span", { class: "verdict mistake" }, el("b", { text: t("review.tag.mistake") }), " ",
      t("review.loss", { loss: lossText(play.loss) }));
  } else verdict = el("span", { class: "verdict best" }, el("b", { text: t("review.tag.best") }));
  const line = (label, cards, value, extra) => el("tr", { class: extra },
    el("th", { text: label }), el("td", {}, cardsLabel(parseCards(cards))), el("td", { class: "num", text: signed(value) }));
  const played = parseCards(play.played);
  const moves = el("table", { class: "results-table moves" },
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: t("analysis.col.rank") }),
      el("th", { text: t("analysis.col.move") }), el("th", { class: "num", text: t("analysis.col.mean") }))),
    el("tbody", {}, ...play.moves.map((m, i) => el("tr", {
      class: [i === 0 ? "best" : "", cardsKey(parseCards(m.move)) === cardsKey(played) ? "played" : ""].join(" ").trim(),
      "data-move": m.move, "data-mean": String(m.mean),
    }, el("td", { class: "num", text: String(i + 1) }), el("td", {}, cardsLabel(parseCards(m.move))),
    el("td", { class: "num", text: signed(m.mean) })))));
  node.replaceChildren(
    el("p", { class: "verdict-line" }, verdict),
    el("table", { class: "valuation-table" }, el("tbody", {},
      line(t("review.played"), play.played, play.played_value, "played"),
      line(t("review.best"), play.best, play.best_value, "best"))),
    el("h4", { text: t("review.moves") }),
    moves,
    el("p", { class: "muted note", text: t("review.note", {
      team: teamName(teamOf(seat)), level: botName(view.data.level), count: play.worlds,
      seed: view.data.seed, legal: play.legal }) }));
}

// ---- sharing --------------------------------------------------------------------------------

async function share() {
  const link = $("#share-link").value;
  const button = $("#share");
  try {
    await navigator.clipboard.writeText(link);
    button.textContent = t("review.copied");
    button.dataset.copied = "yes";
    setTimeout(() => {
      button.textContent = t("review.share");
      delete button.dataset.copied;
    }, COPIED_MS);
  } catch (err) {
    // No clipboard (an insecure origin, or refused): the link selected, to copy by hand.
    $("#share-link").focus();
    $("#share-link").select();
  }
}

// ---- the form -------------------------------------------------------------------------------

async function readFile() {
  const file = $("#record-file").files[0];
  $("#record-file-name").textContent = file ? file.name : "";
  if (!file) return;
  try {
    $("#record-text").value = await file.text();
  } catch (err) {
    showError({ code: "bad_request", message: String(err) });
  }
}

async function submitForm(event) {
  event.preventDefault();
  clearErrors();
  const text = $("#record-text").value.trim();
  if (!text) {
    showError({ code: "bad_request", message: t("review.form.no_record") });
    return;
  }
  let record;
  try {
    record = JSON.parse(text);
  } catch (err) {
    showError({ code: "bad_json", message: t("review.form.not_json", { detail: err.message }) });
    return;
  }
  const seed = Number($("#review-seed").value.trim() || "0");
  if (!Number.isInteger(seed) || seed < 0) {
    showError({ code: "bad_request", message: t("review.form.bad_seed") });
    return;
  }
  const body = { record, seat: $("#review-seat").value, level: $("#review-level").value, seed };
  const submit = $("#review-submit");
  submit.disabled = true;
  $("#review-form-status").textContent = t("review.form.sending");
  try {
    const reply = await postJson("/api/reviews", body);
    const id = reply.id;
    if (id === view.id && view.data) showForm(false);
    else window.location.hash = `id=${encodeURIComponent(id)}`;
  } catch (err) {
    showError(err);
  } finally {
    submit.disabled = false;
    $("#review-form-status").textContent = "";
  }
}

// ---- keys -----------------------------------------------------------------------------------

function onKey(event) {
  if (!view.data || $("#review-view").hidden) return;
  const target = event.target;
  const tag = target && target.tagName;
  if ((tag === "INPUT" && target.type !== "range") || tag === "TEXTAREA" || tag === "SELECT") return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  switch (event.key) {
    case "ArrowLeft":
      if (event.shiftKey) prevTrick();
      else go(view.frame - 1);
      break;
    case "ArrowRight":
      if (event.shiftKey) nextTrick();
      else go(view.frame + 1);
      break;
    case "Home":
      go(0);
      break;
    case "End":
      go(frames().length - 1);
      break;
    default:
      return;
  }
  event.preventDefault();
}

// ---- start ----------------------------------------------------------------------------------

function start() {
  applyI18n();
  $("#slider").addEventListener("input", (event) => go(Number(event.target.value)));
  $("#prev").addEventListener("click", () => go(view.frame - 1));
  $("#next").addEventListener("click", () => go(view.frame + 1));
  $("#prev-trick").addEventListener("click", prevTrick);
  $("#next-trick").addEventListener("click", nextTrick);
  $("#share").addEventListener("click", share);
  $("#review-another").addEventListener("click", () => showForm(true));
  $("#review-form-back").addEventListener("click", () => showForm(false));
  $("#record-file").addEventListener("change", readFile);
  $("#review-form").addEventListener("submit", submitForm);
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", route);
  route();
}

start();
