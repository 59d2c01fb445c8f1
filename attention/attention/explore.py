"""The lesson's inputs as plain data, for a page that recomputes attention while a learner edits.

Lists and numbers only: the player writes them into the build as JSON.
"""

from __future__ import annotations

from attention.attention.lesson import Lesson, lesson
from attention.attention.steps import STEPS
from attention.attention.vocabulary import vocabulary
from attention.figures import SCORE_DECIMALS

ENTRY_LIMIT = 100.0  # an embedding or weight a learner types must lie within ±this
ENTRY_STEP = 0.1  # what an arrow key or a drag adds to an entry (Shift: ten times)
TEMPERATURE = {"min": 0.1, "max": 5.0, "step": 0.1, "lesson": 1.0}


def explore_data(core: Lesson | None = None) -> dict:
    """Tokens, features, query/key dimensions, embeddings, W_Q/W_K/W_V, the vocabulary, the focus
    token, the steps and the bounds on what a learner may type."""
    core = core or lesson()
    return {
        "tokens": list(core.tokens),
        "features": list(core.features),
        "qk_dims": list(core.qk_dims),
        "focus": core.focus,
        "embeddings": core.embeddings.tolist(),
        "w_q": core.w_q.tolist(),
        "w_k": core.w_k.tolist(),
        "w_v": core.w_v.tolist(),
        "vocabulary": {word: v.tolist() for word, v in vocabulary(core).items()},
        "steps": [{"id": k, "title": t} for k, t in STEPS.items()],
        "entry_limit": ENTRY_LIMIT,
        "entry_step": ENTRY_STEP,
        "temperature": dict(TEMPERATURE),
        "score_decimals": SCORE_DECIMALS,
    }
