"""The worked example reproduces the narration's figures, by construction rather than by luck."""

import math

import numpy as np

from attention import lesson, percent_figure, score_figure

NARRATION = {"scores": {"fluffy": "6.1", "blue": "5.8"}, "percent": {"fluffy": "55%", "blue": "41%"}}


def test_scores_and_weights_round_to_the_narration():
    L = lesson()
    for token, figure in NARRATION["scores"].items():
        assert score_figure(L.focus_scores[L.index(token)]) == figure
    for token, figure in NARRATION["percent"].items():
        assert percent_figure(L.focus_weights[L.index(token)]) == figure


def test_article_gets_the_smallest_share_and_the_rest_are_scraps():
    L = lesson()
    w = L.focus_weights
    assert np.argmin(w) == L.index("a")
    assert w[L.index("a")] < 0.01
    assert math.isclose(w.sum(), 1.0)


def test_scores_are_scaled_by_root_d_k():
    L = lesson()
    q = L.embeddings[L.focus] @ L.w_q
    k = L.embeddings[L.index("fluffy")] @ L.w_k
    assert L.d_k == 4
    assert math.isclose(L.focus_scores[L.index("fluffy")], q @ k / math.sqrt(L.d_k))


def test_creature_new_vector_gains_fluffy_and_blue_features():
    L = lesson()
    before, after = L.embeddings[L.focus], L.focus_new_vector
    np.testing.assert_allclose(after, before + L.result.output[L.focus])
    gained = {f: after[i] - before[i] for i, f in enumerate(L.features)}
    assert max(gained, key=gained.get) == "fluffy texture"
    assert gained["blue colour"] > 0.4 and gained["article"] == 0.0


def test_embeddings_are_named_features():
    L = lesson()
    assert L.tokens == ("a", "fluffy", "blue", "creature")
    assert L.embeddings.shape == (4, len(L.features))
    assert L.w_q.shape == (len(L.features), L.d_k)
