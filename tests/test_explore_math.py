"""player/assets/attention.js, run in real Chromium, against the numpy core and its rounding."""

from __future__ import annotations

import json

import numpy as np
import pytest
from player_fixtures import REPO, browser  # noqa: F401

from attention import attend, exact_score_figure, percent, percent_figure, score_figure, value_figure
from attention.attention.explore import explore_data
from attention.attention.lesson import lesson
from attention.attention.vocabulary import EXTRA_WORDS, vocabulary

SCRIPT = REPO / "player" / "assets" / "attention.js"
SHAPES = [(1, 1, 1, 1), (2, 3, 2, 4), (4, 5, 4, 5), (5, 6, 3, 4), (7, 3, 5, 2), (12, 8, 6, 8)]
STEPS = ("queries", "keys", "values", "scores", "weights", "output")


@pytest.fixture(scope="module")
def js(browser):
    page = browser.new_page()
    page.add_script_tag(path=str(SCRIPT))
    yield page
    page.close()


def cases():
    """Seeded random inputs: every shape, mask on and off, scaled or not, three temperatures,
    and inputs blown up until the scores reach the thousands."""
    rng = np.random.default_rng(2026)
    out = []
    for n, d_model, d_k, d_v in SHAPES:
        for causal in (False, True):
            for size in (1.0, 40.0):
                for scaled, temperature in ((True, 1.0), (False, 0.3), (True, 2.5)):
                    x = rng.normal(size=(n, d_model)) * size
                    w_q, w_k, w_v = (rng.normal(size=(d_model, d)) for d in (d_k, d_k, d_v))
                    out.append(dict(x=x, w_q=w_q, w_k=w_k, w_v=w_v, causal=causal, scaled=scaled,
                                    temperature=temperature))
    return out


def test_every_intermediate_matches_attend(js):
    all_cases = cases()
    got = js.evaluate("""cases => cases.map(c => LessonAttention.attend(c.x, c.w_q, c.w_k, c.w_v,
        {causal: c.causal, scaled: c.scaled, temperature: c.temperature}))""",
                      [{k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in c.items()}
                       for c in all_cases])
    assert len(got) == len(all_cases) == 72
    largest = 0.0
    for c, mine in zip(all_cases, got):
        ref = attend(c["x"], c["w_q"], c["w_k"], c["w_v"], causal=c["causal"], scaled=c["scaled"],
                     temperature=c["temperature"])
        for name in STEPS:
            a, b = np.array(mine[name], dtype=float), getattr(ref, name)
            assert a.shape == b.shape, name
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12, err_msg=name)
        np.testing.assert_allclose(np.sum(mine["weights"], axis=1), 1.0, atol=1e-12)
        largest = max(largest, float(np.max(np.abs(ref.scores[np.isfinite(ref.scores)]))))
        if c["causal"]:
            assert np.all(np.array(mine["weights"])[np.triu_indices(len(c["x"]), k=1)] == 0.0)
    assert largest > 1000  # the softmax met scores that overflow exp() unless shifted


def test_rounding_matches_the_lesson_figures(js):
    rng = np.random.default_rng(5)
    ties = [0.25, -0.25, 0.35, 0.05, -0.05, 2.5, 0.125, 0.375, -0.0, 0.0, 6.05, 5.75, 2.675,
            1234.45, 1e-20, -0.04, -0.004, 0.045, 1e22, 3.0, -7.25]
    numbers = ties + list(rng.normal(size=300) * 10) + list(np.round(rng.normal(size=200) * 100, 2) / 10)
    weights = ([0.0, 1.0, 0.5, 0.005, 0.015, 0.025, 0.125, 0.555, 0.0049999, 1e-300, 0.995, 0.985]
               + list(rng.uniform(size=300)) + list(np.round(rng.uniform(size=100), 3)))
    got = js.evaluate("""([xs, ws]) => ({
        score: xs.map(x => LessonAttention.scoreFigure(x)),
        exact: xs.map(x => LessonAttention.exactScoreFigure(x)),
        value: xs.map(x => LessonAttention.valueFigure(x)),
        percent: ws.map(w => LessonAttention.percent(w)),
        percentFigure: ws.map(w => LessonAttention.percentFigure(w)),
    })""", [numbers, weights])
    assert got["score"] == [score_figure(x) for x in numbers]
    assert got["exact"] == [exact_score_figure(x) for x in numbers]
    assert got["value"] == [value_figure(x) for x in numbers]
    assert got["percent"] == [percent(w) for w in weights]
    assert got["percentFigure"] == [percent_figure(w) for w in weights]


def test_the_lesson_data_reproduces_the_narrated_figures(js):
    data = explore_data()
    json.dumps(data)  # plain data only
    mine = js.evaluate("""d => {
        const r = LessonAttention.attend(d.embeddings, d.w_q, d.w_k, d.w_v);
        return {scores: r.scores[d.focus].map(s => LessonAttention.scoreFigure(s, d.score_decimals)),
                weights: r.weights[d.focus].map(w => LessonAttention.percentFigure(w))};
    }""", data)
    L = lesson()
    assert mine["scores"] == [score_figure(s) for s in L.focus_scores]
    assert mine["weights"] == [percent_figure(w) for w in L.focus_weights]
    assert mine["scores"][L.index("fluffy")] == "6.1" and mine["weights"][L.index("blue")] == "41%"


def test_vocabulary_speaks_the_lessons_features():
    L = lesson()
    words = vocabulary()
    assert list(words)[:len(L.tokens)] == list(L.tokens)
    for i, token in enumerate(L.tokens):
        np.testing.assert_array_equal(words[token], L.embeddings[i])
    assert {"the", "red", "dog"} <= set(words) and set(EXTRA_WORDS) <= set(words)
    red, blue = words["red"], words["blue"]
    adjective, colour = L.features.index("adjective"), L.features.index("blue colour")
    assert red[adjective] == blue[adjective] == 1.0 and red[colour] == 0.0
    assert explore_data()["vocabulary"]["dog"] == words["dog"].tolist()
