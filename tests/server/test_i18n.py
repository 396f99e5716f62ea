"""The pages' message catalogues (static/i18n/<lang>.json, docs/table.md "Languages"): both
languages say the same things, every key the pages use is there and every key there is used,
and no word is left in the pages' code. Plain file checks, no browser.

``python tests/server/test_i18n.py`` rewrites the catalogues in their normal form (sorted by
key, 2-space indent, UTF-8, one trailing newline), which test_the_catalogues_are_normal asks."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "duidiao" / "server" / "static"
CATALOGUES = STATIC / "i18n"
LANGUAGES = ("zh-CN", "en")
PAGES = ("index.html", "analysis.html", "duplicate.html", "review.html")
# The CLDR plural categories each language's Intl.PluralRules chooses among (cardinal).
PLURAL_CATEGORIES = {"en": {"one", "other"}, "zh-CN": {"other"}}
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A call of t() or tNodes() (i18n.js), spread or not, but not a method or a name ending in t.
CALL = re.compile(r"(?:(?<=\.\.\.)|(?<![\w.$]))(?:t|tNodes)\(\s*")
LITERAL = re.compile(r"""(["'])([^"'\\]*)\1\s*[,)]""")
TEMPLATE = re.compile(r"`([^`]*)`\s*[,)]")
I18N_ATTRIBUTES = ("data-i18n", "data-i18n-title", "data-i18n-placeholder", "data-i18n-aria-label")
# The attributes a person reads: in the pages only through their data-i18n- twin.
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")

# Each key the code builds from an id, with the list in the code that names every id: a new
# dynamic key fails test_every_key_the_code_uses_exists until it is registered here.
DYNAMIC: dict[str, tuple[str, str]] = {
    "seat.${seat}": ("cards.js", "SEATS"),
    "seat.short.${seat}": ("cards.js", "SEATS"),
    "team.${team}": ("cards.js", "TEAMS"),
    "suit.${suit}": ("cards.js", "SUITS"),
    "outcome.${outcome}.name": ("cards.js", "OUTCOMES"),
    "outcome.${outcome}.note": ("cards.js", "OUTCOMES"),
    "phase.${phase}": ("cards.js", "PHASES"),
    "declare.jokers.${kind}": ("cards.js", "DECLARE_JOKERS"),
    "declare.chifeng.${kind}": ("cards.js", "DECLARE_KINDS"),
    "declare.cards.${kind}": ("cards.js", "DECLARE_BY_CARDS"),
    "error.${code}": ("cards.js", "ERROR_CODES"),
    "conn.${status}": ("net.js", "STATUSES"),
    "log.pass.${last.pass}": ("board.js", "PASSES"),
    "result.dig.${result.dig}": ("board.js", "DIGS"),
    "bot.strength.${name}": ("cards.js", "STRENGTHS"),
    "builder.full.${target}": ("analysis.js", "TARGETS"),
    "dup.table.${table}": ("cards.js", "DUPLICATE_TABLES"),
    "climb.word.${text}": ("climbing.js", "WORDS"),
    "climb.phase.${state.phase}": ("climbing.js", "PHASES"),
    "climb.place.${place}": ("climbing.js", "PLACES"),
}


def catalogue(language: str) -> dict[str, Any]:
    return json.loads((CATALOGUES / f"{language}.json").read_text(encoding="utf-8"))


def normal_form(messages: dict[str, Any]) -> str:
    return json.dumps(messages, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def placeholders(message: Any) -> set[str]:
    """The {names} of a message, of every form of a plural one."""
    forms = message.values() if isinstance(message, dict) else [message]
    return {name for form in forms for name in PLACEHOLDER.findall(form)}


def scripts() -> dict[str, str]:
    """The pages' scripts but i18n.js, which defines t() (its keys come from the pages)."""
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("*.js"))
            if path.name != "i18n.js"}


def code_of(text: str) -> str:
    """A script without its line comments (a comment may quote a call)."""
    return "\n".join(line for line in text.splitlines() if not line.strip().startswith("//"))


def keys_in_scripts(texts: dict[str, str]) -> tuple[set[str], set[str], list[str]]:
    """The literal keys of the t() calls, their template keys, and the calls that are neither."""
    literal: set[str] = set()
    templates: set[str] = set()
    odd: list[str] = []
    for name, text in texts.items():
        code = code_of(text)
        for call in CALL.finditer(code):
            rest = code[call.end():]
            if found := LITERAL.match(rest):
                literal.add(found.group(2))
            elif found := TEMPLATE.match(rest):
                templates.add(found.group(1))
            else:
                odd.append(f"{name}: {rest[:60]!r}")
    return literal, templates, odd


def constant_list(text: str, name: str) -> list[str]:
    """The strings of ``const NAME = [...]`` in a script."""
    found = re.search(rf"\bconst {name} = \[(.*?)\];", text, re.S)
    assert found, f"no list {name}"
    return re.findall(r'"([^"]*)"', code_of(found.group(1)))


def expand(template: str, texts: dict[str, str]) -> list[str]:
    script, name = DYNAMIC[template]
    ids = constant_list(texts[script], name)
    return [re.sub(r"\$\{[^}]*\}", value, template) for value in ids]


class Elements(HTMLParser):
    """The elements of a page: their attributes and whether they hold text of their own."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
            "track", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[dict[str, Any]] = []
        self.elements: list[dict[str, Any]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = {"tag": tag, "attrs": dict(attrs), "text": "", "line": self.getpos()[0]}
        self.elements.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()["tag"] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1]["text"] += data


def page_elements(page: str) -> list[dict[str, Any]]:
    parser = Elements()
    parser.feed((STATIC / page).read_text(encoding="utf-8"))
    parser.close()
    return parser.elements


def keys_in_pages() -> set[str]:
    return {element["attrs"][attribute] for page in PAGES for element in page_elements(page)
            for attribute in I18N_ATTRIBUTES if element["attrs"].get(attribute)}


def test_the_catalogues_parse_and_are_normal() -> None:
    for language in LANGUAGES:
        path = CATALOGUES / f"{language}.json"
        messages = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(messages, dict) and messages, path
        for key, message in messages.items():
            assert re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_-]+)+", key), f"{language}: key {key!r}"
            if isinstance(message, dict):
                assert all(isinstance(form, str) and form for form in message.values()), key
            elif key.startswith("sep."):  # a separator may be a space, or nothing
                assert isinstance(message, str), key
            else:
                assert isinstance(message, str) and message.strip(), f"{language}: {key} is empty"
        assert path.read_text(encoding="utf-8") == normal_form(messages), (
            f"{path.name} is not in normal form: python tests/server/test_i18n.py")


def test_both_languages_have_the_same_keys_and_placeholders() -> None:
    zh, en = catalogue("zh-CN"), catalogue("en")
    assert sorted(set(zh) - set(en)) == [], "only in zh-CN"
    assert sorted(set(en) - set(zh)) == [], "only in en"
    for key in zh:
        assert placeholders(zh[key]) == placeholders(en[key]), key


def test_plural_messages_have_their_languages_categories() -> None:
    for language in LANGUAGES:
        for key, message in catalogue(language).items():
            if isinstance(message, dict):
                assert set(message) == PLURAL_CATEGORIES[language], f"{language}: {key}"
                # Intl.PluralRules chooses by the count parameter.
                assert "count" in placeholders(message), f"{language}: {key} has no {{count}}"
    # A plural in one language is a plural in the other.
    zh, en = catalogue("zh-CN"), catalogue("en")
    assert {k for k in zh if isinstance(zh[k], dict)} == {k for k in en if isinstance(en[k], dict)}


def test_every_key_the_code_uses_exists() -> None:
    texts = scripts()
    literal, templates, odd = keys_in_scripts(texts)
    assert odd == [], "t() with a key that is neither a literal nor a template"
    assert literal, "no t() call found: the scan is broken"
    unregistered = sorted(templates - set(DYNAMIC))
    assert unregistered == [], "a dynamic key not in DYNAMIC (name the list of its ids)"
    messages = catalogue("en")
    missing = sorted(key for key in literal | keys_in_pages() if key not in messages)
    assert missing == [], "keys used but not in the catalogues"
    for template in templates:
        expanded = expand(template, texts)
        assert expanded, template
        absent = [key for key in expanded if key not in messages]
        assert absent == [], f"{template}: ids without their message"


def test_every_key_of_the_catalogue_is_used() -> None:
    texts = scripts()
    literal, templates, _ = keys_in_scripts(texts)
    used = literal | keys_in_pages()
    for template in templates:
        used.update(expand(template, texts))
    unused = sorted(set(catalogue("en")) - used)
    assert unused == [], "keys nothing uses"


def test_every_error_code_of_the_server_has_its_message() -> None:
    """The codes docs/server.md lists and the engine protocol's: each is in ERROR_CODES (so
    the page says it in words, not as "error.unknown")."""
    codes = set(constant_list(scripts()["cards.js"], "ERROR_CODES"))
    server_doc = (ROOT / "docs" / "server.md").read_text(encoding="utf-8")
    documented: set[str] = set()
    column = None  # the code column of the error table being read
    for line in server_doc.splitlines():
        cells = [cell.strip() for cell in line.split("|")[1:-1]]
        if not cells:
            column = None
        elif cells in (["status", "code", "when"], ["code", ""]):
            column = cells.index("code")
        elif column is not None and not set(cells[0]) <= set("-"):
            documented.update(re.findall(r"`([a-z_]+)`", cells[column]))
    assert {"not_your_turn", "too_many_rooms", "forbidden_origin"} <= documented, "parse"
    sources = "\n".join(path.read_text(encoding="utf-8")
                        for path in (ROOT / "src" / "duidiao" / "server").rglob("*.py"))
    raised = set(re.findall(r'(?:ClientError|WireError|ProtocolError)\(\s*"([a-z_]+)"', sources))
    raised |= set(re.findall(r'error_response\(\s*\d+,\s*"([a-z_]+)"', sources))
    assert {"illegal_move", "internal"} <= raised, "parse"
    errors = (ROOT / "src" / "duidiao" / "wire" / "errors.py").read_text(encoding="utf-8")
    protocol = set(re.findall(r'^    "([a-z_]+)":', errors, re.M))
    assert "hidden_cards" in protocol, "parse"
    assert sorted((documented | raised | protocol) - codes) == [], "codes without a message"


def test_no_chinese_in_the_code() -> None:
    """Chinese lives in the catalogues only (the pages' own words, and the game's terms)."""
    for path in sorted(STATIC.glob("*")):
        if path.suffix not in (".js", ".html", ".css"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not CJK.search(line), f"{path.name}:{number}: {line.strip()}"


def test_every_text_of_the_pages_comes_from_the_catalogue() -> None:
    for page in PAGES:
        for element in page_elements(page):
            where = f"{page}:{element['line']} <{element['tag']}>"
            if element["text"].strip():
                assert "data-i18n" in element["attrs"], f"{where} has text of its own"
            for attribute in READ_ATTRIBUTES:
                assert attribute not in element["attrs"], f"{where} {attribute}= is not a key"


def test_every_page_has_the_language_switch() -> None:
    for page in PAGES:
        switch = [e for e in page_elements(page) if e["attrs"].get("id") == "lang-switch"]
        assert len(switch) == 1 and switch[0]["tag"] == "button", page
        assert switch[0]["attrs"].get("data-i18n") == "lang.switch", page
        title = [e for e in page_elements(page) if e["tag"] == "title"]
        assert title and title[0]["attrs"].get("data-i18n"), f"{page}: the title's key"
    zh, en = catalogue("zh-CN"), catalogue("en")
    assert zh["lang.switch"] == "English" and en["lang.switch"] == "中文"


if __name__ == "__main__":
    # Rewrite the catalogues in normal form.
    for language in LANGUAGES:
        path = CATALOGUES / f"{language}.json"
        path.write_text(normal_form(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")
    sys.exit(0)
