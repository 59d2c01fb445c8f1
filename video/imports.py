"""The project's own modules a module depends on, found from their import statements: what a
drawn beat's cache key must cover, with no hand-kept list to forget a file in."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from common.paths import ROOT


@cache
def _file(module: str) -> Path | None:
    """The project file of a dotted module name, or None for anything outside the project."""
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def _imported(path: Path) -> frozenset[str]:
    """What `path` imports (read once per process, as `project_sources` is: each scene's sources
    share most of their files)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)  # submodules
    return frozenset(names)


@cache
def project_sources(*modules: str) -> tuple[Path, ...]:
    """Every project file `modules` import, directly or not (themselves included), sorted.
    A parent package's `__init__.py` counts: importing `a.b` runs `a/__init__.py`."""
    seen: set[Path] = set()
    todo = list(modules)
    while todo:
        name = todo.pop()
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            path = _file(".".join(parts[:i]))
            if path is not None and path not in seen:
                seen.add(path)
                todo.extend(_imported(path))
    return tuple(sorted(seen))
