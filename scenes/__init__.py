"""Manim scenes of the lesson, one per narration paragraph, a beat per sentence.

A scene registers itself by its module alone: a class in `scenes/` with a `scene_id = "..."`
attribute draws the paragraph whose `scene:` has that id. The registry is read from the source
text, so it stays cheap to import (no Manim) and a YAML scene without a module (or a module
without a YAML scene) is found before anything renders.
"""

from __future__ import annotations

import ast
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from common.choices import did_you_mean

if TYPE_CHECKING:
    from scenes.base import LessonScene

SCENES_DIR = Path(__file__).resolve().parent


class SceneRegistryError(ValueError):
    """Two scene modules claim one id, or a scene id is not drawn by any module."""


@cache
def scene_modules() -> dict[str, tuple[str, str]]:
    """scene id -> (module name, class name), for every scene class under scenes/."""
    found: dict[str, tuple[str, str]] = {}
    for path in sorted(SCENES_DIR.glob("*.py")):
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
                    found[sid] = (f"scenes.{path.stem}", node.name)
    return found


@cache
def scene_follows() -> dict[str, str]:
    """scene id -> the scene id whose last picture it opens on (its class's `follows`)."""
    found: dict[str, str] = {}
    for sid, (module, name) in scene_modules().items():
        tree = _parsed(SCENES_DIR / (module.rsplit(".", 1)[1] + ".py"))
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
        raise SceneRegistryError(f"{path.relative_to(SCENES_DIR.parent)}:{e.lineno}: {e.msg}; fix "
                                 "the Python there (no scene renders until it parses)") from None


def scene_ids() -> list[str]:
    """Every scene id some module draws."""
    return list(scene_modules())


def scene_source(scene_id: str) -> Path:
    """The file of the module drawing `scene_id`."""
    return SCENES_DIR / (_entry(scene_id)[0].rsplit(".", 1)[1] + ".py")


def scene_class(scene_id: str) -> type[LessonScene]:
    """The scene class drawing `scene_id`."""
    module, name = _entry(scene_id)
    return getattr(import_module(module), name)


def _entry(scene_id: str) -> tuple[str, str]:
    try:
        return scene_modules()[scene_id]
    except KeyError:
        raise SceneRegistryError(f"no module in {SCENES_DIR} draws scene {scene_id!r}"
                                 f"{did_you_mean(scene_id, scene_modules())}; add a class with "
                                 f"scene_id = {scene_id!r}, or use one of: "
                                 f"{', '.join(scene_modules())}") from None


def known_scene(scene_id: str) -> str:
    """`scene_id` when a module draws it, else a SceneRegistryError naming the closest and every
    scene (for a command's --scene, checked when it runs, so --help works whatever the code)."""
    _entry(scene_id)
    return scene_id
