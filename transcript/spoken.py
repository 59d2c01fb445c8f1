"""Numbers as the narrator says them, filled into the script from the attention core."""

from __future__ import annotations

import re

from attention import Lesson, percent, score_figure

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()

PLACEHOLDER = re.compile(r"\{(?P<kind>[a-z]+):(?P<token>[^}]*)\}")
KINDS = ("score", "percent")


def integer_words(n: int) -> str:
    """0..100 in words: 41 -> "forty-one"."""
    if not 0 <= n <= 100:
        raise ValueError(f"only 0 to 100 can be spoken, got {n}")
    if n == 100:
        return "one hundred"
    if n < 20:
        return _ONES[n]
    tens, ones = divmod(n, 10)
    return _TENS[tens] + ("" if ones == 0 else "-" + _ONES[ones])


def decimal_words(figure: str) -> str:
    """A figure as shown on screen, spoken digit by digit after the point: "6.1" -> "six point one"."""
    whole, _, frac = figure.lstrip("-").partition(".")
    words = integer_words(int(whole))
    if frac:
        words += " point " + " ".join(_ONES[int(d)] for d in frac)
    return ("minus " if figure.startswith("-") else "") + words


def spoken_value(kind: str, token: str, lesson: Lesson) -> str:
    """The words for one placeholder, from creature's row of the core's result."""
    i = lesson.index(token)
    if kind == "score":
        return decimal_words(score_figure(lesson.focus_scores[i]))
    if kind == "percent":
        return integer_words(percent(lesson.focus_weights[i]))
    raise ValueError(f"unknown number kind {kind!r}; use one of {', '.join(KINDS)}")


def fill(template: str, lesson: Lesson) -> str:
    """The sentence as spoken: every {kind:token} replaced by the core's value in words."""

    def one(match: re.Match) -> str:
        words = spoken_value(match["kind"], match["token"], lesson)
        return words[0].upper() + words[1:] if match.start() == 0 else words

    return PLACEHOLDER.sub(one, template)
