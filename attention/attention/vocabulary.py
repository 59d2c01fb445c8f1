"""Words a learner can swap into the phrase, described by the lesson's own named features (the
running example's extra words, attention/example.py).

The lesson's tokens come first, exactly as `lesson()` embeds them; the others use the same
features, so "red" is an adjective whose colour this small model has no feature for.
"""

from __future__ import annotations

import numpy as np

from attention.attention.lesson import Lesson, lesson
from attention.example import EXTRA_WORDS


def vocabulary(core: Lesson | None = None) -> dict[str, np.ndarray]:
    """Every word on offer and its embedding over `core.features`, the lesson's tokens first."""
    core = core or lesson()
    words = {t: np.array(core.embeddings[i]) for i, t in enumerate(core.tokens)}
    for word, features in EXTRA_WORDS.items():
        unknown = set(features) - set(core.features)
        if unknown:
            raise ValueError(f"{word!r} uses features the lesson has not got: {sorted(unknown)}")
        words[word] = np.array([features.get(f, 0.0) for f in core.features])
    return words
