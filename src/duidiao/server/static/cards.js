// Cards and names as the table draws them. No rule of the game lives here: the server sends
// card lists already in notation order (trumps first) and says which plays are legal. Every
// word comes from the message catalogue (i18n.js); the lists below name the keys built from
// an id, so tests/server/test_i18n.py can check each has its message.

import { t } from "./i18n.js";

export const SEATS = ["S", "E", "N", "W"];
export const TEAMS = ["NS", "EW"];
export const SUITS = ["H", "D", "S", "C"];
export const SUIT_SYMBOLS = { H: "♥", D: "♦", S: "♠", C: "♣" };
const RANK_NAMES = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

// A seat's name ("South"), and its short form for the narrow columns ("S").
export function seatName(seat) {
  return SEATS.includes(seat) ? t(`seat.${seat}`) : String(seat ?? "?");
}

export function seatShort(seat) {
  return SEATS.includes(seat) ? t(`seat.short.${seat}`) : String(seat ?? "?");
}

export function teamName(team) {
  return TEAMS.includes(team) ? t(`team.${team}`) : String(team ?? "?");
}

export function suitName(suit) {
  return SUITS.includes(suit) ? t(`suit.${suit}`) : String(suit ?? "?");
}

// The bot strengths of the server's hello (players.md), each said as "bot.strength.<name>";
// any other bot goes by its own name.
export const STRENGTHS = ["easy", "normal", "hard", "expert"];

export function botName(name) {
  return STRENGTHS.includes(name) ? t(`bot.strength.${name}`) : String(name);
}

// The outcomes of a hand (HandResult.outcome): a name as players say it and what it means.
export const OUTCOMES = [
  "guangpai", "dacheng", "dapo", "gulupo", "joker_dig", "j_daodi", "q_banjie", "k_fantian",
  "k_sanji",
  // The standard game's bands (rules §10.7).
  "xiaoguang", "dapo_climb",
];

export function outcomeName(outcome) {
  return OUTCOMES.includes(outcome) ? t(`outcome.${outcome}.name`) : String(outcome);
}

export function outcomeNote(outcome) {
  return OUTCOMES.includes(outcome) ? t(`outcome.${outcome}.note`) : "";
}

// The declarations by kind (rules §6.2; §10.6 for pair, reinforce and the joker pairs; §11.7 for
// the three-pack triples and joker triples): the Chifeng ones by their names, the others by what
// they show, the joker ones by their jokers.
export const DECLARE_KINDS = ["single", "lock", "override"];
export const DECLARE_BY_CARDS = ["single", "pair", "reinforce", "triple"];
export const DECLARE_JOKERS = ["small_jokers", "big_jokers", "three_small_jokers", "three_big_jokers"];

// What the table needs of a room's rules comes with its state (state.rules, docs/server.md),
// never from the preset's name.
// Declarations named as 80-point players name them, by what they show (the standard game,
// §10.6, and the huanle ladder, §11.7).
export function declaresByCards(state) {
  return Boolean(state && state.rules && state.rules.declaring && state.rules.declaring !== "chifeng");
}

// The cards drawn in turn before the kitty (rules §6.1, §11.1): four hands.
export function dealtCards(state) {
  return 4 * ((state && state.rules && state.rules.hand_cards) || HAND_CARDS);
}

// The kitty is buried face down: only the declarer sees it until the end (§10.6).
export function kittyFaceDown(state) {
  return Boolean(state && state.rules && state.rules.kitty_burial === "face_down");
}

// The defenders who win the last trick may count the kitty's points (§10.7).
export function kittyCounts(state) {
  return Boolean(state && state.rules && state.rules.kitty_points && state.rules.kitty_points !== "never");
}

// The two-deck game's sizes (duidiao.play.sizes; tests/server/test_table_rules.py keeps them equal),
// for pages without a room; a room's own come in state.rules.
export const HAND_CARDS = 25;
export const KITTY_CARDS = 8;

// The cards of the kitty (and of a bury).
export function kittyCards(state) {
  return (state && state.rules && state.rules.kitty_cards) || KITTY_CARDS;
}

// A level letter as players say it: "T" is 10.
export function levelName(level) {
  if (level === null || level === undefined || level === "") return "—";
  return level === "T" ? "10" : String(level);
}

// A trump as a badge: the suit's symbol in its colour, or NT for a hand without trump.
export function trumpBadge(trump, text) {
  if (trump === "NT") return el("span", { class: "suit nt", title: t("trump.nt_title"), text: text || t("trump.nt") });
  const red = trump === "H" || trump === "D";
  return el("span", { class: red ? "suit red" : "suit black", text: text || SUIT_SYMBOLS[trump] || trump });
}

// A declaration as the nodes of a button or log label. The Chifeng ones by their names
// (liangzhu, fengzhu, zhengzhu, then the suit); the standard game's by what they show ("Single 2♥", "Pair 2♥",
// "Reinforce 2♥", "SJ pair → NT", "BJ pair → NT").
export function declareNodes(kind, suit, level, standard) {
  if (DECLARE_JOKERS.includes(kind)) return [`${t(`declare.jokers.${kind}`)} → `, trumpBadge("NT")];
  if (!standard && DECLARE_KINDS.includes(kind)) return [`${t(`declare.chifeng.${kind}`)} `, trumpBadge(suit)];
  const name = DECLARE_BY_CARDS.includes(kind) ? t(`declare.cards.${kind}`) : kind;
  const rank = level ? levelName(level) : "";
  return [`${name} `, trumpBadge(suit, `${rank}${SUIT_SYMBOLS[suit] || suit}`)];
}

// The phases of a hand (state.phase).
export const PHASES = ["waiting", "declare", "bury", "grab", "xiaosa", "counter", "play", "over"];

export function phaseName(phase) {
  return PHASES.includes(phase) ? t(`phase.${phase}`) : String(phase || "—");
}

export function teamOf(seat) {
  return seat === "S" || seat === "N" ? "NS" : "EW";
}

export function otherTeam(team) {
  return team === "NS" ? "EW" : "NS";
}

// A notation card list ("AH,AH,?3", "-" or "") as an array: hidden cards are "?".
export function parseCards(text) {
  if (text === null || text === undefined) return [];
  const cards = [];
  for (const raw of String(text).split(",")) {
    const token = raw.trim();
    if (token === "" || token === "-") continue;
    if (token.startsWith("?")) {
      const count = Number.parseInt(token.slice(1), 10);
      for (let i = 0; i < (Number.isFinite(count) ? count : 1); i += 1) cards.push("?");
    } else {
      cards.push(token.toUpperCase());
    }
  }
  return cards;
}

// The tokens of a position string: {preset, keys: {level: "5", S: "...", ...}}.
export function parsePosition(text) {
  const keys = {};
  let preset = null;
  for (const token of String(text || "").trim().split(/\s+/)) {
    if (token === "") continue;
    const eq = token.indexOf("=");
    if (eq < 0) {
      if (preset === null) preset = token;
      continue;
    }
    keys[token.slice(0, eq)] = token.slice(eq + 1);
  }
  return { preset, keys };
}

export function suitOf(card) {
  if (card === "BJ" || card === "SJ" || card === "?") return null;
  return card.slice(-1);
}

export function isJoker(card) {
  return card === "BJ" || card === "SJ";
}

// A card as text for labels and logs: "A♥", "10♠", a joker by the catalogue's name.
export function cardText(card) {
  if (card === "BJ") return t("card.bj");
  if (card === "SJ") return t("card.sj");
  if (card === "?") return "?";
  const rank = card.slice(0, -1);
  return (RANK_NAMES[rank] || rank) + (SUIT_SYMBOLS[suitOf(card)] || "?");
}

export function cardsText(cards) {
  return cards.length ? cards.map(cardText).join(" ") : "—";
}

function colourClass(card) {
  if (card === "BJ") return "red joker";
  if (card === "SJ") return "black joker";
  if (card === "?") return "back";
  const suit = suitOf(card);
  return suit === "H" || suit === "D" ? "red" : "black";
}

function cardTitle(card) {
  if (card === "BJ") return t("card.title.bj");
  if (card === "SJ") return t("card.title.sj");
  if (card === "?") return t("card.title.hidden");
  const rank = card.slice(0, -1);
  return t("card.title.card", { rank: RANK_NAMES[rank] || rank, suit: suitName(suitOf(card)), card });
}

// One card as an element: <div class="card red" data-card="AH"> with a corner index and a pip.
export function cardElement(card, extraClass) {
  const el = document.createElement("div");
  el.className = `card ${colourClass(card)}${extraClass ? ` ${extraClass}` : ""}`;
  el.dataset.card = card;
  el.title = cardTitle(card);
  if (card === "?") return el;
  const corner = document.createElement("span");
  corner.className = "corner";
  const pip = document.createElement("span");
  pip.className = "pip";
  if (isJoker(card)) {
    corner.textContent = cardText(card);
    pip.textContent = card === "BJ" ? "★" : "☆";
  } else {
    const rank = card.slice(0, -1);
    const r = document.createElement("b");
    r.textContent = RANK_NAMES[rank] || rank;
    const s = document.createElement("i");
    s.textContent = SUIT_SYMBOLS[suitOf(card)] || "?";
    corner.append(r, s);
    pip.textContent = SUIT_SYMBOLS[suitOf(card)] || "?";
  }
  el.append(corner, pip);
  return el;
}

// Cards as coloured text ("A♥ A♥"), for tables and the log where pictures would be too small.
export function cardsLabel(cards) {
  const label = document.createElement("span");
  label.className = "ctext";
  label.dataset.cards = cards.join(",");
  for (const card of cards) {
    const part = document.createElement("span");
    part.className = colourClass(card);
    part.textContent = cardText(card);
    label.append(part);
  }
  return label;
}

// A row of cards (a play, an exposed set, the kitty).
export function cardRow(cards, extraClass) {
  const row = document.createElement("div");
  row.className = `cards${extraClass ? ` ${extraClass}` : ""}`;
  for (const card of cards) row.append(cardElement(card));
  return row;
}

// The multiset of a card list as one comparable key (order does not matter).
export function cardsKey(cards) {
  return [...cards].sort().join(",");
}

// Does `cards` contain every card of `part`, counting copies?
export function containsAll(cards, part) {
  const counts = new Map();
  for (const card of cards) counts.set(card, (counts.get(card) || 0) + 1);
  for (const card of part) {
    const left = counts.get(card) || 0;
    if (left === 0) return false;
    counts.set(card, left - 1);
  }
  return true;
}

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key in node && typeof value !== "string") node[key] = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// The error codes the pages may meet, each with its message "error.<code>": the server's
// (docs/server.md), the engine protocol's (the REST routes answer with them) and the page's
// own. Any other code is said as "error.unknown", with the code.
export const ERROR_CODES = [
  // the server (REST and WebSocket)
  "bad_json", "too_large", "bad_request", "forbidden_host", "forbidden_origin", "not_found",
  "no_room", "method_not_allowed", "timeout", "unsupported_media_type", "too_many_rooms",
  "server_busy", "unavailable", "internal", "unknown_type", "bad_seat", "seat_taken", "bad_token",
  "not_seated", "not_your_turn", "illegal_move", "no_hint", "busy", "room_full", "no_session",
  "duplicate_hidden", "no_review", "stale",
  // the engine protocol (duidiao.wire.errors)
  "line_too_long", "unknown_command", "bad_position", "hidden_cards", "hand_over",
  // the page itself
  "disconnected", "not_connected", "network", "bad_reply", "replaced", "bad_selection",
  "no_position",
];

// An error as a person reads it: what the code means in words, then the server's own detail
// as it sent it (the code stays in data-code for scripts).
export function errorText(error) {
  const code = error && error.code;
  const what = ERROR_CODES.includes(code) ? t(`error.${code}`) : t("error.unknown", { code: code || "?" });
  const detail = error && error.message;
  return detail ? t("errors.line", { what, detail }) : what;
}

// An error shown at the top right of a page (#errors), the newest four kept, each closable.
export function showError(error) {
  const box = document.getElementById("errors");
  const item = el("div", { class: "error", "data-code": (error && error.code) || "error" },
    el("span", { text: errorText(error) }),
    el("button", { type: "button", class: "close", "aria-label": t("common.dismiss"), text: "×",
      onclick: () => item.remove() }));
  box.append(item);
  while (box.children.length > 4) box.firstElementChild.remove();
}

export function clearErrors() {
  document.getElementById("errors").replaceChildren();
}

// A setting kept in this browser (localStorage), or null; storage may be switched off (private
// windows): a choice then lasts as long as the page.
export function storedSetting(key) {
  try {
    return window.localStorage.getItem(key);
  } catch (err) {
    return null;
  }
}

export function storeSetting(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch (err) {
    // kept for the page only
  }
}

// An analysed move's value (Analysis.to_dict()): "+1.25 ± 0.40 · makes 62%".
export function formatValue(m) {
  const mean = typeof m.mean === "number" ? (m.mean >= 0 ? `+${m.mean.toFixed(2)}` : m.mean.toFixed(2)) : "?";
  const se = typeof m.stderr === "number" ? ` ± ${m.stderr.toFixed(2)}` : "";
  const make = typeof m.make === "number" ? ` · ${t("value.makes", { percent: Math.round(m.make * 100) })}` : "";
  return `${mean}${se}${make}`;
}

// Duplicate sessions (docs/server.md): the two tables, each said as "dup.table.<table>";
// the session page's address; a number with its sign, as a net is written.
export const DUPLICATE_TABLES = ["open", "closed"];

export function duplicateTableName(table) {
  return DUPLICATE_TABLES.includes(table) ? t(`dup.table.${table}`) : String(table ?? "?");
}

export function duplicatePage(session) {
  return `/duplicate#session=${encodeURIComponent(session)}`;
}

// A duplicate table's last deal is over: no next hand (the server refuses it).
export function duplicateDone(state) {
  const dup = state && state.duplicate;
  return Boolean(dup && state.phase === "over" && Number(state.hand_number) >= Number(dup.deals));
}

export function signed(value) {
  const n = Number(value);
  return n > 0 ? `+${n}` : `${n}`;
}
