"""The attention core against a plain-Python reference, and its promised properties."""

import math

import numpy as np
import pytest

from attention import attend, softmax


def reference(x, w_q, w_k, w_v, causal=False):
    """Attention with loops over plain lists: no numpy broadcasting to hide a mistake."""
    n, d_model = len(x), len(x[0])
    d_k, d_v = len(w_q[0]), len(w_v[0])
    proj = lambda w, d: [[sum(x[i][m] * w[m][j] for m in range(d_model)) for j in range(d)]
                         for i in range(n)]
    q, k, v = proj(w_q, d_k), proj(w_k, d_k), proj(w_v, d_v)
    out, all_w = [], []
    for i in range(n):
        keys = range(i + 1) if causal else range(n)
        s = [sum(q[i][a] * k[j][a] for a in range(d_k)) / math.sqrt(d_k) for j in keys]
        m = max(s)
        e = [math.exp(t - m) for t in s]
        w = [t / sum(e) for t in e] + [0.0] * (n - len(s))
        all_w.append(w)
        out.append([sum(w[j] * v[j][c] for j in range(n)) for c in range(d_v)])
    return all_w, out


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_matches_loop_reference(seed, causal):
    rng = np.random.default_rng(seed)
    n, d_model, d_k, d_v = 5, 6, 3, 4
    x = rng.normal(size=(n, d_model))
    w_q, w_k, w_v = (rng.normal(size=(d_model, d)) for d in (d_k, d_k, d_v))
    r = attend(x, w_q, w_k, w_v, causal=causal)
    ref_w, ref_out = reference(x.tolist(), w_q.tolist(), w_k.tolist(), w_v.tolist(), causal)
    np.testing.assert_allclose(r.weights, ref_w, atol=1e-12)
    np.testing.assert_allclose(r.output, ref_out, atol=1e-12)
    assert r.scores.shape == (n, n) and r.output.shape == (n, d_v)


def test_batch_equals_each_item():
    rng = np.random.default_rng(7)
    x = rng.normal(size=(3, 4, 5))
    w_q, w_k, w_v = (rng.normal(size=(5, 2)) for _ in range(3))
    r = attend(x, w_q, w_k, w_v, causal=True)
    for b in range(3):
        ref_w, ref_out = reference(x[b].tolist(), w_q.tolist(), w_k.tolist(), w_v.tolist(), True)
        np.testing.assert_allclose(r.weights[b], ref_w, atol=1e-12)
        np.testing.assert_allclose(r.output[b], ref_out, atol=1e-12)


def test_rows_sum_to_one_and_causal_future_is_exactly_zero():
    rng = np.random.default_rng(3)
    x = rng.normal(size=(6, 4))
    r = attend(x, *(rng.normal(size=(4, 4)) for _ in range(3)), causal=True)
    np.testing.assert_allclose(r.weights.sum(axis=-1), 1.0)
    assert np.all(r.weights[np.triu_indices(6, k=1)] == 0.0)
    assert np.all(r.weights[np.tril_indices(6)] > 0.0)


def test_softmax_is_shift_invariant_and_stable():
    s = np.array([[1.0, 2.0, 3.0], [1e4, -1e4, 1e4 - 1]])
    w = softmax(s)
    assert np.all(np.isfinite(w))
    np.testing.assert_allclose(softmax(s + 123.0), w)
    np.testing.assert_allclose(w[1], [1 / (1 + math.exp(-1)), 0.0, math.exp(-1) / (1 + math.exp(-1))])


def test_huge_scores_give_no_nan():
    x = np.array([[100.0, 0.0], [0.0, 100.0]])
    r = attend(x, np.eye(2), np.eye(2), np.eye(2))
    assert r.scores.max() > 1e3
    assert np.all(np.isfinite(r.weights)) and np.all(np.isfinite(r.output))


def test_result_is_frozen():
    r = attend(np.eye(3), np.eye(3), np.eye(3), np.eye(3))
    with pytest.raises(ValueError):
        r.weights[0, 0] = 1.0
    with pytest.raises(AttributeError):  # a frozen dataclass
        r.weights = None


@pytest.mark.parametrize(
    "shapes, names",
    [
        (((4, 5), (6, 3), (5, 3), (5, 3)), ["(4, 5)", "(6, 3)"]),
        (((4, 5), (5, 3), (5, 2), (5, 3)), ["(5, 3)", "(5, 2)"]),
        (((5,), (5, 3), (5, 3), (5, 3)), ["(5,)"]),
    ],
)
def test_shape_errors_name_both_shapes(shapes, names):
    arrays = [np.ones(s) for s in shapes]
    with pytest.raises(ValueError) as e:
        attend(*arrays)
    for name in names:
        assert name in str(e.value)


def test_unscaled_and_tempered_scores_follow_their_definitions():
    rng = np.random.default_rng(11)
    x = rng.normal(size=(4, 5))
    w_q, w_k, w_v = (rng.normal(size=(5, 3)) for _ in range(3))
    plain = attend(x, w_q, w_k, w_v)
    raw = attend(x, w_q, w_k, w_v, scaled=False, temperature=0.5)
    dot = (x @ w_q) @ (x @ w_k).T
    np.testing.assert_allclose(raw.scores, dot, atol=1e-12)
    np.testing.assert_allclose(plain.scores, dot / math.sqrt(3), atol=1e-12)
    e = np.exp(2 * dot - np.max(2 * dot, axis=1, keepdims=True))
    np.testing.assert_allclose(raw.weights, e / e.sum(axis=1, keepdims=True), atol=1e-12)
    with pytest.raises(ValueError, match="temperature"):
        attend(x, w_q, w_k, w_v, temperature=0.0)


@pytest.mark.parametrize("causal", [False, True])
def test_the_arithmetic_kept_adds_up_to_the_steps(causal):
    """terms sum to raw scores, raw / scale is the score (where not masked), exponentials over
    their sums are the weights, weighted values summed over keys are the output."""
    rng = np.random.default_rng(11)
    x = rng.normal(size=(2, 5, 6))
    w_q, w_k, w_v = (rng.normal(size=(6, d)) for d in (3, 3, 4))
    r = attend(x, w_q, w_k, w_v, causal=causal, temperature=0.7)
    q, k = x @ w_q, x @ w_k
    np.testing.assert_allclose(r.terms, q[..., :, None, :] * k[..., None, :, :])
    np.testing.assert_allclose(r.terms.sum(axis=-1), r.raw_scores)
    assert r.scale == math.sqrt(3)
    live = np.isfinite(r.scores)
    np.testing.assert_allclose((r.raw_scores / r.scale)[live], r.scores[live])
    np.testing.assert_allclose(r.exponentials / r.exp_sums[..., None], r.weights, atol=1e-12)
    np.testing.assert_allclose(r.weighted_values.sum(axis=-2), r.output, atol=1e-12)
    assert attend(x, w_q, w_k, w_v, scaled=False).scale == 1.0
    for a in (r.terms, r.raw_scores, r.exponentials, r.exp_sums, r.weighted_values):
        assert not a.flags.writeable
