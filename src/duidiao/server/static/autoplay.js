// Autoplay (tuoguan) and the seat's settings at the table (docs/table.md, "... and the
// automatic last play"; docs/server.md, `autoplay` and `auto_forced`): hand the seat to a bot
// of a chosen level and take it back at any moment; the banner while under autoplay; whether
// the seat's only legal play is made at once (remembered in this browser, sent whenever the
// seat is joined); the turn alert's sound.

import { STRENGTHS, botName, el, storeSetting, storedSetting } from "./cards.js";
import { t } from "./i18n.js";

const LEVEL_KEY = "duidiao.autoplay_level";
const FORCED_KEY = "duidiao.auto_forced";
const DEFAULT_LEVEL = "normal";

// On unless this browser turned it off (the server's default is on too).
export function autoForced() {
  return storedSetting(FORCED_KEY) !== "off";
}

// The bot under autoplay for the viewer's seat, or null.
export function autoplayOf(state, seat) {
  if (!state || !seat) return null;
  const info = (state.seats || {})[seat];
  return (info && info.autoplay) || null;
}

// The levels the server offers (its hello's `levels`), weakest first.
function levels(hello) {
  const offered = Object.keys((hello && hello.levels) || {});
  const known = STRENGTHS.filter((level) => offered.includes(level));
  return known.length ? known.concat(offered.filter((l) => !known.includes(l))) : STRENGTHS.slice();
}

// ui: the table's state holder (ui.conn, ui.hello, ui.seat, ui.state); showError(error).
export function createSeatTools(ui, { showError, alerts }) {
  const control = document.getElementById("autoplay");
  const banner = document.getElementById("autoplay-banner");
  const settings = document.getElementById("seat-settings");
  const forcedBox = document.getElementById("auto-forced");
  const soundBox = document.getElementById("alert-sound");
  let pending = false;

  async function request(message) {
    try {
      return await ui.conn.request(message);
    } catch (err) {
      showError(err);
      return null;
    }
  }

  async function handOver(bot) {
    if (pending || !ui.seat) return;
    pending = true;
    render();
    if (bot) storeSetting(LEVEL_KEY, bot);
    await request({ type: "autoplay", bot });
    pending = false;
    render();
  }

  function sendForced() {
    if (ui.seat && ui.conn.isOpen) request({ type: "auto_forced", on: autoForced() });
  }

  forcedBox.checked = autoForced();
  forcedBox.addEventListener("change", () => {
    storeSetting(FORCED_KEY, forcedBox.checked ? "on" : "off");
    sendForced();
  });
  soundBox.checked = alerts.sound;
  soundBox.addEventListener("change", () => alerts.setSound(soundBox.checked));

  function renderControl(state) {
    const choices = levels(ui.hello);
    const kept = storedSetting(LEVEL_KEY);
    const select = el("select", { id: "autoplay-level", "aria-label": t("autoplay.level"),
      title: t("autoplay.level"), onchange: () => storeSetting(LEVEL_KEY, select.value) },
    ...choices.map((level) => el("option", { value: level, text: botName(level) })));
    select.value = choices.includes(kept) ? kept : choices.includes(DEFAULT_LEVEL) ? DEFAULT_LEVEL : choices[0];
    const over = state.phase === "over" && state.match_winner;
    control.replaceChildren(select,
      el("button", { type: "button", "data-action": "autoplay", title: t("autoplay.hand_over_title"),
        disabled: pending || Boolean(over), onclick: () => handOver(select.value),
        text: t("autoplay.hand_over") }));
  }

  function renderBanner(bot) {
    banner.replaceChildren(
      el("span", { class: "autoplay-mark", text: t("seat.autoplay") }),
      el("span", { class: "autoplay-text", text: t("autoplay.banner", { level: botName(bot) }) }),
      el("button", { type: "button", class: "primary", "data-action": "take-back", disabled: pending,
        onclick: () => handOver(null), text: t("autoplay.take_back") }));
  }

  // Draw the control (or the banner under autoplay) and the settings for a seated person.
  function render() {
    const state = ui.state;
    const seated = Boolean(ui.seat && state && state.room === ui.room);
    settings.hidden = !seated;
    const bot = seated ? autoplayOf(state, ui.seat) : null;
    document.body.dataset.autoplay = bot ? "on" : "off";
    control.hidden = !seated || Boolean(bot);
    banner.hidden = !bot;
    if (bot) renderBanner(bot);
    else if (seated) {
      // Keep a level being chosen: the control is drawn again only when it is not in use.
      if (document.activeElement && control.contains(document.activeElement)
        && document.activeElement.tagName === "SELECT") return;
      renderControl(state);
    }
  }

  return { render, joined: sendForced };
}
