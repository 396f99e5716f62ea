// The duplicate session page (/duplicate#session=ID; docs/table.md): the two tables —
// who sits where, free seats to take, how far each has played — and the result of every deal
// both tables have finished, netted for team A and team B (GET /api/duplicate/{id},
// docs/server.md). Nothing of a deal is sent before both tables have finished it; the page
// asks again every few seconds until the session is over.

import {
  DUPLICATE_TABLES, SEATS, duplicatePage, duplicateTableName, el, errorText, showError, outcomeName,
  phaseName, seatName, signed, teamName,
} from "./cards.js";
import { applyI18n, t } from "./i18n.js";
import { getJson } from "./net.js";
import { playerLabel } from "./board.js";

const $ = (selector) => document.querySelector(selector);
const REFRESH_MS = 3000;

const page = { session: null, data: null, timer: null };
window.duidiaoDuplicate = page; // for the browser tests

function readSession() {
  return new URLSearchParams(window.location.hash.slice(1)).get("session");
}

// A seat this browser holds the token of (table.js keeps them): it can go back to it.
function holdsToken(room, seat) {
  try {
    return Boolean(window.localStorage.getItem(`duidiao.token.${room}.${seat}`));
  } catch (err) {
    return false;
  }
}

function seatLink(room, seat) {
  return `/#room=${encodeURIComponent(room)}&seat=${encodeURIComponent(seat)}`;
}

// Team A sits team_a ("NS" at the open table, "EW" at the closed one), team B the others.
function pairOf(seat, teamA) {
  const ns = seat === "S" || seat === "N";
  return (teamA === "NS") === ns ? "A" : "B";
}

function pairName(pair) {
  return pair === "A" ? t("dup.team.A") : t("dup.team.B");
}

function progressText(table, deals) {
  if (table.deals_done >= deals) return t("dup.page.table_done", { count: deals });
  if (!table.hand_number) return t("dup.page.not_started");
  return t("dup.page.progress", { k: table.hand_number, n: deals, phase: phaseName(table.phase) });
}

function renderTable(node, name, table, deals) {
  const teamA = table.team_a;
  const teamB = teamA === "NS" ? "EW" : "NS";
  const free = table.free_seats || [];
  const seats = SEATS.map((seat) => {
    const info = (table.seats || {})[seat] || {};
    const pair = pairOf(seat, teamA);
    const parts = [
      el("span", { class: "seat-name", text: seatName(seat) }),
      el("span", { class: `pair pair-${pair}`, text: pairName(pair) }),
      el("span", { class: "player", text: playerLabel(info) }),
    ];
    if (free.includes(seat)) {
      parts.push(el("a", { class: "button primary", href: seatLink(table.room, seat),
        "data-take-seat": seat, text: t("dup.page.take_seat") }));
    } else if (info.player === "human" && holdsToken(table.room, seat)) {
      parts.push(el("a", { class: "button", href: seatLink(table.room, seat), "data-back-seat": seat,
        text: t("join.back", { seat: seatName(seat) }) }));
    } else if (info.player === "human") {
      const online = info.connected !== false;
      parts.push(el("span", { class: online ? "dot online" : "dot offline",
        title: online ? t("seat.online") : t("seat.offline") }));
      parts.push(el("span", { class: "muted", text: t("dup.page.seated") }));
    }
    return el("li", { "data-seat": seat, "data-pair": pair, "data-free": free.includes(seat) ? "yes" : "no" },
      ...parts);
  });
  node.dataset.room = table.room;
  node.dataset.dealsDone = String(table.deals_done);
  node.replaceChildren(
    el("h3", {}, duplicateTableName(name), " ",
      el("span", { class: "muted room-id", text: t("room.title", { room: table.room }) })),
    el("p", { class: "muted", text: t("dup.page.team_seats", {
      team_a: pairName("A"), a: teamName(teamA), team_b: pairName("B"), b: teamName(teamB) }) }),
    el("ul", { class: "dup-seat-list" }, ...seats),
    el("p", { class: "progress", "data-hand": String(table.hand_number), text: progressText(table, deals) }),
  );
}

function resultCell(result) {
  return el("td", { "data-outcome": result.outcome },
    t("dup.page.outcome_points", { outcome: outcomeName(result.outcome), points: result.points }));
}

// Each deal of the session: its two results and nets once both tables have finished it, else
// where it stands (waiting for the other table, in play, not dealt yet).
function renderResults(data) {
  const shown = new Map((data.results || []).map((row) => [row.deal, row]));
  const biggest = new Set(data.biggest || []);
  const rows = [];
  for (let deal = 1; deal <= data.deals; deal += 1) {
    const row = shown.get(deal);
    const name = el("th", { scope: "row", text: t("dup.page.deal_n", { n: deal }) });
    if (row) {
      rows.push(el("tr", {
        class: biggest.has(deal) ? "done biggest" : "done", "data-deal": deal, "data-status": "done",
        "data-net-a": row.net.A, "data-net-b": row.net.B, "data-open": row.open.a_minus_b,
        "data-closed": row.closed.a_minus_b,
      }, name,
      resultCell(row.open), el("td", { class: "num", text: signed(row.open.a_minus_b) }),
      resultCell(row.closed), el("td", { class: "num", text: signed(row.closed.a_minus_b) }),
      el("td", { class: "num net", text: signed(row.net.A) }),
      el("td", { class: "num net", text: signed(row.net.B) })));
      continue;
    }
    const done = DUPLICATE_TABLES.filter((table) => data.tables[table].deals_done >= deal);
    const playing = DUPLICATE_TABLES.some((table) => data.tables[table].hand_number >= deal);
    let status;
    let text;
    if (done.length) {
      status = "waiting";
      text = t("dup.page.waiting_other", { table: duplicateTableName(done[0]) });
    } else if (playing) {
      status = "playing";
      text = t("dup.page.in_play");
    } else {
      status = "pending";
      text = t("dup.page.not_dealt");
    }
    rows.push(el("tr", { class: status, "data-deal": deal, "data-status": status }, name,
      el("td", { colspan: 6, class: "muted", text })));
  }
  $("#dup-results tbody").replaceChildren(...rows);
  const total = data.total || { A: 0, B: 0 };
  $("#dup-results tfoot").replaceChildren(el("tr", { "data-total-a": total.A, "data-total-b": total.B },
    el("th", { scope: "row", colspan: 5, text: t("dup.page.total") }),
    el("td", { class: "num net", text: signed(total.A) }),
    el("td", { class: "num net", text: signed(total.B) })));
  let sentence;
  if (!shown.size) {
    sentence = t("dup.page.nothing_yet");
  } else if (!biggest.size) {
    sentence = t("dup.page.no_difference");
  } else {
    const deals = (data.biggest || []).map((deal) => t("dup.page.biggest_deal",
      { n: deal, net: signed(shown.get(deal).net.A) }));
    sentence = t("dup.page.biggest", { deals: deals.join(t("sep.names")) });
  }
  $("#dup-biggest").textContent = sentence;
}

function render(data) {
  page.data = data;
  $("#dup-heading").textContent = t("dup.page.heading", { session: data.session });
  $("#dup-summary").textContent = t("dup.page.summary", { preset: data.preset, count: data.deals });
  renderTable($("#dup-open"), "open", data.tables.open, data.deals);
  renderTable($("#dup-closed"), "closed", data.tables.closed, data.deals);
  renderResults(data);
  $("#dup-status").textContent = data.complete ? t("dup.page.complete") : t("dup.page.refreshing");
  document.body.dataset.complete = data.complete ? "yes" : "no";
  document.body.dataset.shown = String((data.results || []).length);
  document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
}

async function refresh() {
  clearTimeout(page.timer);
  const session = page.session;
  if (!session) return;
  let again = true;
  try {
    const data = await getJson(`/api/duplicate/${encodeURIComponent(session)}`);
    if (session !== page.session) return; // the address changed meanwhile
    render(data);
    again = !data.complete;
  } catch (err) {
    showError(err);
    again = err.code !== "no_session";
  }
  if (again) page.timer = setTimeout(refresh, REFRESH_MS);
}

function open() {
  page.session = readSession();
  if (!page.session) {
    $("#dup-status").textContent = t("dup.page.no_session");
    return;
  }
  $("#dup-link").value = `${window.location.origin}${duplicatePage(page.session)}`;
  refresh();
}

function wire() {
  $("#dup-copy").addEventListener("click", async () => {
    const link = $("#dup-link");
    try {
      await navigator.clipboard.writeText(link.value);
      $("#dup-copy").textContent = t("room.copied");
    } catch (err) {
      link.focus();
      link.select();
    }
  });
  $("#dup-link").addEventListener("focus", (event) => event.target.select());
  window.addEventListener("hashchange", open);
}

applyI18n();
wire();
open();
