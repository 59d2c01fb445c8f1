"""Where an error comes from in an author's files: the innermost place its traceback passed
through inside given folders (for a syntax error, the place it points at). Nothing but the
standard library and the project's paths, so that it works when the code it points at cannot be
imported."""

from __future__ import annotations

import traceback
from collections.abc import Iterable
from pathlib import Path

from common.paths import ROOT


def place_in(error: BaseException, folders: Iterable[Path]) -> str:
    """'scenes/attention/s4_dot_products.py:31' for the innermost place `error` passed through in
    one of `folders` (relative to the project when inside it), or '' when it has none."""
    places = [(f.filename, f.lineno) for f in traceback.extract_tb(error.__traceback__)]
    if isinstance(error, SyntaxError) and error.filename:
        places.append((error.filename, error.lineno or 0))
    folders = list(folders)
    for filename, line in reversed(places):
        path = Path(filename).resolve()
        if any(path.is_relative_to(folder) for folder in folders):
            return f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}:{line}"
    return ""
