"""The worked example reproduces the narration's figures, by construction rather than by luck."""

import math

import numpy as np

from attention import exact_score_figure, percent_figure, score_figure
from attention.attention.lesson import lesson

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


# --- the arithmetic the scenes show, recomputed here from the core's inputs -----------------

def _by_hand():
    """Creature's attention worked out with plain numpy from the lesson's inputs alone."""
    L = lesson()
    x = L.embeddings
    q, k, v = x @ L.w_q, x @ L.w_k, x @ L.w_v
    products = q[L.focus] * k  # (n, d_k): creature's query entry by entry against every key
    raw = products.sum(axis=1)
    scores = raw / math.sqrt(q.shape[1])
    e = np.exp(scores)
    return L, q, v, products, raw, scores, e


def test_dot_product_terms_sum_to_the_raw_score_and_the_score_is_raw_over_root_d():
    L, q, _, products, raw, scores, _ = _by_hand()
    np.testing.assert_allclose(L.focus_terms, products)
    np.testing.assert_allclose(L.focus_raw_scores, raw)
    assert L.result.scale == math.sqrt(L.d_k)
    fluffy = L.index("fluffy")
    # as the dot-product scene spells it out: 3.0×3.8 + 0.4×2.0 + 0.2×0.0 + 1.5×0.0 = 12.2, ÷ 2 = 6.1
    assert score_figure(sum(L.focus_terms[fluffy])) == score_figure(raw[fluffy])
    assert score_figure(L.focus_raw_scores[fluffy] / L.result.scale) == score_figure(scores[fluffy])
    assert score_figure(scores[fluffy]) == NARRATION["scores"]["fluffy"]


def test_the_scenes_score_figure_is_exact_and_agrees_with_the_narration():
    """The scenes show each score as it is (a's 1.5 ÷ 2 as 0.75, never 0.8), in two decimals at
    most, and the figures the voice says read the same on screen."""
    L, *_, scores, _ = _by_hand()
    for score in scores:
        figure = exact_score_figure(score)
        assert math.isclose(float(figure), score, abs_tol=1e-9)
        assert 1 <= len(figure.partition(".")[2]) <= 2
        assert not figure.endswith("0") or len(figure.partition(".")[2]) == 1
    assert exact_score_figure(1.5 / 2) == "0.75" and exact_score_figure(12.2 / 2) == "6.1"
    assert exact_score_figure(0.0) == "0.0" and exact_score_figure(4.4 / 2) == "2.2"
    for token, figure in NARRATION["scores"].items():
        assert exact_score_figure(L.focus_scores[L.index(token)]) == figure


def test_softmax_is_each_exponential_over_their_sum():
    L, *_, scores, e = _by_hand()
    np.testing.assert_allclose(L.focus_exponentials, e)
    assert math.isclose(L.focus_exp_sum, e.sum())
    np.testing.assert_allclose(L.focus_exponentials / L.focus_exp_sum, L.focus_weights)
    for token, figure in NARRATION["percent"].items():
        i = L.index(token)
        assert percent_figure(e[i] / e.sum()) == figure


def test_weighted_values_add_up_to_the_update():
    L, _, v, *_, e = _by_hand()
    scaled = (e / e.sum())[:, None] * v
    np.testing.assert_allclose(L.focus_weighted_values, scaled)
    np.testing.assert_allclose(L.focus_weighted_values.sum(axis=0), L.focus_update)


def test_projection_terms_sum_to_each_query_entry():
    L, q, *_ = _by_hand()
    for i in range(len(L.tokens)):
        terms = L.projection_terms(i, L.w_q)
        np.testing.assert_allclose(terms, L.embeddings[i][:, None] * L.w_q)
        np.testing.assert_allclose(terms.sum(axis=0), q[i])


def test_exponential_figures_keep_two_figures_at_least():
    from attention import exp_figure

    assert [exp_figure(x) for x in (2.117, 9.96, 27.11, 445.86, 805.39)] == \
        ["2.1", "10", "27", "446", "805"]
