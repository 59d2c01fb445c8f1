"""Scaled dot-product attention in plain numpy, and how numbers are shown: the math every lesson
shares. A lesson's own numbers live in its package here (attention/attention/: the attention
lesson's), which the engine never imports."""

from attention.core import AttentionResult, attend, softmax
from attention.figures import (
    exact_score_figure,
    exp_figure,
    percent,
    percent_figure,
    score_figure,
    total_figure,
    value_figure,
)

__all__ = [
    "AttentionResult",
    "attend",
    "exact_score_figure",
    "exp_figure",
    "percent",
    "percent_figure",
    "score_figure",
    "softmax",
    "total_figure",
    "value_figure",
]
