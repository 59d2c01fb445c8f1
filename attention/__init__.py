"""Scaled dot-product attention, multi-head attention and the MLP in plain numpy, and how numbers
are shown: the math every lesson shares. A lesson's own numbers live in its package here
(attention/attention/: the attention lesson's), which the engine never imports; the running
example the lessons share is attention/example.py, theirs too."""

from attention.blocks import MLPResult, MultiHeadResult, mlp, multi_head, relu
from attention.core import AttentionResult, attend, softmax
from attention.figures import (
    exact_score_figure,
    exp_figure,
    percent,
    percent_figure,
    score_figure,
    short_figure,
    total_figure,
    value_figure,
)

__all__ = [
    "AttentionResult",
    "MLPResult",
    "MultiHeadResult",
    "attend",
    "exact_score_figure",
    "exp_figure",
    "mlp",
    "multi_head",
    "percent",
    "percent_figure",
    "relu",
    "score_figure",
    "short_figure",
    "softmax",
    "total_figure",
    "value_figure",
]
