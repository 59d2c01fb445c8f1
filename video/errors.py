"""Where a scene's error comes from, in the author's own files (nothing but the standard library
and the project's paths, so that it still works when the scene or core code it points at cannot
be imported)."""

from __future__ import annotations

import traceback
from pathlib import Path

from common.paths import ROOT as PROJECT

AUTHOR_CODE = ("scenes", "attention")  # folders whose files an author edits


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
    """'scenes/s4_dot_products.py:31' for the innermost place `error` passed through in the
    scene or core code (for a syntax error, the place it points at), or '' when it has none."""
    places = [(f.filename, f.lineno) for f in traceback.extract_tb(error.__traceback__)]
    if isinstance(error, SyntaxError) and error.filename:
        places.append((error.filename, error.lineno or 0))
    for filename, line in reversed(places):
        path = Path(filename).resolve()
        if path.is_relative_to(PROJECT) and path.relative_to(PROJECT).parts[0] in AUTHOR_CODE:
            return f"{path.relative_to(PROJECT)}:{line}"
    return ""
