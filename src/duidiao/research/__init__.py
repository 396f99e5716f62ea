"""Research: self-play and its data, duplicate duels, decision timing, Ray clusters and the
learning environments. Built on :mod:`duidiao.search` and :mod:`duidiao.play`
(docs/internals.md, "Layers")."""
