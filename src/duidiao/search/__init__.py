"""Search and the players on it: the double-dummy solver, Monte Carlo analysis, sampled worlds,
the bot registry, players and matches. Built on :mod:`duidiao.play` (docs/internals.md,
"Layers")."""
