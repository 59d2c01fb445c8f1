"""Scaled dot-product attention: softmax(QKᵀ/√d_k)·V, with the intermediate steps kept.

The lesson shows every step, so `attend` returns them all in one frozen result rather than
only the output.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AttentionResult:
    """Every intermediate of one attention pass; arrays are read-only."""

    queries: np.ndarray  # (..., n, d_k)
    keys: np.ndarray  # (..., n, d_k)
    values: np.ndarray  # (..., n, d_v)
    scores: np.ndarray  # (..., n, n) QKᵀ/√d_k, after the mask
    weights: np.ndarray  # (..., n, n) softmax over keys; each row sums to 1
    output: np.ndarray  # (..., n, d_v) weights · V
    # The arithmetic inside those steps, for a picture that shows it and not only its results:
    terms: np.ndarray  # (..., n, n, d_k) query i's entries times key j's; they sum to raw_scores
    raw_scores: np.ndarray  # (..., n, n) QKᵀ, before the ÷ scale and the mask
    scale: float  # what the raw scores are divided by: √d_k (1 with scaled=False)
    exponentials: np.ndarray  # (..., n, n) e^(score / temperature), unshifted (0 where masked)
    exp_sums: np.ndarray  # (..., n) each row's sum of exponentials; weights = exponentials / it
    weighted_values: np.ndarray  # (..., n, n, d_v) weight i→j times value j; summed over j: output

    @property
    def d_k(self) -> int:
        return int(self.queries.shape[-1])


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Numerically stable softmax: subtracting the row maximum changes nothing but the overflow."""
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=axis, keepdims=True)


def attend(
    x: np.ndarray,
    w_q: np.ndarray,
    w_k: np.ndarray,
    w_v: np.ndarray,
    *,
    causal: bool = False,
    scaled: bool = True,
    temperature: float = 1.0,
) -> AttentionResult:
    """One head of attention over `x`, (n, d_model) or (batch, n, d_model).

    `scaled=False` leaves out the ÷√d_k, and `temperature` divides the scores inside the softmax
    only (the scores kept are QKᵀ/√d_k): the two knobs a learner turns in the player.
    """
    x = np.asarray(x, dtype=float)
    w_q, w_k, w_v = (np.asarray(w, dtype=float) for w in (w_q, w_k, w_v))
    _check_shapes(x, w_q, w_k, w_v)
    if not (np.isfinite(temperature) and temperature > 0):
        raise ValueError(f"temperature must be a positive number, got {temperature!r}")

    q = x @ w_q  # (..., n, d_k)
    k = x @ w_k  # (..., n, d_k)
    v = x @ w_v  # (..., n, d_v)
    scale = float(np.sqrt(w_q.shape[-1])) if scaled else 1.0
    raw = q @ np.swapaxes(k, -1, -2)  # (..., n, n)
    scores = raw / scale  # (..., n, n)
    if causal:
        n = x.shape[-2]
        future = np.triu(np.ones((n, n), dtype=bool), k=1)  # (n, n) key after query
        scores = np.where(future, -np.inf, scores)
    weights = softmax(scores / temperature)  # (..., n, n); exp(-inf) is exactly 0
    output = weights @ v  # (..., n, d_v)
    terms = q[..., :, None, :] * k[..., None, :, :]  # (..., n, n, d_k)
    with np.errstate(over="ignore"):  # shown for moderate scores; the weights never overflow
        exponentials = np.exp(scores / temperature)  # (..., n, n)
    weighted = weights[..., :, :, None] * v[..., None, :, :]  # (..., n, n, d_v)
    return AttentionResult(
        queries=_frozen(q), keys=_frozen(k), values=_frozen(v), scores=_frozen(scores),
        weights=_frozen(weights), output=_frozen(output), terms=_frozen(terms),
        raw_scores=_frozen(raw), scale=scale, exponentials=_frozen(exponentials),
        exp_sums=_frozen(np.sum(exponentials, axis=-1)), weighted_values=_frozen(weighted))


def _frozen(a: np.ndarray) -> np.ndarray:
    a = np.array(a)
    a.setflags(write=False)
    return a


def _check_shapes(x: np.ndarray, w_q: np.ndarray, w_k: np.ndarray, w_v: np.ndarray) -> None:
    if x.ndim not in (2, 3):
        raise ValueError(f"x must be (n, d_model) or (batch, n, d_model), got shape {x.shape}")
    d_model = x.shape[-1]
    for name, w in (("w_q", w_q), ("w_k", w_k), ("w_v", w_v)):
        if w.ndim != 2 or w.shape[0] != d_model:
            raise ValueError(
                f"{name} must be (d_model, d) with d_model = {d_model} to match x of shape "
                f"{x.shape}, got {name} of shape {w.shape}"
            )
    if w_q.shape[1] != w_k.shape[1]:
        raise ValueError(
            f"queries and keys must share d_k: w_q has shape {w_q.shape}, w_k has shape {w_k.shape}"
        )
