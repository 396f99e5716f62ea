"""The learned belief (docs/belief.md): a small network that tells, from a seat's observation
planes, where each card the seat cannot see is — with which of the other three seats, or in
the kitty. The search weighs its sampled worlds by it (the bots' ``belief`` setting); the
network runs in the core (src/search/belief.h), from the weights read here.

The weights are a numpy ``.npz`` file: ``format`` ("duidiao-belief"), ``version`` (1),
``planes`` (the observation planes' version it reads, docs/env.md), ``presets`` (the rules it
was trained under: it is used under those only), ``card`` (the model card's facts as JSON)
and ``w0``, ``b0``, ``w1``, ``b1``, … the dense layers (ReLU between them), applied to each
face apart (its features: the core's ``belief_features`` of the planes) and giving four
log-factors. A file made for other planes than this build's is refused. The package ships
one, trained by :mod:`duidiao.research.belief_training`, and loads it into the core when the
bots are first imported.

>>> import duidiao
>>> from duidiao.search import belief
>>> model = belief.read()
>>> model.planes == duidiao.play.observation.PLANES_VERSION, "chifeng" in model.presets
(True, True)
>>> game = duidiao.Game.deal(3, declarer="S")
>>> while game.phase != "play":
...     _ = game.apply(duidiao.bots.make("heuristic").decide(game.observe(game.to_act)))
>>> factors = belief.log_factors(game.observe(game.to_act))   # faces x (rel 1, 2, 3, kitty)
>>> factors.shape
(54, 4)
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from duidiao import _core
from duidiao.play.observation import Observation

__all__ = ["FORMAT", "VERSION", "SHIPPED", "ENVIRONMENT", "HOLDERS", "BeliefWeights", "read",
           "write", "install", "install_default", "log_factors"]

FORMAT = "duidiao-belief"
VERSION = 1
# The file names the planes' version it reads.
SHIPPED = Path(__file__).with_name(f"belief-planes{int(_core.OBSERVATION_PLANES_VERSION)}.npz")
HOLDERS = ("rel 1", "rel 2", "rel 3", "kitty")
_INPUTS = int(_core.BELIEF_FEATURES)
_OUTPUTS = len(HOLDERS)


@dataclass(frozen=True)
class BeliefWeights:
    """A belief model's weights: the dense layers as ``(weights, biases)``, ``weights`` of
    shape ``(inputs, outputs)``."""

    planes: int
    presets: tuple[str, ...]
    layers: tuple[tuple[np.ndarray, np.ndarray], ...]
    card: dict[str, Any] = field(default_factory=dict)


def read(path: str | Path = SHIPPED) -> BeliefWeights:
    """Read and check a weights file (``ValueError`` naming what is wrong)."""
    where = str(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, EOFError) as exc:
        raise ValueError(f"{where}: not a belief model's weights ({exc})") from None
    if str(arrays.get("format", "")) != FORMAT:
        raise ValueError(f"{where}: not a belief model's weights (no format {FORMAT!r})")
    if int(arrays.get("version", -1)) != VERSION:
        raise ValueError(f"{where}: belief file version {arrays.get('version')}: "
                         f"this duidiao reads {VERSION}")
    planes = int(arrays.get("planes", -1))
    if planes != int(_core.OBSERVATION_PLANES_VERSION):
        raise ValueError(f"{where}: made for observation planes version {planes}, this build "
                         f"has {int(_core.OBSERVATION_PLANES_VERSION)}: retrain it "
                         "(docs/belief.md)")
    presets = tuple(str(p) for p in np.atleast_1d(arrays.get("presets", np.array([]))))
    known = set(_core.Rules.presets())
    if not presets or not set(presets) <= known:
        raise ValueError(f"{where}: presets {list(presets)} are not this duidiao's")
    layers: list[tuple[np.ndarray, np.ndarray]] = []
    width = _INPUTS
    while f"w{len(layers)}" in arrays:
        w = np.asarray(arrays[f"w{len(layers)}"], dtype=np.float32)
        b = np.asarray(arrays.get(f"b{len(layers)}", np.zeros(0)), dtype=np.float32)
        if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
            raise ValueError(f"{where}: layer {len(layers)} does not fit (inputs {width})")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise ValueError(f"{where}: layer {len(layers)} holds a value that is not finite")
        layers.append((w, b))
        width = w.shape[1]
    if not layers or width != _OUTPUTS:
        raise ValueError(f"{where}: the layers do not end in {_OUTPUTS} values")
    try:
        card = json.loads(str(arrays.get("card", "{}")))
    except json.JSONDecodeError:
        raise ValueError(f"{where}: the model card is not JSON") from None
    return BeliefWeights(planes, presets, tuple(layers), card)


def write(path: str | Path, weights: BeliefWeights) -> None:
    """Write weights in the format :func:`read` reads."""
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT), "version": np.array(VERSION),
        "planes": np.array(weights.planes), "presets": np.array(list(weights.presets)),
        "card": np.array(json.dumps(weights.card, ensure_ascii=False, sort_keys=True)),
    }
    for i, (w, b) in enumerate(weights.layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    with open(path, "wb") as out:
        np.savez_compressed(out, **arrays)


def install(weights: BeliefWeights | None = None, module: ModuleType = _core) -> None:
    """Make ``weights`` (the shipped model when None) the belief of a core's bots."""
    w = read() if weights is None else weights
    module.load_belief_model(w.planes, list(w.presets), [(a, b) for a, b in w.layers])


ENVIRONMENT = "DUIDIAO_BELIEF"
"""An operator's weights file in place of the shipped one (a trial of a retrained model)."""


def install_default(module: ModuleType = _core) -> None:
    """Load the weights the bots use: the file named by ``$DUIDIAO_BELIEF`` if set, else the
    shipped one (none: the ``belief`` setting has no model and changes nothing). A file that
    cannot be used is said in a warning, and the shipped model is kept."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen:
        try:
            install(read(chosen), module)
            return
        except ValueError as exc:
            warnings.warn(f"duidiao: ${ENVIRONMENT}: {exc}; the shipped belief is used",
                          stacklevel=2)
    if SHIPPED.is_file():
        install(None, module)


def log_factors(observation: Observation) -> np.ndarray:
    """The loaded model's log-factors, ``(54, 4)``: for each face, how much likelier (in log)
    the model finds a hidden copy of it with the seat rel 1, 2, 3 from the observer, or in the
    kitty, than the uniform guess from the hidden cards' counts and the known voids (only the
    differences along a row mean something)."""
    if observation.core is None:
        raise ValueError("belief: the observation was not built by the core (Game.observe)")
    return np.asarray(_core.belief_of(observation.core))
