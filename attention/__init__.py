"""Scaled dot-product attention in plain numpy, and the lesson's worked example."""

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
from attention.lesson import Lesson, lesson

__all__ = [
    "AttentionResult",
    "Lesson",
    "attend",
    "exact_score_figure",
    "exp_figure",
    "lesson",
    "percent",
    "percent_figure",
    "score_figure",
    "softmax",
    "total_figure",
    "value_figure",
]
