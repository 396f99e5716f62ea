"""The climbing core against the reference (tests/climbing/differential.py): CI's short twin of
the million-position runs of docs/plans/climbing.md."""

from __future__ import annotations

import pytest

from climbing.differential import GAMES, Disagreement, Tally, run, walk


@pytest.mark.parametrize("game", tuple(GAMES))
def test_core_and_reference_agree(game: str) -> None:
    tally = run(game, 6_000, seed=2026)
    assert tally.positions >= 6_000


def test_a_disagreement_is_caught() -> None:
    """The harness can fail: a reference that offers one action fewer is caught at once."""
    ref = GAMES["gouji"][0]
    real = ref.legal
    ref.legal = lambda state: real(state)[1:]  # type: ignore[assignment]
    try:
        with pytest.raises(Disagreement, match="legal"):
            walk("gouji", "gouji", 1, False, Tally())
    finally:
        ref.legal = real  # type: ignore[assignment]
