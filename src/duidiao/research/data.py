"""Self-play data for learning: every decision of bot-played hands, written in parts of fixed
size (memory stays flat whatever the number of hands), and read back (docs/data.md).

A run writes three tables, each as numbered parts (``decisions-00000.npz`` …, or ``.parquet``):

- ``hands``: one row a hand — its number, seed, declarer, levels and result;
- ``decisions``: one row a decision — the hand, the seat, the phase, the seat's observation
  planes when it was asked (``Observation.planes``, docs/env.md), the decision's first step
  and number of steps, and the final reward of the seat (its team's hand score minus the
  other's);
- ``steps``: one row an action (docs/env.md: a decision made of cards is a card at a time,
  then ``DONE``) — its decision, the action, and the legal actions before it (91 bits).

:func:`record_hand` plays a hand into a :class:`DataWriter` (``duidiao selfplay --out DIR``
plays many), or into :class:`Rows` held in memory, which a writer adds later (a part of a run
played elsewhere, on Ray); :func:`load` reads a folder back into a :class:`SelfPlayData`,
which also rebuilds the observation before each step.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from duidiao.play import formats
from duidiao.play.cards import SEATS
from duidiao.play.game import PHASES, Game
from duidiao.play.seats import TRICK_SEATS
from duidiao.research.encoding import NUM_ACTIONS, NUM_PLANES, Chooser, player_actions
from duidiao.search.players import Player

__all__ = ["FORMATS", "SelfPlayData", "DataWriter", "Rows", "load", "record_hand"]

FORMATS = ("npz", "parquet")
DATA_VERSION = formats.DATA
MASK_BYTES = (NUM_ACTIONS + 7) // 8
_FACES = 54

# The columns of each table: name -> (numpy dtype, shape of one row's value).
HAND_COLUMNS: dict[str, tuple[str, tuple[int, ...]]] = {
    "hand": ("int64", ()),
    "seed": ("uint64", ()),
    "declarer": ("int8", ()),  # seat 0..3 (S E N W)
    "level_ns": ("int8", ()),  # places on the rules' ladder
    "level_ew": ("int8", ()),
    "score_ns": ("int16", ()),
    "score_ew": ("int16", ()),
    "points": ("int16", ()),  # the defenders' card points
}
DECISION_COLUMNS: dict[str, tuple[str, tuple[int, ...]]] = {
    "hand": ("int64", ()),
    "seat": ("int8", ()),
    "phase": ("int8", ()),  # 0 declare, 1 bury, 2 grab, 3 xiaosa, 4 play, 6 counter (反底)
    "observation": ("float32", (NUM_PLANES, _FACES)),
    "first_step": ("int64", ()),  # row of its first action in the steps table (whole run)
    "steps": ("int16", ()),
    "reward": ("float32", ()),
    # The truth the seat did not see, for learning beliefs: the copies of each face held by
    # every seat when it was asked (rows by rel, from the seat: 0 itself, 1 next, 2 partner,
    # 3 previous), and in the kitty (row 4). Added after version 1's first runs, which lack it.
    "holders": ("int8", (5, _FACES)),
}
# Columns a run of the same version may lack (written before they were added).
OPTIONAL_COLUMNS = frozenset({"holders"})
STEP_COLUMNS: dict[str, tuple[str, tuple[int, ...]]] = {
    "decision": ("int64", ()),  # row in the decisions table (whole run)
    "action": ("int16", ()),
    "mask": ("uint8", (MASK_BYTES,)),  # numpy.packbits of the 91 legal actions, big-endian bits
}
TABLES = {"hands": HAND_COLUMNS, "decisions": DECISION_COLUMNS, "steps": STEP_COLUMNS}


class _Buffer:
    """Preallocated columns of one table, filled row by row, emptied into a part when full."""

    def __init__(self, columns: dict[str, tuple[str, tuple[int, ...]]], rows: int) -> None:
        self.columns = columns
        self.arrays = {
            name: np.zeros((rows, *shape), dtype=dtype) for name, (dtype, shape) in columns.items()
        }
        self.rows = rows
        self.size = 0

    def full(self) -> bool:
        return self.size == self.rows

    def add(self, **values: Any) -> None:
        for name, value in values.items():
            self.arrays[name][self.size] = value
        self.size += 1

    def rows_so_far(self) -> dict[str, np.ndarray]:
        return {name: array[: self.size] for name, array in self.arrays.items()}


class RowSink(Protocol):
    """Where :func:`record_hand` puts rows: a :class:`DataWriter` or :class:`Rows`."""

    counts: dict[str, int]

    def add(self, table: str, **values: Any) -> int: ...


class Rows:
    """Rows of the three tables kept in memory, numbered from 0: the data of some hands played
    apart from the writer (:meth:`DataWriter.add_rows` renumbers them)."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(TABLES, 0)
        self._values: dict[str, dict[str, list[Any]]] = {
            table: {name: [] for name in columns} for table, columns in TABLES.items()
        }

    def add(self, table: str, **values: Any) -> int:
        """Add a row; returns its number among these rows."""
        for name, value in values.items():
            self._values[table][name].append(value)
        row = self.counts[table]
        self.counts[table] += 1
        return row

    def tables(self) -> dict[str, dict[str, np.ndarray]]:
        """Each table's columns as numpy arrays of the writer's types."""
        return {
            table: {
                name: np.array(self._values[table][name], dtype=dtype).reshape(-1, *shape)
                for name, (dtype, shape) in columns.items()
            }
            for table, columns in TABLES.items()
        }


class DataWriter:
    """Writes the three tables to ``folder`` in parts of ``part_rows`` rows (the last part of
    each table may be shorter). ``format``: ``"npz"`` (numpy, compressed) or ``"parquet"``
    (needs pyarrow: the ``data`` extra). Use as a context manager, or call :meth:`close`."""

    def __init__(self, folder: str | Path, format: str = "npz", part_rows: int = 65_536) -> None:
        if format not in FORMATS:
            raise ValueError(f"format: {format!r} is not one of {', '.join(FORMATS)}")
        if format == "parquet":
            _pyarrow()  # fail now, not after the first part
        if not isinstance(part_rows, int) or part_rows < 1:
            raise ValueError(f"part_rows: {part_rows!r} is not a positive number of rows")
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise ValueError(f"{str(self.folder)!r:.200} is a file, not a folder")
        if self.folder.is_dir() and any(self.folder.glob("*-[0-9][0-9][0-9][0-9][0-9].*")):
            raise ValueError(f"{str(self.folder)!r:.200} already holds data: choose a new folder")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.format = format
        self.buffers = {name: _Buffer(columns, part_rows) for name, columns in TABLES.items()}
        self.parts = dict.fromkeys(TABLES, 0)
        self.counts = dict.fromkeys(TABLES, 0)

    def __enter__(self) -> DataWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def add(self, table: str, **values: Any) -> int:
        """Add a row; returns its number in the whole run."""
        buffer = self.buffers[table]
        buffer.add(**values)
        row = self.counts[table]
        self.counts[table] += 1
        if buffer.full():
            self._flush(table)
        return row

    def add_rows(self, tables: dict[str, dict[str, np.ndarray]]) -> None:
        """Add the rows of :meth:`Rows.tables` after those written so far, their decision and
        step numbers moved on to count in the whole run."""
        columns = {name: dict(cols) for name, cols in tables.items()}
        decisions, steps = columns["decisions"], columns["steps"]
        decisions["first_step"] = decisions["first_step"] + self.counts["steps"]
        steps["decision"] = steps["decision"] + self.counts["decisions"]
        for table in ("decisions", "steps", "hands"):  # a hand's row last, as record_hand adds it
            buffer = self.buffers[table]
            count = len(columns[table][next(iter(TABLES[table]))])
            done = 0
            while done < count:
                take = min(buffer.rows - buffer.size, count - done)
                end = buffer.size + take
                for name, array in buffer.arrays.items():
                    array[buffer.size : end] = columns[table][name][done : done + take]
                buffer.size += take
                self.counts[table] += take
                done += take
                if buffer.full():
                    self._flush(table)

    def _flush(self, table: str) -> None:
        buffer = self.buffers[table]
        if buffer.size == 0:
            return
        columns = buffer.rows_so_far()
        path = self.folder / f"{table}-{self.parts[table]:05d}.{self.format}"
        # Written under another name, then renamed: an interrupted write leaves no part, and
        # its rows stay in the buffer for close() to write.
        partial = path.with_name(path.name + ".partial")
        try:
            if self.format == "npz":
                with open(partial, "wb") as f:
                    np.savez_compressed(f, **columns)  # type: ignore[arg-type]
            else:
                _write_parquet(partial, columns)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
        buffer.size = 0
        self.parts[table] += 1

    def close(self, meta: dict[str, Any] | None = None) -> None:
        """Write what is left, and ``meta.json`` (the run's settings and counts)."""
        for table in TABLES:
            self._flush(table)
        info = {"version": DATA_VERSION, "format": self.format, "rows": self.counts}
        info.update(meta or {})
        (self.folder / "meta.json").write_text(json.dumps(info, indent=2) + "\n")


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ModuleNotFoundError:
        raise ImportError(
            "parquet needs pyarrow: pip install 'duidiao[data]' (or use the npz format)"
        ) from None
    return pyarrow


def _write_parquet(path: Path, columns: dict[str, np.ndarray]) -> None:
    pa = _pyarrow()
    arrays = {}
    for name, array in columns.items():
        if array.ndim == 1:
            arrays[name] = pa.array(array)
        else:  # a fixed-size list of the row's values, flattened
            width = int(np.prod(array.shape[1:]))
            flat = pa.array(array.reshape(-1))
            arrays[name] = pa.FixedSizeListArray.from_arrays(flat, width)
    pa.parquet.write_table(pa.table(arrays), path, compression="zstd")


def _read_part(path: Path, columns: dict[str, tuple[str, tuple[int, ...]]]) -> dict[str, Any]:
    if path.suffix == ".npz":
        with np.load(path) as data:
            return {name: data[name] for name in columns
                    if name in data.files or name not in OPTIONAL_COLUMNS}
    pa = _pyarrow()
    table = pa.parquet.read_table(path)
    out = {}
    for name, (dtype, shape) in columns.items():
        if name in OPTIONAL_COLUMNS and name not in table.column_names:
            continue
        column = table.column(name).combine_chunks()
        if shape:
            values = column.flatten().to_numpy(zero_copy_only=False)
            out[name] = values.astype(dtype, copy=False).reshape(-1, *shape)
        else:
            out[name] = column.to_numpy(zero_copy_only=False).astype(dtype, copy=False)
    return out


@dataclass
class SelfPlayData:
    """A run read back: each table as a dict of numpy columns (docs/data.md)."""

    hands: dict[str, np.ndarray]
    decisions: dict[str, np.ndarray]
    steps: dict[str, np.ndarray]
    meta: dict[str, Any]

    def masks(self, rows: slice | Sequence[int] | None = None) -> np.ndarray:
        """The legal actions before each step, unpacked: bool ``(n, 91)``."""
        packed = self.steps["mask"] if rows is None else self.steps["mask"][rows]
        return np.unpackbits(packed, axis=-1, count=NUM_ACTIONS).astype(bool)

    def step_observation(self, step: int) -> np.ndarray:
        """The observation before step ``step``: its decision's, with the cards chosen so far
        in the decision in the ``chosen`` plane."""
        decision = int(self.steps["decision"][step])
        observation = self.decisions["observation"][decision].copy()
        first = int(self.decisions["first_step"][decision])
        for earlier in self.steps["action"][first:step]:
            if earlier < _FACES:
                observation[1, earlier] += 1
        return observation


def load(folder: str | Path) -> SelfPlayData:
    """Read a run written by ``duidiao selfplay --out`` (or a :class:`DataWriter`)."""
    root = Path(folder)
    meta_path = root / "meta.json"
    if not meta_path.is_file():
        raise ValueError(f"{str(root)!r:.200} holds no self-play data (no meta.json)")
    try:
        meta = json.loads(meta_path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{meta_path}: not readable JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("version") != DATA_VERSION:
        version = meta.get("version") if isinstance(meta, dict) else None
        raise ValueError(f"data version {version!r}: this duidiao reads {DATA_VERSION}")
    rows = meta.get("rows")
    if meta.get("format") not in FORMATS or not isinstance(rows, dict) or set(rows) != set(TABLES):
        raise ValueError(f"{meta_path}: no format or row counts of the three tables")
    tables: dict[str, dict[str, np.ndarray]] = {}
    for table, columns in TABLES.items():
        parts = sorted(root.glob(f"{table}-[0-9][0-9][0-9][0-9][0-9].{meta['format']}"))
        try:
            read = [_read_part(p, columns) for p in parts]
        except Exception as exc:  # a damaged part: zip, parquet or a missing column
            why = f"{type(exc).__name__}: {exc}"
            raise ValueError(f"{table}: a part cannot be read ({why})") from None
        tables[table] = {
            name: np.concatenate([r[name] for r in read])
            if read
            else np.zeros((0, *shape), dtype=dtype)
            for name, (dtype, shape) in columns.items()
            if all(name in r for r in read)  # an optional column some part lacks: left out
        }
        if len(tables[table]["hand" if table != "steps" else "action"]) != meta["rows"][table]:
            raise ValueError(f"{table}: the parts hold a different number of rows than meta.json")
    return SelfPlayData(tables["hands"], tables["decisions"], tables["steps"], meta)


_FACE_BITS = np.arange(_FACES, dtype=np.uint64)


def _copies(masks: tuple[int, ...]) -> np.ndarray:
    """Copies of each face (int8, 54) from a card set's planes."""
    planes = np.array(masks, dtype=np.uint64)[:, None]
    return ((planes >> _FACE_BITS) & np.uint64(1)).sum(axis=0).astype(np.int8)


def _holders(game: Game, seat: int) -> np.ndarray:
    """The decision's ``holders`` row: each seat's cards by rel from ``seat``, then the kitty."""
    out = np.empty((5, _FACES), dtype=np.int8)
    for rel in range(4):
        out[rel] = _copies(game.held((seat + rel) % 4).masks)
    out[4] = _copies(game.kitty.masks)
    return out


def record_hand(
    writer: RowSink, game: Game, players: Sequence[Player], hand: int, seed: int
) -> None:
    """Play one hand, every decision through the action encoding, and write its rows (to a
    :class:`DataWriter`, or to :class:`Rows`)."""
    chooser = Chooser(game)
    if chooser.num_actions != NUM_ACTIONS:  # the mask column is NUM_ACTIONS wide (docs/data.md)
        raise ValueError(f"self-play data of {game.rules.name} (three packs' declarations) is "
                         "not written yet: the data's action masks hold the two-pack actions")
    decisions: list[tuple[int, int, np.ndarray, np.ndarray, list[tuple[int, np.ndarray]]]] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        s = SEATS.index(seat)
        phase = PHASES.index(game.phase)
        observation = game.planes(seat)
        holders = _holders(game, s)
        steps = []
        for action in player_actions(game, players[s]):
            steps.append((action, np.packbits(chooser.legal_mask())))
            chooser.step(action)
        decisions.append((s, phase, observation, holders, steps))
    result = game.result()
    scores = (result.scores["NS"], result.scores["EW"])
    for s, phase, observation, holders, steps in decisions:
        team = TRICK_SEATS.team_number(s)
        first = writer.counts["steps"]
        row = writer.add(
            "decisions",
            hand=hand,
            seat=s,
            phase=phase,
            observation=observation,
            holders=holders,
            first_step=first,
            steps=len(steps),
            reward=float(scores[team] - scores[1 - team]),
        )
        for action, mask in steps:
            writer.add("steps", decision=row, action=action, mask=mask)
    rules = game.rules
    writer.add(  # last: a hands row says the hand's rows are all written
        "hands",
        hand=hand,
        seed=seed,
        declarer=SEATS.index(game.declarer or "S"),
        level_ns=rules.position(game.levels["NS"]),
        level_ew=rules.position(game.levels["EW"]),
        score_ns=scores[0],
        score_ew=scores[1],
        points=result.points,
    )
