"""Numbers in words, as a narrator says them: what a lesson's spoken placeholders are made of."""

from __future__ import annotations

_ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


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
