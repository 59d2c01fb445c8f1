"""Words a learner can swap into the phrase, described by the lesson's own named features.

The lesson's tokens come first, exactly as `lesson()` embeds them; the others use the same
features, so "red" is an adjective whose colour this small model has no feature for.
"""

from __future__ import annotations

import numpy as np

from attention.attention.lesson import Lesson, lesson

EXTRA_WORDS: dict[str, dict[str, float]] = {  # word -> the features it has
    "the": {"article": 1.0},
    "tiny": {"adjective": 1.0},
    # blue's embedding without its colour: the model has a feature for blue only, so "red" is an
    # adjective and nothing more; the lesson's what-if check swaps it in for blue
    "red": {"adjective": 1.0},
    "furry": {"adjective": 1.0, "fluffy texture": 0.8},
    "navy": {"adjective": 1.0, "blue colour": 0.7},
    "dog": {"noun": 1.0},
    "monster": {"noun": 1.0},
}


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
