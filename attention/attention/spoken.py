"""The attention lesson's spoken numbers: `{score:TOKEN}` and `{percent:TOKEN}` read creature's
row of the core's result, as the screen shows it."""

from __future__ import annotations

from attention.attention.lesson import Lesson
from attention.figures import percent, score_figure
from common.declaration import Placeholders
from common.number_words import decimal_words, integer_words


def _score(L: Lesson, token: str) -> str:
    return decimal_words(score_figure(L.focus_scores[L.index(token)]))


def _percent(L: Lesson, token: str) -> str:
    return integer_words(percent(L.focus_weights[L.index(token)]))


KINDS = {"score": _score, "percent": _percent}  # the one table of the lesson's spoken numbers


def spoken_value(kind: str, token: str, lesson: Lesson) -> str:
    """The words for one placeholder, from creature's row of the core's result."""
    if kind not in KINDS:
        raise ValueError(f"unknown number kind {kind!r}; use one of {', '.join(KINDS)}")
    return KINDS[kind](lesson, token)


def _tokens(L: Lesson) -> tuple[str, ...]:
    return L.tokens


PLACEHOLDERS = Placeholders(
    kinds=KINDS,
    names=_tokens,
    what="token of the phrase",
    name="TOKEN",
)
