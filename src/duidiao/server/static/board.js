// Drawing a room's state (docs/server.md, "state") into the table: the information bar, the
// seats around the felt, the trick in progress, the kitty, the last trick, the declarations and
// the result of a hand. Nothing here decides anything: it shows what the server sent.

import {
  DECLARE_KINDS, OUTCOMES, PHASES, SEATS, SEAT_NAMES, SUIT_SYMBOLS,
  cardElement, cardRow, cardText, cardsLabel, el, otherTeam, parseCards, parsePosition, teamOf,
} from "./cards.js";

const POSITIONS = ["bottom", "right", "top", "left"];

// Where a seat sits on the screen: the viewer's own seat at the bottom (South for spectators).
export function positionOf(seat, viewer) {
  const me = viewer || "S";
  const turn = (SEATS.indexOf(seat) - SEATS.indexOf(me) + 4) % 4;
  return POSITIONS[turn];
}

// The seat of each play of a trick, from its leader in turn order.
export function seatsOfTrick(trick) {
  const first = SEATS.indexOf(trick.leader);
  return trick.plays.map((_, i) => SEATS[(first + i) % 4]);
}

export function playerLabel(info) {
  if (!info) return "";
  const player = typeof info === "string" ? info : info.player;
  return player === "human" ? "human" : `bot: ${player}`;
}

function chip(label, value, extra) {
  return el("span", { class: `chip${extra ? ` ${extra}` : ""}` }, el("small", { text: label }), value);
}

function trumpNode(trump) {
  if (!trump) return el("span", { class: "muted", text: "not yet" });
  const red = trump === "H" || trump === "D";
  return el("span", { class: red ? "suit red" : "suit black", text: SUIT_SYMBOLS[trump] || trump });
}

export function renderInfo(node, state) {
  const obs = state.observation || {};
  const declarer = obs.declarer;
  const levels = state.levels || obs.levels || {};
  const scores = state.scores || {};
  const parts = [
    chip("hand", state.hand_number ? `#${state.hand_number}` : "—"),
    chip("phase", PHASES[state.phase] || state.phase || "—"),
    chip("level", obs.level || "—"),
    chip("trumps", trumpNode(obs.trump), "trump"),
    chip("declarer", declarer ? `${SEAT_NAMES[declarer]} (${teamOf(declarer)})` : "—"),
    chip("defenders' points", String(obs.points ?? 0), "points"),
    chip("levels", `NS ${levels.NS ?? "?"} · EW ${levels.EW ?? "?"}`),
    chip("match score", `NS ${scores.NS ?? 0} · EW ${scores.EW ?? 0}`),
  ];
  if (state.phase === "declare" && typeof obs.drawn === "number") {
    parts.splice(2, 0, chip("drawn", `${obs.drawn}/100`));
  }
  node.replaceChildren(...parts);
}

// The cards a seat is known to hold: every card in an open room (state.hands), else its
// exposed cards (shown while declaring, grabbed, taken in 潇洒) and hidden backs.
export function knownHand(obs, seat, hands) {
  if (hands && typeof hands[seat] === "string") return parseCards(hands[seat]);
  const position = obs.position ? parsePosition(obs.position).keys[seat] : undefined;
  if (position !== undefined) return parseCards(position);
  const exposed = parseCards((obs.exposed || {})[seat]);
  const size = (obs.hand_sizes || {})[seat];
  const hidden = typeof size === "number" ? Math.max(0, size - exposed.length) : 0;
  return exposed.concat(Array(hidden).fill("?"));
}

function seatBadge(state, seat, viewer) {
  const obs = state.observation || {};
  const info = (state.seats || {})[seat] || {};
  const badge = el("div", { class: "badge" });
  const name = el("span", { class: "name", text: SEAT_NAMES[seat] });
  badge.append(name);
  if (seat === viewer) badge.append(el("span", { class: "you", text: "you" }));
  if (obs.declarer === seat) badge.append(el("span", { class: "declarer", title: "declarer", text: "庄" }));
  const label = playerLabel(info);
  if (label) badge.append(el("span", { class: "player", text: label }));
  if (info.player === "human") {
    const online = info.connected !== false;
    badge.append(el("span", {
      class: online ? "dot online" : "dot offline",
      title: online ? "connected" : "not connected",
    }));
  }
  const size = (obs.hand_sizes || {})[seat];
  if (typeof size === "number") badge.append(el("span", { class: "count", title: "cards in hand", text: `${size}` }));
  return badge;
}

export function renderSeats(felt, state, viewer) {
  const obs = state.observation || {};
  for (const seat of SEATS) {
    const pos = positionOf(seat, viewer);
    const box = felt.querySelector(`.seat[data-pos="${pos}"]`);
    box.dataset.seat = seat;
    box.classList.toggle("to-act", state.to_act === seat);
    const children = [seatBadge(state, seat, viewer)];
    if (seat !== viewer) {
      const cards = knownHand(obs, seat, state.hands);
      const shown = cards.filter((c) => c !== "?");
      const hidden = cards.length - shown.length;
      const row = el("div", { class: "seat-cards" });
      if (shown.length) row.append(cardRow(shown, "mini"));
      if (hidden) row.append(el("div", { class: "backs", title: `${hidden} hidden cards` },
        cardElement("?", "mini"), el("span", { text: `×${hidden}` })));
      children.push(row);
    }
    box.replaceChildren(...children);
  }
}

// The trick on the felt: the one in progress, or the one just won until the next play.
export function renderTrick(trickNode, noteNode, state, viewer) {
  const obs = state.observation || {};
  let trick = obs.trick;
  let won = null;
  if ((!trick || !trick.plays || trick.plays.length === 0) && state.trick_won) {
    trick = state.trick_won;
    won = state.trick_won;
  }
  for (const slot of trickNode.querySelectorAll(".slot")) {
    slot.replaceChildren();
    slot.classList.remove("winner");
  }
  noteNode.textContent = "";
  if (!trick || !trick.plays) return;
  const seats = seatsOfTrick(trick);
  trick.plays.forEach((play, i) => {
    const slot = trickNode.querySelector(`.slot[data-pos="${positionOf(seats[i], viewer)}"]`);
    slot.replaceChildren(cardRow(parseCards(play), "played"));
    slot.dataset.seat = seats[i];
  });
  if (won && won.winner) {
    const slot = trickNode.querySelector(`.slot[data-pos="${positionOf(won.winner, viewer)}"]`);
    slot.classList.add("winner");
    const points = won.points ? `, ${won.points} points` : "";
    noteNode.textContent = `${SEAT_NAMES[won.winner]} wins the trick${points}`;
  } else if (trick.plays.length === 0 && state.phase === "play") {
    noteNode.textContent = `${SEAT_NAMES[trick.leader]} to lead`;
  }
}

export function renderKitty(node, state, viewer) {
  const obs = state.observation || {};
  const parts = [];
  if (obs.kitty) {
    parts.push(cardRow(parseCards(obs.kitty), "small"));
    const notes = [];
    if (obs.dry) notes.push("干巴锅: shown and left alone");
    if (obs.trump_from_kitty) notes.push("翻主: trumps from the kitty");
    if (notes.length) parts.push(el("p", { class: "muted", text: notes.join("; ") }));
  } else if (obs.original_kitty && obs.declarer === viewer) {
    parts.push(el("p", { class: "muted", text: "you took these 8 cards; bury any 8 of your hand" }));
    parts.push(cardRow(parseCards(obs.original_kitty), "small"));
  } else {
    parts.push(el("p", { class: "muted", text: "face down until buried" }));
  }
  node.replaceChildren(...parts);
}

export function renderLastTrick(node, state) {
  const tricks = (state.observation || {}).tricks || [];
  if (!tricks.length) {
    node.replaceChildren(el("p", { class: "muted", text: "no trick yet" }));
    return;
  }
  const last = tricks[tricks.length - 1];
  const seats = seatsOfTrick(last);
  const plays = el("div", { class: "trick-row" }, ...last.plays.map((play, i) => el("div", {
    class: seats[i] === last.winner ? "play won" : "play", "data-seat": seats[i],
  }, el("span", { class: "who", text: seats[i] }), cardRow(parseCards(play), "small"))));
  const note = el("p", { class: "muted",
    text: `trick ${tricks.length}: ${SEAT_NAMES[last.winner] || "?"} won ${last.points || 0} points` });
  node.replaceChildren(plays, note);
}

export function renderDeclarations(node, state) {
  const obs = state.observation || {};
  const lines = [];
  for (const d of obs.declarations || []) {
    lines.push(el("div", { class: "line" }, el("span", { class: "who", text: d.seat }),
      `${DECLARE_KINDS[d.kind] || d.kind} `, trumpNode(d.suit),
      el("span", { class: "muted", text: ` after ${d.drawn} cards` })));
  }
  for (const g of obs.grabs || []) {
    lines.push(el("div", { class: "line" }, el("span", { class: "who", text: g.seat }),
      `抢牌: took ${cardText(g.taken)}, put ${cardText(g.put)}`));
  }
  for (const x of obs.xiaosas || []) {
    lines.push(el("div", { class: "line" }, el("span", { class: "who", text: x.seat }),
      `潇洒: ${parseCards(x.jokers).map(cardText).join(" ")} for ${parseCards(x.taken).map(cardText).join(" ")}`));
  }
  if (!lines.length) lines.push(el("span", { class: "muted", text: "—" }));
  node.replaceChildren(...lines);
}

// One decision of the log ("last": its record dict, docs/records.md).
export function describeDecision(last) {
  const who = el("span", { class: "who", text: last.seat || "?" });
  const line = el("li", {}, who);
  if (last.play !== undefined) {
    line.append(" plays ", cardsLabel(parseCards(last.play)));
  } else if (last.declare !== undefined) {
    line.append(` ${DECLARE_KINDS[last.kind] || last.kind} `, trumpNode(last.declare));
  } else if (last.pass !== undefined) {
    line.append(` passes (${last.pass === "declare" ? "declaring" : last.pass})`);
  } else if (last.bury !== undefined) {
    line.append(" buries ", cardsLabel(parseCards(last.bury)));
  } else if (last.grab !== undefined) {
    line.append(` 抢牌: takes ${cardText(last.grab)}, puts ${cardText(last.put)}`);
  } else if (last.xiaosa !== undefined) {
    line.append(` 潇洒: ${parseCards(last.xiaosa).map(cardText).join(" ")} for ${parseCards(last.take).map(cardText).join(" ")}`);
  } else {
    line.append(` ${JSON.stringify(last)}`);
  }
  if (last.timeout) line.append(el("span", { class: "tag", text: "timeout: a bot answered" }));
  return line;
}

function outcomeTitle(outcome) {
  const [name, meaning] = OUTCOMES[outcome] || [outcome, ""];
  return [name, meaning];
}

export function renderResult(node, state, handlers) {
  const result = state.result;
  if (!result || state.phase !== "over") {
    node.hidden = true;
    node.replaceChildren();
    return;
  }
  const obs = state.observation || {};
  const declarers = obs.declarer ? teamOf(obs.declarer) : "NS";
  const defenders = otherTeam(declarers);
  const before = obs.levels || state.levels || {};
  const after = result.levels || {};
  const [name, meaning] = outcomeTitle(result.outcome);
  const row = (label, ...value) => el("tr", {}, el("th", { text: label }), el("td", {}, ...value));
  const levelText = (team) => `${before[team] ?? "?"} → ${after[team] ?? "?"}`;
  const scoreText = (team) => {
    const s = (result.scores || {})[team] ?? 0;
    return s > 0 ? `+${s}` : `${s}`;
  };
  const rows = [
    row("defenders' points", `${result.points} (${defenders})`),
    row("levels", `${declarers} ${levelText(declarers)} · ${defenders} ${levelText(defenders)}`),
    row("hand score", `NS ${scoreText("NS")} · EW ${scoreText("EW")}`),
  ];
  if (result.dig) rows.push(row("last trick dug", String(result.dig)));
  if (result.kitty_jokers_climb) rows.push(row("jokers in the kitty", `+${result.kitty_jokers_climb} levels`));
  if (obs.kitty) rows.push(row("kitty", cardRow(parseCards(obs.kitty), "small")));
  if (result.next_declarer && !state.match_winner) {
    rows.push(row("next declarer", SEAT_NAMES[result.next_declarer] || result.next_declarer));
  }
  const scores = state.scores || {};
  rows.push(row("match score", `NS ${scores.NS ?? 0} · EW ${scores.EW ?? 0}`));
  const card = el("div", { class: "result-card", role: "dialog", "aria-label": "hand result" },
    el("h2", { class: "outcome", "data-outcome": result.outcome }, name, el("small", { text: ` ${result.outcome}` })),
    el("p", { class: "meaning", text: meaning }),
    state.match_winner ? el("p", { class: "match-won", text: `${state.match_winner} win the match!` }) : null,
    el("table", {}, el("tbody", {}, ...rows)),
    el("div", { class: "row" },
      state.match_winner ? null : el("button", { type: "button", class: "primary", "data-action": "next",
        onclick: handlers.next, text: "Next hand" }),
      el("button", { type: "button", "data-action": "show-table", onclick: handlers.close, text: "Look at the table" })),
  );
  node.replaceChildren(card);
  node.hidden = false;
}
