"""A plain, readable Python oracle for the climbing games 够级 (rules §12, six seats A–F) and
保皇 (rules §13, five seats A–E): sets and beating, the rounds, places and scores, the deal.

It is the other side of the differential tests of the C++ core: written from the rules book
alone, with the standard library only (never ``duidiao._core`` or another duidiao module). Each
game module offers ``parse``, ``format``, ``to_act``, ``legal``, ``apply``, ``result``,
``random_deal`` and ``random_playout`` on position strings (docs/notation.md "The climbing
games").
"""

from duidiao.reference.climbing import baohuang, gouji, sets

__all__ = ["baohuang", "gouji", "sets"]
