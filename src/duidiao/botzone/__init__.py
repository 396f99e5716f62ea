"""Botzone (botzone.org.cn): duidiao's bot in Botzone's Tractor (双升) game, and a test judge
to play it against (docs/botzone.md).

- :mod:`~duidiao.botzone.rules`: Botzone's Tractor rules on its card ids;
- :class:`BotzoneBot` answers Botzone's requests; :func:`serve` is its I/O loop
  (``duidiao botzone``);
- :class:`Deal` and :func:`judge`: the test judge; :func:`play_match` plays a whole match
  through it with four players (:class:`InProcessPlayer`, :class:`ProcessPlayer`).
"""

from __future__ import annotations

from duidiao.botzone.arena import InProcessPlayer, MatchRecord, ProcessPlayer, play_match
from duidiao.botzone.bot import BotzoneBot, InputError, SeatView
from duidiao.botzone.judge import Deal, Foul, judge
from duidiao.botzone.loop import KEEP_RUNNING, serve

__all__ = [
    "KEEP_RUNNING",
    "BotzoneBot",
    "Deal",
    "Foul",
    "InProcessPlayer",
    "InputError",
    "MatchRecord",
    "ProcessPlayer",
    "SeatView",
    "judge",
    "play_match",
    "serve",
]
