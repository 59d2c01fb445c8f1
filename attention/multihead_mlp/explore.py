"""The lesson's inputs as plain data, for a page that recomputes the block while a learner edits:
the embeddings, each head's W_Q, W_K and W_V, W_O, the MLP's weights and biases, the names of
every row and column, and the words a learner may swap into the phrase. Lists and numbers only:
the player writes them into the build as JSON."""

from __future__ import annotations

import numpy as np

from attention.example import EXTRA_WORDS
from attention.multihead_mlp.lesson import Lesson, lesson
from attention.multihead_mlp.steps import STEPS

ENTRY_LIMIT = 10.0  # an embedding or weight a learner types must lie within ±this
ENTRY_STEP = 0.1  # what an arrow key or a drag adds to an entry (Shift: ten times)


def vocabulary(core: Lesson) -> dict[str, np.ndarray]:
    """Every word on offer and its embedding over the model's features, the phrase's tokens first
    (as the lesson embeds them), then the running example's extra words (none has "soft")."""
    words = {t: np.array(core.embeddings[i]) for i, t in enumerate(core.tokens)}
    for word, features in EXTRA_WORDS.items():
        words.setdefault(word, np.array([features.get(f, 0.0) for f in core.features]))
    return words


def explore_data(core: Lesson | None = None) -> dict:
    """Tokens, features, heads (each with its dimensions and W_Q/W_K/W_V), W_O, the MLP's
    neurons, W_up, b_up, W_down, b_down, the neuron the lesson follows, the focus token, the words
    to swap in, the steps and the bounds on what a learner may type."""
    core = core or lesson()
    return {
        "tokens": list(core.tokens),
        "features": list(core.features),
        "focus": core.tokens[core.focus],
        "embeddings": core.embeddings.tolist(),
        "heads": [{"name": name, "qk_dims": list(qk), "v_dims": list(v),
                   "w_q": w_q.tolist(), "w_k": w_k.tolist(), "w_v": w_v.tolist()}
                  for name, (qk, v), w_q, w_k, w_v in zip(core.heads, core.head_dims, core.w_q,
                                                          core.w_k, core.w_v)],
        "w_o": core.w_o.tolist(),
        "hidden": list(core.hidden),
        "neuron": core.hidden[core.neuron],
        "w_up": core.w_up.tolist(),
        "b_up": core.b_up.tolist(),
        "w_down": core.w_down.tolist(),
        "b_down": core.b_down.tolist(),
        "vocabulary": {w: v.tolist() for w, v in vocabulary(core).items()},
        "steps": [{"id": k, "title": t} for k, t in STEPS.items()],
        "entry_limit": ENTRY_LIMIT,
        "entry_step": ENTRY_STEP,
    }
