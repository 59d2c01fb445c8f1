"""A scene inspected frame by frame: run without a pixel, every frame's layout read by a
FrameReader and every beat's timing and text layout recorded in the scene's timeline. Imported by
tests/conftest.py (`inspected_scenes`, every scene once per session) and tests/test_readability.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from common.settings import QUALITIES
from scenes.base import LessonScene
from scenes.inspection import FrameReader
from scenes.plan import RunPlan
from scenes.timing import scene_timing
from transcript.manifest import Manifest
from video.scene_render import manim_config

LOW = QUALITIES["low"]


def inspect_frames(scene_type: type[LessonScene], scene_id: str, manifest: Manifest,
                   media: Path, also: Sequence[Callable] = ()) -> tuple[LessonScene, FrameReader]:
    """`scene_type` (a scene of `scene_id`'s timing) run once frame by frame at low quality; the
    recorders `also` are told every frame after the reader."""
    reader = FrameReader()

    def on_frame(scene: LessonScene, frame: int, n: int) -> None:
        reader(scene, frame, n)
        for record in also:
            record(scene, frame, n)

    with manim_config(LOW, media, scene_id):
        scene = scene_type(scene_timing(manifest, scene_id, LOW.fps),
                           RunPlan.inspection(on_frame=on_frame if also else reader))
        scene.render()
    return scene, reader
