"""The attention lesson, declared to the engine (common.declaration): "a fluffy blue creature".

The engine finds this module from course.yaml's `lesson: attention` (by convention, the package
attention.ID) and reads `LESSON`; it never imports the lesson by name.
"""

from __future__ import annotations

from pathlib import Path

from attention.attention.check_kinds import read_predict, read_task, read_what_if
from attention.attention.check_pages import page_predict, page_task, page_what_if
from attention.attention.explore import explore_data
from attention.attention.lesson import lesson
from attention.attention.spoken import PLACEHOLDERS
from attention.attention.steps import STEPS
from common.declaration import CheckKind, LessonDeclaration, numbers_digest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def digest() -> bytes:
    """A digest of the lesson's numbers (inputs and results), part of every beat's cache key."""
    L = lesson()
    return numbers_digest((L.embeddings, L.w_q, L.w_k, L.w_v, L.result.queries, L.result.keys,
                           L.result.values, L.result.scores, L.result.weights, L.result.output),
                          (L.tokens, L.features, L.qk_dims, L.focus))


CHECKS = {  # kind -> its keys, how a sentence's check: is read, and what its page shows
    "predict": CheckKind(("quantity", "query"), ("options",), read_predict, page_predict),
    "what-if": CheckKind(("swap", "quantity", "query", "key"), (), read_what_if, page_what_if),
    "task": CheckKind(("goal",), (), read_task, page_task),
}

LESSON = LessonDeclaration(
    id="attention",
    script=ROOT / "transcript" / "attention" / "lesson.yaml",
    scenes="scenes.attention",
    numbers=lesson,
    digest=digest,
    placeholders=PLACEHOLDERS,
    steps=STEPS,
    explore=explore_data,
    checks=CHECKS,
    page_scripts=tuple(ROOT / "player" / "assets" / "attention" / name
                       for name in ("explore-model.js", "explore-explain.js", "explore-views.js",
                                    "explore-controls.js", "checks-texts.js")),
    sources=(ROOT / "scenes" / "attention", HERE),
)
