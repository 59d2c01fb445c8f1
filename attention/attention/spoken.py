"""The attention lesson's spoken numbers: `{score:TOKEN}` and `{percent:TOKEN}` read creature's
row of the core's result, as the screen shows it."""

from __future__ import annotations

from attention.attention.lesson import Lesson
from attention.figures import percent, score_figure
from common.declaration import Placeholders
from common.number_words import decimal_words, integer_words

KINDS = ("score", "percent")


def spoken_value(kind: str, token: str, lesson: Lesson) -> str:
    """The words for one placeholder, from creature's row of the core's result."""
    i = lesson.index(token)
    if kind == "score":
        return decimal_words(score_figure(lesson.focus_scores[i]))
    if kind == "percent":
        return integer_words(percent(lesson.focus_weights[i]))
    raise ValueError(f"unknown number kind {kind!r}; use one of {', '.join(KINDS)}")


def _score(L: Lesson, token: str) -> str:
    return spoken_value("score", token, L)


def _percent(L: Lesson, token: str) -> str:
    return spoken_value("percent", token, L)


def _tokens(L: Lesson) -> tuple[str, ...]:
    return L.tokens


PLACEHOLDERS = Placeholders(
    kinds={"score": _score, "percent": _percent},
    names=_tokens,
    what="token of the phrase",
    name="TOKEN",
)
