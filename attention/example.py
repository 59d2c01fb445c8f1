"""The course's running example, shared by its lessons (not the engine's): the phrase "a fluffy
blue creature", its named features and its tokens' embeddings over them, one source for every
stop that shows them (the attention lesson, multi-head attention + the MLP)."""

from __future__ import annotations

import numpy as np

PHRASE = "a fluffy blue creature"
FEATURES = ("article", "adjective", "fluffy texture", "blue colour", "noun")

EMBEDDINGS = {  # token -> the features it has
    "a": {"article": 1.0},
    "fluffy": {"adjective": 1.0, "fluffy texture": 1.0},
    "blue": {"adjective": 1.0, "blue colour": 1.0},
    "creature": {"noun": 1.0},
}

# Words a learner can swap into the phrase in a lesson's explore panel, over the same features.
EXTRA_WORDS: dict[str, dict[str, float]] = {  # word -> the features it has
    "the": {"article": 1.0},
    "tiny": {"adjective": 1.0},
    # blue's embedding without its colour: the model has a feature for blue only, so "red" is an
    # adjective and nothing more; stop 7's what-if check swaps it in for blue
    "red": {"adjective": 1.0},
    "furry": {"adjective": 1.0, "fluffy texture": 0.8},
    "navy": {"adjective": 1.0, "blue colour": 0.7},
    "dog": {"noun": 1.0},
    "monster": {"noun": 1.0},
}


def named_matrix(rows: dict[str, dict[str, float]], row_names, col_names) -> np.ndarray:
    """A read-only matrix from named entries (row -> column -> value), zero elsewhere."""
    m = np.zeros((len(row_names), len(col_names)))
    for r, cols in rows.items():
        for c, value in cols.items():
            m[row_names.index(r), col_names.index(c)] = value
    m.setflags(write=False)
    return m
