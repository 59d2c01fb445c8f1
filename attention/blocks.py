"""Multi-head attention and the MLP: the two halves of a transformer block, with every
intermediate kept for the lesson to show. Each head is `attend`, once per head; nothing else
computes attention."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from attention.core import AttentionResult, _frozen, attend


@dataclass(frozen=True)
class MultiHeadResult:
    """Every intermediate of one multi-head attention pass; arrays are read-only."""

    heads: tuple[AttentionResult, ...]  # one per head, each its own attend()
    concat: np.ndarray  # (..., n, Σ d_v) the heads' outputs side by side, head 1's first
    projected: np.ndarray  # (..., n, d_model) concat · W_O: the update each token receives
    residual: np.ndarray  # (..., n, d_model) x + projected: the tokens' vectors after attention

    @property
    def weights(self) -> np.ndarray:
        """Every head's attention weights, (..., h, n, n) (heads on the axis before the rows)."""
        return _frozen(np.stack([h.weights for h in self.heads], axis=-3))


@dataclass(frozen=True)
class MLPResult:
    """Every intermediate of the MLP, token by token; arrays are read-only."""

    pre_activation: np.ndarray  # (..., n, d_hidden) x · W_up + b_up: each neuron's weighted sum
    activation: np.ndarray  # (..., n, d_hidden) ReLU of it: negative sums bend to 0
    output: np.ndarray  # (..., n, d_model) activation · W_down + b_down
    residual: np.ndarray  # (..., n, d_model) x + output


def relu(x: np.ndarray) -> np.ndarray:
    """max(0, x), entry by entry: the bend that lets a neuron stay silent."""
    return np.maximum(x, 0.0)


def multi_head(x: np.ndarray, w_q: Sequence[np.ndarray], w_k: Sequence[np.ndarray],
               w_v: Sequence[np.ndarray], w_o: np.ndarray, *, causal: bool = False) -> MultiHeadResult:
    """Heads in parallel over `x`, (n, d_model) or (batch, n, d_model): head i is
    attend(x, w_q[i], w_k[i], w_v[i]); their outputs, concatenated, go through W_O and are added to x."""
    if not len(w_q) == len(w_k) == len(w_v) > 0:
        raise ValueError(f"one W_Q, W_K and W_V per head, got {len(w_q)}, {len(w_k)} and {len(w_v)}")
    x = np.asarray(x, dtype=float)
    w_o = np.asarray(w_o, dtype=float)
    heads = tuple(attend(x, q, k, v, causal=causal) for q, k, v in zip(w_q, w_k, w_v))
    concat = np.concatenate([h.output for h in heads], axis=-1)  # (..., n, Σ d_v)
    if w_o.shape != (concat.shape[-1], x.shape[-1]):
        raise ValueError(f"w_o must be (Σ d_v, d_model) = {(concat.shape[-1], x.shape[-1])} for "
                         f"heads of d_v {[h.values.shape[-1] for h in heads]}, got {w_o.shape}")
    projected = concat @ w_o  # (..., n, d_model)
    return MultiHeadResult(heads=heads, concat=_frozen(concat), projected=_frozen(projected),
                           residual=_frozen(x + projected))


def mlp(x: np.ndarray, w_up: np.ndarray, b_up: np.ndarray, w_down: np.ndarray,
        b_down: np.ndarray) -> MLPResult:
    """The position-wise MLP over `x`, (..., n, d_model): each token on its own goes up to
    d_hidden, through ReLU, back down to d_model, and is added to itself."""
    x, w_up, b_up, w_down, b_down = (np.asarray(a, dtype=float) for a in (x, w_up, b_up, w_down, b_down))
    d_model, d_hidden = x.shape[-1], w_up.shape[-1]
    expected = {"w_up": (d_model, d_hidden), "b_up": (d_hidden,), "w_down": (d_hidden, d_model),
                "b_down": (d_model,)}
    for name, a in zip(expected, (w_up, b_up, w_down, b_down)):
        if a.shape != expected[name]:
            raise ValueError(f"{name} must be {expected[name]} for x of shape {x.shape} and "
                             f"w_up of shape {w_up.shape}, got {a.shape}")
    pre = x @ w_up + b_up  # (..., n, d_hidden)
    act = relu(pre)
    out = act @ w_down + b_down  # (..., n, d_model)
    return MLPResult(pre_activation=_frozen(pre), activation=_frozen(act), output=_frozen(out),
                     residual=_frozen(x + out))
