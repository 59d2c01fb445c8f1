"""player/assets/attention.js's transformer block (multiHead, mlp, relu, shortFigure), run in real
Chromium against attention/blocks.py and attention/figures.py on seeded random inputs: random
embeddings and weights, heads switched on and off, random biases, many seeds and shapes."""

from __future__ import annotations

import numpy as np
import pytest
from player_fixtures import REPO, browser  # noqa: F401

from attention import mlp, multi_head, relu, short_figure
from attention.multihead_mlp.explore import explore_data
from attention.multihead_mlp.lesson import lesson

SCRIPT = REPO / "player" / "assets" / "attention.js"
# (tokens, d_model, heads, d_head, d_hidden)
SHAPES = [(1, 1, 1, 1, 1), (2, 4, 2, 2, 3), (4, 6, 2, 3, 8), (5, 6, 3, 2, 12), (7, 8, 4, 2, 5)]
SEEDS = range(6)


@pytest.fixture(scope="module")
def js(browser):
    page = browser.new_page()
    page.add_script_tag(path=str(SCRIPT))
    yield page
    page.close()


def cases() -> list[dict]:
    """Every shape, each seed: random inputs (some blown up), a random pattern of heads switched
    on (all off and all on among them) and random biases, so that the ReLU bends some sums."""
    out = []
    for seed in SEEDS:
        rng = np.random.default_rng(seed)
        for n, d, h, dh, hidden in SHAPES:
            size = 30.0 if seed % 3 == 2 else 1.0
            on = [bool(b) for b in rng.integers(0, 2, size=h)]
            if seed == 0:
                on = [False] * h
            elif seed == 1:
                on = [True] * h
            out.append(dict(
                x=rng.normal(size=(n, d)) * size,
                w_q=[rng.normal(size=(d, dh)) for _ in range(h)],
                w_k=[rng.normal(size=(d, dh)) for _ in range(h)],
                w_v=[rng.normal(size=(d, dh)) for _ in range(h)],
                w_o=rng.normal(size=(h * dh, d)), on=on,
                w_up=rng.normal(size=(d, hidden)), b_up=rng.normal(size=hidden) * 2,
                w_down=rng.normal(size=(hidden, d)), b_down=rng.normal(size=d)))
    return out


def plain(c: dict) -> dict:
    return {k: ([a.tolist() for a in v] if isinstance(v, list) and isinstance(v[0], np.ndarray)
                else v.tolist() if isinstance(v, np.ndarray) else v) for k, v in c.items()}


def test_multi_head_and_mlp_match_numpy(js):
    all_cases = cases()
    got = js.evaluate("""cases => cases.map(c => {
        const A = LessonAttention;
        const mh = A.multiHead(c.x, c.w_q, c.w_k, c.w_v, c.w_o, {on: c.on});
        return {mh, mlp: A.mlp(mh.residual, c.w_up, c.b_up, c.w_down, c.b_down),
                relu: A.relu(c.x)};
    })""", [plain(c) for c in all_cases])
    assert len(got) == len(all_cases) == len(SHAPES) * len(SEEDS)
    bent = 0
    for c, mine in zip(all_cases, got):
        # a head switched off hands zeros on: numpy's multi_head with that head's W_V all zero
        w_v = [w if on else np.zeros_like(w) for w, on in zip(c["w_v"], c["on"])]
        ref = multi_head(c["x"], c["w_q"], c["w_k"], w_v, c["w_o"])
        every = multi_head(c["x"], c["w_q"], c["w_k"], c["w_v"], c["w_o"])
        for k, head in enumerate(every.heads):  # every head attends, on or off
            np.testing.assert_allclose(mine["mh"]["heads"][k]["weights"], head.weights, rtol=1e-12, atol=1e-12)
            np.testing.assert_allclose(mine["mh"]["heads"][k]["output"], head.output, rtol=1e-12, atol=1e-12)
        for name in ("concat", "projected", "residual"):
            np.testing.assert_allclose(mine["mh"][name], getattr(ref, name), rtol=1e-12, atol=1e-12, err_msg=name)
        m = mlp(ref.residual, c["w_up"], c["b_up"], c["w_down"], c["b_down"])
        for js_name, name in (("preActivation", "pre_activation"), ("activation", "activation"),
                              ("output", "output"), ("residual", "residual")):
            np.testing.assert_allclose(mine["mlp"][js_name], getattr(m, name), rtol=1e-10, atol=1e-10,
                                       err_msg=name)
        np.testing.assert_array_equal(mine["relu"], relu(c["x"]))
        bent += int(np.count_nonzero(m.pre_activation < 0))
    assert bent > 100  # the ReLU bent many sums to 0
    assert any(not any(c["on"]) for c in all_cases) and any(all(c["on"]) for c in all_cases)
    assert any(0 < sum(c["on"]) < len(c["on"]) for c in all_cases)


def test_short_figure_matches(js):
    rng = np.random.default_rng(8)
    ties = [0.0, -0.0, 0.005, -0.005, 0.015, 0.125, -0.125, 2.675, 0.75, -0.25, 3.0, -4.0, 0.4,
            0.004, -0.004, 0.999, -0.995, 99.995, 1e-20, 12345.678, 0.1 + 0.2]
    numbers = ties + list(rng.normal(size=400) * 5) + list(np.round(rng.normal(size=200) * 100) / 100)
    got = js.evaluate("xs => xs.map(x => LessonAttention.shortFigure(x))", numbers)
    assert got == [short_figure(x) for x in numbers]


def test_the_lesson_data_reproduces_the_lessons_block(js):
    """Through the page's data, the mirror gives the lesson's own heads, update and neuron."""
    d, L = explore_data(), lesson()
    mine = js.evaluate("""d => {
        const A = LessonAttention, h = d.heads;
        const mh = A.multiHead(d.embeddings, h.map(x => x.w_q), h.map(x => x.w_k), h.map(x => x.w_v), d.w_o);
        return {mh, mlp: A.mlp(mh.residual, d.w_up, d.b_up, d.w_down, d.b_down)};
    }""", d)
    for k, head in enumerate(L.attention.heads):
        np.testing.assert_allclose(mine["mh"]["heads"][k]["weights"], head.weights, rtol=1e-12)
    np.testing.assert_allclose(mine["mh"]["residual"], L.after_attention, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(mine["mlp"]["activation"], L.mlp.activation, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(mine["mlp"]["residual"], L.output, rtol=1e-12, atol=1e-12)
