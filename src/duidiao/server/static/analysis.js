// The analysis page: a position string in (pasted, from the table's link #position=..., or
// built by clicking cards), the ranked moves out (REST POST /api/analyse and /api/legal).

import {
  HAND_CARDS, KITTY_CARDS, SEATS, cardElement, cardRow, cardText, cardsLabel, clearErrors, el, errorText, showError, formatValue, parseCards,
  parsePosition, seatName, seatShort, trumpBadge,
} from "./cards.js";
import { applyI18n, t, tNodes } from "./i18n.js";
import { postJson } from "./net.js";

const $ = (selector) => document.querySelector(selector);
const EXAMPLE = "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
  + "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
  + "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:";
const LEGAL_SHOWN = 200;
const LEVELS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
// Where a clicked card goes (#b-target), each said as "builder.full.<target>" when full.
const TARGETS = ["hand", "kitty"];

let busy = false;

function positionText() {
  return $("#position").value.trim().replace(/\s+/g, " ");
}

function setBusy(on, text) {
  busy = on;
  $("#analyse").disabled = on;
  $("#legal").disabled = on;
  $("#status").textContent = text || "";
}

// The position as cards: each seat's hand (hidden cards as backs), the kitty, the trick.
function drawPosition(text, turn) {
  const { preset, keys } = parsePosition(text);
  if (!keys.S && !keys.E && !keys.N && !keys.W) {
    $("#drawn-panel").hidden = true;
    return;
  }
  const lines = [];
  const trump = keys.trump;
  const facts = [
    [preset || "chifeng"],
    [t("analysis.level", { level: keys.level || "?" })],
    tNodes("analysis.trumps", { trump: trump ? trumpBadge(trump) : "?" }),
    [t("analysis.declarer", { seat: seatName(keys.declarer || "?") })],
  ];
  if (turn) facts.push([t("analysis.to_play", { seat: seatName(turn) })]);
  lines.push(el("div", { class: "line" }, ...facts.flatMap((fact, i) => (i ? [" · ", ...fact] : fact))));
  for (const seat of SEATS) {
    const cards = parseCards(keys[seat] || "");
    const shown = cards.filter((c) => c !== "?");
    const hidden = cards.length - shown.length;
    const cards2 = el("div", { class: "held" });
    if (shown.length) cards2.append(cardRow(shown, "small"));
    if (hidden) {
      cards2.append(el("span", { class: "muted",
        text: `${shown.length ? "+ " : ""}${t("analysis.hidden", { count: hidden })}` }));
    }
    lines.push(el("div", { class: "line seat-line", "data-seat": seat },
      el("span", { class: "who", text: seatShort(seat) }), cards2));
  }
  const kitty = parseCards(keys.kitty || `?${KITTY_CARDS}`);
  lines.push(el("div", { class: "line seat-line" }, el("span", { class: "who", text: t("analysis.kitty_short") }),
    kitty.every((c) => c === "?") ? el("span", { class: "muted", text: t("analysis.kitty_hidden") }) : cardRow(kitty, "small")));
  if (keys.trick && keys.trick.includes(":")) {
    const [leader, plays] = keys.trick.split(":");
    lines.push(el("div", { class: "line" }, `${t("analysis.trick_led", { seat: seatName(leader) })} `,
      ...(plays ? plays.split("|").map((p) => cardRow(parseCards(p), "small"))
        : [el("span", { class: "muted", text: t("analysis.nothing_played") })])));
  }
  $("#drawn").replaceChildren(...lines);
  $("#drawn-panel").hidden = false;
}

function numberField(id) {
  const raw = $(id).value.trim();
  if (raw === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

async function analyse() {
  const position = positionText();
  if (!position) {
    showError({ code: "no_position" });
    return;
  }
  if (busy) return;
  clearErrors();
  const body = { position };
  const worlds = numberField("#worlds");
  const seconds = numberField("#seconds");
  const seed = numberField("#seed");
  if (worlds !== null) body.worlds = Math.round(worlds);
  else if (seconds !== null) body.seconds = seconds;
  if (seed !== null) body.seed = Math.round(seed);
  setBusy(true, worlds !== null ? t("analysis.searching", { count: worlds })
    : t("analysis.thinking", { seconds: seconds ?? 1 }));
  try {
    const reply = await postJson("/api/analyse", body);
    drawPosition(reply.position || position, reply.turn);
    showAnalysis(reply);
    setBusy(false, "");
  } catch (err) {
    setBusy(false, "");
    $("#results-panel").hidden = true;  // the last results are not this position's
    showError(err);
  }
}

function showAnalysis(analysis) {
  const moves = analysis.moves || [];
  $("#results-title").textContent = t("analysis.ranked", { count: moves.length });
  const seconds = typeof analysis.seconds === "number" ? analysis.seconds.toFixed(2) : "?";
  $("#results-meta").textContent = [
    t("analysis.to_play", { seat: seatName(analysis.turn || "?") }),
    t("analysis.worlds", { count: analysis.worlds ?? "?", method: analysis.method || "?", seconds }),
    t("analysis.seed", { seed: analysis.seed ?? "?" }),
  ].join(" · ");
  const rows = moves.map((m, i) => el("tr", { class: i === 0 ? "best" : "" },
    el("td", { class: "num", text: String(i + 1) }),
    el("td", {}, cardsLabel(parseCards(m.move)),
      m.heuristic ? el("span", { class: "tag", title: t("analysis.heuristic_title"), text: t("analysis.heuristic") }) : null),
    el("td", { class: "num", text: formatValue({ mean: m.mean }) }),
    el("td", { class: "num", text: typeof m.stderr === "number" ? m.stderr.toFixed(2) : "" }),
    el("td", { class: "num", text: typeof m.make === "number" ? `${Math.round(m.make * 100)}%` : "" }),
    el("td", { class: "num", text: String(m.worlds ?? "") })));
  $("#results tbody").replaceChildren(...rows);
  $("#results-panel").hidden = false;
}

async function legal() {
  const position = positionText();
  if (!position) {
    showError({ code: "no_position" });
    return;
  }
  if (busy) return;
  clearErrors();
  setBusy(true, t("analysis.listing"));
  try {
    const reply = await postJson("/api/legal", { position, limit: LEGAL_SHOWN });
    drawPosition(position, reply.turn);
    const moves = reply.moves || [];
    $("#legal-title").textContent = moves.length < reply.count
      ? t("analysis.legal_shown", { count: reply.count, shown: moves.length }) : t("analysis.legal", { count: reply.count });
    $("#legal-moves").replaceChildren(...moves.map((m) => cardsLabel(parseCards(m))));
    $("#legal-panel").hidden = false;
    setBusy(false, "");
  } catch (err) {
    setBusy(false, "");
    $("#legal-panel").hidden = true;
    showError(err);
  }
}

// ---- building a hand by clicking -----------------------------------------------------------

const built = { hand: [], kitty: [] };

function used(card) {
  return built.hand.filter((c) => c === card).length + built.kitty.filter((c) => c === card).length;
}

function drawBuilder() {
  const picker = $("#picker");
  const groups = [["BJ", "SJ"], ...["H", "D", "S", "C"].map((suit) => RANKS.map((rank) => rank + suit))];
  picker.replaceChildren(...groups.map((cards) => {
    const row = el("div", { class: "cards small" });
    for (const card of cards) {
      const count = used(card);
      const node = cardElement(card, count ? `used${count}` : "");
      if (count) node.title = t("builder.used", { card: node.title, count });
      node.addEventListener("click", () => addCard(card));
      row.append(node);
    }
    return row;
  }));
  const drawList = (target, node) => {
    const row = el("div", { class: "cards small" });
    built[target].forEach((card, index) => {
      const c = cardElement(card);
      c.title = t("builder.take_back", { card: c.title });
      c.addEventListener("click", () => {
        built[target].splice(index, 1);
        drawBuilder();
      });
      row.append(c);
    });
    node.replaceChildren(row);
  };
  drawList("hand", $("#b-hand"));
  drawList("kitty", $("#b-kitty"));
  $("#b-hand-count").textContent = `${built.hand.length}/${HAND_CARDS}`;
  $("#b-kitty-count").textContent = t("builder.kitty_count", { count: built.kitty.length, total: KITTY_CARDS });
  $("#b-write").disabled = built.hand.length !== HAND_CARDS
    || (built.kitty.length !== 0 && built.kitty.length !== KITTY_CARDS);
}

function addCard(card) {
  const target = $("#b-target").value;
  const limit = target === "hand" ? HAND_CARDS : KITTY_CARDS;
  if (used(card) >= 2) {
    showError({ code: "bad_selection", message: t("builder.both_used", { card: cardText(card) }) });
    return;
  }
  if (built[target].length >= limit) {
    const full = TARGETS.includes(target) ? t(`builder.full.${target}`, { count: limit }) : target;
    showError({ code: "bad_selection", message: full });
    return;
  }
  built[target].push(card);
  drawBuilder();
}

function writePosition() {
  const seat = $("#b-seat").value;
  const level = $("#b-level").value;
  const hands = SEATS.map((s) => `${s}=${s === seat ? built.hand.join(",") : `?${HAND_CARDS}`}`);
  const kitty = built.kitty.length ? built.kitty.join(",") : `?${KITTY_CARDS}`;
  $("#position").value = `${$("#b-preset").value} level=${level} trump=${$("#b-trump").value} `
    + `declarer=${seat} ${hands.join(" ")} kitty=${kitty} trick=${seat}:`;
  drawPosition(positionText(), seat);
}

// ---- start ---------------------------------------------------------------------------------

function start() {
  applyI18n();
  $("#b-level").replaceChildren(...LEVELS.map((l) => el("option", { value: l, text: l === "T" ? "10" : l })));
  $("#b-level").value = "5";
  $("#analyse").addEventListener("click", analyse);
  $("#legal").addEventListener("click", legal);
  $("#example").addEventListener("click", () => {
    $("#position").value = EXAMPLE;
    drawPosition(EXAMPLE, null);
  });
  $("#position").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      analyse();
    }
  });
  $("#position").addEventListener("change", () => drawPosition(positionText(), null));
  $("#b-write").addEventListener("click", writePosition);
  $("#b-clear").addEventListener("click", () => {
    built.hand = [];
    built.kitty = [];
    drawBuilder();
  });
  const params = new URLSearchParams(window.location.hash.slice(1));
  const given = params.get("position");
  if (given) {
    $("#position").value = given;
    drawPosition(given, null);
  }
  drawBuilder();
}

start();
