// The lobby: create a room (rules, who sits where, the clocks) or open one that has a free
// seat; and the join view of one room (a shared link, #room=ID).

import { SEATS, botName, el, seatName } from "./cards.js";
import { t } from "./i18n.js";
import { getJson } from "./net.js";
import { seatPlayer } from "./board.js";

const YOU = "you";

// The bot choices of the server's hello: strengths first (easy … expert), then every bot.
function botChoices(hello) {
  const choices = [];
  const levels = (hello && hello.levels) || {};
  for (const [strength, bot] of Object.entries(levels)) {
    const label = bot === strength ? t("player.bot", { name: botName(strength) })
      : t("player.bot_strength", { strength: botName(strength), name: bot });
    choices.push({ value: bot, label, strength });
  }
  const listed = new Set(choices.map((c) => c.value));
  for (const bot of (hello && hello.bots) || []) {
    if (!listed.has(bot)) choices.push({ value: bot, label: t("player.bot", { name: bot }) });
  }
  if (!choices.length) choices.push({ value: "heuristic", label: t("player.bot", { name: "heuristic" }) });
  return choices;
}

// The bot people get by default: "normal" if offered, else the first one.
export function defaultBot(hello) {
  const levels = (hello && hello.levels) || {};
  if (levels.normal) return levels.normal;
  return botChoices(hello)[0].value;
}

export function fillCreateForm(form, hello) {
  const presetSelect = form.querySelector("#create-preset");
  const presets = (hello && hello.presets) || ["chifeng"];
  presetSelect.replaceChildren(...presets.map((p) => {
    const name = typeof p === "string" ? p : p.name;
    return el("option", { value: name, text: name });
  }));
  const bots = botChoices(hello);
  const normal = defaultBot(hello);
  for (const select of form.querySelectorAll("select[data-seat]")) {
    const seat = select.dataset.seat;
    const keep = select.value;
    const options = [
      el("option", { value: YOU, text: t("lobby.you") }),
      el("option", { value: "human", text: t("lobby.person") }),
      ...bots.map((b) => el("option", { value: b.value, text: b.label })),
    ];
    select.replaceChildren(...options);
    select.value = keep && [...select.options].some((o) => o.value === keep) ? keep : seat === "S" ? YOU : normal;
  }
}

// The create message from the form, and the seat to sit in (the first "you"), or null.
export function readCreateForm(form) {
  const seats = {};
  let mine = null;
  for (const select of form.querySelectorAll("select[data-seat]")) {
    const seat = select.dataset.seat;
    if (select.value === YOU) {
      seats[seat] = "human";
      if (mine === null) mine = seat;
    } else {
      seats[seat] = select.value;
    }
  }
  const number = (id, fallback) => {
    const value = Number(form.querySelector(id).value);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    message: {
      type: "create",
      preset: form.querySelector("#create-preset").value || "chifeng",
      seats,
      open: form.querySelector("#create-open").checked,
      decision_seconds: number("#create-seconds", 60),
      bot_delay_ms: number("#create-delay", 700),
      seed: seedOf(form.querySelector("#create-seed").value),
    },
    seat: mine,
  };
}

// The seed field: empty for a random match, else a whole number (the same deals again).
function seedOf(text) {
  const value = Number(String(text || "").trim());
  return String(text || "").trim() !== "" && Number.isInteger(value) && value >= 0 ? value : null;
}

// A room summary's free human seats, whichever way the server spells them.
export function freeSeats(summary) {
  if (!summary) return [];
  if (Array.isArray(summary.free_seats)) return summary.free_seats;
  if (Array.isArray(summary.free)) return summary.free;
  const seats = summary.seats || {};
  return SEATS.filter((seat) => {
    const info = seats[seat];
    if (!info || typeof info !== "object") return false;
    if (info.player !== "human") return false;
    if ("free" in info) return Boolean(info.free);
    if ("taken" in info) return !info.taken;
    if ("claimed" in info) return !info.claimed;
    return false;
  });
}

export function roomId(summary) {
  return summary.room || summary.id;
}

export async function loadRooms() {
  const data = await getJson("/api/rooms");
  return Array.isArray(data) ? data : data.rooms || [];
}

export function renderRoomList(list, rooms, handlers) {
  if (!rooms.length) {
    list.replaceChildren(el("li", { class: "muted", text: t("lobby.no_rooms") }));
    return;
  }
  list.replaceChildren(...rooms.map((summary) => {
    const id = roomId(summary);
    const free = freeSeats(summary);
    return el("li", {},
      el("span", { class: "room-name", text: id }),
      el("span", { class: "muted",
        text: ` ${summary.preset || ""} · ${t("lobby.hand", { n: summary.hand_number ?? 1 })} ` }),
      ...free.map((seat) => el("button", { type: "button", "data-seat": seat,
        onclick: () => handlers.join(id, seat), text: t("lobby.sit", { seat: seatName(seat) }) })),
      el("button", { type: "button", onclick: () => handlers.watch(id), text: t("lobby.watch") }));
  }));
}

export function renderJoinSeats(node, summaryNode, summary, handlers) {
  const free = summary ? freeSeats(summary) : SEATS;
  const seats = (summary && summary.seats) || {};
  if (summary) {
    const who = SEATS.map((s) => seatPlayer(s, seats[s])).join(" · ");
    summaryNode.textContent = `${summary.preset || ""} · ${who}`;
  } else {
    summaryNode.textContent = t("join.no_summary");
  }
  // A seat this browser holds the token of (it left, or the tab was closed) can be taken back.
  node.replaceChildren(...SEATS.map((seat) => {
    const mine = handlers.held(seat);
    const open = free.includes(seat) || mine;
    return el("button", {
      type: "button", class: open ? "primary" : "", "data-seat": seat, disabled: !open,
      onclick: () => handlers.join(seat),
      text: mine ? t("join.back", { seat: seatName(seat) }) : t("join.sit", { seat: seatName(seat) }),
    });
  }));
}

// ---- duplicate sessions: two tables play the same deals, the teams' seats swapped ----

// The duplicate form's choices: the presets, and at each seat of both tables you, a person or
// a bot (by default you sit South at the open table, bots everywhere else).
export function fillDuplicateForm(form, hello) {
  const presetSelect = form.querySelector("#dup-preset");
  const keepPreset = presetSelect.value;
  const presets = (hello && hello.presets) || ["chifeng"];
  presetSelect.replaceChildren(...presets.map((p) => {
    const name = typeof p === "string" ? p : p.name;
    return el("option", { value: name, text: name });
  }));
  if (keepPreset && presets.includes(keepPreset)) presetSelect.value = keepPreset;
  const bots = botChoices(hello);
  const normal = defaultBot(hello);
  for (const select of form.querySelectorAll("select[data-dup-seat]")) {
    const first = select.dataset.table === "open" && select.dataset.dupSeat === "S";
    const keep = select.value;
    select.replaceChildren(
      el("option", { value: YOU, text: t("lobby.you") }),
      el("option", { value: "human", text: t("lobby.person") }),
      ...bots.map((b) => el("option", { value: b.value, text: b.label })));
    select.value = keep && [...select.options].some((o) => o.value === keep) ? keep : first ? YOU : normal;
  }
}

// The create_duplicate message from the form (docs/server.md), and the seat to sit in: the
// first "you" ({table, seat}), or null.
export function readDuplicateForm(form) {
  const seats = { open: {}, closed: {} };
  let mine = null;
  for (const select of form.querySelectorAll("select[data-dup-seat]")) {
    const { table, dupSeat: seat } = select.dataset;
    if (select.value === YOU) {
      seats[table][seat] = "human";
      if (mine === null) mine = { table, seat };
    } else {
      seats[table][seat] = select.value;
    }
  }
  const number = (id, fallback) => {
    const text = form.querySelector(id).value.trim();
    const value = Number(text);
    return text !== "" && Number.isFinite(value) ? value : fallback;
  };
  return {
    message: {
      type: "create_duplicate",
      preset: form.querySelector("#dup-preset").value || "chifeng",
      deals: number("#dup-deals", 4),
      open_seats: seats.open,
      closed_seats: seats.closed,
      decision_seconds: number("#dup-seconds", 60),
      bot_delay_ms: number("#dup-delay", 700),
      hand_pause_seconds: number("#dup-pause", null), // empty: 8 s with a person, 1 s with bots only
    },
    mine,
  };
}
