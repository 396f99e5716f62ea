"""Duplicate duels (``duidiao.duel``, ``duidiao duel``): determinism, symmetry, strength."""

from __future__ import annotations

import io
import json
import math

import pytest

pytest.importorskip("duidiao._core")

import duidiao  # noqa: E402
from duidiao.cli import main  # noqa: E402
from duidiao.cli.progress import ProgressBar  # noqa: E402
from duidiao.research.duel import DuelResult, draw_deal, duel  # noqa: E402


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_same_seed_same_result_whatever_the_threads() -> None:
    one = duel("heuristic", "random", 60, seed=5, threads=1)
    two = duel("heuristic", "random", 60, seed=5, threads=2)
    again = duel("heuristic", "random", 60, seed=5, threads=2)
    assert one == two == again
    assert one.records != duel("heuristic", "random", 60, seed=6, threads=1).records


def test_records_are_paired_deal_by_deal() -> None:
    result = duel("heuristic", "random", 20, seed=2, threads=2)
    assert isinstance(result, DuelResult) and result.deals == 10
    assert [r.deal for r in result.records] == [d for d in range(10) for _ in range(2)]
    for first, second in zip(result.records[::2], result.records[1::2]):
        assert (first.a_team, second.a_team) == ("NS", "EW")
        assert first.declarer == second.declarer and first.levels == second.levels
        assert {first.declaring, second.declaring} == {"A", "B"}
    # The declarer's seat is the same in both games: each side declares once per deal.
    assert result.declaring("A")["declared"] == result.declaring("B")["declared"] == 10


def test_a_game_is_the_hand_play_hand_gives() -> None:
    """A duel game is an ordinary hand: the deal and seat seeds replayed through the Python
    driver give the same result."""
    result = duel("heuristic", "random", 4, seed=9, threads=1)
    for record in result.records:
        deal = draw_deal(9, record.deal)
        names = [
            "heuristic" if ("NS" if s % 2 == 0 else "EW") == record.a_team else "random"
            for s in range(4)
        ]
        game = duidiao.Game(
            [duidiao.Card(face) for face in deal.deck],
            deal.declarer,
            declarer=deal.declarer,
            levels=[duidiao.Rules.preset("chifeng").level_at(n) for n in deal.levels],
        )
        bots = [duidiao.make_bot(names[s], deal.bot_seeds[s]) for s in range(4)]
        hand = duidiao.play_hand(game, bots, fast=False)
        assert (hand.points, hand.dig, hand.scores) == (
            record.points,
            record.dig,
            record.scores,
        )


@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_a_bot_against_itself_scores_exactly_zero(bot: str) -> None:
    """Both games of a deal have the same cards, levels, declarer and, seat by seat, the same
    bot with the same seed: the second game repeats the first, with A and B's teams swapped,
    so each deal's margins cancel."""
    result = duel(bot, bot, 40, seed=4, threads=2)
    for first, second in zip(result.records[::2], result.records[1::2]):
        assert (first.points, first.outcome, first.scores) == (
            second.points,
            second.outcome,
            second.scores,
        )
        assert first.margin == -second.margin
    assert result.deal_margins() == [0.0] * 20
    assert result.mean == 0.0 and result.ci95 == 0.0
    assert result.declaring("A") == result.declaring("B")
    assert result.digs("A") == result.digs("B")


def test_swapping_a_and_b_negates_the_result() -> None:
    """Seeds go by seat, not by side: B vs A plays the games of A vs B in the other order."""
    ab = duel("heuristic", "random", 20, seed=8)
    ba = duel("random", "heuristic", 20, seed=8)
    assert ba.deal_margins() == [-m for m in ab.deal_margins()]
    assert ba.declaring("A") == ab.declaring("B") and ba.digs("B") == ab.digs("A")


def test_heuristic_beats_random() -> None:
    result = duel("heuristic", "random", 100, seed=1)
    assert result.mean - result.ci95 > 0
    assert result.declaring("A")["rate"] > result.declaring("B")["rate"]
    assert result.mean == pytest.approx(sum(r.margin for r in result.records) / 100)


def test_progress_and_hands_reported() -> None:
    seen: list[tuple[int, int]] = []
    hands: list[int] = []
    result = duel(
        "random",
        "heuristic",
        30,
        threads=2,
        progress=lambda done, total: seen.append((done, total)),
        on_hand=lambda hand: hands.append(hand.margin),
    )
    assert seen[-1] == (30, 30) and all(total == 30 for _, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert sorted(hands) == sorted(r.margin for r in result.records)


def test_one_deal_has_no_interval() -> None:
    result = duel("random", "heuristic", 2, seed=3)
    assert result.deals == 1 and math.isnan(result.ci95)
    assert result.to_json()["a_minus_b"]["ci95"] is None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"hands": 3}, "even"),
        ({"hands": 0}, "even"),
        ({"hands": -2}, "even"),
        ({"hands": 4, "threads": 0}, "threads"),
        ({"hands": 4, "b": "nobody"}, "nobody"),
        ({"hands": 4, "preset": "nowhere"}, "preset"),
    ],
)
def test_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"a": "heuristic", "b": "random", **kwargs}
    with pytest.raises(ValueError, match=message):
        duel(**args)  # type: ignore[arg-type]


def test_cli_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "duel", "--a", "heuristic", "--b", "random", "--hands", "40")
    assert code == 0 and err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0].startswith("heuristic vs random: +")
    assert "per hand (95% CI, 20 deals = 40 hands), preset chifeng, seed 0" in lines[0]
    assert lines[1].startswith("declarers stay: heuristic ")
    assert lines[2].startswith("digs as defenders: heuristic ")
    assert lines[3].startswith("xiaosa: heuristic ")
    _, same, _ = run(
        capsys, "duel", "--a", "heuristic", "--b", "random", "--hands", "40", "--threads", "1"
    )
    assert same == out


def test_cli_names_the_sides_of_a_self_duel(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "duel", "--a", "random", "--b", "random", "--hands", "4")
    assert code == 0 and out.startswith("random (A) vs random (B): +0.00 ± 0.00 per hand")


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "duel",
        "--a",
        "random",
        "--b",
        "heuristic",
        "--hands",
        "20",
        "--seed",
        "7",
        "--preset",
        "chifeng-classic",
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "a",
        "b",
        "preset",
        "seed",
        "hands",
        "deals",
        "a_minus_b",
        "declaring",
        "digs",
        "xiaosa",
        "spans",
        "tally",
        "pair_sums",
    }
    assert data["spans"] == [[0, 10]] and data["tally"]["deals"] == 10
    assert len(data["pair_sums"]) == 10 and sum(data["pair_sums"]) == data["tally"]["pair_total"]
    assert (data["a"], data["b"], data["preset"], data["seed"]) == (
        "random",
        "heuristic",
        "chifeng-classic",
        7,
    )
    assert (data["hands"], data["deals"]) == (20, 10)
    assert set(data["a_minus_b"]) == {"mean", "ci95"}
    for side in ("A", "B"):
        assert set(data["declaring"][side]) == {"declared", "stays", "rate", "defender_points"}
        assert set(data["digs"][side]) == {"joker", "level", "total"}
        assert isinstance(data["xiaosa"][side], int)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--hands", "3"], "even"),
        (["--hands", "0"], "even"),
        (["--b", "nobody"], "unknown bot 'nobody'"),
        (["--threads", "0"], "--threads"),
        (["--preset", "nowhere"], "invalid choice"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    base = {"--a": "heuristic", "--b": "random", "--hands": "4"}
    for flag, value in zip(argv[::2], argv[1::2]):
        base[flag] = value
    code, out, err = run(capsys, "duel", *[x for kv in base.items() for x in kv])
    assert code == 2 and out == "" and message in err


def test_cli_needs_both_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "duel", "--a", "heuristic")
    assert code == 2 and "--b" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_detail_is_drawn_and_padded() -> None:
    stream = _Terminal()
    bar = ProgressBar(4, "hands", stream)
    bar.update(2, "100 hands/s  A-B +10.00")
    bar.update(4, "9 hands/s  A-B +1.00")
    bar.close()
    first, second = stream.getvalue().split("\r")[1:]
    assert first == "hands [" + "#" * 15 + "-" * 15 + "] 2/4  100 hands/s  A-B +10.00"
    assert second.rstrip("\n").startswith("hands [" + "#" * 30 + "] 4/4  9 hands/s  A-B +1.00")
    assert len(second.rstrip("\n")) == len(first)


def test_a_duel_in_parts_merges_into_one_run(tmp_path) -> None:
    """Parts with their own first deals, added up, give exactly one run of all the deals —
    whatever the parts' order and thread counts; parts of other duels or overlapping deals
    are refused."""
    import json
    import subprocess
    import sys

    from duidiao.research.duel import DuelMergeError, DuelResult

    whole = duel("heuristic", "random", 40, seed=3, threads=1, records=False).to_json()
    one = duel("heuristic", "random", 14, seed=3, threads=2).to_json()
    two = duel("heuristic", "random", 26, seed=3, threads=1, first_deal=7).to_json()
    assert DuelResult.merge([two, one]).to_json() == whole
    assert whole["spans"] == [[0, 20]] and two["spans"] == [[7, 20]]
    with pytest.raises(DuelMergeError, match="overlap"):
        DuelResult.merge([one, one])
    other = duel("heuristic", "random", 26, seed=4, threads=1, first_deal=7).to_json()
    with pytest.raises(DuelMergeError, match="seed 4, not 3"):
        DuelResult.merge([one, other])
    with pytest.raises(DuelMergeError, match="not a duel"):
        DuelResult.merge([{"a": 1}])
    gap = duel("heuristic", "random", 4, seed=3, threads=1, first_deal=30).to_json()
    assert DuelResult.merge([one, gap]).to_json()["spans"] == [[0, 7], [30, 32]]

    # the command: parts written with --json, added with --merge
    files = []
    for hands, first in ((14, 0), (26, 7)):
        path = tmp_path / f"part{first}.json"
        out = subprocess.run(
            [sys.executable, "-m", "duidiao", "duel", "--a", "heuristic", "--b", "random",
             "--hands", str(hands), "--seed", "3", "--first-deal", str(first), "--json"],
            capture_output=True, text=True, check=True,
        ).stdout
        path.write_text(out)
        files.append(str(path))
    merged = subprocess.run(
        [sys.executable, "-m", "duidiao", "duel", "--merge", *files, "--json"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert json.loads(merged) == whole
    bad = subprocess.run(
        [sys.executable, "-m", "duidiao", "duel", "--merge", files[0], files[0]],
        capture_output=True, text=True,
    )
    assert bad.returncode == 2 and "overlap" in bad.stderr and "Traceback" not in bad.stderr


def test_a_merge_names_a_bad_part() -> None:
    from duidiao.research.duel import DuelMergeError, DuelResult

    part = duel("heuristic", "random", 4, seed=3, threads=1).to_json()
    for spans in ([[5, 2]], [["a", 2]], [[1]]):
        with pytest.raises(DuelMergeError, match="deal range"):
            DuelResult.merge([{**part, "spans": spans}])
    with pytest.raises(DuelMergeError, match="seed"):
        DuelResult.merge([{**part, "seed": "x"}])
    with pytest.raises(DuelMergeError, match="tally"):
        DuelResult.merge([{**part, "tally": {"deals": -1}}])


def test_two_duels_against_one_bot_compare_deal_by_deal(tmp_path, capsys) -> None:
    """compare pairs two duels' deals: its mean is the difference of their means, a duel against
    itself differs by exactly 0, and duels of other deals, or without per-deal results, are
    refused by name."""
    from duidiao.research.duel import compare

    first = duel("heuristic", "random", 40, seed=3, threads=2, records=False)
    second = duel("pimc:worlds=2", "random", 40, seed=3, threads=1)
    assert first.deal_margins() == [p / 2 for p in first.pair_sums or ()]
    paired = compare(first, second)
    assert paired.deals == 20 and math.isclose(paired.mean, first.mean - second.mean)
    assert 0 < paired.ci95 and 0 < paired.unpaired_ci95
    # the interval is that of the deal-by-deal differences
    d = [x - y for x, y in zip(first.deal_margins(), second.deal_margins())]
    mean = sum(d) / 20
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / 19)
    assert math.isclose(paired.ci95, 1.96 * sd / math.sqrt(20))
    same = compare(first, first)
    assert same.mean == 0 and same.ci95 == 0 and same.correlation == pytest.approx(1)
    with pytest.raises(ValueError, match="differ in seed"):
        compare(first, duel("heuristic", "random", 40, seed=4, threads=1))
    with pytest.raises(ValueError, match="differ in spans"):
        compare(first, duel("heuristic", "random", 20, seed=3, threads=1))
    old = {k: v for k, v in first.to_json().items() if k != "pair_sums"}
    with pytest.raises(ValueError, match="kept no per-deal results"):
        compare(DuelResult.merge([old]), second)
    # parts merged keep them in deal order
    parts = [duel("heuristic", "random", 14, seed=3, threads=1).to_json(),
             duel("heuristic", "random", 26, seed=3, threads=1, first_deal=7).to_json()]
    assert DuelResult.merge(parts[::-1]).pair_sums == first.pair_sums
    with pytest.raises(ValueError, match="pair_sums do not match"):
        DuelResult.merge([{**parts[0], "pair_sums": [1, 2]}])

    # the command
    paths = []
    for name, result in (("first", first), ("second", second)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(result.to_json()))
        paths.append(str(path))
    code, out, _ = run(capsys, "duel", "--compare", *paths)
    assert code == 0 and out.startswith(
        "heuristic − pimc:worlds=2, each against random on the same 20 deals")
    assert f"{paired.mean:+.3f} ± {paired.ci95:.3f} a hand" in out
    code, out, _ = run(capsys, "duel", "--compare", *paths, "--json")
    assert code == 0 and json.loads(out)["deals"] == 20
    code, out, err = run(capsys, "duel", "--compare", paths[0], str(tmp_path / "none.json"))
    assert code == 2 and out == "" and "--compare: cannot read" in err
    code, _, err = run(capsys, "duel", "--compare", *paths, "--merge", paths[0])
    assert code == 2 and "one at a time" in err
    code, _, err = run(capsys, "duel", "--compare", *paths, "--a", "heuristic", "--threads", "2")
    assert code == 2 and err.strip().endswith(
        "--compare: reads duels already played; leave out --a, --threads")
    code, _, err = run(capsys, "duel", "--merge", paths[0], "--first-deal", "3")
    assert code == 2 and "--merge: reads duels already played; leave out --first-deal" in err
