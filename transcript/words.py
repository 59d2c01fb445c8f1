"""A sentence's words as the page shows them and as scenes name them.

A word is a whitespace-separated token with at least one letter or digit ("fluffy,", "'a'",
"fifty-five"); a lone dash is not a word. Scenes and aligners compare words by their `key`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORDLIKE = re.compile(r"[0-9A-Za-z]")
_EDGE = re.compile(r"^[^0-9A-Za-z]+|[^0-9A-Za-z]+$")


@dataclass(frozen=True)
class TimedWord:
    text: str  # the token as written in the sentence, punctuation included
    start: float  # seconds into the lesson where the voice starts the word
    end: float  # and where it ends


def is_word(token: str) -> bool:
    """Whether a whitespace-separated token counts as a word."""
    return bool(_WORDLIKE.search(token))


def words_of(text: str) -> list[str]:
    """The words of `text` in order, each as written (surrounding punctuation kept)."""
    return [t for t in text.split() if is_word(t)]


def word_key(token: str) -> str:
    """How a word is named: lower case, without surrounding punctuation ("Fluffy," -> "fluffy")."""
    return _EDGE.sub("", token).lower().replace("’", "'")
