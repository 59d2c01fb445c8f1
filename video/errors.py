"""Where a scene's error comes from, in the author's own files (nothing but the standard library
and the project's paths, so that it still works when the scene or core code it points at cannot
be imported)."""

from __future__ import annotations

from pathlib import Path

from common.paths import ROOT as PROJECT
from common.places import place_in

AUTHOR_CODE = ("scenes", "attention")  # transcript.lessons.SCENE_CODE, when that cannot be imported


def author_folders() -> list[Path]:
    """The folders an author edits: the scenes and the math, and the chosen lesson's own folders
    (when they can be read: not when the lesson's code is the error)."""
    try:
        from transcript.lessons import code_folders

        return code_folders()
    except Exception:  # the lesson's own code is what fails: the project's folders still point
        return [PROJECT / d for d in AUTHOR_CODE]


class SceneFailed(RuntimeError):
    """A scene raised while it was drawn; the message names the scene's file and line."""


def scene_failed(scene_id: str, error: Exception) -> Exception:
    """`error` as the author reads it: a SceneFailed naming the place in scene or core code it
    came from, or `error` itself when it has no such place (or already names it)."""
    place = where(error)
    if not place or isinstance(error, SceneFailed):
        return error
    return SceneFailed(f"{place}: scene {scene_id!r} raised {type(error).__name__}: {error}")


def where(error: BaseException) -> str:
    """'scenes/attention/s4_dot_products.py:31' for the innermost place `error` passed through in the
    scene or core code (for a syntax error, the place it points at), or '' when it has none."""
    return place_in(error, author_folders())
