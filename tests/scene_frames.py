"""A scene run frame by frame without a pixel, for the tests that follow one scene's motion: each
frame is handed to a recorder (`RunPlan.inspection(on_frame=...)`) that keeps what it asks.

A test module asks for its recorders as it is imported (`follow`); the run's `scene_runs` (tests/
conftest.py) then runs each scene once, its FrameReader and every recorder asked for told every
frame, and hands each module its own (`SceneRuns.recorded`): one run per scene for every test that
reads it, in one worker (conftest's `TOGETHER`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from scenes import scene_class
from scenes.inspection import TEXTS, FrameReader, corners, label, opacity, visible_family
from scenes.timing import SceneTiming


def runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The (first, end) frames of each stretch of True."""
    out, start = [], None
    for n, flag in enumerate([*flags, False]):
        if flag and start is None:
            start = n
        elif not flag and start is not None:
            out.append((start, n))
            start = None
    return out


_ASKED: dict[str, list[Callable[[], Callable]]] = {}  # scene id -> makers of its recorders


@dataclass(frozen=True)
class Followed:
    """A recorder asked for on a scene's shared run: the scene and its place among the asked."""

    scene_id: str
    index: int


def follow(scene_id: str, make: Callable[[], Callable]) -> Followed:
    """Ask for a recorder, made by `make`, on the shared run of `scene_id` (called as a test module
    is imported, before any scene runs)."""
    asked = _ASKED.setdefault(scene_id, [])
    asked.append(make)
    return Followed(scene_id, len(asked) - 1)


@dataclass
class SceneRun:
    scene: Any  # the LessonScene as the run left it (its timing, its timeline)
    reader: FrameReader
    recorders: list[Callable]


@dataclass
class SceneRuns:
    """Each scene run once, at low quality under `manifest`'s timing, when first wanted: its
    FrameReader and every recorder asked for with `follow` told every frame."""

    manifest: Any
    media: Path
    _runs: dict[str, SceneRun] = field(default_factory=dict)

    def run(self, scene_id: str) -> SceneRun:
        if scene_id not in self._runs:
            from inspected import inspect_frames

            recorders = [make() for make in _ASKED.get(scene_id, [])]
            scene, reader = inspect_frames(scene_class(scene_id), scene_id, self.manifest, self.media,
                                           also=recorders)
            self._runs[scene_id] = SceneRun(scene, reader, recorders)
        return self._runs[scene_id]

    def recorded(self, followed: Followed) -> tuple[Any, SceneTiming]:
        """The recorder `followed` names, having seen every frame, and its scene's timing."""
        run = self.run(followed.scene_id)
        return run.recorders[followed.index], run.scene.timing


class _ThisFrame:
    """What the recorders of one run read of the frame under way, worked out once for all of them
    rather than once each, and kept until another frame is asked: its visible parts
    (`visible_family`), its texts' boxes (`text_boxes`) and each part's opacity and corners."""

    def __init__(self) -> None:
        self.scene: Any = None
        self.frame = -1
        self.parts: list = []
        self.texts: list[tuple[str, np.ndarray]] | None = None
        self._opacity: dict[int, float] = {}
        self._corners: dict[int, np.ndarray] = {}

    def family(self, scene: Any, frame: int) -> list:
        """The frame's visible parts (`visible_family` of the scene's mobjects)."""
        if scene is not self.scene or frame != self.frame:
            self.scene, self.frame, self.parts = scene, frame, visible_family(scene.mobjects)
            self.texts, self._opacity, self._corners = None, {}, {}
        return self.parts

    def text_boxes(self, scene: Any, frame: int) -> list[tuple[str, np.ndarray]]:
        """The frame's visible texts with their corners, as `text_boxes(scene.mobjects)`."""
        parts = self.family(scene, frame)
        if self.texts is None:
            self.texts = [(label(m), self.corners(m)) for m in parts
                          if isinstance(m, TEXTS) and m.family_members_with_points()]
        return self.texts

    def opacity(self, mob: Any) -> float:
        """`opacity(mob)` on the frame last asked for (read once per part and frame)."""
        if id(mob) not in self._opacity:
            self._opacity[id(mob)] = opacity(mob)
        return self._opacity[id(mob)]

    def corners(self, mob: Any) -> np.ndarray:
        """`corners(mob)` on the frame last asked for: read them, do not change them."""
        if id(mob) not in self._corners:
            self._corners[id(mob)] = corners(mob)
        return self._corners[id(mob)]


_FRAME = _ThisFrame()
shown = _FRAME.family  # shown(scene, frame): that frame's visible parts
texts_shown = _FRAME.text_boxes  # texts_shown(scene, frame): its texts' boxes, as text_boxes gives
seen_opacity = _FRAME.opacity  # the opacity of a part of the frame last asked for
seen_corners = _FRAME.corners  # the corners of a part of the frame last asked for
