"""Which written words the narration can say and time: each needs a pronunciation in the word
aligner's English dictionary (pocketsphinx's), as is or built from parts.

flite's clips, every recorded take and Piper's clips whose own durations do not fit are all timed
by that aligner, so a word it cannot pronounce would stop a render after other sentences were
voiced; the script loader refuses such a word up front with the same rule.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from common.stopping import held
from transcript.words import word_key


class Unsayable(ValueError):
    """A written word that has no pronunciation in the aligner's dictionary."""

    def __init__(self, word: str):
        super().__init__(f"no pronunciation for {word!r}")
        self.word = word


@lru_cache(maxsize=1)
def decoder():
    """pocketsphinx's aligner with its English dictionary, made once per process (about 1 s)."""
    return pocketsphinx_decoder()(lm=None, loglevel="FATAL")


def pocketsphinx_decoder() -> type:
    """pocketsphinx's Decoder class, imported with Ctrl-C held: its compiled module's set-up
    swallows a KeyboardInterrupt raised while it runs, and a render went on to the end."""
    with held():
        from pocketsphinx import Decoder
    return Decoder


def _pronounce(found, token: str, written: str) -> str | None:
    """Phones for a dictionary token, or built from parts: plurals, compounds, spelt acronyms."""
    phones = found.lookup_word(token)
    if phones:
        return phones
    letters = written.strip("'\".,;:!?()").rstrip("s")
    if letters.isalpha() and letters.isupper() and len(letters) <= 5:  # GPUs: G P U + s
        spelt = [found.lookup_word(ch.lower()) for ch in letters]
        if all(spelt):
            return " ".join(spelt) + (" Z" if written.rstrip(".,;:!?").endswith("s") else "")
    for suffix, sounds in (("es", "IH Z"), ("s", "Z")):
        if token.endswith(suffix) and (stem := found.lookup_word(token[: -len(suffix)])):
            return f"{stem} {sounds}"
    for k in range(2, len(token) - 1):  # softmax: soft + max
        a, b = found.lookup_word(token[:k]), found.lookup_word(token[k:])
        if a and b:
            return f"{a} {b}"
    return None


def _beyond_a_to_z(written: str) -> bool:
    """A letter, digit or accent outside ASCII: the dictionary has none, and the aligner would
    time the word without it ("cafe" for "café" written with a combining accent)."""
    return any(not ch.isascii() and (ch.isalnum() or unicodedata.category(ch).startswith("M"))
               for ch in written)


def word_tokens(written: str) -> list[str]:
    """The dictionary tokens that say one written word ("fifty-five" -> fifty, five); raises
    Unsayable when one has no pronunciation."""
    if _beyond_a_to_z(written):
        raise Unsayable(written)
    found, out = decoder(), []
    for part in word_key(written).split("-"):
        part = part.strip("'")
        if not part:
            continue
        if found.lookup_word(part) is None:
            phones = _pronounce(found, part, written)
            if phones is None:
                raise Unsayable(written)
            found.add_word(part, phones, True)
        out.append(part)
    return out


def tokens(words: Sequence[str]) -> list[tuple[int, str]]:
    """(word index, dictionary token) for every sound-bearing part of the words."""
    return [(i, token) for i, written in enumerate(words) for token in word_tokens(written)]


def first_unsayable(text: str) -> str | None:
    """The first whitespace-separated token of `text` with a letter or digit (in any script) that
    the narration cannot say, or None. Tokens without one (dashes, emoji) are silent."""
    for token in text.split():
        if any(ch.isalnum() for ch in token):
            try:
                word_tokens(token)
            except Unsayable:
                return token
    return None
