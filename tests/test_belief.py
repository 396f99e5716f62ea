"""The learned belief (docs/belief.md): the weights file and its refusals, the core's network
against a numpy forward pass of the same weights, the features, the training script, the
data's truth column, and the bots' `belief` setting."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("duidiao._core")

import duidiao  # noqa: E402
from duidiao import _core  # noqa: E402
from duidiao.play.cards import SEATS  # noqa: E402
from duidiao.research import belief_training  # noqa: E402
from duidiao.research.data import DataWriter, load, record_hand  # noqa: E402
from duidiao.search import belief  # noqa: E402

FEATURES = int(_core.BELIEF_FEATURES)


@pytest.fixture(autouse=True)
def _shipped_model_back():
    """Each test leaves the bots' belief as the package loaded it."""
    yield
    _core.unload_belief_model()
    belief.install_default()


def small_weights(seed: int = 0,
                  presets: tuple[str, ...] = ("chifeng",)) -> belief.BeliefWeights:
    rng = np.random.default_rng(seed)
    def normal(*shape: int) -> np.ndarray:
        return rng.standard_normal(shape).astype(np.float32)

    layers = ((normal(FEATURES, 8), normal(8)), (normal(8, 4), normal(4)))
    planes = int(_core.OBSERVATION_PLANES_VERSION)
    return belief.BeliefWeights(planes, presets, layers, {"test": True})


def a_play_observation(seed: int = 3, tricks: int = 5,
                       rules: str = "chifeng") -> duidiao.Observation:
    game = duidiao.Game.deal(seed, rules=rules, declarer="S")
    bot = duidiao.make_bot("heuristic")
    while game.phase != "play":
        game.apply(bot.decide(game.observe(game.to_act)))
    for _ in range(4 * tricks + 1):
        game.apply(bot.decide(game.observe(game.to_act)))
    return game.observe(game.to_act)


def numpy_factors(weights: belief.BeliefWeights, obs: duidiao.Observation) -> np.ndarray:
    x = _core.belief_features(obs.planes()[None])[0]
    for i, (w, b) in enumerate(weights.layers):
        x = x @ w + b
        if i + 1 < len(weights.layers):
            x = np.maximum(x, 0)
    return x


def test_the_core_network_is_the_numpy_forward_pass_of_its_weights(tmp_path: Path) -> None:
    weights = small_weights()
    belief.write(tmp_path / "b.npz", weights)
    back = belief.read(tmp_path / "b.npz")
    assert back.presets == ("chifeng",) and back.card == {"test": True}
    belief.install(back)
    for seed in range(4):
        obs = a_play_observation(seed, tricks=seed + 1)
        assert np.allclose(belief.log_factors(obs), numpy_factors(weights, obs), atol=1e-4)


def test_features_read_the_face_its_suit_and_its_rank() -> None:
    obs = a_play_observation()
    planes = obs.planes()
    f = _core.belief_features(planes[None])[0]
    assert f.shape == (54, FEATURES)
    assert np.array_equal(f[:, :20], planes[:20].T)  # the face's own column of the card rows
    trumps = planes[18] > 0
    suit = np.where(trumps | (np.arange(54) >= 52), 4, np.arange(54) // 13)
    for face in (0, 20, 53):
        same = suit == suit[face]
        assert np.allclose(f[face, 20:40], planes[:20, same].sum(axis=1) / 8)
    assert np.array_equal(f[:, -15:].argmax(axis=1), [*(np.arange(52) % 13), 13, 14])
    with pytest.raises(ValueError, match="shape"):
        _core.belief_features(np.zeros((2, 3, 54), dtype=np.float32))


@pytest.mark.parametrize("change, words", [
    (lambda a: a.update(planes=np.array(99)), "planes version 99"),
    (lambda a: a.update(format=np.array("other")), "not a belief model"),
    (lambda a: a.update(version=np.array(7)), "file version 7"),
    (lambda a: a.update(presets=np.array(["nowhere"])), "presets"),
    (lambda a: a.update(w1=np.zeros((8, 5), dtype=np.float32)), "layer 1"),
    (lambda a: a.update(w0=np.full((FEATURES, 8), np.nan, dtype=np.float32)), "not finite"),
    (lambda a: a.update(card=np.array("{bad")), "card"),
])
def test_a_file_that_does_not_fit_is_refused_in_one_line(tmp_path: Path, change, words) -> None:
    belief.write(tmp_path / "b.npz", small_weights())
    with np.load(tmp_path / "b.npz") as data:
        arrays = {k: data[k] for k in data.files}
    change(arrays)
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(ValueError) as info:
        belief.read(tmp_path / "bad.npz")
    assert words in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(ValueError, match="not a belief"):
        belief.read(tmp_path / "missing.npz")


def test_the_core_refuses_other_planes_and_shapes() -> None:
    w = small_weights()
    with pytest.raises(ValueError, match="planes version 99"):
        _core.load_belief_model(99, ["chifeng"], list(w.layers))
    with pytest.raises(ValueError, match="layer 0"):
        wrong = (np.zeros((3, 4), np.float32), np.zeros(4, np.float32))
        _core.load_belief_model(w.planes, ["chifeng"], [wrong])
    with pytest.raises(ValueError, match="preset"):
        _core.load_belief_model(w.planes, ["nowhere"], list(w.layers))


def test_the_model_answers_under_its_presets_only() -> None:
    belief.install(small_weights(presets=("chifeng",)))
    with pytest.raises(ValueError, match="not trained under these rules"):
        belief.log_factors(a_play_observation(rules="shanghai"))
    _core.unload_belief_model()
    with pytest.raises(ValueError, match="no belief model"):
        belief.log_factors(a_play_observation())


def test_the_setting_needs_inference_and_is_inert_outside_the_models_rules() -> None:
    with pytest.raises(ValueError, match="infer=2"):
        duidiao.make_bot("pimc:belief=1")
    belief.install(small_weights(presets=("chifeng",)))
    obs = a_play_observation(rules="shanghai", tricks=3)
    plain = duidiao.make_bot("pimc:worlds=32,infer=4,miss=0.5", seed=5).decide(obs)
    weighed = duidiao.make_bot("pimc:worlds=32,infer=4,miss=0.5,belief=1", seed=5).decide(obs)
    assert plain == weighed  # a shanghai view: the chifeng model is not asked


def test_the_belief_changes_the_worlds_weighed() -> None:
    """A strong model (large factors) draws other worlds than the inference alone: over a few
    decisions some analysis differs."""
    weights = small_weights(seed=2)
    layers = (weights.layers[0], (weights.layers[1][0] * 20, weights.layers[1][1]))
    belief.install(belief.BeliefWeights(weights.planes, weights.presets, layers))
    differs = 0
    for seed in range(3):
        obs = a_play_observation(seed, tricks=2)
        a = duidiao.make_bot("pimc:worlds=64,infer=4,miss=0.5", seed=1)
        b = duidiao.make_bot("pimc:worlds=64,infer=4,miss=0.5,belief=1", seed=1)
        a.decide(obs), b.decide(obs)
        differs += a.last_values != b.last_values
    assert differs > 0


def test_the_belief_draws_the_worlds_so_that_they_keep_counting() -> None:
    """A model whose factors are the same for every card of a suit (its first layer reads only
    the suit's features): the tilted draw (WorldSampler::tilt) takes all of it, so the worlds
    weigh as with the inference alone. Weighing uniform worlds by it instead leaves one or two
    worlds counting (measured: an effective pool of 1.0-2.0 of 256 with the tilt left out)."""
    rng = np.random.default_rng(4)
    first = np.zeros((FEATURES, 8), np.float32)
    first[20:40] = rng.standard_normal((20, 8))  # the face's suit's features (belief.cpp)
    layers = ((first, rng.standard_normal(8).astype(np.float32)),
              (rng.standard_normal((8, 4)).astype(np.float32), np.zeros(4, np.float32)))
    belief.install(belief.BeliefWeights(int(_core.OBSERVATION_PLANES_VERSION), ("chifeng",),
                                        layers))
    for seed in range(3):
        obs = a_play_observation(seed, tricks=2)
        assert np.ptp(belief.log_factors(obs)) > 3  # a model far from uniform
        plain = duidiao.make_bot("pimc:worlds=64,infer=4,miss=0.5", seed=1)
        weighed = duidiao.make_bot("pimc:worlds=64,infer=4,miss=0.5,belief=1", seed=1)
        plain.decide(obs), weighed.decide(obs)
        worth, alone = weighed.last_worlds, plain.last_worlds
        assert worth.pool == alone.pool == 256 and worth.worlds == 64
        assert worth.effective_pool > 0.5 * alone.effective_pool > 40, (worth, alone)


def test_a_bot_that_did_not_search_reports_no_worlds() -> None:
    bot = duidiao.make_bot("pimc:worlds=8", seed=1)
    assert bot.last_worlds == (0, 0, 0.0, 0.0)
    bot.decide(a_play_observation(0, tricks=2))
    assert bot.last_values and bot.last_worlds.worlds == 8 and bot.last_worlds.pool == 0
    assert duidiao.make_bot("heuristic").last_worlds == (0, 0, 0.0, 0.0)


def write_run(folder: Path, hands: int = 6, rules: str = "chifeng") -> None:
    bots = [duidiao.make_bot("heuristic", seed=s) for s in range(4)]
    writer = DataWriter(folder)
    for hand in range(hands):
        record_hand(writer, duidiao.Game.deal(hand, rules=rules, declarer=SEATS[hand % 4]),
                    bots, hand, hand)
    writer.close({"preset": rules})


def test_the_data_holds_every_seats_cards_when_asked(tmp_path: Path) -> None:
    write_run(tmp_path / "run", hands=2)
    d = load(tmp_path / "run").decisions
    holders, obs = d["holders"], d["observation"]
    assert np.array_equal(holders[:, 0], obs[:, 0])  # rel 0 is the seat's own hand
    sizes = np.rint(obs[:, 25, :4] * 33)
    assert np.array_equal(holders[:, :4].sum(axis=2), sizes)
    play = d["phase"] == 4  # in the play every card is in a hand, the kitty or played
    assert (holders[play].sum(axis=(1, 2)) + obs[play, 6:14].sum(axis=(1, 2)) == 108).all()


def test_training_writes_a_model_the_bots_load(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    write_run(tmp_path / "run", hands=10)
    ex, presets = belief_training.examples([tmp_path / "run"])
    assert presets == ["chifeng"] and ex.x.shape[1:] == (54, FEATURES)
    # the truth: every hidden card is somewhere, and the uniform guess is a distribution
    hidden = ex.t.sum(axis=(1, 2))
    assert hidden.max() > 50 and (ex.t >= 0).all()
    rows = ex.t.sum(axis=2) > 0
    assert np.allclose(ex.prior.sum(axis=2)[rows], 1, atol=1e-5)
    assert (ex.prior[ex.t > 0] > 0).all()  # the guess never rules out where a card is
    out = tmp_path / "b.npz"
    assert belief_training.main([str(tmp_path / "run"), "--out", str(out), "--epochs", "2",
                                 "--hidden", "8", "--seed", "3"]) == 0
    weights = belief.read(out)
    assert weights.presets == ("chifeng",) and weights.card["epochs"] == 2
    assert weights.card["held_out_nats"] <= weights.card["uniform_nats"] + 1e-3  # starts from it
    belief.install(weights)
    assert belief.log_factors(a_play_observation()).shape == (54, 4)
    # the same seed trains the same weights
    again = tmp_path / "c.npz"
    belief_training.main([str(tmp_path / "run"), "--out", str(again), "--epochs", "2",
                          "--hidden", "8", "--seed", "3"])
    assert all(np.array_equal(a, b) for la, lb in zip(weights.layers, belief.read(again).layers)
               for a, b in zip(la, lb))
    capsys.readouterr()
    assert belief_training.main([str(tmp_path / "nothing"), "--out", str(out)]) == 2
    assert "no self-play data" in capsys.readouterr().err


def test_the_shipped_model_is_loaded_and_names_its_training() -> None:
    if not belief.SHIPPED.is_file():
        pytest.skip("no shipped model in this tree")
    weights = belief.read()
    assert set(_core.belief_presets()) == set(weights.presets)
    for key in ("runs", "presets", "held_out_nats", "uniform_nats", "seed", "examples"):
        assert key in weights.card
    assert weights.card["held_out_nats"] < weights.card["uniform_nats"]
    json.dumps(weights.card)


def test_an_operator_file_replaces_the_shipped_one_and_a_bad_one_is_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    belief.write(tmp_path / "mine.npz", small_weights(presets=("tractor",)))
    monkeypatch.setenv(belief.ENVIRONMENT, str(tmp_path / "mine.npz"))
    belief.install_default()
    assert _core.belief_presets() == ["tractor"]
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    monkeypatch.setenv(belief.ENVIRONMENT, str(tmp_path / "bad.npz"))
    with pytest.warns(UserWarning, match="DUIDIAO_BELIEF.*bad.npz.*the shipped belief is used"):
        belief.install_default()
    monkeypatch.delenv(belief.ENVIRONMENT)
    if belief.SHIPPED.is_file():
        assert _core.belief_presets() == list(belief.read().presets)
