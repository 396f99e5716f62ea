"""What a new user trying bad input found (issue 11, item 6): every case a one-line error (a
ValueError in the API, exit status 2 on the CLI) or, where it should, a correct answer."""

from __future__ import annotations

import importlib
import random
import statistics
from pathlib import Path

import pytest

pytest.importorskip("duidiao._core")

import duidiao  # noqa: E402
from duidiao import _core  # noqa: E402
from duidiao.cli import main  # noqa: E402
from duidiao.research.selfplay import Sums, quantile  # noqa: E402

duel_module = importlib.import_module("duidiao.research.duel")  # duidiao.duel is the function

EXAMPLE = (
    "chifeng level=5 trump=H declarer=S levels=NS:5,EW:3 "
    "S=BJ,5H,5H,AH,KH,TH,8H,8H,KD,7D,7D,6D,AS,AS,QS,9S,9S,KC,QC,JC,3C,3C,2C,2C "
    "E=?24 N=?24 W=?24 kitty=9D,9D,8S,7S,6S,4S,3S,2S tricks=S:AC|4C|TC|6C trick=S:"
)


def last_trick() -> str:
    """A fully known position: the last trick of a hand."""
    gone = duidiao.Cards.deck() - duidiao.Cards("AH,KH,QH,JH,7D,7D,6D,6D,4D,4D,3D,3D")
    return (
        "chifeng level=2 trump=S declarer=S levels=NS:2,EW:2 S=AH E=KH N=QH W=JH "
        f"kitty=7D,7D,6D,6D,4D,4D,3D,3D gone={gone} points=100 turn=S"
    )


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the CLI; assert exit status 2, no output and one line on stderr; return it."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("duidiao: error: ") and err.endswith("\n") and err.count("\n") == 1
    assert "usage:" not in err and "Traceback" not in err
    return err


# -- integers past the C++ int -------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"worlds": 2**31}, "worlds: expected a whole number from 1 to 2147483647"),
        ({"worlds": 2**70}, "from 1 to 2147483647"),
        ({"worlds": 10, "solve_cards": 99999999999999999999},
         "solve_cards: 99999999999999999999 is too large"),
        ({"worlds": 10, "seed": 2**64}, "seed: expected a whole number from 0 to 2"),
        ({"worlds": 10, "threads": 2**40}, "threads: 1099511627776 is too large"),
        ({"worlds": 10, "threads": 300}, "threads: expected a whole number from 1 to 256"),
    ],
)
def test_analyse_refuses_numbers_past_the_core(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duidiao.analyse(EXAMPLE, **kwargs)  # type: ignore[arg-type]


def test_sample_worlds_refuses_too_many_worlds() -> None:
    with pytest.raises(ValueError, match=r"n: expected a number of worlds from 0 to 1000000"):
        duidiao.sample_worlds(duidiao.Position(EXAMPLE), 2**40)
    with pytest.raises(ValueError, match="n:"):
        duidiao.sample_worlds(EXAMPLE, True)  # type: ignore[arg-type]


def test_defenders_reach_refuses_a_target_past_the_core() -> None:
    with pytest.raises(ValueError, match="target: expected a whole number from -2147483648 to"):
        duidiao.defenders_reach(last_trick(), 10**30)
    assert duidiao.defenders_reach(last_trick(), 100) is True  # a target in range is answered


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, 1.5])
def test_make_bot_refuses_seeds_past_uint64(seed: int) -> None:
    with pytest.raises(ValueError, match=r"seed: expected a whole number from 0 to 2\*\*64-1"):
        duidiao.make_bot("random", seed=seed)
    assert duidiao.make_bot("random", seed=2**64 - 1).seed == 2**64 - 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["analyse", EXAMPLE, "--worlds", "2147483648"], "--worlds: expected a whole number "
         "from 1 to 1000000, not '2147483648'"),
        # issue 27 (9): inside the old range, it failed naming an internal infer_pool
        (["analyse", EXAMPLE, "--worlds", "2147483647"], "--worlds: expected a whole number "
         "from 1 to 1000000"),
        (["analyse", EXAMPLE, "--seconds", "1e9"], "--seconds: expected a number above 0 to "
         "600 seconds"),
        (["analyse", EXAMPLE, "--seconds", "-1"], "analyse: argument --seconds: expected"),
        (["serve", "--port", "abc"], "serve: argument --port: expected a whole number from 0 "
         "to 65535, not 'abc'"),
        (["analyse", EXAMPLE, "--solve-cards", "99999999999999999999"], "--solve-cards: "
         "expected a whole number from 0 to 25"),
        (["analyse", EXAMPLE, "--seed", str(2**64)], "--seed: expected a whole number from 0"),
        (["analyse", EXAMPLE, "--threads", "0"], "--threads: expected a whole number from 1"),
        (["selfplay", "--hands", "99999999999999999999"], "--hands: expected a whole number "
         "from 0 to 1000000000"),
        (["selfplay", "--matches", "1000000001"], "--matches: expected a whole number"),
        (["selfplay", "--seed", "-1"], "--seed: expected a whole number from 0 to 2**64-1"),
        (["duel", "--a", "random", "--b", "random", "--hands", "2000000000"], "--hands"),
        (["duel", "--a", "random", "--b", "random", "--threads", "1000"], "--threads"),
    ],
)
def test_cli_refuses_numbers_out_of_range(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in one_line_error(capsys, *argv)


# -- --records that is not a folder ------------------------------------------------------------


def test_selfplay_records_not_a_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "passwd"
    a_file.write_text("not a folder\n")
    err = one_line_error(capsys, "selfplay", "--hands", "2", "--records", str(a_file))
    assert "--records: " in err and "is a file, not a folder" in err
    err = one_line_error(capsys, "selfplay", "--hands", "2", "--records", str(a_file / "x"))
    assert "--records: cannot make the folder" in err
    if Path("/etc/passwd").is_file():
        assert "is a file" in one_line_error(capsys, "selfplay", "--records", "/etc/passwd")
    if Path("/proc/self").is_dir():
        err = one_line_error(capsys, "selfplay", "--hands", "2", "--records", "/proc/nope")
        assert "--records: cannot make the folder '/proc/nope'" in err


# -- counts that would never end, memory that would not stay flat ------------------------------


def test_duel_without_records_has_the_same_statistics() -> None:
    kept = duidiao.duel("heuristic", "random", hands=40, seed=5, threads=2)
    flat = duidiao.duel("heuristic", "random", hands=40, seed=5, threads=2, records=False)
    assert len(kept.records) == 40 and flat.records == ()
    assert flat.to_json() == kept.to_json()
    assert flat.mean == pytest.approx(statistics.mean(kept.deal_margins()))
    assert flat.ci95 == pytest.approx(
        1.96 * statistics.stdev(kept.deal_margins()) / len(kept.deal_margins()) ** 0.5
    )


def test_duel_keeps_a_bounded_window_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    in_flight: list[int] = []
    real_wait = duel_module.wait

    def counting_wait(fs, **kwargs):  # type: ignore[no-untyped-def]
        in_flight.append(len(fs))
        return real_wait(fs, **kwargs)

    monkeypatch.setattr(duel_module, "wait", counting_wait)
    games = []
    duidiao.duel("random", "random", hands=2000, seed=1, threads=2, records=False,
                 on_hand=lambda hand: games.append(1))
    assert len(games) == 2000
    assert in_flight and max(in_flight) <= 2 * 4  # threads * 4 chunks, not every chunk at once


def test_duel_refuses_counts_past_its_maximum() -> None:
    with pytest.raises(ValueError, match="up to 1000000000"):
        duidiao.duel("random", "random", hands=2 * 10**9)


def test_selfplay_statistics_in_flat_memory_match_the_plain_formulas() -> None:
    rng = random.Random(3)
    values = [rng.randrange(0, 41) * 5 for _ in range(501)]
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    ordered = sorted(values)
    for q in (0, 10, 25, 50, 75, 90, 100):
        pos = (len(ordered) - 1) * q / 100
        low = int(pos)
        high = min(low + 1, len(ordered) - 1)
        plain = ordered[low] + (ordered[high] - ordered[low]) * (pos - low)
        assert quantile(counts, len(values), q) == pytest.approx(plain)
    sums = Sums()
    for v in values:
        sums.add(v - 100)
    shifted = [v - 100 for v in values]
    ci = 1.96 * statistics.stdev(shifted) / len(shifted) ** 0.5
    assert sums.mean_ci() == {"mean": round(statistics.mean(shifted), 4), "ci95": round(ci, 4)}


# -- sample_worlds takes a string; Rules.replace validates -------------------------------------


def test_sample_worlds_accepts_a_position_string() -> None:
    from_text = duidiao.sample_worlds(EXAMPLE, 2, seed=4)
    assert from_text == duidiao.sample_worlds(duidiao.Position(EXAMPLE), 2, seed=4)
    assert len(from_text) == 2 and all(not w.unknown["E"] for w in from_text)


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"must_play_levels": (99,)}, "must_play_levels: 99 is not a level 0..12"),
        ({"must_play_levels": (-1, 3)}, "must_play_levels: -1 is not a level"),
        ({"must_play_levels": "JQK"}, "must_play_levels: a tuple of levels"),
        ({"must_play_levels": (True,)}, "must_play_levels: True is not a level"),
        ({"k_dig": "nine"}, "k_dig: swap or ten, not 'nine'"),
        ({"kitty_points": "doubled"},
         "kitty_points: never, power, cards, component or double, not 'doubled'"),
        ({"first_declarer": "last"}, "first_declarer: standing or first, not 'last'"),
        ({"stakes": "on"}, "stakes: True or False, not 'on'"),
        ({"ace_low_tractor": 1}, "ace_low_tractor: True or False, not 1"),
        ({"level_card_grab": "yes"}, "level_card_grab: True or False"),
        ({"throw_penalty": -5}, "throw_penalty: a whole number of points from 0"),
        ({"throw_penalty": 2**40}, "throw_penalty: a whole number of points from 0"),
        ({"name": ""}, "name: a rules name"),
        ({"no_such_option": True}, "unknown rules option no_such_option"),
    ],
)
def test_rules_replace_validates_every_option(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        duidiao.Rules.preset("chifeng").replace(**changes)


def test_rules_replace_still_takes_good_values() -> None:
    rules = duidiao.Rules.preset("chifeng").replace(must_play_levels=[9, 12], k_dig="ten")
    assert rules.must_play_levels == (9, 12) and rules.k_dig == "ten"
    assert duidiao.Rules.from_json("chifeng", {"must_play_levels": [12]}).must_play_levels == (12,)
    with pytest.raises(ValueError, match="must_play_levels"):
        duidiao.Rules.from_json("chifeng", {"must_play_levels": [13]})


# -- a 1 MB bad token, a short message ----------------------------------------------------------

BIG = "Z" * 1_000_000


@pytest.mark.parametrize(
    "text, field",
    [
        (EXAMPLE.replace("kitty=9D", "kitty=" + BIG), "kitty"),
        (EXAMPLE.replace("level=5", "level=" + BIG), "level"),
        (EXAMPLE.replace("trump=H", "trump=" + BIG), "trump"),
        (EXAMPLE.replace("declarer=S", "declarer=" + BIG), "declarer"),
        (EXAMPLE.replace("levels=NS:5", "levels=" + BIG), "levels"),
        (EXAMPLE.replace("tricks=S:AC", "tricks=" + BIG), "tricks"),
        (EXAMPLE + " " + BIG, "position"),
        (EXAMPLE + " " + BIG + "=1", "position"),
        (EXAMPLE + " points=" + BIG, "points"),
        (EXAMPLE + " voids=E:" + BIG, "voids"),
        (EXAMPLE + " dry=" + BIG, "dry"),
        (BIG + " " + EXAMPLE, "preset"),
    ],
)
def test_a_huge_bad_token_is_quoted_by_a_bounded_prefix(text: str, field: str) -> None:
    with pytest.raises(duidiao.NotationError) as info:
        duidiao.Position(text)
    message = str(info.value)
    assert message.startswith(f"{field}: ") and len(message) < 300
    assert "Z" * 30 in message and "'… (" in message and "characters)" in message


def test_huge_cards_and_moves_are_quoted_by_a_bounded_prefix() -> None:
    for attempt in (lambda: duidiao.Cards(BIG), lambda: duidiao.Position(EXAMPLE).play(BIG),
                    lambda: duidiao.Cards("AH,," + BIG)):
        with pytest.raises(duidiao.NotationError) as info:
            attempt()
        assert len(str(info.value)) < 300


def test_short_tokens_are_quoted_whole_as_docs_notation_md_says() -> None:
    bad = EXAMPLE.replace("kitty=9D", "kitty=1H")
    with pytest.raises(duidiao.NotationError) as info:
        duidiao.Position(bad)
    assert str(info.value) == "kitty: '1H' is not a card (ranks are 2-9, T or 10, J, Q, K, A)"
    forty = "Z" * 40
    with pytest.raises(duidiao.NotationError, match=f"'{forty}' is not a card"):
        duidiao.Cards(forty)


def test_cli_quotes_a_huge_token_on_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_error(capsys, "moves", EXAMPLE.replace("kitty=9D", "kitty=" + BIG))
    assert err.startswith("duidiao: error: kitty: ") and len(err) < 300


# -- argparse errors on one line ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, message",
    [
        ([], "the following arguments are required: COMMAND"),
        (["nosuch"], "invalid choice: 'nosuch'"),
        (["moves"], "moves: the following arguments are required: position"),
        (["duel", "--a", "random"], "--a and --b: name both bots"),
        (["selfplay", "--preset", "nowhere"], "selfplay: argument --preset: invalid choice"),
        (["show", EXAMPLE, "--no-such-flag"], "unrecognized arguments: --no-such-flag"),
        (["analyse", EXAMPLE, "--seconds", "soon"], "analyse: argument --seconds: expected"),
    ],
)
def test_argparse_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in one_line_error(capsys, *argv)


def test_help_still_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "usage: duidiao" in capsys.readouterr().out


# -- seats refused in the bindings, not wrapped ------------------------------------------------


@pytest.mark.parametrize("seat", [4, 5, -1, 2**31 - 1])
def test_the_bindings_refuse_seats_past_west(seat: int) -> None:
    hand = duidiao.Position(EXAMPLE)._hand
    game = duidiao.Game.deal(1)._core
    calls = [
        lambda: hand.hand(seat),
        lambda: hand.unknown(seat),
        lambda: hand.voids(seat),
        lambda: game.held(seat),
        lambda: game.exposed(seat),
        lambda: game.observe(seat),
        lambda: _core.declaration_options(_core.Rules(), seat, (0, 0), 0, [], 0),
    ]
    for call in calls:
        with pytest.raises(ValueError, match=f"seat must be 0 to 3 .*not {seat}"):
            call()
    assert hand.unknown(1) == 24  # a seat in range still answers


def test_observation_refuses_a_seat_past_west() -> None:
    observation = duidiao.Game.deal(1)._core.observe(0)
    for seat in (4, -1):
        with pytest.raises(ValueError, match="seat must be 0 to 3"):
            observation.exposed(seat)
        with pytest.raises(ValueError, match="seat must be 0 to 3"):
            observation.hand_size(seat)


# -- Game.deal names the argument given --------------------------------------------------------


def test_game_deal_names_the_declarer() -> None:
    with pytest.raises(ValueError) as info:
        duidiao.Game.deal(1, declarer="X")
    assert str(info.value) == "declarer: 'X' is not a seat (S, E, N, W)"
    with pytest.raises(ValueError, match="^first_drawer: 'Q' is not a seat"):
        duidiao.Game.deal(1, first_drawer="Q")
    assert duidiao.Game.deal(1, declarer="n").first_drawer == "N"


def test_the_command_says_its_version_and_what_duel_needs(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 (9): there was no --version, and duel's usage showed --a and --b as optional."""
    import duidiao
    from duidiao.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"duidiao {duidiao.__version__}"
    assert main(["duel", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: duidiao duel --a BOT --b BOT")


def test_a_server_that_cannot_start_says_why_and_leaves_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 (9): a port in use exited 1 with the raw errno text, having made --data."""
    pytest.importorskip("uvicorn")
    import socket

    from duidiao.cli import main

    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        data = tmp_path / "data"
        port = str(taken.getsockname()[1])
        assert main(["serve", "--port", port, "--data", str(data)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot listen on 127.0.0.1:" in err
        assert "Errno" not in err and "address already in use" in err
        assert not data.exists()
    finally:
        taken.close()


def test_a_bad_bot_setting_names_its_range_in_digits() -> None:
    """Issue 27 (9): `pimc:worlds=abc` said `from 1 to 1e+06`."""
    import duidiao

    with pytest.raises(ValueError, match=r"worlds needs a whole number from 1 to 1000000, "
                                         r"not 'abc'"):
        duidiao.make_bot("pimc:worlds=abc")
    with pytest.raises(ValueError, match=r"miss needs a number from 0.001 to 1, not '2'"):
        duidiao.make_bot("pimc:miss=2")


def test_help_gives_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 27 (9): --help showed no defaults."""
    from duidiao.cli import main

    assert main(["selfplay", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 100)" in text and "(default: 0)" in text and "(default: chifeng)" in text
