// The climbing games' table (gouji: six seats, baohuang: five; docs/table.md "The climbing games"):
// the seats around the felt from the viewer's place, the round in the middle, the hand by
// rank, and the decisions the server offers. The server is the referee: a set not listed in
// the options (a lead may have thousands) is sent and the server's answer shown.

import { botName, el } from "./cards.js";
import { t } from "./i18n.js";

// The words a seat may answer with (docs/server.md "The climbing games"), in button order.
export const WORDS = ["pass", "yield", "fold", "noburn", "stay", "revolt", "keep", "renounce",
  "grab", "dark", "open"];
export const PHASES = ["waiting", "revolt", "renounce", "grab", "call", "forced", "declare",
  "play", "over"];
// Gouji's places, first to last (rules §12.11); baohuang's are counted (rules §13.6).
export const PLACES = ["1", "2", "3", "4", "5", "6"];
const JOKERS = { SJ: true, BJ: true };
const SUIT_MARKS = { H: "♥", D: "♦", S: "♠", C: "♣" };

// A card's name as players read it: 10 for T, the jokers in words, a called copy with its suit.
export function climbCardText(name) {
  if (name === "SJ") return t("climb.card.SJ");
  if (name === "BJ") return t("climb.card.BJ");
  const rank = name.length > 1 && SUIT_MARKS[name[name.length - 1]] ? name.slice(0, -1) : name;
  const suit = name.slice(rank.length);
  return `${rank === "T" ? "10" : rank}${suit ? SUIT_MARKS[suit] : ""}`;
}

// A set as written (Q*2,2) said in cards: "Q Q 2".
export function setText(text) {
  if (WORDS.includes(text)) return t(`climb.word.${text}`);
  if (text.startsWith("call ")) return t("climb.call", { face: climbCardText(text.slice(5)) });
  return expand(text).map(climbCardText).join(" ");
}

export function climbSeatName(seat) {
  return t("climb.seat", { seat });
}

// Cards picked from the hand as the set's canonical text: names in the hand's order (highest
// first, as the server writes them), "name*count".
export function selectionText(hand, picked) {
  const counts = new Map();
  for (const index of [...picked].sort((a, b) => a - b)) {
    const name = hand[index];
    counts.set(name, (counts.get(name) || 0) + 1);
  }
  return [...counts].map(([name, n]) => (n === 1 ? name : `${name}*${n}`)).join(",");
}

function cardChip(name, attrs) {
  const joker = JOKERS[name] ? " joker" : "";
  const red = name === "BJ" || /[HD]$/.test(name) ? " red" : "";
  return el("span", { class: `climb-card${joker}${red}`, "data-card": name, ...attrs },
    climbCardText(name));
}

// The seats in the viewer's order (the viewer, or the first seat, at the bottom; the next
// to act on its right, as players sit).
function around(seats, viewer) {
  const start = Math.max(0, seats.indexOf(viewer || seats[0]));
  return [...seats.slice(start), ...seats.slice(0, start)];
}

function placeName(state, index) {
  if (state.rules.seats.length !== 6) return t("climb.place_n", { n: index + 1 });
  const place = PLACES[index];
  return t(`climb.place.${place}`);
}

function playerText(info) {
  if (!info) return "?";
  if (info.player === "human") return t("player.human");
  return t("player.bot", { name: botName(info.player) });
}

function roles(state, seat) {
  const obs = state.observation || {};
  const out = [];
  if (obs.emperor === seat) out.push(t("climb.role.emperor"));
  if (obs.guard === seat) out.push(t("climb.role.guard"));
  if (obs.revolt === seat) out.push(t("climb.role.revolt"));
  if (obs.shangban && obs.shangban.seat === seat) out.push(t("climb.role.shangban"));
  if (obs.holder === seat && !obs.emperor) out.push(t("climb.role.holder"));
  if ((obs.burning || []).includes(seat)) out.push(t("climb.role.burning"));
  return out;
}

// The last thing each seat did in the round (what the middle of the felt shows by its seat).
function lastBySeat(obs) {
  const last = {};
  for (const entry of obs.round || []) last[entry.seat] = entry.action;
  return last;
}

export function renderClimbFelt(felt, state, viewer) {
  const obs = state.observation || {};
  const seats = state.rules.seats;
  felt.dataset.seats = String(seats.length);
  const order = around(seats, viewer);
  const last = lastBySeat(obs);
  const out = obs.out || [];
  const boxes = order.map((seat, pos) => {
    const info = (obs.seats || {})[seat] || {};
    const place = out.indexOf(seat);
    const known = info.known && info.known.length
      ? el("div", { class: "climb-known" }, ...info.known.map((c) => cardChip(c))) : null;
    const turn = state.to_act === seat;
    const mate = seats.length === 6 && viewer && seats.includes(viewer)
      && (seats.indexOf(seat) - seats.indexOf(viewer)) % 2 === 0 && seat !== viewer;
    return el("div", { class: `climb-seat pos-${pos}${turn ? " to-act" : ""}${mate ? " mate" : ""}`,
      "data-seat": seat },
    el("div", { class: "climb-name" },
      el("b", { text: climbSeatName(seat) }), " ",
      el("span", { class: "muted", text: seat === viewer ? t("climb.you") : playerText((state.seats || {})[seat]) })),
    el("div", { class: "climb-count", "data-count": String(info.cards ?? "") },
      place >= 0 ? el("span", { class: "climb-place", text: placeName(state, place) })
        : t("climb.cards_left", { count: info.cards ?? 0 })),
    ...roles(state, seat).map((r) => el("span", { class: "climb-role", text: r })),
    last[seat] !== undefined ? el("div", { class: "climb-said", text: setText(last[seat]) }) : null,
    known);
  });
  const round = el("div", { class: "climb-round", id: "climb-round" },
    el("div", { class: "muted", text: obs.leader ? t("climb.leader", { seat: climbSeatName(obs.leader) }) : "" }),
    ...(obs.round || []).slice(-6).map((entry) => el("div", { class: "climb-play", "data-seat": entry.seat },
      el("b", { text: `${climbSeatName(entry.seat)} ` }),
      WORDS.includes(entry.action) ? el("span", { class: "muted", text: setText(entry.action) })
        : el("span", { class: "climb-set" }, ...expand(entry.action).map((c) => cardChip(c))))));
  felt.replaceChildren(...boxes, round);
}

// A set as written (Q*2,2) card by card: ["Q", "Q", "2"].
function expand(text) {
  return text.split(",").flatMap((part) => {
    const [name, count] = part.split("*");
    return Array(Number(count || 1)).fill(name);
  });
}

export function renderClimbInfo(node, state) {
  const chips = [
    [t("climb.info.game"), state.rules.game === "gouji" ? t("climb.game.gouji") : t("climb.game.baohuang")],
    [t("climb.info.hand"), String(state.hand_number || 1)],
    [t("climb.info.phase"), t(`climb.phase.${state.phase}`)],
  ];
  const obs = state.observation || {};
  if (obs.call) chips.push([t("climb.info.call"), climbCardText(obs.call)]);
  const totals = state.scores || {};
  chips.push([t("climb.info.totals"), Object.entries(totals).map(([k, v]) =>
    `${k.length > 1 ? t("climb.team", { team: k }) : climbSeatName(k)} ${v}`).join(" · ")]);
  node.replaceChildren(...chips.map(([label, value]) =>
    el("span", { class: "chip" }, el("small", { text: label }), value)));
}

export function renderClimbHand(node, state, picked, toggle) {
  const hand = (state.observation || {}).hand || [];
  node.replaceChildren(...hand.map((name, i) => {
    const chip = cardChip(name, { role: "button", tabindex: "-1", "data-index": String(i),
      onclick: () => toggle(i) });
    chip.classList.toggle("selected", picked.has(i));
    return chip;
  }));
  node.dataset.count = String(hand.length);
}

// The decisions offered: the words and calls as buttons, and a play of the picked cards.
export function renderClimbActions(node, state, mine, picked, handlers) {
  const options = mine ? state.options : null;
  if (!options) {
    node.replaceChildren();
    return;
  }
  const hand = (state.observation || {}).hand || [];
  const moves = options.moves || [];
  const buttons = [];
  const chosen = selectionText(hand, picked);
  const plays = moves.filter((m) => !WORDS.includes(m) && !m.startsWith("call "));
  if (state.phase === "play" && (plays.length || !options.complete)) {
    const legal = !chosen ? false : options.complete ? plays.includes(chosen) : true;
    buttons.push(el("button", { type: "button", class: "primary", "data-action": "play",
      disabled: !legal, onclick: () => handlers.play(chosen),
      text: chosen ? t("climb.play", { cards: setText(chosen) }) : t("climb.pick") }));
  }
  for (const move of moves) {
    if (WORDS.includes(move)) {
      buttons.push(el("button", { type: "button", "data-action": move,
        onclick: () => handlers.act({ action: move }), text: setText(move) }));
    } else if (move.startsWith("call ")) {
      buttons.push(el("button", { type: "button", "data-action": "call", "data-face": move.slice(5),
        onclick: () => handlers.act({ action: "call", face: move.slice(5) }), text: setText(move) }));
    }
  }
  if (state.phase === "play") {
    buttons.push(el("button", { type: "button", "data-action": "hint", onclick: handlers.hint,
      text: t("climb.hint") }));
  }
  node.replaceChildren(...buttons);
}

export function climbPrompt(state, mine) {
  if (state.phase === "over") return t("climb.prompt.over");
  if (mine) return state.phase === "play" ? t("climb.ask.play") : t("climb.ask.word");
  if (state.to_act) return t("climb.prompt.waiting", { seat: climbSeatName(state.to_act) });
  return t("climb.prompt.someone");
}

export function renderClimbResult(node, state, handlers) {
  const result = state.result;
  if (state.phase !== "over" || !result) {
    node.hidden = true;
    return;
  }
  node.hidden = false;
  const places = result.places || [];
  node.replaceChildren(el("div", { class: "result-card" },
    el("h2", { text: t("climb.result.title") }),
    el("ol", { class: "climb-places" }, ...places.map((seat, i) =>
      el("li", { "data-seat": seat, text: `${placeName(state, i)}: ${climbSeatName(seat)}` }))),
    el("p", { class: "climb-scores", text: Object.entries(result.scores || {}).map(([k, v]) =>
      `${k.length > 1 ? t("climb.team", { team: k }) : climbSeatName(k)} ${v > 0 ? "+" : ""}${v}`).join(" · ") }),
    el("div", { class: "row" },
      el("button", { type: "button", class: "primary", "data-action": "next", onclick: handlers.next,
        text: t("climb.result.next") }),
      el("button", { type: "button", onclick: handlers.close, text: t("climb.result.close") }))));
}

export function describeClimbDecision(last) {
  return `${climbSeatName(last.seat)}: ${setText(last.action)}`;
}
