"""The one object a lesson declares itself to the engine with.

A lesson is a folder of its own code (its numbers, scenes, script, checks, explore steps, page
scripts). The engine never imports it by name: `transcript.lessons` finds the lesson's module from
the course file (`lesson: ID`, or `module:` beside it) and reads its `LESSON`, an instance of
`LessonDeclaration`. Everything the engine needs of a lesson goes through that object, so the
engine stays the same for every lesson. It lives in `common`, the lowest layer, so that the engine
and every lesson see the same type.

The lesson's numbers (`numbers()`) are opaque to the engine: it hands them back to the lesson's
own functions (placeholders, checks, explore data) and never looks inside them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from common.paths import PLAYER_FILES

Numbers = Any  # a lesson's worked numbers, whatever type the lesson gives them


def numbers_digest(arrays: Sequence[np.ndarray], facts: tuple) -> bytes:
    """A lesson's `digest`: its arrays' bytes in order, then the repr of its other facts (names,
    sizes, who asks), so that any change to a number or a name changes every beat's cache key."""
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(repr(facts).encode())
    return h.digest()


@dataclass(frozen=True)
class Placeholders:
    """The spoken numbers a sentence may hold, `{KIND:NAME}` (e.g. `{score:fluffy}`): each kind's
    words for a name, and the names the lesson's numbers have, so that the loader refuses an
    unknown one at its line before anything renders."""

    kinds: Mapping[str, Callable[[Numbers, str], str]]  # kind -> (numbers, name) -> words
    names: Callable[[Numbers], Sequence[str]]  # the names a placeholder may take
    what: str = "name"  # what a name is, for an error line ("token of the phrase")
    name: str = "NAME"  # a name in the fix line's {KIND:NAME}


@dataclass(frozen=True)
class CheckKind:
    """One kind of question a lesson asks back (`kind:` of a sentence's `check:`).

    `read` turns the check's own keys (YAML nodes, read with the loader's reader `r`) into the
    fields of a `transcript.script.Check`, refusing with `r.error(node, problem, fix)` a check the
    lesson's numbers cannot answer; `page` gives the page's data for a loaded check: its options,
    its answer and the feedback line, every number the lesson's own."""

    required: tuple[str, ...]  # keys besides id, kind, question and show
    optional: tuple[str, ...]
    read: Callable[[Any, Mapping[str, Any], str, Numbers], dict]  # (r, fields, what, numbers)
    page: Callable[[Any, Numbers], dict]  # (check, numbers) -> its page data


@dataclass(frozen=True)
class LessonDeclaration:
    """A lesson, as the engine sees it.

    id: the lesson's id (its script's `id:`, the course's `lesson:`); script: its lesson YAML;
    scenes: the package of its scene modules (one class with a `scene_id` per paragraph);
    numbers/digest: its worked numbers and a digest of them (part of every beat's cache key, so
    a beat drawn with other numbers is never reused); placeholders: its spoken numbers; steps:
    the steps a beat may show (id -> title, in order; the first is a sentence's default);
    explore: the data its page's explore panel computes from; checks: its kinds of check;
    page_scripts: its own page scripts, copied beside the engine's and loaded before the explore
    panel's; sources: the folders of its code (watched by the preview, named in errors).
    """

    id: str
    script: Path
    scenes: str
    numbers: Callable[[], Numbers]
    digest: Callable[[], bytes]
    placeholders: Placeholders
    steps: Mapping[str, str]
    explore: Callable[[], dict]
    checks: Mapping[str, CheckKind] = field(default_factory=dict)
    page_scripts: tuple[Path, ...] = ()
    sources: tuple[Path, ...] = ()

    def __post_init__(self) -> None:
        """A page script named like one of the player's own files is refused here, where the
        lesson declares it (it would overwrite that file in the build)."""
        clash = sorted({p.name for p in self.page_scripts} & set(PLAYER_FILES))
        if clash:
            raise ValueError(f"lesson {self.id!r}'s page script {clash[0]!r} has the name of one "
                             "of the player's files; rename it")
