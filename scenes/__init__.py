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
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
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
        raise SceneRegistryError(f"no module in {SCENES_DIR} draws scene {scene_id!r}; add a class "
                                 f"with scene_id = {scene_id!r}, or use one of: "
                                 f"{', '.join(scene_modules())}") from None
