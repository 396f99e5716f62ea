// Drawing a room's state (docs/server.md, "state") into the table: the information bar, the
// seats around the felt, the trick in progress, the kitty, the last trick, the declarations and
// the result of a hand. Nothing here decides anything: it shows what the server sent.

import {
  SEATS,
  botName, cardElement, cardRow, cardText, cardsLabel, dealtCards, declareNodes, declaresByCards, el,
  kittyCards, kittyCounts, kittyFaceDown, levelName, otherTeam, outcomeName, outcomeNote, phaseName,
  parseCards, parsePosition, seatName, seatShort, teamName, teamOf, trumpBadge,
} from "./cards.js";
import { t, tNodes } from "./i18n.js";
import { duplicateDone, duplicatePage, duplicateTableName } from "./cards.js";

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
  return player === "human" ? t("player.human") : t("player.bot", { name: botName(player) });
}

// "S: human", for the lines that name every seat's player.
export function seatPlayer(seat, info) {
  return t("room.seat_player", { seat: seatShort(seat), player: playerLabel(info) || "?" });
}

// Both teams' values in one line: "NS 5 · EW 3".
function bothTeams(value) {
  return `${teamName("NS")} ${value("NS")} · ${teamName("EW")} ${value("EW")}`;
}

function chip(label, value, extra) {
  return el("span", { class: `chip${extra ? ` ${extra}` : ""}` }, el("small", { text: label }), value);
}

function trumpNode(trump) {
  if (!trump) return el("span", { class: "muted", text: t("info.not_yet") });
  return trumpBadge(trump);
}

// A duplicate table: the deal of the session, the table, and the session page.
function duplicateChip(state) {
  const dup = state.duplicate;
  return el("span", { class: "chip duplicate", "data-table": dup.table },
    el("small", { text: t("dup.info.label") }),
    el("a", { href: duplicatePage(dup.session), target: "_blank", rel: "noopener",
      "data-session": dup.session, title: t("dup.info.title"),
      text: t("dup.info.deal", { k: state.hand_number || 0, n: dup.deals, table: duplicateTableName(dup.table) }) }));
}

export function renderInfo(node, state) {
  const obs = state.observation || {};
  const declarer = obs.declarer;
  const levels = state.levels || obs.levels || {};
  const scores = state.scores || {};
  const parts = [
    chip(t("info.hand"), state.hand_number ? `#${state.hand_number}` : "—"),
    chip(t("info.phase"), phaseName(state.phase)),
    chip(t("info.level"), levelName(obs.level)),
    chip(t("info.trumps"), trumpNode(obs.trump), "trump"),
    chip(t("info.declarer"), declarer
      ? t("info.declarer_team", { seat: seatName(declarer), team: teamName(teamOf(declarer)) }) : "—"),
    chip(t("info.points"), String(obs.points ?? 0), "points"),
    chip(t("info.levels"), bothTeams((team) => levelName(levels[team] ?? "?"))),
    chip(t("info.match_score"), bothTeams((team) => scores[team] ?? 0)),
  ];
  if (state.phase === "declare" && typeof obs.drawn === "number") {
    parts.splice(2, 0, chip(t("info.drawn"), `${obs.drawn}/${dealtCards(state)}`));
  }
  // Rules with stakes (§11.9): every override, self-override and counter doubles it.
  if (typeof obs.stake === "number") parts.splice(4, 0, chip(t("info.stake"), `×${obs.stake}`, "stake"));
  if (state.duplicate) parts.unshift(duplicateChip(state));
  node.replaceChildren(...parts);
}

// The cards a seat is known to hold: every card in an open room (state.hands), else its
// exposed cards (shown while declaring, grabbed, taken in xiaosa) and hidden backs.
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
  const name = el("span", { class: "name", text: seatName(seat) });
  badge.append(name);
  if (seat === viewer) badge.append(el("span", { class: "you", text: t("seat.you") }));
  if (obs.declarer === seat) {
    badge.append(el("span", { class: "declarer", title: t("seat.declarer_title"), text: t("seat.declarer_mark") }));
  }
  const label = playerLabel(info);
  if (label) badge.append(el("span", { class: "player", text: label }));
  if (info.autoplay) {  // autoplay (tuoguan): a bot plays the person's seat
    badge.append(el("span", { class: "autoplay-mark", "data-bot": info.autoplay,
      title: t("seat.autoplay_title", { level: botName(info.autoplay) }), text: t("seat.autoplay") }));
  }
  if (info.player === "human") {
    const online = info.connected !== false;
    badge.append(el("span", {
      class: online ? "dot online" : "dot offline",
      title: online ? t("seat.online") : t("seat.offline"),
    }));
  }
  const size = (obs.hand_sizes || {})[seat];
  if (typeof size === "number") badge.append(el("span", { class: "count", title: t("seat.cards_in_hand"), text: `${size}` }));
  return badge;
}

// Hidden cards as one back and their number.
function backs(count) {
  return el("div", { class: "backs", title: t("cards.hidden", { count }) },
    cardElement("?", "mini"), el("span", { text: `×${count}` }));
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
      if (hidden) row.append(backs(hidden));
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
    const seat = seatName(won.winner);
    noteNode.textContent = won.points ? t("trick.won_points", { seat, count: won.points }) : t("trick.won", { seat });
  } else if (trick.plays.length === 0 && state.phase === "play") {
    noteNode.textContent = t("trick.to_lead", { seat: seatName(trick.leader) });
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
    if (obs.dry) notes.push(t("kitty.dry"));
    if (obs.trump_from_kitty) notes.push(t("kitty.trump_from_kitty"));
    if (faceDown && state.phase === "over") notes.push(t("kitty.turned_up"));
    else if (faceDown && viewer && viewer === obs.declarer) notes.push(t("kitty.only_you"));
    else if (faceDown) notes.push(t("kitty.only_declarer"));
    if (notes.length) parts.push(el("p", { class: "muted kitty-note", text: notes.join(t("sep.list")) }));
  } else if (obs.original_kitty && obs.declarer === viewer) {
    const count = kittyCards(state);
    parts.push(el("p", { class: "muted",
      text: faceDown ? t("kitty.took_face_down", { count }) : t("kitty.took", { count }) }));
    parts.push(cardRow(parseCards(obs.original_kitty), "small"));
  } else if (inPosition.length) {
    parts.push(backs(inPosition.length));
    parts.push(el("p", { class: "muted kitty-note", text: t("kitty.face_down", { count: inPosition.length }) }));
  } else {
    parts.push(el("p", { class: "muted", text: t("kitty.until_buried") }));
  }
  node.replaceChildren(...parts);
}

export function renderLastTrick(node, state) {
  const tricks = (state.observation || {}).tricks || [];
  if (!tricks.length) {
    node.replaceChildren(el("p", { class: "muted", text: t("last_trick.none") }));
    return;
  }
  const last = tricks[tricks.length - 1];
  const seats = seatsOfTrick(last);
  const plays = el("div", { class: "trick-row" }, ...last.plays.map((play, i) => el("div", {
    class: seats[i] === last.winner ? "play won" : "play", "data-seat": seats[i],
  }, el("span", { class: "who", text: seatShort(seats[i]) }), cardRow(parseCards(play), "small"))));
  const note = el("p", { class: "muted", text: t("last_trick.note",
    { n: tricks.length, seat: seatName(last.winner), count: last.points || 0 }) });
  node.replaceChildren(plays, note);
}

export function renderDeclarations(node, state) {
  const obs = state.observation || {};
  const lines = [];
  const who = (seat) => el("span", { class: "who", text: seatShort(seat) });
  const names = (cards) => parseCards(cards).map(cardText).join(" ");
  for (const d of obs.declarations || []) {
    lines.push(el("div", { class: "line", "data-kind": d.kind }, who(d.seat), " ",
      ...declareNodes(d.kind, d.suit, obs.level, declaresByCards(state)),
      el("span", { class: "muted", text: ` ${t("declarations.after", { count: d.drawn })}` })));
  }
  for (const d of obs.counters || []) {  // counters (§11.8)
    lines.push(el("div", { class: "line", "data-kind": d.kind, "data-counter": "" }, who(d.seat),
      ` ${t("declarations.counter")} `, ...declareNodes(d.kind, d.suit, obs.level, declaresByCards(state))));
  }
  for (const g of obs.grabs || []) {
    lines.push(el("div", { class: "line" }, who(g.seat),
      t("declarations.grab", { taken: cardText(g.taken), put: cardText(g.put) })));
  }
  for (const x of obs.xiaosas || []) {
    lines.push(el("div", { class: "line" }, who(x.seat),
      t("declarations.xiaosa", { jokers: names(x.jokers), taken: names(x.taken) })));
  }
  if (!lines.length) lines.push(el("span", { class: "muted", text: "—" }));
  node.replaceChildren(...lines);
}

// The decisions one may pass, each said as "log.pass.<decision>".
export const PASSES = ["declare", "grab", "xiaosa", "counter"];

// One decision of the log ("last": its record dict, docs/records.md), in the room's ``state``.
export function describeDecision(last, state) {
  const obs = (state && state.observation) || {};
  const who = el("span", { class: "who", text: last.seat ? seatShort(last.seat) : "?" });
  const line = el("li", {}, who, " ");
  const names = (cards) => parseCards(cards).map(cardText).join(" ");
  if (last.play !== undefined) {
    line.append(...tNodes("log.plays", { cards: cardsLabel(parseCards(last.play)) }));
  } else if (last.declare !== undefined) {
    line.append(...declareNodes(last.kind, last.declare, obs.level, declaresByCards(state)));
  } else if (last.counter !== undefined) {
    line.append(...tNodes("log.counter",
      { declaration: declareNodes(last.kind, last.counter, obs.level, declaresByCards(state)) }));
  } else if (last.pass !== undefined) {
    line.append(PASSES.includes(last.pass) ? t(`log.pass.${last.pass}`) : t("log.pass_other", { what: last.pass }));
  } else if (last.bury !== undefined && String(last.bury).startsWith("?")) {
    // A face-down bury, as those who may not see it get it: "?8".
    line.append(t("log.bury_face_down", { count: parseCards(last.bury).length }));
  } else if (last.bury !== undefined) {
    line.append(...tNodes("log.bury", { cards: cardsLabel(parseCards(last.bury)) }));
  } else if (last.grab !== undefined) {
    line.append(t("log.grab", { taken: cardText(last.grab), put: cardText(last.put) }));
  } else if (last.xiaosa !== undefined) {
    line.append(t("log.xiaosa", { jokers: names(last.xiaosa), taken: names(last.take) }));
  } else {
    line.append(JSON.stringify(last));
  }
  if (last.timeout) line.append(el("span", { class: "tag", text: t("log.timeout") }));
  if (last.autoplay) line.append(el("span", { class: "tag", "data-tag": "autoplay", text: t("log.autoplay") }));
  if (last.forced) line.append(el("span", { class: "tag", "data-tag": "forced", text: t("log.forced") }));
  return line;
}

// How the last trick was dug (HandResult.dig), each said as "result.dig.<dig>".
export const DIGS = ["joker", "level"];

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
  if (result.base) {  // rules with stakes (§11.9): the score is the stake times the base
    rows.push(row(t("info.stake"), el("span", { class: "stake",
      text: `×${result.stake}: ±${result.stake} × ${result.base} = ±${result.stake * result.base}` })));
  }
  if (result.dig) {
    rows.push(row(t("result.dug"), DIGS.includes(result.dig) ? t(`result.dig.${result.dig}`) : String(result.dig)));
  }
  if (result.kitty_jokers_climb) {
    rows.push(row(t("result.kitty_jokers"), t("result.climb", { count: result.kitty_jokers_climb })));
  }
  if (result.kitty_multiplier) {
    // The defenders won the last trick: the buried kitty's points counted several times (§10.7).
    const bonus = result.kitty_points * result.kitty_multiplier;
    rows.push(row(t("result.kitty_bonus"), el("span", { class: "kitty-bonus", text: t("result.kitty_counted",
      { points: result.kitty_points, multiplier: result.kitty_multiplier, bonus }) })));
  } else if (kittyCounts(state) && result.kitty_points) {
    rows.push(row(t("result.kitty_bonus"), t("result.kitty_not_counted", { points: result.kitty_points })));
  }
  if (obs.kitty) rows.push(row(t("result.kitty"), cardRow(parseCards(obs.kitty), "small")));
  if (result.next_declarer && !state.match_winner && !state.duplicate) {  // a duplicate deal's declarer is drawn
    rows.push(row(t("result.next_declarer"), seatName(result.next_declarer)));
  }
  const scores = state.scores || {};
  rows.push(row(t("info.match_score"), bothTeams((team) => scores[team] ?? 0)));
  const card = el("div", { class: "result-card", role: "dialog", "aria-label": t("result.label") },
    el("h2", { class: "outcome", "data-outcome": result.outcome }, outcomeName(result.outcome)),
    el("p", { class: "meaning", text: outcomeNote(result.outcome) }),
    state.match_winner
      ? el("p", { class: "match-won", text: t("result.match_won", { team: teamName(state.match_winner) }) }) : null,
    duplicateDone(state)
      ? el("p", { class: "match-won", text: t("dup.result.last_deal", { count: state.duplicate.deals }) }) : null,
    el("table", {}, el("tbody", {}, ...rows)),
    el("div", { class: "row" },
      state.duplicate ? el("a", { class: "button", href: duplicatePage(state.duplicate.session), target: "_blank",
        rel: "noopener", "data-action": "duplicate-results", text: t("dup.result.link") }) : null,
      state.match_winner || duplicateDone(state) ? null : el("button", { type: "button", class: "primary", "data-action": "next",
        onclick: handlers.next, text: t("action.next") }),
      // A seated person's review of the hand (fupan): the review page in a new tab.
      handlers.review ? el("button", { type: "button", "data-action": "review", onclick: handlers.review,
        title: t("result.review_title"), text: t("result.review") }) : null,
      el("button", { type: "button", "data-action": "show-table", onclick: handlers.close, text: t("result.show_table") })),
  );
  node.replaceChildren(card);
  node.hidden = false;
}
