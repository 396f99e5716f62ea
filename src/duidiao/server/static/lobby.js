// The lobby: create a room (rules, who sits where, the clocks) or open one that has a free
// seat; and the join view of one room (a shared link, #room=ID).

import { SEATS, botName, el, seatName } from "./cards.js";
import { t } from "./i18n.js";
import { getJson } from "./net.js";
import { playerLabel, seatPlayer } from "./board.js";
import { climbSeatName } from "./climbing.js";

const YOU = "you";

// Whether a preset is one of the climbing games' (gouji, baohuang), by the server's hello.
export function isClimbing(hello, preset) {
  return Boolean(hello && (hello.climbing_presets || []).includes(preset));
}

// A preset's seats in playing order (the server's hello says; S E N W by default).
export function presetSeats(hello, preset) {
  const seats = hello && hello.preset_seats && hello.preset_seats[preset];
  return seats ? [...seats] : [...SEATS];
}

// A seat's name in a room of this family: East, South… or seat A…F.
export function seatLabel(seat, climbingRoom) {
  return climbingRoom ? climbSeatName(seat) : seatName(seat);
}

// The bot choices of the server's hello: strengths first (easy … expert), then every bot; the
// climbing games' from their own registry (the same strengths by name).
function botChoices(hello, preset) {
  const choices = [];
  if (isClimbing(hello, preset)) {
    for (const bot of hello.climbing_bots || []) {
      choices.push({ value: bot, label: t("player.bot", { name: botName(bot) }) });
    }
    return choices;
  }
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
export function defaultBot(hello, preset) {
  const levels = (hello && hello.levels) || {};
  if (isClimbing(hello, preset)) {
    return (hello.climbing_bots || []).includes("normal") ? "normal" : "heuristic";
  }
  if (levels.normal) return levels.normal;
  return botChoices(hello)[0].value;
}

// The seat choices of the create form, one per seat of the chosen preset: you in the first,
// the default bot in the others (a choice already made kept when the seat stays).
function fillSeats(form, hello) {
  const preset = form.querySelector("#create-preset").value;
  const seats = presetSeats(hello, preset);
  const climbingRoom = isClimbing(hello, preset);
  const box = form.querySelector(".seats-choice");
  const kept = {};
  for (const select of box.querySelectorAll("select[data-seat]")) kept[select.dataset.seat] = select.value;
  const same = box.dataset.family === (climbingRoom ? "climbing" : "tricks");
  const bots = botChoices(hello, preset);
  const normal = defaultBot(hello, preset);
  const labels = seats.map((seat, i) => {
    const select = el("select", { "data-seat": seat },
      el("option", { value: YOU, text: t("lobby.you") }),
      el("option", { value: "human", text: t("lobby.person") }),
      ...bots.map((b) => el("option", { value: b.value, text: b.label })));
    const keep = same ? kept[seat] : null;
    select.value = keep && [...select.options].some((o) => o.value === keep) ? keep : i === 0 ? YOU : normal;
    return el("label", {}, el("span", { text: seatLabel(seat, climbingRoom) }), " ", select);
  });
  box.dataset.family = climbingRoom ? "climbing" : "tricks";
  box.replaceChildren(el("legend", { text: t("lobby.seats") }), ...labels);
}

export function fillCreateForm(form, hello) {
  const presetSelect = form.querySelector("#create-preset");
  const keepPreset = presetSelect.value;
  const presets = [...((hello && hello.presets) || ["chifeng"]), ...((hello && hello.climbing_presets) || [])];
  presetSelect.replaceChildren(...presets.map((p) => {
    const name = typeof p === "string" ? p : p.name;
    // the game's name from the server's hello, not from the preset's spelling
    const family = (hello && hello.climbing_games && hello.climbing_games[name]) || "";
    let game = "";
    if (family === "gouji") game = t("climb.game.gouji");
    else if (family === "baohuang") game = t("climb.game.baohuang");
    return el("option", { value: name, text: game ? `${game} · ${name}` : name });
  }));
  if (keepPreset && presets.includes(keepPreset)) presetSelect.value = keepPreset;
  if (!presetSelect.dataset.wired) {
    presetSelect.dataset.wired = "yes";
    presetSelect.addEventListener("change", () => fillSeats(form, hello));
  }
  fillSeats(form, hello);
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

// A room summary's seats, in playing order (S E N W, or the climbing games' A…).
function summarySeats(summary) {
  const seats = summary && summary.seats && typeof summary.seats === "object" ? Object.keys(summary.seats) : [];
  return seats.length ? seats : SEATS;
}

// A room summary's free human seats, whichever way the server spells them.
export function freeSeats(summary) {
  if (!summary) return [];
  if (Array.isArray(summary.free_seats)) return summary.free_seats;
  if (Array.isArray(summary.free)) return summary.free;
  const seats = summary.seats || {};
  return summarySeats(summary).filter((seat) => {
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
        onclick: () => handlers.join(id, seat),
        text: t("lobby.sit", { seat: seatLabel(seat, summary.family === "climbing") }) })),
      el("button", { type: "button", onclick: () => handlers.watch(id), text: t("lobby.watch") }));
  }));
}

export function renderJoinSeats(node, summaryNode, summary, handlers) {
  const order = summarySeats(summary);
  const free = summary ? freeSeats(summary) : order;
  const seats = (summary && summary.seats) || {};
  const climbingRoom = Boolean(summary && summary.family === "climbing");
  const name = (seat) => seatLabel(seat, climbingRoom);
  if (summary) {
    const who = order.map((s) => (climbingRoom
      ? t("room.seat_player", { seat: name(s), player: playerLabel(seats[s]) || "?" })
      : seatPlayer(s, seats[s]))).join(" · ");
    summaryNode.textContent = `${summary.preset || ""} · ${who}`;
  } else {
    summaryNode.textContent = t("join.no_summary");
  }
  // A seat this browser holds the token of (it left, or the tab was closed) can be taken back.
  node.replaceChildren(...order.map((seat) => {
    const mine = handlers.held(seat);
    const open = free.includes(seat) || mine;
    return el("button", {
      type: "button", class: open ? "primary" : "", "data-seat": seat, disabled: !open,
      onclick: () => handlers.join(seat),
      text: mine ? t("join.back", { seat: name(seat) }) : t("join.sit", { seat: name(seat) }),
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
