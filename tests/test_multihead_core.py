"""The engine's multi-head attention and MLP (attention/blocks.py) against PyTorch's own:
torch.nn.MultiheadAttention and Linear → ReLU → Linear, in float64, with the same weights, on the
multi-head lesson's numbers and on random ones; and one head through multi_head is `attend`."""

import numpy as np
import pytest
import torch
from torch import nn

from attention import attend, mlp, multi_head
from attention.attention.lesson import lesson as attention_lesson
from attention.multihead_mlp.lesson import lesson

TOLERANCE = 1e-12


def tensor(a) -> torch.Tensor:
    """A float64 tensor of its own (the lesson's arrays are read-only; torch wants to own one)."""
    return torch.tensor(np.array(a, dtype=float))


def torch_attention(x, w_q, w_k, w_v, w_o, causal=False):
    """nn.MultiheadAttention with the heads' weights: each in-projection is the heads' matrices
    side by side (head i's columns i·d_head onwards), transposed as Linear keeps them; out_proj is
    W_O transposed. Returns its output and every head's weights, for (batch, n, d_model) `x`."""
    d_model, heads = x.shape[-1], len(w_q)
    mha = nn.MultiheadAttention(d_model, heads, bias=False, batch_first=True, dtype=torch.float64)
    stacked = [np.concatenate(w, axis=1).T for w in (w_q, w_k, w_v)]  # each (d_model, d_model)
    with torch.no_grad():
        mha.in_proj_weight.copy_(tensor(np.concatenate(stacked)))
        mha.out_proj.weight.copy_(tensor(np.asarray(w_o).T))
        t = tensor(x)
        n = x.shape[-2]
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1) if causal else None
        out, weights = mha(t, t, t, attn_mask=mask, need_weights=True, average_attn_weights=False)
    return out.numpy(), weights.numpy()


def torch_mlp(x, w_up, b_up, w_down, b_down):
    """nn.Sequential(Linear, ReLU, Linear) with the MLP's weights and biases: its pre-activation
    (the first Linear's output) and its output."""
    d_model, d_hidden = w_up.shape
    net = nn.Sequential(nn.Linear(d_model, d_hidden), nn.ReLU(), nn.Linear(d_hidden, d_model)).double()
    with torch.no_grad():
        for layer, w, b in ((net[0], w_up, b_up), (net[2], w_down, b_down)):
            layer.weight.copy_(tensor(np.asarray(w).T))
            layer.bias.copy_(tensor(b))
        t = tensor(x)
        return net[0](t).numpy(), net(t).numpy()


def random_heads(rng, heads, d_head):
    d_model = heads * d_head
    w = [[rng.normal(size=(d_model, d_head)) for _ in range(heads)] for _ in range(3)]
    return (*w, rng.normal(size=(d_model, d_model)))


def test_the_lessons_heads_equal_pytorchs():
    L = lesson()
    out, weights = torch_attention(L.embeddings[None], L.w_q, L.w_k, L.w_v, L.w_o)
    np.testing.assert_allclose(L.attention.projected, out[0], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(L.attention.weights, weights[0], rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(L.attention.residual, L.embeddings + out[0], rtol=0, atol=TOLERANCE)


def test_the_lessons_mlp_equals_pytorchs():
    L = lesson()
    for x, result in ((L.after_attention, L.mlp), (L.embeddings, L.before)):
        pre, out = torch_mlp(x, L.w_up, L.b_up, L.w_down, L.b_down)
        np.testing.assert_allclose(result.pre_activation, pre, rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(result.activation, np.maximum(pre, 0), rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(result.output, out, rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(result.residual, x + out, rtol=0, atol=TOLERANCE)


@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("heads, d_head", [(1, 4), (2, 3), (3, 2), (4, 2)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_heads_equal_pytorchs(seed, heads, d_head, causal):
    rng = np.random.default_rng(seed)
    w_q, w_k, w_v, w_o = random_heads(rng, heads, d_head)
    x = rng.normal(size=(3, 5, heads * d_head))  # a batch of 3, 5 tokens each
    out, weights = torch_attention(x, w_q, w_k, w_v, w_o, causal)
    batched = multi_head(x, w_q, w_k, w_v, w_o, causal=causal)
    np.testing.assert_allclose(batched.projected, out, rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(batched.weights, weights, rtol=0, atol=TOLERANCE)
    for b in range(len(x)):  # one sequence at a time, as the lesson computes it
        one = multi_head(x[b], w_q, w_k, w_v, w_o, causal=causal)
        np.testing.assert_allclose(one.projected, out[b], rtol=0, atol=TOLERANCE)
        np.testing.assert_allclose(one.residual, x[b] + out[b], rtol=0, atol=TOLERANCE)


@pytest.mark.parametrize("d_model, d_hidden", [(6, 8), (4, 16), (5, 3)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_mlps_equal_pytorchs(seed, d_model, d_hidden):
    rng = np.random.default_rng(seed)
    w_up, b_up = rng.normal(size=(d_model, d_hidden)), rng.normal(size=d_hidden)
    w_down, b_down = rng.normal(size=(d_hidden, d_model)), rng.normal(size=d_model)
    x = rng.normal(size=(2, 7, d_model))
    pre, out = torch_mlp(x, w_up, b_up, w_down, b_down)
    r = mlp(x, w_up, b_up, w_down, b_down)
    np.testing.assert_allclose(r.pre_activation, pre, rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(r.output, out, rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(r.residual, x + out, rtol=0, atol=TOLERANCE)
    # The bend itself, exactly, on the core's own sums (torch's may differ from them in the last
    # bit, by the order its BLAS adds in, and cross 0 where the core's do not).
    own = r.pre_activation
    assert np.all(r.activation[own <= 0] == 0.0) and np.all(r.activation[own > 0] == own[own > 0])
    assert (own > 0).any() and (own <= 0).any()


def test_each_head_is_attend_and_the_rest_is_concatenation_and_w_o():
    rng = np.random.default_rng(5)
    w_q, w_k, w_v, w_o = random_heads(rng, 3, 2)
    x = rng.normal(size=(4, 6))
    r = multi_head(x, w_q, w_k, w_v, w_o)
    for head, q, k, v in zip(r.heads, w_q, w_k, w_v):
        alone = attend(x, q, k, v)
        for field in ("queries", "keys", "scores", "weights", "output"):
            np.testing.assert_array_equal(getattr(head, field), getattr(alone, field))
    np.testing.assert_array_equal(r.concat, np.hstack([h.output for h in r.heads]))
    np.testing.assert_allclose(r.projected, r.concat @ w_o, rtol=0, atol=TOLERANCE)


def test_one_head_is_the_attention_lessons_attend():
    """Stop 7's one head, through multi_head with W_O the identity: the same result, the same
    new vector for creature."""
    A = attention_lesson()
    r = multi_head(A.embeddings, [A.w_q], [A.w_k], [A.w_v], np.eye(len(A.features)))
    for field in ("queries", "keys", "values", "scores", "weights", "output"):
        np.testing.assert_array_equal(getattr(r.heads[0], field), getattr(A.result, field))
    np.testing.assert_allclose(r.projected, A.result.output, rtol=0, atol=TOLERANCE)
    np.testing.assert_allclose(r.residual[A.focus], A.focus_new_vector, rtol=0, atol=TOLERANCE)


def test_results_are_frozen():
    rng = np.random.default_rng(0)
    w_q, w_k, w_v, w_o = random_heads(rng, 2, 2)
    x = rng.normal(size=(3, 4))
    a = multi_head(x, w_q, w_k, w_v, w_o)
    m = mlp(x, np.ones((4, 5)), np.zeros(5), np.ones((5, 4)), np.zeros(4))
    for arr in (a.concat, a.projected, a.residual, a.weights, m.pre_activation, m.activation, m.output,
                m.residual):
        with pytest.raises(ValueError):
            arr[...] = 0


@pytest.mark.parametrize("call, words", [
    (lambda x, w: multi_head(x, [w], [w, w], [w], np.eye(4)), "one W_Q, W_K and W_V per head"),
    (lambda x, w: multi_head(x, [], [], [], np.eye(4)), "one W_Q, W_K and W_V per head"),
    (lambda x, w: multi_head(x, [w], [w], [w], np.eye(3)), "w_o must be"),
    (lambda x, w: mlp(x, np.ones((4, 5)), np.zeros(4), np.ones((5, 4)), np.zeros(4)), "b_up must be"),
    (lambda x, w: mlp(x, np.ones((4, 5)), np.zeros(5), np.ones((4, 5)), np.zeros(4)), "w_down must be"),
], ids=["heads", "no-heads", "w_o", "b_up", "w_down"])
def test_shape_errors_say_what_was_expected(call, words):
    with pytest.raises(ValueError, match=words):
        call(np.ones((3, 4)), np.ones((4, 2)))
