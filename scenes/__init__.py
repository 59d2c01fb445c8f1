"""Manim scenes of a lesson, one per narration paragraph, a beat per sentence; the engine's scene
machinery (base, beat, plan, widgets...) beside them.

A scene registers itself by its module alone: a class in the lesson's scenes package (its
declaration's `scenes`) with a `scene_id = "..."` attribute draws the paragraph whose `scene:` has
that id. The registry is read from the source text, so it stays cheap to import (no Manim) and a
YAML scene without a module (or a module without a YAML scene) is found before anything renders.
"""

from __future__ import annotations

import ast
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from common.choices import did_you_mean
from common.paths import ROOT
from transcript.lessons import chosen

if TYPE_CHECKING:
    from scenes.base import LessonScene


class SceneRegistryError(ValueError):
    """Two scene modules claim one id, or a scene id is not drawn by any module."""


def scenes_package() -> str:
    """The package of the chosen lesson's scenes (transcript.lessons.chosen)."""
    return chosen().scenes


@cache
def scenes_dir(package: str) -> Path:
    """The folder of the scenes package `package` (found without importing its modules)."""
    try:
        spec = find_spec(package)
    except (ImportError, ValueError) as e:  # a package it is in is missing, or does not import
        raise SceneRegistryError(f"the lesson's scenes package {package!r} cannot be found "
                                 f"({type(e).__name__}: {e}); name an existing package in the "
                                 "lesson's declaration (scenes=...)") from None
    if spec is None or not spec.submodule_search_locations:
        raise SceneRegistryError(f"the lesson's scenes package {package!r} is no package; make it "
                                 "a folder with an __init__.py")
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def scene_modules(package: str | None = None) -> dict[str, tuple[str, str]]:
    """scene id -> (module name, class name), for every scene class in `package` (default: the
    chosen lesson's scenes)."""
    return _scene_modules(package or scenes_package())


@cache
def _scene_modules(package: str) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(scenes_dir(package).glob("*.py")):
        tree = _parsed(path)
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            for item in node.body:
                if (isinstance(item, ast.Assign) and len(item.targets) == 1
                        and isinstance(item.targets[0], ast.Name) and item.targets[0].id == "scene_id"
                        and isinstance(item.value, ast.Constant) and isinstance(item.value.value, str)):
                    sid = item.value.value
                    if sid in found:
                        raise SceneRegistryError(
                            f"{path}:{item.lineno}: scene id {sid!r} is also drawn by "
                            f"{found[sid][0]}.{found[sid][1]}; give each scene class its own id")
                    found[sid] = (f"{package}.{path.stem}", node.name)
    return found


def scene_follows(package: str | None = None) -> dict[str, str]:
    """scene id -> the scene id whose last picture it opens on (its class's `follows`)."""
    return _scene_follows(package or scenes_package())


@cache
def _scene_follows(package: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for sid, (module, name) in _scene_modules(package).items():
        tree = _parsed(scenes_dir(package) / (module.rsplit(".", 1)[1] + ".py"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == name:
                for item in node.body:
                    if (isinstance(item, ast.Assign) and len(item.targets) == 1
                            and isinstance(item.targets[0], ast.Name)
                            and item.targets[0].id == "follows"
                            and isinstance(item.value, ast.Constant) and item.value.value):
                        found[sid] = item.value.value
    return found


def _parsed(path: Path) -> ast.Module:
    """A scene module's syntax tree; a syntax error is one line naming its file and line."""
    try:
        return ast.parse(path.read_text(encoding="utf-8"), str(path))
    except SyntaxError as e:
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        raise SceneRegistryError(f"{shown}:{e.lineno}: {e.msg}; fix "
                                 "the Python there (no scene renders until it parses)") from None


def scene_ids() -> list[str]:
    """Every scene id some module draws."""
    return list(scene_modules())


def scene_source(scene_id: str) -> Path:
    """The file of the module drawing `scene_id`."""
    return scenes_dir(scenes_package()) / (_entry(scene_id)[0].rsplit(".", 1)[1] + ".py")


def scene_class(scene_id: str) -> type[LessonScene]:
    """The scene class drawing `scene_id`."""
    module, name = _entry(scene_id)
    return getattr(import_module(module), name)


def _entry(scene_id: str) -> tuple[str, str]:
    try:
        return scene_modules()[scene_id]
    except KeyError:
        raise SceneRegistryError(f"no module in {scenes_dir(scenes_package())} draws scene {scene_id!r}"
                                 f"{did_you_mean(scene_id, scene_modules())}; add a class with "
                                 f"scene_id = {scene_id!r}, or use one of: "
                                 f"{', '.join(scene_modules())}") from None


def known_scene(scene_id: str) -> str:
    """`scene_id` when a module draws it, else a SceneRegistryError naming the closest and every
    scene (for a command's --scene, checked when it runs, so --help works whatever the code)."""
    _entry(scene_id)
    return scene_id
