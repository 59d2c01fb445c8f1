"""The checks a page asks, as JSON data: each question with what every check has (id, sentence,
kind, step, question, show), and its options, answer and feedback from the lesson's own kind of
check (its declaration's `checks`), answered by the lesson's numbers."""

from __future__ import annotations

from collections.abc import Collection

from common.declaration import LessonDeclaration, Numbers
from transcript.lessons import lesson_of
from transcript.manifest import Manifest


def check_data(manifest: Manifest, on_page: Collection[str], core: Numbers | None = None,
               lesson: LessonDeclaration | None = None) -> list[dict]:
    """The checks whose sentence is among `on_page` (sentence ids), answered by `core` (default:
    the lesson's numbers); `show` is None where its sentence is not on the page. `lesson`: the
    manifest's lesson's declaration (default: found by its id)."""
    lesson = lesson or lesson_of(manifest.lesson)
    core = core if core is not None else lesson.numbers()
    out = []
    for check in manifest.checks:
        if check.sentence not in on_page:
            continue
        out.append({"id": check.id, "sentence": check.sentence, "kind": check.kind,
                    "step": manifest.sentence(check.sentence).step, "question": check.question,
                    **lesson.checks[check.kind].page(check, core),
                    "show": check.show if check.show in on_page else None})
    return out
