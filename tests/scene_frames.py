"""A scene run frame by frame without a pixel, for the tests that follow one scene's motion: each
frame is handed to a recorder (`RunPlan.inspection(on_frame=...)`) that keeps what it asks."""

from __future__ import annotations

from collections.abc import Callable

from common.settings import QUALITIES
from scenes import scene_class
from scenes.plan import RunPlan
from scenes.timing import SceneTiming, scene_timing
from video.scene_render import manim_config

FPS = QUALITIES["low"].fps


def run_scene(scene_id: str, manifest, media, on_frame: Callable) -> SceneTiming:
    """Run `scene_id` at low quality under `manifest`'s timing, `on_frame` told every frame."""
    timing = scene_timing(manifest, scene_id, FPS)
    with manim_config(QUALITIES["low"], media, scene_id):
        scene_class(scene_id)(timing, RunPlan.inspection(on_frame=on_frame)).render()
    return timing


def every_recorder(*recorders: Callable) -> Callable:
    """One `on_frame` that tells each of `recorders` every frame: one scene run for several."""
    def on_frame(scene, frame: int, n: int) -> None:
        for record in recorders:
            record(scene, frame, n)
    return on_frame


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
