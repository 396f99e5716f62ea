"""The card multisets of the core hold 0 … K copies of each of the 54 faces, K = 1 … 4 (rules
§11.1; src/core/cardset.h, one bit plane per copy). Every operation is checked against counts
kept in plain Python, for every K, on sets drawn by hypothesis."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from duidiao import _core

FACES = 54
POINTS = [5 if f % 13 == 3 else 10 if f % 13 in (8, 11) else 0 for f in range(52)] + [0, 0]
KINDS = {1: _core.Multiset1, 2: _core.Multiset2, 3: _core.Multiset3, 4: _core.Multiset4}


def counts(k: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, k), min_size=FACES, max_size=FACES)


def pair_of_sets(k: int) -> st.SearchStrategy[tuple[list[int], list[int]]]:
    return st.tuples(counts(k), counts(k))


@pytest.mark.parametrize("k", sorted(KINDS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_planes_count_like_python(k: int, data: Any) -> None:
    kind = KINDS[k]
    a, b = data.draw(pair_of_sets(k))
    x, y = kind(a), kind(b)
    assert kind.MAX == k
    assert x.counts() == a and x.valid()
    assert x.size() == sum(a)
    assert x.points() == sum(n * p for n, p in zip(a, POINTS))
    # plane n holds the faces held at least n times
    assert x.planes() == [sum(1 << f for f in range(FACES) if a[f] >= n) for n in range(1, k + 1)]
    assert x.minus(y).counts() == [max(0, i - j) for i, j in zip(a, b)]
    assert x.missing(y).counts() == [max(0, j - i) for i, j in zip(a, b)]
    assert x.contains(y) == all(j <= i for i, j in zip(a, b))
    assert (x == y) == (a == b)
    mask = data.draw(st.integers(0, (1 << FACES) - 1))
    assert x.within(mask).counts() == [n if mask >> f & 1 else 0 for f, n in enumerate(a)]
    room = [min(i, k - j) for i, j in zip(a, b)]  # what fits beside b without passing k
    total = kind(room).plus(y)
    assert total.counts() == [i + j for i, j in zip(room, b)] and total.valid()


@pytest.mark.parametrize("k", sorted(KINDS))
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_one_copy_in_and_out(k: int, data: Any) -> None:
    kind = KINDS[k]
    a = data.draw(counts(k))
    face = data.draw(st.integers(0, FACES - 1))
    x = kind(a)
    if a[face] < k:
        assert x.add(face).count(face) == a[face] + 1 and x.add(face).valid()
    else:
        with pytest.raises(ValueError, match="already held"):
            x.add(face)
    if a[face] > 0:
        assert x.remove(face).count(face) == a[face] - 1 and x.remove(face).valid()
    else:
        with pytest.raises(ValueError, match="not held"):
            x.remove(face)


def test_bad_counts_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="held 4 times; from 0 to 3"):
        _core.Multiset3([4] + [0] * 53)
    with pytest.raises(ValueError, match="expected 54 numbers"):
        _core.Multiset2([1, 2])
    with pytest.raises(ValueError, match="face must be 0 to 53"):
        _core.Multiset2([0] * 54).count(54)
