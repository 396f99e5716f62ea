// Cards and names as the table draws them. No rule of the game lives here: the server sends
// card lists already in notation order (trumps first) and says which plays are legal.

export const SEATS = ["S", "E", "N", "W"];
export const SEAT_NAMES = { S: "South", E: "East", N: "North", W: "West" };
export const SUIT_SYMBOLS = { H: "♥", D: "♦", S: "♠", C: "♣" };
export const SUIT_NAMES = { H: "hearts", D: "diamonds", S: "spades", C: "clubs" };
const RANK_NAMES = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

// The names of a hand's outcomes (HandResult.outcome), as players say them.
export const OUTCOMES = {
  guangpai: ["光牌", "the defenders took no points"],
  dacheng: ["打成", "the declarers keep the deal"],
  dapo: ["打破", "the defenders take over"],
  gulupo: ["轱辘坡", "the defenders take over, the declarers fall back to A"],
  joker_dig: ["抠底", "a joker dug the last trick: the defenders take over"],
  j_daodi: ["J到底", "a jack dug the last trick: the declarers fall back to A"],
  q_banjie: ["Q半截", "a queen dug the last trick: the declarers fall back to 6"],
  k_fantian: ["K翻天", "a king dug the last trick: the teams trade levels"],
  k_sanji: ["K三级", "a king dug the last trick: the declarers fall back to 10"],
  // The standard game's bands (rules §10.7).
  xiaoguang: ["小光", "the defenders took less than 40 points: the declarers climb 2"],
  dapo_climb: ["打破升级", "the defenders take over and climb"],
};

// The declarations by kind (rules §6.2; §10.6 for pair, reinforce and the joker pairs; §11.7 for
// the three-pack triples and joker triples).
export const DECLARE_KINDS = {
  single: "亮主", lock: "封主", override: "正主", pair: "对", reinforce: "加固",
  small_jokers: "小王对", big_jokers: "大王对", triple: "三张", three_small_jokers: "三小王",
  three_big_jokers: "三大王",
};

// What the table needs of a room's rules comes with its state (state.rules, docs/server.md),
// never from the preset's name.
// Declarations named as 80分 players name them, by what they show (the standard game, §10.6,
// and 欢乐升级's ladder, §11.7).
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
  if (trump === "NT") return el("span", { class: "suit nt", title: "no trump (无主)", text: text || "NT" });
  const red = trump === "H" || trump === "D";
  return el("span", { class: red ? "suit red" : "suit black", text: text || SUIT_SYMBOLS[trump] || trump });
}

// A declaration as the nodes of a button or log label. The Chifeng ones by their names
// ("亮主 ♥"); the standard game's by what they show ("Single 2♥", "Pair 2♥", "Reinforce 2♥",
// "SJ pair → NT", "BJ pair → NT").
export function declareNodes(kind, suit, level, standard) {
  if (kind === "small_jokers") return ["SJ pair → ", trumpBadge("NT")];
  if (kind === "big_jokers") return ["BJ pair → ", trumpBadge("NT")];
  if (kind === "three_small_jokers") return ["3 SJ → ", trumpBadge("NT")];
  if (kind === "three_big_jokers") return ["3 BJ → ", trumpBadge("NT")];
  if (!standard) return [`${DECLARE_KINDS[kind] || kind} `, trumpBadge(suit)];
  const name = { single: "Single", pair: "Pair", reinforce: "Reinforce", triple: "Triple" }[kind] || kind;
  const rank = level ? levelName(level) : "";
  return [`${name} `, trumpBadge(suit, `${rank}${SUIT_SYMBOLS[suit] || suit}`)];
}

export const PHASES = {
  waiting: "waiting for players",
  declare: "declaring 叫主",
  bury: "burying 埋底",
  grab: "抢牌",
  xiaosa: "潇洒",
  counter: "反底 counter",
  play: "play 出牌",
  over: "hand over",
};

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

// A card as text for labels and logs: "A♥", "10♠", "大王".
export function cardText(card) {
  if (card === "BJ") return "大王";
  if (card === "SJ") return "小王";
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
  if (card === "BJ") return "big joker (BJ)";
  if (card === "SJ") return "small joker (SJ)";
  if (card === "?") return "a hidden card";
  const rank = card.slice(0, -1);
  return `${RANK_NAMES[rank] || rank} of ${SUIT_NAMES[suitOf(card)] || "?"} (${card})`;
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
    corner.textContent = card === "BJ" ? "大王" : "小王";
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

// A server or network error as one line: "illegal_move: 3D cannot be played: ...".
// An error as a person reads it: the server's message (its code stays in data-code for
// scripts), else the code in words.
export function errorText(error) {
  if (!error) return "unknown error";
  if (error.message) return error.message;
  return String(error.code || "error").replace(/_/g, " ");
}

// "1 card", "2 cards": a count with its noun.
export function plural(count, noun, nouns) {
  return `${count} ${count === 1 ? noun : (nouns || `${noun}s`)}`;
}

// An analysed move's value (Analysis.to_dict()): "+1.25 ± 0.40 · makes 62%".
export function formatValue(m) {
  const mean = typeof m.mean === "number" ? (m.mean >= 0 ? `+${m.mean.toFixed(2)}` : m.mean.toFixed(2)) : "?";
  const se = typeof m.stderr === "number" ? ` ± ${m.stderr.toFixed(2)}` : "";
  const make = typeof m.make === "number" ? ` · makes ${Math.round(m.make * 100)}%` : "";
  return `${mean}${se}${make}`;
}
