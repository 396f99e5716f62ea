"""Learning on the climbing games 够级 and 保皇: their actions and observation planes
(:mod:`duidiao.research.climbing.encoding`, numpy only; docs/env.md)."""
