"""A sentence's `check:` in the lesson YAML: what every check has (id, kind, question, show) read
here, the rest by the lesson's own kind of check (its declaration's `checks`), which refuses a
check its numbers cannot answer, before anything renders, like every other error in the script.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yaml.nodes import Node

from common.declaration import LessonDeclaration, Numbers
from transcript.script import Check

if TYPE_CHECKING:
    from transcript.loader import _Reader

COMMON = ("id", "kind", "question")
MAX_CHECKS = 40  # a platform keeps every answer in the 4,096 characters of cmi.suspend_data
MAX_ID = 64  # characters of a check id, which a platform stores with each answer


def read_check(r: _Reader, node: Node, sentence: str, lesson: LessonDeclaration,
               core: Numbers) -> tuple[Check, Node | None]:
    """The check of `sentence` and the node of its `show` (checked once every id is known): its
    kind's own keys are read by `lesson`'s kind of check, against the lesson's numbers `core`."""
    what = f"the check of sentence {sentence!r}"
    kinds = lesson.checks
    every = {k for kind in kinds.values() for k in (*kind.required, *kind.optional)}
    fields = r.mapping(node, what, COMMON, ("show", *sorted(every)))
    kind = r.text(fields["kind"], f"the kind of {what}")
    if kind not in kinds:
        raise r.error(fields["kind"], f"unknown kind of check {kind!r} in {what}",
                      f"use one of: {', '.join(kinds)}" if kinds else
                      f"remove the check: lesson {lesson.id!r} declares no kind of check")
    required, optional = kinds[kind].required, kinds[kind].optional
    for key, value in fields.items():
        if key not in (*COMMON, "show", *required, *optional):
            raise r.error(value, f"a {kind} check has no {key!r} (in {what})",
                          f"remove it; a {kind} check takes: {', '.join((*required, *optional))}")
    for key in required:
        if key not in fields:
            raise r.error(node, f"{what} has no {key!r}", f"add '{key}: ...' to it (a {kind} check "
                          f"takes: {', '.join((*required, *optional))})")
    check_id = r.kebab(fields["id"], f"the id of {what}")
    if len(check_id) > MAX_ID:
        raise r.error(fields["id"], f"check id {check_id[:20]!r}… is {len(check_id)} characters long",
                      f"shorten it to at most {MAX_ID}")
    base = dict(id=check_id, sentence=sentence, kind=kind, line=node.start_mark.line + 1,
                question=r.text(fields["question"], f"the question of {what}"),
                show=r.kebab(fields["show"], f"the show sentence of {what}") if "show" in fields
                else sentence)
    check = Check(**base, **kinds[kind].read(r, fields, what, core))
    return check, fields.get("show")
