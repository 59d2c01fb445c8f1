"""A second, tiny lesson (the tests'): two paragraphs, one scene each, numbers of its own, its own
kind of check and explore steps. The suite renders it end to end (tests/test_tiny_lesson.py) so
that the engine stays free of the attention lesson: it is declared here and named by its course
file's `module:`, never imported by the engine."""

from __future__ import annotations

import hashlib
from pathlib import Path

from common.declaration import CheckKind, LessonDeclaration, Placeholders
from common.number_words import integer_words
from tests.lessons.tiny.checks import page_which_more, read_which_more
from tests.lessons.tiny.numbers import Counts, counts

HERE = Path(__file__).resolve().parent
STEPS = {"basket": "The basket", "total": "The total"}


def _count(c: Counts, name: str) -> str:
    return integer_words(c.total if name == "total" else c.count(name))


def _names(c: Counts) -> tuple[str, ...]:
    return (*c.names, "total")


def digest() -> bytes:
    """The counts' digest, for the beat cache key."""
    return hashlib.sha256(counts().counts.tobytes()).digest()


def explore() -> dict:
    """What the tiny lesson's explore panel computes from: its counts and steps."""
    c = counts()
    return {"names": list(c.names), "counts": c.counts.tolist(),
            "steps": [{"id": k, "title": t} for k, t in STEPS.items()]}


LESSON = LessonDeclaration(
    id="tiny",
    script=HERE / "lesson.yaml",
    scenes="tests.lessons.tiny.scenes",
    numbers=counts,
    digest=digest,
    placeholders=Placeholders({"count": _count}, _names, what="count of the basket", name="NAME"),
    steps=STEPS,
    explore=explore,
    checks={"which-more": CheckKind((), (), read_which_more, page_which_more)},
    page_scripts=(HERE / "tiny-explore.js",),
    sources=(HERE,),
)
