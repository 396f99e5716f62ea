// Drawing a room's state (docs/server.md, "state") into the table: the information bar, the
// seats around the felt, the trick in progress, the kitty, the last trick, the declarations and
// the result of a hand. Nothing here decides anything: it shows what the server sent.

import {
  OUTCOMES, PHASES, SEATS, SEAT_NAMES,
  cardElement, cardRow, cardText, cardsLabel, dealtCards, declareNodes, declaresByCards, el, plural, kittyCards,
  kittyCounts,
  kittyFaceDown, levelName, otherTeam,
  parseCards, parsePosition, teamOf, trumpBadge,
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
  return trumpBadge(trump);
}

export function renderInfo(node, state) {
  const obs = state.observation || {};
  const declarer = obs.declarer;
  const levels = state.levels || obs.levels || {};
  const scores = state.scores || {};
  const parts = [
    chip("hand", state.hand_number ? `#${state.hand_number}` : "—"),
    chip("phase", PHASES[state.phase] || state.phase || "—"),
    chip("level", levelName(obs.level)),
    chip("trumps", trumpNode(obs.trump), "trump"),
    chip("declarer", declarer ? `${SEAT_NAMES[declarer]} (${teamOf(declarer)})` : "—"),
    chip("defenders' points", String(obs.points ?? 0), "points"),
    chip("levels", `NS ${levelName(levels.NS ?? "?")} · EW ${levelName(levels.EW ?? "?")}`),
    chip("match score", `NS ${scores.NS ?? 0} · EW ${scores.EW ?? 0}`),
  ];
  if (state.phase === "declare" && typeof obs.drawn === "number") {
    parts.splice(2, 0, chip("drawn", `${obs.drawn}/${dealtCards(state)}`));
  }
  // Rules with stakes (§11.9): every 反主, 自反 and counter (反底) doubles it.
  if (typeof obs.stake === "number") parts.splice(4, 0, chip("stake 底注", `×${obs.stake}`, "stake"));
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

// The kitty: its cards when this viewer may see them (buried face up; the declarer's own, or
// everyone's at the end, when buried face down: rules §10.6), else how many lie face down.
export function renderKitty(node, state, viewer) {
  const obs = state.observation || {};
  const faceDown = kittyFaceDown(state);
  const inPosition = obs.position ? parseCards(parsePosition(obs.position).keys.kitty) : [];
  // An open room's spectators have the full position, kitty included.
  const cards = obs.kitty ? parseCards(obs.kitty) : inPosition.filter((c) => c !== "?");
  const parts = [];
  if (cards.length) {
    parts.push(cardRow(cards, "small"));
    const notes = [];
    if (obs.dry) notes.push("干巴锅: shown and left alone");
    if (obs.trump_from_kitty) notes.push("翻主: trumps from the kitty");
    if (faceDown && state.phase === "over") notes.push("turned up: the hand is over");
    else if (faceDown && viewer && viewer === obs.declarer) notes.push("buried face down: only you see it");
    else if (faceDown) notes.push("buried face down: the players but the declarer do not see it");
    if (notes.length) parts.push(el("p", { class: "muted kitty-note", text: notes.join("; ") }));
  } else if (obs.original_kitty && obs.declarer === viewer) {
    const n = kittyCards(state);
    const how = faceDown ? `bury any ${n} of your hand face down` : `bury any ${n} of your hand`;
    parts.push(el("p", { class: "muted", text: `you took these ${n} cards; ${how}` }));
    parts.push(cardRow(parseCards(obs.original_kitty), "small"));
  } else if (inPosition.length) {
    parts.push(el("div", { class: "backs", title: `${inPosition.length} hidden cards` },
      cardElement("?", "mini"), el("span", { text: `×${inPosition.length}` })));
    parts.push(el("p", { class: "muted kitty-note",
      text: `kitty: ${inPosition.length} cards buried face down, turned up when the hand is over` }));
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
    lines.push(el("div", { class: "line", "data-kind": d.kind },
      el("span", { class: "who", text: d.seat }), " ",
      ...declareNodes(d.kind, d.suit, obs.level, declaresByCards(state)),
      el("span", { class: "muted", text: ` after ${plural(d.drawn, "card")}` })));
  }
  for (const d of obs.counters || []) {  // 反底 (§11.8)
    lines.push(el("div", { class: "line", "data-kind": d.kind, "data-counter": "" },
      el("span", { class: "who", text: d.seat }), " 反底 ",
      ...declareNodes(d.kind, d.suit, obs.level, declaresByCards(state))));
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

// One decision of the log ("last": its record dict, docs/records.md), in the room's ``state``.
export function describeDecision(last, state) {
  const obs = (state && state.observation) || {};
  const who = el("span", { class: "who", text: last.seat || "?" });
  const line = el("li", {}, who);
  if (last.play !== undefined) {
    line.append(" plays ", cardsLabel(parseCards(last.play)));
  } else if (last.declare !== undefined) {
    line.append(" ", ...declareNodes(last.kind, last.declare, obs.level, declaresByCards(state)));
  } else if (last.counter !== undefined) {
    line.append(" 反底 (counters) ", ...declareNodes(last.kind, last.counter, obs.level, declaresByCards(state)));
  } else if (last.pass !== undefined) {
    line.append(` passes (${last.pass === "declare" ? "declaring" : last.pass})`);
  } else if (last.bury !== undefined && String(last.bury).startsWith("?")) {
    // A face-down bury, as those who may not see it get it: "?8".
    line.append(` buries ${parseCards(last.bury).length} cards face down`);
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
  const levelText = (team) => `${levelName(before[team] ?? "?")} → ${levelName(after[team] ?? "?")}`;
  const scoreText = (team) => {
    const s = (result.scores || {})[team] ?? 0;
    return s > 0 ? `+${s}` : `${s}`;
  };
  const rows = [
    row("defenders' points", `${result.points} (${defenders})${result.kitty_multiplier ? ", the kitty bonus included" : ""}`),
    row("levels", `${declarers} ${levelText(declarers)} · ${defenders} ${levelText(defenders)}`),
    row("hand score", `NS ${scoreText("NS")} · EW ${scoreText("EW")}`),
  ];
  if (result.base) {  // rules with stakes (§11.9): the score is the stake times the base
    rows.push(row("stake 底注", el("span", { class: "stake",
      text: `×${result.stake}: ±${result.stake} × ${result.base} = ±${result.stake * result.base}` })));
  }
  if (result.dig) rows.push(row("last trick dug", String(result.dig)));
  if (result.kitty_jokers_climb) rows.push(row("jokers in the kitty", `+${result.kitty_jokers_climb} levels`));
  if (result.kitty_multiplier) {
    // The defenders won the last trick: the buried kitty's points counted several times (§10.7).
    const bonus = result.kitty_points * result.kitty_multiplier;
    rows.push(row("kitty bonus", el("span", { class: "kitty-bonus",
      text: `kitty ${result.kitty_points} ×${result.kitty_multiplier} = ${bonus} for the defenders` })));
  } else if (kittyCounts(state) && result.kitty_points) {
    rows.push(row("kitty bonus", `kitty ${result.kitty_points}: not counted (the declarers won the last trick)`));
  }
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
