"""docs/server.md against the code: the error codes, the SQLite schema, the hello reply and
the room settings it documents are the ones the server has."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from duidiao.server import messages, store

from .helpers import Conn, ServerProcess

DOC = Path(__file__).resolve().parents[2] / "docs" / "server.md"
SOURCES = Path(messages.__file__).parent


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def _first_column(table_text: str) -> list[str]:
    return re.findall(r"^\| `([a-z_]+)` \|", table_text, flags=re.M)


def test_error_codes_are_the_ones_raised() -> None:
    websocket = set(_first_column(_section("| code | |").split("\n\n")[0]))  # the table
    rest = set(re.findall(r"^\| \d{3} \| `([a-z_]+)`", _section("## REST"), flags=re.M))
    documented = websocket | rest
    code_text = "\n".join(p.read_text() for p in SOURCES.rglob("*.py"))
    raised = set(re.findall(r'ClientError\(\s*"([a-z_]+)"', code_text))
    raised |= set(re.findall(r'check_kind\(.*"([a-z_]+)"\)', code_text))  # unknown_type
    assert raised <= documented, raised - documented
    assert documented <= raised | {"internal", "not_found", "method_not_allowed", "unavailable"}, \
        documented - raised


def test_every_limit_is_documented_with_its_default_and_flag() -> None:
    from duidiao.server.limits import LIMITS

    section = _section("## Limits and abuse")
    rows = re.findall(r"^\| `([a-z_]+)` \| (.*?) \| (.*?) \| (.*) \|$", section, flags=re.M)
    documented = {name: (default, flag) for name, default, flag, _ in rows}
    assert list(documented) == [limit.name for limit in LIMITS]
    for limit in LIMITS:
        assert documented[limit.name] == (limit.default,
                                          f"`{limit.flag}`" if limit.flag else "—"), limit.name


def test_schema_tables_are_documented(tmp_path: Path) -> None:
    store.Store(tmp_path).close()
    db = sqlite3.connect(tmp_path / store.FILENAME)
    section = _section("## Persistence")
    for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'"):
        row = re.search(rf"^\| `{table}` \| (.*)\|$", section, flags=re.M)
        assert row is not None, f"table {table} is not in docs/server.md"
        columns = [c[1] for c in db.execute(f"PRAGMA table_info({table})")]
        for column in columns:
            assert f"`{column}`" in row.group(1), (table, column)
    db.close()
    assert f"Schema version {store.SCHEMA_VERSION}" in section


def test_room_settings_are_documented() -> None:
    section = _section("Room settings")
    table = section[: section.index("Actions (`act`)")]
    assert _first_column(table) == [f.name for f in messages.ROOM_FIELDS]


def test_session_settings_are_documented() -> None:
    section = _section("### Duplicate sessions")
    table = section[section.index("| field | type |"):].split("\n\n")[0]
    assert _first_column(table) == [f.name for f in messages.SESSION_FIELDS]


def test_hello_reply_has_the_documented_keys(live_server: ServerProcess) -> None:
    row = next(line for line in DOC.read_text().splitlines()
               if line.startswith('| `{"type": "hello"}`'))
    documented = set(re.findall(r'"([a-z_]+)": ', row.split("|")[2]))
    with Conn(live_server.ws_url) as conn:
        hello = conn.request(type="hello")
    keys = (set(hello) | set(hello["limits"]) | set(hello["levels"]) | set(hello["formats"])
            | set(hello["preset_seats"]) | set(hello["climbing_games"]))
    assert documented <= keys, documented - keys
