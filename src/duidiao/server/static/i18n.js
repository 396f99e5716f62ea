// The pages' words, one message catalogue per language (static/i18n/<lang>.json; docs/table.md,
// "Languages"). The chosen catalogue is loaded before any module that imports this one runs
// (top-level await), so every module may call t() from its first line.

export const LANGUAGES = ["zh-CN", "en"];
const DEFAULT_LANGUAGE = "zh-CN"; // most players read Chinese first
const STORAGE_KEY = "duidiao.lang";

// A language asked for by name ("en", "zh-cn"): one of LANGUAGES, or null.
function exact(tag) {
  const lower = String(tag || "").toLowerCase();
  return LANGUAGES.find((l) => l.toLowerCase() === lower) || null;
}

// A browser's language ("zh-TW", "en-GB"): the closest of LANGUAGES, or null.
function closest(tag) {
  const lower = String(tag || "").toLowerCase();
  if (lower.startsWith("zh")) return "zh-CN";
  if (lower.startsWith("en")) return "en";
  return null;
}

function stored() {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch (err) {
    return null; // storage switched off (private windows)
  }
}

function store(language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
    return true;
  } catch (err) {
    return false;
  }
}

// ?lang= first (and remembered, so a shared link keeps its language for the next pages), then
// the last choice, then the browser's languages in order.
function choose() {
  const asked = exact(new URLSearchParams(window.location.search).get("lang"));
  if (asked) {
    store(asked);
    return asked;
  }
  const kept = exact(stored());
  if (kept) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const found = closest(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

async function load(language) {
  try {
    const response = await fetch(`/static/i18n/${language}.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch (err) {
    // Every t() then logs its key: loud, so a test or a developer sees it at once.
    console.error(`duidiao: the ${language} catalogue did not load (${err})`);
    return {};
  }
}

const current = choose();
const messages = await load(current);
const plurals = new Intl.PluralRules(current);

// The message of `key` as written, the plural form chosen by params.count; null when missing.
function template(key, params) {
  if (!Object.prototype.hasOwnProperty.call(messages, key)) {
    console.error(`duidiao: no message "${key}" in ${current}`);
    return null;
  }
  const message = messages[key];
  if (message !== null && typeof message === "object") {
    return message[plurals.select(Number(params.count))] ?? message.other;
  }
  return String(message);
}

// The parts of a message: its text and, at each {placeholder}, the parameter's value.
function fill(key, text, params) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(/\{(\w+)\}/g)) {
    parts.push(text.slice(at, match.index));
    const value = params[match[1]];
    if (value === undefined || value === null) {
      console.error(`duidiao: message "${key}" wants {${match[1]}}`);
      parts.push(match[0]);
    } else {
      parts.push(value);
    }
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}

// The message of `key` with its {placeholders} filled from params; a plural message (an
// object of CLDR categories) is chosen by params.count. A missing key or parameter is an
// error on the console (the browser tests fail on any) and shows the key itself.
export function t(key, params = {}) {
  const text = template(key, params);
  return text === null ? key : fill(key, text, params).map(String).join("");
}

// t() for a message around elements (a card, a trump badge): the parts to append, each
// parameter as given (a node, or an array of nodes and strings, stays one).
export function tNodes(key, params = {}) {
  const text = template(key, params);
  if (text === null) return [key];
  return fill(key, text, params).flat().filter((part) => part !== "");
}

export function lang() {
  return current;
}

// Switch language: remember it and load the page again, address and hash kept (a seat's
// token lives in the hash). A ?lang= in the address is dropped, or it would win again.
export function setLang(language) {
  const chosen = exact(language);
  if (!chosen) {
    console.error(`duidiao: no language "${language}"`);
    return;
  }
  const url = new URL(window.location.href);
  url.searchParams.delete("lang");
  // Without storage the choice rides in the address instead.
  if (!store(chosen)) url.searchParams.set("lang", chosen);
  if (url.href === window.location.href) window.location.reload();
  else window.location.replace(url.href);
}

const ATTRIBUTES = [
  ["data-i18n-title", "title"],
  ["data-i18n-placeholder", "placeholder"],
  ["data-i18n-aria-label", "aria-label"],
];

// Fill the page's fixed words: data-i18n="key" is an element's text, data-i18n-title (and
// -placeholder, -aria-label) that attribute's. On the whole document also the language, the
// title and the language switch.
export function applyI18n(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const [data, attribute] of ATTRIBUTES) {
    for (const node of root.querySelectorAll(`[${data}]`)) node.setAttribute(attribute, t(node.getAttribute(data)));
  }
  if (root !== document) return;
  document.documentElement.lang = current;
  const title = document.querySelector("head title[data-i18n]");
  if (title) document.title = t(title.dataset.i18n);
  const other = LANGUAGES.find((l) => l !== current);
  const button = document.getElementById("lang-switch");
  if (button) {
    button.lang = other; // its name is in its own language
    button.onclick = () => setLang(other);
  }
}
