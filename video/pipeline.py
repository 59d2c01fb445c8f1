"""Render the lesson video: changed scenes in parallel worker processes, then one join and mux."""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from transcript.manifest import Manifest
from video.cache import scene_key
from video.lesson_video import join_and_mux
from video.scene_render import render_scene


@dataclass(frozen=True)
class SceneJob:
    index: int
    scene_id: str
    seconds: float  # of video
    path: Path  # the cached scene video
    cached: bool


@dataclass(frozen=True)
class VideoReport:
    video: Path
    scenes: tuple[SceneJob, ...]
    seconds: float  # wall-clock time of the render

    @property
    def rendered(self) -> list[str]:
        return [j.scene_id for j in self.scenes if not j.cached]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)))


def _render_one(scene_id: str, manifest: Manifest, quality: str, out: Path, media: Path) -> str:
    render_scene(scene_id, manifest, quality, out, media)
    return scene_id


def plan(manifest: Manifest, quality: str, cache_dir: Path,
         only: list[str] | None = None) -> list[SceneJob]:
    """Which scenes exist in the cache and which must be drawn."""
    jobs = []
    for i, scene in enumerate(manifest.scenes):
        if only and scene.id not in only:
            continue
        path = cache_dir / "scenes" / quality / f"{scene.id}-{scene_key(scene.id, manifest, quality)}.mp4"
        jobs.append(SceneJob(i, scene.id, manifest.scene_span(scene.id).duration, path, path.exists()))
    return jobs


def render_scenes(manifest: Manifest, quality: str, cache_dir: Path, jobs: int | None = None,
                  only: list[str] | None = None,
                  progress: Callable[[str], None] = print) -> list[SceneJob]:
    """Draw every scene missing from the cache, `jobs` at a time, longest first."""
    scene_jobs = plan(manifest, quality, cache_dir, only)
    todo = sorted((j for j in scene_jobs if not j.cached), key=lambda j: -j.seconds)
    total = len(scene_jobs)
    for j in scene_jobs:
        if j.cached:
            progress(f"scene {j.index + 1} of {len(manifest.scenes)} {j.scene_id}: cached")
    media = cache_dir / "manim"
    workers = min(jobs or default_jobs(), max(1, len(todo)))
    seconds_todo = sum(j.seconds for j in todo)
    done_seconds = 0.0
    if todo and workers == 1:
        for j in todo:
            _render_one(j.scene_id, manifest, quality, j.path, media)
            done_seconds += j.seconds
            progress(f"scene {j.index + 1} of {len(manifest.scenes)} {j.scene_id}: rendered "
                     f"({done_seconds / seconds_todo:.0%} of {seconds_todo:.0f} s to draw)")
    elif todo:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
            running = {pool.submit(_render_one, j.scene_id, manifest, quality, j.path, media): j
                       for j in todo}
            progress(f"drawing {len(todo)} of {total} scenes in {workers} processes")
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for f in finished:
                    j = running.pop(f)
                    f.result()
                    done_seconds += j.seconds
                    progress(f"scene {j.index + 1} of {len(manifest.scenes)} {j.scene_id}: rendered "
                             f"({done_seconds / seconds_todo:.0%} of {seconds_todo:.0f} s to draw)")
    _prune(scene_jobs)
    return scene_jobs


def _prune(scene_jobs: list[SceneJob]) -> None:
    """Drop older cached versions of the scenes just rendered: the cache keeps one per scene."""
    for j in scene_jobs:
        for old in j.path.parent.glob(f"{j.scene_id}-*.mp4"):
            if old != j.path and old.name[len(j.scene_id) + 1:-4].isalnum():
                old.unlink(missing_ok=True)


def render_lesson_video(manifest: Manifest, narration: Path, out: Path, quality: str,
                        cache_dir: Path, jobs: int | None = None,
                        progress: Callable[[str], None] = print) -> VideoReport:
    """`out` = every scene joined by stream copy with the narration muxed in."""
    start = time.perf_counter()
    if not narration.exists():
        raise FileNotFoundError(f"{narration} does not exist; run `python render.py audio` first")
    scene_jobs = render_scenes(manifest, quality, cache_dir, jobs, progress=progress)
    join_and_mux([j.path for j in scene_jobs], [j.seconds for j in scene_jobs], narration, out)
    return VideoReport(out, tuple(scene_jobs), time.perf_counter() - start)
