"""Stop 8, multi-head attention + the MLP (lesson id `multihead-mlp`), declared to the engine
(common.declaration): "a fluffy blue creature" again, now through two heads, W_O and an MLP.

The engine finds this module from a course file's `lesson: multihead-mlp` (by convention the
package attention.multihead_mlp) and reads `LESSON`; it never imports the lesson by name. The
project's course.yaml places it as stop 8; tests/lessons/stop8_course.yaml is the tests' course of
it alone.
"""

from __future__ import annotations

from pathlib import Path

from attention.multihead_mlp.checks import (
    page_predict,
    page_task,
    page_what_if,
    read_predict,
    read_task,
    read_what_if,
)
from attention.multihead_mlp.explore import explore_data
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import PLACEHOLDERS
from attention.multihead_mlp.steps import STEPS
from common.declaration import CheckKind, LessonDeclaration, numbers_digest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def digest() -> bytes:
    """A digest of the lesson's numbers (inputs and results), part of every beat's cache key."""
    L = lesson()
    arrays = [L.embeddings, *L.w_q, *L.w_k, *L.w_v, L.w_o, L.w_up, L.b_up, L.w_down, L.b_down,
              L.attention.concat, L.attention.projected, L.attention.residual,
              L.mlp.pre_activation, L.mlp.activation, L.mlp.output, L.mlp.residual,
              L.before.pre_activation, L.before.activation]
    arrays += [a for head in L.attention.heads for a in (head.scores, head.weights, head.output)]
    return numbers_digest(arrays, (L.tokens, L.features, L.heads, L.head_dims, L.hidden, L.focus,
                                   L.neuron))


CHECKS = {  # kind -> its keys, how a sentence's check: is read, and what its page shows
    "predict": CheckKind(("head", "query"), ("options",), read_predict, page_predict),
    "what-if": CheckKind(("bias", "token"), (), read_what_if, page_what_if),
    "task": CheckKind(("goal",), (), read_task, page_task),
}

LESSON = LessonDeclaration(
    id="multihead-mlp",
    script=ROOT / "transcript" / "multihead-mlp" / "lesson.yaml",
    scenes="scenes.multihead_mlp",
    numbers=lesson,
    digest=digest,
    placeholders=PLACEHOLDERS,
    steps=STEPS,
    explore=explore_data,
    checks=CHECKS,
    # its page scripts sit with the attention lesson's, under player/assets/<lesson folder>/: the
    # engine copies a page script by its path, so either place works; beside the player's own
    # assets they are checked by the same ESLint run and shipped as the player's data
    page_scripts=tuple(ROOT / "player" / "assets" / "multihead_mlp" / name
                       for name in ("block-model.js", "block-views.js", "block-controls.js",
                                    "block-checks.js")),
    sources=(ROOT / "scenes" / "multihead_mlp", HERE),
)
