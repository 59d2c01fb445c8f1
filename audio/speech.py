"""How long saying a text plausibly takes: a voice that says a sentence in far less time than that
(or in silence) could not read it, and a take far longer than that is most likely the wrong file."""

from __future__ import annotations

import unicodedata

FASTEST = 30.0  # letters per second: faster than any voice really speaks
TYPICAL = 14.0  # letters per second of ordinary narration
WIDE = 3  # an ideographic character is a syllable or more: it counts as this many letters


def letters(text: str) -> int:
    """Letters and digits of `text`, wide (CJK) characters weighted as the syllables they are."""
    count = 0
    for ch in text:
        if ch.isalnum():
            count += WIDE if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return count


def plausible_seconds(text: str) -> tuple[float, float]:
    """(shortest, typical) seconds a voice takes to say `text`."""
    n = letters(text)
    return n / FASTEST, n / TYPICAL
