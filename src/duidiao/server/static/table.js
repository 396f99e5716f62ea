// The table page: routing (#room=ID&seat=S), the connection, the player's hand and its
// selection, the decisions as buttons and keys. The server is the referee: this page only
// offers what options (the legal decisions) allow and shows every error it sends back.

import {
  cardElement, cardText, cardsKey, cardsLabel, containsAll, declareNodes, el, errorText,
  declaresByCards, formatValue, kittyFaceDown, parseCards, seatName, suitName, suitOf,
  teamName,
} from "./cards.js";
import { applyI18n, t, tNodes } from "./i18n.js";
import { TurnAlerts } from "./alerts.js";
import { autoForced, autoplayOf, createSeatTools } from "./autoplay.js";
import { wireFolding, wireHandTouch } from "./phone.js";
import { duplicateDone, duplicatePage } from "./cards.js";
import { fillDuplicateForm, readDuplicateForm } from "./lobby.js";
import { Connection, STATUSES, getJson, postJson, socketUrl } from "./net.js";
import {
  describeDecision, playerLabel, renderDeclarations, renderInfo, renderKitty, renderLastTrick,
  renderResult, renderSeats, renderTrick, seatPlayer,
} from "./board.js";
import {
  defaultBot, fillCreateForm, loadRooms, presetSeats, readCreateForm, renderJoinSeats,
  renderRoomList,
} from "./lobby.js";
import {
  climbPrompt, describeClimbDecision, renderClimbActions, renderClimbFelt, renderClimbHand,
  renderClimbInfo, renderClimbResult, setText,
} from "./climbing.js";

const $ = (selector) => document.querySelector(selector);
const LOG_LINES = 80;
const HINT_SECONDS = 1;

const ui = {
  conn: null,
  hello: null,
  room: null,
  seat: null,
  state: null,
  selected: new Set(), // indices into the hand
  taken: new Set(), // indices into the xiaosa takeable cards
  cursor: 0,
  decisionKey: "",
  hint: null,
  hintPending: false,
  deadlineAt: null,
  resultClosed: false,
  lastVersion: null,
  logRoom: null,  // the room whose log #log shows
  logEntries: [],
  sentPlay: null,
};
window.duidiaoTable = ui; // for the browser tests and the curious
ui.alerts = new TurnAlerts(); // the turn alert: what it did (alerts.count, .sounds, .vibrations)
let seatTools = null; // autoplay and the seat's settings (autoplay.js)

// ---- routing and seats ------------------------------------------------------------------

function readHash() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return {
    room: params.get("room"),
    seat: params.get("seat"),
    token: params.get("token"),
    watch: params.has("watch"),
  };
}

function writeHash(params) {
  const text = new URLSearchParams(params).toString();
  history.replaceState(null, "", text ? `#${text}` : window.location.pathname);
}

function tokenKey(room, seat) {
  return `duidiao.token.${room}.${seat}`;
}

function loadToken(room, seat) {
  try {
    return window.localStorage.getItem(tokenKey(room, seat));
  } catch (err) {
    return null;
  }
}

function saveToken(room, seat, token) {
  try {
    if (token) window.localStorage.setItem(tokenKey(room, seat), token);
    else window.localStorage.removeItem(tokenKey(room, seat));
  } catch (err) {
    // Storage can be off (private windows): the token then lives in the hash only.
  }
}

// The table's view: the trick games' (#table) or the climbing games' (#climb), by the state.
function climbing(state) {
  return Boolean(state && state.rules && state.rules.family === "climbing");
}

function showView(name) {
  const view = name === "table" && climbing(ui.state) ? "climb" : name;
  for (const one of ["lobby", "join", "table", "climb"]) $(`#${one}`).hidden = one !== view;
  document.body.dataset.view = view;
}

async function enterRoute() {
  const route = readHash();
  if (route.token && route.room && route.seat) saveToken(route.room, route.seat, route.token);
  if (!route.room) {
    ui.room = null;
    ui.seat = null;
    showView("lobby");
    refreshRooms();
    return;
  }
  if (route.seat) {
    await joinSeat(route.room, route.seat, route.token || loadToken(route.room, route.seat));
  } else if (route.watch) {
    await watchRoom(route.room);
  } else {
    await showJoin(route.room);
  }
}

async function joinSeat(room, seat, token) {
  const message = { type: "join", room, seat };
  if (token) message.token = token;
  ui.room = room;
  try {
    const reply = await ui.conn.request(message);
    ui.room = reply.room || room;
    ui.seat = reply.seat || seat;
    if (reply.token) saveToken(ui.room, ui.seat, reply.token);
    // The token stays in this tab's hash too, so a reload (or storage switched off) rejoins.
    writeHash({ room: ui.room, seat: ui.seat, token: reply.token || token || "" });
    seatTools.joined(); // the automatic last play, as this browser wants it
    showView("table");
    if (ui.state && ui.state.room === ui.room) render();
  } catch (err) {
    showError(err);
    if (token && err.code === "bad_token") saveToken(room, seat, null);
    if (err.code !== "disconnected") await showJoin(room);
  }
}

async function watchRoom(room) {
  ui.room = room;
  ui.seat = null;
  try {
    await ui.conn.request({ type: "watch", room }, true);
    writeHash({ room, watch: "1" });
    showView("table");
    if (ui.state && ui.state.room === ui.room) render();
  } catch (err) {
    showError(err);
    if (err.code === "no_room") {
      writeHash({});
      await enterRoute();
    }
  }
}

async function showJoin(room) {
  ui.room = room;
  ui.seat = null;
  writeHash({ room });
  showView("join");
  $("#join-room-id").textContent = room;
  let summary = null;
  try {
    const reply = await getJson(`/api/rooms/${encodeURIComponent(room)}`);
    summary = reply.room && typeof reply.room === "object" ? reply.room : reply;
  } catch (err) {
    showError(err);
  }
  renderJoinSeats($("#join-seats"), $("#join-summary"), summary, {
    join: (seat) => joinSeat(room, seat, loadToken(room, seat)),
    held: (seat) => Boolean(loadToken(room, seat)),
  });
}

async function refreshRooms() {
  try {
    const rooms = await loadRooms();
    renderRoomList($("#room-list"), rooms, {
      join: (room, seat) => joinSeat(room, seat, loadToken(room, seat)),
      watch: (room) => watchRoom(room),
    });
  } catch (err) {
    $("#room-list").replaceChildren(el("li", { class: "muted", text: t("lobby.rooms_unavailable") }));
    showError(err);
  }
}

async function createRoom(message, seat) {
  try {
    const reply = await ui.conn.request(message);
    $("#speed").value = String(message.bot_delay_ms);
    $("#speed-out").textContent = t("unit.ms", { ms: message.bot_delay_ms });
    if (seat) await joinSeat(reply.room, seat, null);
    else await watchRoom(reply.room);
  } catch (err) {
    showError(err);
  }
}

// A duplicate session: sit in the first seat chosen as "you" (the table then links
// the session page), else go to the session page.
async function createDuplicate(message, mine) {
  try {
    const reply = await ui.conn.request(message);
    if (mine) await joinSeat(reply.rooms[mine.table], mine.seat, null);
    else window.location.assign(duplicatePage(reply.session));
  } catch (err) {
    showError(err);
  }
}

// Back to the lobby. The seat stays claimed by its token (docs/server.md), so the token is
// kept: the seat's address, or the room's, takes it back later.
function leaveRoom() {
  if (ui.conn.isOpen) ui.conn.send({ type: "leave" });
  ui.room = null;
  ui.seat = null;
  ui.state = null;
  writeHash({});
  enterRoute();
}

// ---- errors and the log -----------------------------------------------------------------

function showError(error) {
  ui.sentPlay = null; // a refused play is not played
  const box = $("#errors");
  const text = errorText(error);
  const item = el("div", { class: "error", "data-code": (error && error.code) || "error" },
    el("span", { text }),
    el("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×",
      onclick: () => item.remove() }));
  box.append(item);
  while (box.children.length > 4) box.firstElementChild.remove();
  addLog(el("li", { class: "log-error", text }));
}

function addLog(line) {
  const log = climbing(ui.state) ? $("#climb-log") : $("#log");
  log.prepend(line);
  while (log.children.length > LOG_LINES) log.lastElementChild.remove();
}

// ---- the state --------------------------------------------------------------------------

function receive(msg) {
  if (msg.type === "state") {
    if (ui.room && msg.room && msg.room !== ui.room) return;
    onState(msg);
  } else if (msg.type === "hint") {
    showHint(msg.analysis);
  } else if (msg.type === "hello") {
    ui.hello = msg;
  } else if (msg.type === "left" && msg.reason === "replaced") {
    // Another tab (or device) rejoined this seat with its token: this one steps back.
    showError({ code: "replaced" });
    ui.seat = null;
    ui.state = null;
    writeHash({ room: msg.room || ui.room || "" });
    enterRoute();
  }
}

// A room's log survives a reload of the tab (sessionStorage), as it survives a reconnect:
// each line is kept with what describeDecision needs of its state.
function logKey(room) {
  return `duidiao-log/${room}`;
}

function loadLog(room) {
  try {
    const entries = JSON.parse(sessionStorage.getItem(logKey(room)) || "[]");
    return Array.isArray(entries) ? entries : [];
  } catch (e) {
    return [];  // storage switched off, or a damaged entry: start a new log
  }
}

function saveLog(room, entries) {
  try {
    sessionStorage.setItem(logKey(room), JSON.stringify(entries.slice(-LOG_LINES)));
  } catch (e) {
    // storage switched off or full: the log lasts as long as the page
  }
}

function restoreLog(room) {
  ui.logRoom = room;
  ui.logEntries = loadLog(room);
  $("#log").replaceChildren(...ui.logEntries.slice().reverse()
    .map((entry) => (climbing(entry.state) ? el("li", { text: describeClimbDecision(entry.last) })
      : describeDecision(entry.last, entry.state))));
  if (ui.logEntries.length) ui.lastVersion = ui.logEntries[ui.logEntries.length - 1].version;
}

function onState(state) {
  const previous = ui.state;
  ui.state = state;
  if (state.room && ui.logRoom !== state.room) restoreLog(state.room);
  if (state.last && state.version !== ui.lastVersion && climbing(state)) {
    addLog(el("li", { text: describeClimbDecision(state.last) }));
  } else if (state.last && state.version !== ui.lastVersion) {
    addLog(describeDecision(state.last, state));
    noticeFailedThrow(state.last);
    if (state.room) {
      const level = (state.observation || {}).level;
      ui.logEntries.push({ version: state.version, last: state.last,
        state: { rules: state.rules, observation: { level } } });
      saveLog(state.room, ui.logEntries);
    }
  }
  ui.lastVersion = state.version;
  const obs = state.observation || {};
  // A new decision (not merely a repeated state, e.g. after a seat reconnects) clears the picks.
  const trick = obs.trick && obs.trick.plays ? obs.trick.plays.length : 0;
  const key = [state.hand_number, state.phase, state.to_act, obs.hand, (obs.tricks || []).length,
    trick, obs.drawn].join("|");
  if (key !== ui.decisionKey) {
    ui.decisionKey = key;
    ui.selected.clear();
    ui.taken.clear();
    ui.hint = null;
  }
  if (!previous || previous.hand_number !== state.hand_number || state.phase !== "over") {
    ui.resultClosed = false;
  }
  ui.deadlineAt = typeof state.deadline_seconds === "number" && myTurn()
    ? Date.now() + state.deadline_seconds * 1000 : null;
  const speed = $("#speed");
  if (typeof state.bot_delay_ms === "number" && document.activeElement !== speed) {
    speed.value = String(state.bot_delay_ms);
    $("#speed-out").textContent = t("unit.ms", { ms: state.bot_delay_ms });
  }
  render();
  // The person is awaited (their clock runs): alerted when the tab is in the background.
  ui.alerts.notice(ui.decisionKey, myTurn() && typeof state.deadline_seconds === "number");
}

// A throw that fails is played as its forced part: say so, since it is not what was picked.
function noticeFailedThrow(last) {
  if (!ui.sentPlay || last.seat !== ui.seat || last.play === undefined) return;
  const sent = ui.sentPlay;
  ui.sentPlay = null;
  if (last.timeout) return; // the stand-in bot played, not the cards sent
  if (cardsKey(parseCards(last.play)) !== cardsKey(sent)) {
    const played = parseCards(last.play).map(cardText).join(" ");
    const note = el("div", { class: "error notice", "data-code": "throw_failed" },
      el("span", { text: t("notice.throw_failed", { sent: sent.map(cardText).join(" "), played }) }),
      el("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×",
        onclick: () => note.remove() }));
    $("#errors").append(note);
  }
}

// The seat's decision to make here (not while under autoplay: its bot decides).
function myTurn() {
  return Boolean(ui.state && ui.seat && ui.state.to_act === ui.seat && ui.state.options
    && !autoplayOf(ui.state, ui.seat));
}

// Whether the selection may be played now: the Play button's rule (a listed legal play, or
// a selection to try when the list was cut short).
function selectionPlayable() {
  const play = playOptions();
  if (!play) return false;
  const chosen = selectedCards();
  return play.keys.has(cardsKey(chosen)) || play.tryable(chosen);
}

function handCards() {
  const obs = (ui.state && ui.state.observation) || {};
  return ui.seat ? parseCards(obs.hand) : [];
}

function selectedCards() {
  const hand = handCards();
  return [...ui.selected].sort((a, b) => a - b).map((i) => hand[i]);
}

// The legal plays (options.moves) as card arrays, and whether the list was cut short.
function playOptions() {
  const options = myTurn() ? ui.state.options : null;
  if (!options || !Array.isArray(options.moves)) return null;
  const moves = options.moves.map(parseCards);
  const truncated = typeof options.count === "number" && options.count > options.moves.length;
  // Sizes the unlisted plays may have: a follow has the lead's size, like every listed move.
  const sizes = new Set(moves.map((m) => m.length));
  return {
    moves,
    keys: new Set(moves.map(cardsKey)),
    truncated,
    tryable: (cards) => truncated && cards.length > 0 && (sizes.size === 0 || sizes.size > 1
      || sizes.has(cards.length)),
  };
}

// ---- drawing ----------------------------------------------------------------------------

function render() {
  const state = ui.state;
  const view = document.body.dataset.view;
  if (state && (view === "table" || view === "climb")
      && (view === "climb") !== climbing(state)) showView("table"); // the room's family
  if (climbing(state) && document.body.dataset.view === "climb") {
    renderClimb();
    return;
  }
  if (!state || document.body.dataset.view !== "table") return;
  const viewer = ui.seat;
  renderInfo($("#info"), state);
  renderSeats($("#felt"), state, viewer);
  renderTrick($("#trick"), $("#trick-note"), state, viewer);
  renderKitty($("#kitty"), state, viewer);
  renderLastTrick($("#last-trick"), state);
  renderDeclarations($("#declarations"), state);
  renderRoomInfo(state);
  renderHand();
  renderActions();
  renderPrompt();
  renderHintPanel();
  seatTools.render();
  if (ui.resultClosed) {
    $("#result").hidden = true;
  } else {
    renderResult($("#result"), state, { next: nextHand, close: closeResult, review: ui.seat ? reviewHand : null });
  }
  document.body.dataset.phase = state.phase || "";
  document.body.dataset.version = String(state.version ?? "");
  document.body.dataset.myTurn = myTurn() ? "yes" : "no";
}

// ---- the climbing games' table (climbing.js draws it) ----------------------------------

function renderClimb() {
  const state = ui.state;
  const mine = myTurn();
  renderClimbInfo($("#climb-info"), state);
  renderClimbFelt($("#climb-felt"), state, ui.seat);
  renderClimbHand($("#climb-hand"), state, ui.selected, (i) => {
    if (ui.selected.has(i)) ui.selected.delete(i);
    else ui.selected.add(i);
    renderClimb();
  });
  renderClimbActions($("#climb-actions"), state, mine, ui.selected, {
    play: (cards) => act({ action: "play", cards }),
    act: (fields) => act(fields),
    hint: askHint,
  });
  let text = climbPrompt(state, mine);
  if (ui.seat && autoplayOf(state, ui.seat)) text = t("autoplay.prompt");
  if (ui.hint && ui.hint.analysis && ui.hint.analysis.best) {
    text = `${text}${t("sep.sentence")}${t("climb.hint_best", { move: setText(ui.hint.analysis.best) })}`;
  } else if (ui.hint && ui.hint.pending) {
    text = `${text}${t("sep.sentence")}${t("hint.thinking")}`;
  }
  $("#climb-prompt").replaceChildren(el("span", { text }), el("span", { id: "deadline", class: "deadline" }));
  tickDeadline();
  if (ui.resultClosed) $("#climb-result").hidden = true;
  else renderClimbResult($("#climb-result"), state, { next: nextHand, close: closeResult });
  document.body.dataset.phase = state.phase || "";
  document.body.dataset.version = String(state.version ?? "");
  document.body.dataset.myTurn = mine ? "yes" : "no";
}

function renderRoomInfo(state) {
  const seats = state.seats || {};
  const link = `${window.location.origin}/#room=${encodeURIComponent(ui.room || state.room)}`;
  const who = ui.seat ? t("room.you_sit", { seat: seatName(ui.seat) }) : t("room.watching");
  $("#room-info").replaceChildren(
    el("p", {}, el("b", { text: t("room.title", { room: ui.room || state.room }) }), ` · ${who}`),
    el("p", { class: "muted", text: Object.entries(seats)
      .map(([seat, info]) => seatPlayer(seat, info)).join(" · ") }),
    el("input", { class: "link", readonly: true, value: link, "aria-label": t("room.link"),
      onfocus: (event) => event.target.select() }),
  );
  const position = (state.observation || {}).position;
  $("#analysis-link").href = position ? `/analysis#position=${encodeURIComponent(position)}` : "/analysis";
}

function renderHand() {
  const node = $("#hand");
  const cards = handCards();
  // A spectator has no hand: every seat, South included, is drawn around the felt.
  node.classList.toggle("spectator", !ui.seat);
  if (ui.cursor >= cards.length) ui.cursor = Math.max(0, cards.length - 1);
  const play = playOptions();
  const chosen = selectedCards();
  const elements = cards.map((card, index) => {
    const node2 = cardElement(card, "in-hand");
    node2.dataset.index = String(index);
    // A little air where the suit changes, so the groups of the notation order stand out.
    if (index > 0 && suitOf(cards[index - 1]) !== suitOf(card)) node2.classList.add("gap");
    const selected = ui.selected.has(index);
    node2.classList.toggle("selected", selected);
    node2.classList.toggle("cursor", index === ui.cursor && node.dataset.keys === "on");
    if (play && !selected) {
      const extended = chosen.concat([card]);
      const fits = play.moves.some((move) => containsAll(move, extended));
      node2.classList.toggle("playable", fits);
      node2.classList.toggle("dim", !fits && !play.truncated);
    } else if (play && selected) {
      node2.classList.add("playable");
    }
    node2.addEventListener("click", () => {
      ui.cursor = index;
      toggle(index);
    });
    return node2;
  });
  node.replaceChildren(...elements);
  node.dataset.count = String(cards.length);
  fitHand(node, elements);
}

// Overlap the cards just enough for the hand to fit on one line; when even a deep overlap
// would not do (a phone), just enough for two lines (or more) of about as many cards each.
function fitHand(node, elements) {
  node.style.removeProperty("--overlap");
  if (elements.length < 2) return;
  const style = getComputedStyle(node);
  const width = elements[0].getBoundingClientRect().width;
  // The content box is the width less both paddings (the left one grows with the overlap,
  // which the formula below accounts for), less a few pixels against rounding.
  const room = node.clientWidth - parseFloat(style.paddingRight) - 12 - 6;
  if (!width || room <= 0) return;
  const gaps = elements.filter((e) => e.classList.contains("gap")).length;
  const n = elements.length;
  // The air between suits (phone.css narrows it), and the deepest overlap that leaves each
  // card's corner index in view; deeper than that, as few lines as keep it, each about as full
  // (39 cards: two lines on a phone). An upright phone takes a second line sooner (from
  // --line-overlap), for cards wide enough to touch.
  const air = parseFloat(style.getPropertyValue("--suit-gap")) || 0.16;
  const deepest = parseFloat(style.getPropertyValue("--max-overlap")) || 0.62;
  const oneLine = parseFloat(style.getPropertyValue("--line-overlap")) || deepest;
  const fit = (count, gapCount) => 1 - (room - width - gapCount * air * width) / ((count - 1) * width);
  let lines = 1;
  let overlap = fit(n, gaps);
  while (overlap > (lines === 1 ? oneLine : deepest) && lines < 4) {
    lines += 1;
    overlap = fit(Math.ceil(n / lines), Math.ceil(gaps / lines));
  }
  overlap = Math.max(0.22, Math.min(deepest, overlap));
  node.style.setProperty("--overlap", (Math.ceil(overlap * 1000) / 1000).toFixed(3));
}

function toggle(index) {
  if (!ui.seat) return;
  if (ui.selected.has(index)) ui.selected.delete(index);
  else ui.selected.add(index);
  renderHand();
  renderActions();
  renderPrompt();
}

function button(label, action, onclick, attrs) {
  return el("button", { type: "button", "data-action": action, onclick, ...(attrs || {}) }, label);
}

function renderActions() {
  const node = $("#actions");
  const state = ui.state;
  const parts = [];
  if (state && state.phase === "over" && !state.match_winner && !duplicateDone(state)) {
    parts.push(button(t("action.next"), "next", nextHand, { class: "primary" }));
  }
  if (myTurn()) {
    const options = state.options;
    const chosen = selectedCards();
    // A counter (fandi, §11.8) is a declaration asked after the bury: the same buttons.
    const declaring = Array.isArray(options.declare) ? "declare" : Array.isArray(options.counter) ? "counter" : null;
    if (declaring) {
      const obs = state.observation || {};
      for (const option of options[declaring]) {
        const title = option.suit === "NT" ? t("declare.title_nt") : t("declare.title", { suit: suitName(option.suit) });
        parts.push(el("button", {
          type: "button", class: "primary", "data-action": declaring, "data-suit": option.suit,
          "data-kind": option.kind, title,
          onclick: () => act({ action: declaring, suit: option.suit, kind: option.kind }),
        }, ...(declaring === "counter" ? [`${t("action.counter")} `] : []),
        ...declareNodes(option.kind, option.suit, obs.level, declaresByCards(state))));
      }
      parts.push(button(t("action.pass"), "pass", pass));
    } else if (typeof options.bury === "number") {
      parts.push(button(t("action.bury", { picked: chosen.length, count: options.bury }), "bury", bury,
        { class: "primary", disabled: chosen.length !== options.bury }));
      parts.push(button(t("action.clear"), "clear", clearSelection));
    } else if (options.grab_offer) {
      parts.push(el("span", { class: "offer" },
        ...tNodes("grab.offer", { card: cardElement(options.grab_offer, "small") })));
      parts.push(button(chosen.length === 1 ? t("action.grab_put", { card: cardText(chosen[0]) }) : t("action.grab"),
        "grab", grab, { class: "primary", disabled: chosen.length !== 1 }));
      parts.push(button(t("action.pass"), "pass", pass));
    } else if (options.xiaosa_takeable !== undefined) {
      const takeable = parseCards(options.xiaosa_takeable);
      const row = el("div", { class: "cards takeable", "aria-label": t("xiaosa.takeable") });
      takeable.forEach((card, index) => {
        const node2 = cardElement(card, "small");
        node2.dataset.index = String(index);
        node2.classList.toggle("selected", ui.taken.has(index));
        node2.addEventListener("click", () => {
          if (ui.taken.has(index)) ui.taken.delete(index);
          else ui.taken.add(index);
          renderActions();
        });
        row.append(node2);
      });
      parts.push(el("span", { class: "offer", text: t("xiaosa.take") }), row);
      const ready = chosen.length > 0 && chosen.length === ui.taken.size;
      parts.push(button(t("action.xiaosa", { jokers: chosen.length, taken: ui.taken.size }), "xiaosa", xiaosa,
        { class: "primary", disabled: !ready }));
      parts.push(button(t("action.pass"), "pass", pass));
    } else if (Array.isArray(options.moves)) {
      const play = playOptions();
      const valid = play.keys.has(cardsKey(chosen));
      const tryable = !valid && play.tryable(chosen);
      parts.push(button(tryable ? t("action.try") : t("action.play"), "play", playSelection, {
        class: "primary", disabled: !(valid || tryable),
        title: valid ? t("play.legal") : tryable ? t("play.tryable") : t("play.pick"),
      }));
      parts.push(button(t("action.hint"), "hint", askHint, { disabled: ui.hintPending }));
      parts.push(button(t("action.clear"), "clear", clearSelection, { disabled: chosen.length === 0 }));
    }
  }
  node.replaceChildren(...parts);
}

function renderPrompt() {
  const node = $("#prompt");
  const state = ui.state;
  if (!state) {
    node.textContent = "";
    return;
  }
  const obs = state.observation || {};
  const seats = state.seats || {};
  let text;
  if (duplicateDone(state)) {
    text = t("dup.prompt.done", { count: state.duplicate.deals });
  } else if (state.phase === "over") {
    text = state.match_winner ? t("prompt.match_over", { team: teamName(state.match_winner) }) : t("prompt.hand_over");
  } else if (ui.seat && autoplayOf(state, ui.seat)) {
    text = t("autoplay.prompt");
  } else if (myTurn()) {
    const options = state.options;
    const chosen = selectedCards();
    if (options.moves && options.count === 1 && state.deadline_seconds == null && autoForced()) {
      text = t("prompt.forced"); // the server makes it in a moment (auto_forced)
    } else if (options.declare) text = t("prompt.declare", { count: obs.drawn ?? "?" });
    else if (options.counter) text = t("prompt.counter");
    else if (typeof options.bury === "number") {
      const picked = { count: options.bury, picked: chosen.length };
      text = kittyFaceDown(state) ? t("prompt.bury_face_down", picked) : t("prompt.bury", picked);
    }
    else if (options.grab_offer) text = t("prompt.grab", { card: cardText(options.grab_offer) });
    else if (options.xiaosa_takeable !== undefined) text = t("prompt.xiaosa");
    else if (options.moves) {
      const trick = obs.trick;
      const leading = !trick || !trick.plays || trick.plays.length === 0;
      const play = playOptions();
      const valid = play.keys.has(cardsKey(chosen));
      const sentences = [leading ? t("prompt.lead") : t("prompt.follow")];
      if (chosen.length && !valid) sentences.push(t("prompt.not_legal_yet"));
      if (chosen.length && valid) sentences.push(t("prompt.press_play"));
      sentences.push(t("prompt.legal_plays", { count: state.options.count ?? state.options.moves.length }));
      text = sentences.join(t("sep.sentence"));
    } else text = t("prompt.decide");
  } else if (state.phase === "waiting") {
    const free = Object.entries(seats).filter(([, info]) => info.player === "human" && !info.claimed)
      .map(([seat]) => seatName(seat));
    text = free.length ? t("prompt.waiting_seats", { seats: free.join(t("sep.names")) }) : t("prompt.waiting");
  } else if (state.to_act) {
    const info = seats[state.to_act];
    text = t("prompt.waiting_for", { seat: seatName(state.to_act), player: playerLabel(info) || "?" });
  } else {
    text = "";
  }
  node.replaceChildren(el("span", { text }), el("span", { id: "deadline", class: "deadline" }));
  tickDeadline();
}

function tickDeadline() {
  const node = document.getElementById("deadline");
  if (!node) return;
  if (ui.deadlineAt === null) {
    node.textContent = "";
    return;
  }
  const left = Math.max(0, Math.ceil((ui.deadlineAt - Date.now()) / 1000));
  node.textContent = ` ${t("prompt.seconds_left", { count: left })}`;
  node.classList.toggle("urgent", left <= 10);
}

// ---- hints ------------------------------------------------------------------------------

async function askHint() {
  if (!myTurn() || !ui.state.options.moves || ui.hintPending) return;
  ui.hintPending = true;
  ui.hint = { pending: true };
  render();
  try {
    const reply = await ui.conn.request({ type: "hint", seconds: HINT_SECONDS });
    showHint(reply.analysis);
  } catch (err) {
    ui.hint = null;
    showError(err);
  } finally {
    ui.hintPending = false;
    render();
  }
}

function showHint(analysis) {
  ui.hint = { analysis };
  render();
}

function renderHintPanel() {
  const panel = $("#hint-panel");
  const list = $("#hint-moves");
  if (!ui.hint) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  if (ui.hint.pending) {
    $("#hint-meta").textContent = t("hint.thinking");
    list.replaceChildren();
    return;
  }
  const analysis = ui.hint.analysis || {};
  const moves = analysis.moves || [];
  const seconds = typeof analysis.seconds === "number" ? analysis.seconds.toFixed(1) : "?";
  $("#hint-meta").textContent = t("hint.meta",
    { count: analysis.worlds ?? "?", seconds, method: analysis.method || "?" });
  list.replaceChildren(...moves.slice(0, 8).map((m) => el("li", {
    class: "move", title: t("hint.pick"), onclick: () => selectMove(parseCards(m.move)),
  }, cardsLabel(parseCards(m.move)), el("span", { class: "value", text: formatValue(m) }))));
}


// Select the cards of a move in the hand (copies matched one by one).
function selectMove(cards) {
  const hand = handCards();
  ui.selected.clear();
  const used = new Set();
  for (const card of cards) {
    const index = hand.findIndex((c, i) => c === card && !used.has(i));
    if (index >= 0) {
      used.add(index);
      ui.selected.add(index);
    }
  }
  renderHand();
  renderActions();
  renderPrompt();
}

// ---- decisions --------------------------------------------------------------------------

function act(fields) {
  if (!myTurn()) {
    showError({ code: "not_your_turn" });
    return;
  }
  // The state's version goes with it: a click that arrives after the table moved on (a forced
  // play made meanwhile) is refused as stale, not taken for another move.
  ui.conn.send({ type: "act", version: ui.state.version, ...fields });
}

function pass() {
  if (!myTurn()) return;
  const options = ui.state.options;
  if (options.declare || options.counter || options.grab_offer || options.xiaosa_takeable !== undefined) {
    act({ action: "pass" });
  }
}

function bury() {
  const chosen = selectedCards();
  if (chosen.length !== ui.state.options.bury) {
    showError({ code: "bad_selection", message: t("selection.bury", { count: ui.state.options.bury }) });
    return;
  }
  act({ action: "bury", cards: chosen.join(",") });
}

function grab() {
  const chosen = selectedCards();
  if (chosen.length !== 1) {
    showError({ code: "bad_selection", message: t("selection.grab") });
    return;
  }
  act({ action: "grab", put: chosen[0] });
}

function xiaosa() {
  const chosen = selectedCards();
  const takeable = parseCards(ui.state.options.xiaosa_takeable);
  const taken = [...ui.taken].sort((a, b) => a - b).map((i) => takeable[i]);
  if (!chosen.length || chosen.length !== taken.length) {
    showError({ code: "bad_selection", message: t("selection.xiaosa") });
    return;
  }
  act({ action: "xiaosa", jokers: chosen.join(","), taken: taken.join(",") });
}

function playSelection() {
  const play = playOptions();
  if (!play) return;
  let chosen = selectedCards();
  if (!chosen.length) {
    // Enter with nothing selected plays the card under the cursor when it alone is legal.
    const card = handCards()[ui.cursor];
    if (card && play.keys.has(cardsKey([card]))) chosen = [card];
  }
  const valid = play.keys.has(cardsKey(chosen));
  if (!valid && !play.tryable(chosen)) {
    showError({ code: "bad_selection", message: chosen.length
      ? t("selection.not_legal", { cards: chosen.map(cardText).join(" ") }) : t("selection.none") });
    return;
  }
  ui.sentPlay = chosen;
  act({ action: "play", cards: chosen.join(",") });
}

function clearSelection() {
  ui.selected.clear();
  ui.taken.clear();
  renderHand();
  renderActions();
  renderPrompt();
}

function nextHand() {
  if (duplicateDone(ui.state)) return; // a duplicate table's last deal: no next
  ui.conn.send({ type: "next" });
}

function closeResult() {
  ui.resultClosed = true;
  $("#result").hidden = true;
  $("#climb-result").hidden = true;
}

// The hand just over reviewed for this seat (fupan, docs/table.md "Hand review"): its page in a
// new tab. A duplicate deal is refused (duplicate_hidden) until the other table has played it.
async function reviewHand() {
  const state = ui.state;
  if (!state || !ui.seat || state.phase !== "over") return;
  try {
    const reply = await postJson("/api/reviews", {
      room: ui.room || state.room, hand: state.hand_number, seat: ui.seat, level: "hard", seed: 0,
    });
    if (window.open(reply.page, "_blank")) return;
    // A blocked pop-up: the page as a link to open by hand.
    const note = el("div", { class: "error notice", "data-code": "review_ready" },
      el("a", { href: reply.page, target: "_blank", text: t("result.review_open") }),
      el("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×",
        onclick: () => note.remove() }));
    $("#errors").append(note);
  } catch (err) {
    showError(err);
  }
}

// The main decision of the moment, for Enter.
function confirm() {
  if (!myTurn()) {
    if (ui.state && ui.state.phase === "over") nextHand();
    return;
  }
  const options = ui.state.options;
  if (options.moves) playSelection();
  else if (typeof options.bury === "number") bury();
  else if (options.grab_offer) grab();
  else if (options.xiaosa_takeable !== undefined) xiaosa();
}

// ---- keys -------------------------------------------------------------------------------

function onKey(event) {
  if (document.body.dataset.view === "climb" && (event.key === "n" || event.key === "N")) {
    if (ui.state && ui.state.phase === "over") nextHand();
    return;
  }
  if (document.body.dataset.view !== "table") return;
  const target = event.target;
  const tag = target && target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const count = handCards().length;
  const hand = $("#hand");
  let handled = true;
  switch (event.key) {
    case "ArrowLeft":
      ui.cursor = Math.max(0, ui.cursor - 1);
      break;
    case "ArrowRight":
      ui.cursor = Math.min(Math.max(0, count - 1), ui.cursor + 1);
      break;
    case "Home":
      ui.cursor = 0;
      break;
    case "End":
      ui.cursor = Math.max(0, count - 1);
      break;
    case " ":
    case "Spacebar":
      if (count) toggle(ui.cursor);
      break;
    case "Enter":
      confirm();
      break;
    case "Escape":
      clearSelection();
      closeResult();
      break;
    case "h":
    case "H":
      askHint();
      break;
    case "p":
    case "P":
      pass();
      break;
    case "n":
    case "N":
      if (ui.state && ui.state.phase === "over") nextHand();
      break;
    default:
      handled = false;
  }
  if (!handled) return;
  event.preventDefault();
  hand.dataset.keys = "on";
  renderHand();
  const cursor = hand.querySelector(".card.cursor");
  if (cursor) cursor.scrollIntoView({ block: "nearest", inline: "nearest" });
}

// ---- start ------------------------------------------------------------------------------

async function onOpen() {
  try {
    ui.hello = await ui.conn.request({ type: "hello" });
  } catch (err) {
    showError(err);
  }
  fillCreateForm($("#create-form"), ui.hello);
  fillDuplicateForm($("#duplicate-form"), ui.hello);
  await enterRoute();
}

function setStatus(status, seconds) {
  const node = $("#conn");
  node.textContent = STATUSES.includes(status) ? t(`conn.${status}`, { seconds }) : status;
  node.dataset.status = status;
}

function wire() {
  $("#create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const { message, seat } = readCreateForm(event.target);
    createRoom(message, seat);
  });
  const quick = (mine) => {
    const { message } = readCreateForm($("#create-form"));
    const bot = defaultBot(ui.hello, message.preset);
    const seats = presetSeats(ui.hello, message.preset);
    message.seats = Object.fromEntries(seats.map((s, i) => [s, mine && i === 0 ? "human" : bot]));
    createRoom(message, mine ? seats[0] : null);
  };
  $("#quick-bots").addEventListener("click", () => quick(true));
  $("#duplicate-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const { message, mine } = readDuplicateForm(event.target);
    createDuplicate(message, mine);
  });
  $("#quick-watch").addEventListener("click", () => quick(false));
  $("#rooms-refresh").addEventListener("click", refreshRooms);
  $("#join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const room = $("#join-room").value.trim();
    if (room) showJoin(room);
  });
  $("#join-watch").addEventListener("click", () => ui.room && watchRoom(ui.room));
  $("#leave").addEventListener("click", leaveRoom);
  $("#climb-leave").addEventListener("click", leaveRoom);
  $("#copy-link").addEventListener("click", async () => {
    const link = $("#room-info input.link");
    try {
      await navigator.clipboard.writeText(link.value);
      $("#copy-link").textContent = t("room.copied");
    } catch (err) {
      link.focus();
      link.select();
    }
  });
  const speed = $("#speed");
  const showSpeed = () => {
    $("#speed-out").textContent = t("unit.ms", { ms: speed.value });
  };
  showSpeed();
  speed.addEventListener("input", showSpeed);
  speed.addEventListener("change", () => {
    ui.conn.send({ type: "speed", bot_delay_ms: Number(speed.value) });
  });
  document.addEventListener("keydown", onKey);
  seatTools = createSeatTools(ui, { showError, alerts: ui.alerts });
  wireHandTouch($("#hand"), {
    selected: (index) => ui.selected.has(index),
    toggle: (index) => {
      ui.cursor = index;
      toggle(index);
    },
    playable: selectionPlayable,
    play: playSelection,
  });
  wireFolding($(".side"), ["keys"]);
  window.addEventListener("hashchange", () => {
    const route = readHash();
    if (route.room !== ui.room || route.seat !== ui.seat) enterRoute();
  });
  setInterval(tickDeadline, 500);
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(renderHand, 100);
  });
}

applyI18n();
wire();
// A stale decision needs no word: the state that moved the table on is there or on its way.
function onError(error) {
  if (error && error.code === "stale") {
    ui.sentPlay = null;
    return;
  }
  showError(error);
}

ui.conn = new Connection(socketUrl(), {
  open: onOpen,
  message: receive,
  error: onError,
  status: setStatus,
});
ui.conn.open();
