"""Render the lesson video: changed beats, scene by scene in parallel worker processes, then one
join by stream copy and one mux of the narration."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from common.paths import NotBuilt
from common.settings import QUALITIES
from scenes.timing import SceneTiming, scene_timing
from transcript.manifest import Manifest
from video.audio_track import narration_aac
from video.cache import beat_keys
from video.errors import SceneFailed, where
from video.lesson_video import join_and_mux
from video.workers import stop_workers, tie_to_parent


@dataclass(frozen=True)
class BeatJob:
    scene_index: int
    scene_id: str
    sentence_id: str
    seconds: float  # of video in the beat's file
    path: Path  # the cached beat video
    cached: bool
    timing: SceneTiming  # of its scene, computed once per render

    @property
    def poster(self) -> Path:
        """The beat's last frame as a JPEG, written beside its video when it is drawn."""
        return self.path.with_suffix(".jpg")


@dataclass(frozen=True)
class VideoReport:
    video: Path
    beats: tuple[BeatJob, ...]
    seconds: float  # wall-clock time of the render

    @property
    def rendered(self) -> list[str]:
        """Sentence ids of the beats drawn (not taken from the cache)."""
        return [j.sentence_id for j in self.beats if not j.cached]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)))


def plan(manifest: Manifest, quality: str, cache_dir: Path,
         only: list[str] | None = None) -> list[BeatJob]:
    """Every beat of the lesson (or of the `only` scenes) in order, found in the cache or not."""
    fps = QUALITIES[quality].fps
    jobs = []
    for i, scene in enumerate(manifest.scenes):
        if only and scene.id not in only:
            continue
        timing = scene_timing(manifest, scene.id, fps)
        for sid, key in beat_keys(timing, quality).items():
            path = cache_dir / "beats" / quality / scene.id / f"{sid}-{key}.mp4"
            jobs.append(BeatJob(i, scene.id, sid, timing.file_frames(sid) / fps, path,
                                path.exists() and path.with_suffix(".jpg").exists(), timing))
    return jobs


class Cancelled(Exception):
    """The caller's `stop` said the beats being drawn are no longer wanted."""


def _draw(timing: SceneTiming, quality: str, outputs: dict[str, Path], media: Path) -> str:
    try:
        from video.scene_render import render_beats  # Manim loads only where a scene is drawn

        render_beats(timing, quality, outputs, media)
    except Exception as e:
        place = where(e)
        if not place:
            raise
        raise SceneFailed(f"{place}: scene {timing.scene_id!r} raised {type(e).__name__}: {e}") from e
    return timing.scene_id


def render_beats_needed(manifest: Manifest, quality: str, cache_dir: Path, jobs: int | None = None,
                        only: list[str] | None = None,
                        progress: Callable[[str], None] = print, *, pool: Executor | None = None,
                        stop: Callable[[], bool] | None = None) -> list[BeatJob]:
    """Draw every beat missing from the cache: one pass per scene that has any, `jobs` scenes at
    a time, longest first. Returns the plan: every beat is in the cache now, and `cached` says
    whether it already was.

    A long-lived `pool` of worker processes may be given (a live preview keeps one warm); then
    `stop` is asked while the scenes are drawn, and Cancelled raised as soon as it says True.
    """
    beats = plan(manifest, quality, cache_dir, only)
    n = len(manifest.scenes)
    todo: dict[str, list[BeatJob]] = {}
    for scene_id, grouped in groupby(beats, key=lambda j: j.scene_id):
        group = list(grouped)
        missing = [j for j in group if not j.cached]
        if missing:
            todo[scene_id] = missing
        else:
            progress(f"scene {group[0].scene_index + 1} of {n} {scene_id}: cached")
    order = sorted(todo, key=lambda s: -sum(j.seconds for j in todo[s]))
    total = sum(j.seconds for s in order for j in todo[s])
    done = 0.0
    media = cache_dir / "manim"

    def report(scene_id: str) -> None:
        nonlocal done
        drawn = todo[scene_id]
        done += sum(j.seconds for j in drawn)
        progress(f"scene {drawn[0].scene_index + 1} of {n} {scene_id}: drew {len(drawn)} of "
                 f"{sum(1 for b in beats if b.scene_id == scene_id)} beats "
                 f"({done / total:.0%} of {total:.0f} s to draw)")

    workers = min(jobs or default_jobs(), max(1, len(order)))
    if order and pool is not None:
        running = {}
        for s, part, folder in _parts(order, todo, jobs or default_jobs(), cache_dir):
            future = pool.submit(_draw, part[0].timing, quality,
                                 {j.sentence_id: j.path for j in part}, folder)
            running[future] = s
        while running:
            finished, _ = wait(running, timeout=0.02, return_when=FIRST_COMPLETED)
            if stop is not None and stop():
                for future in running:
                    future.cancel()
                raise Cancelled()
            for future in finished:
                future.result()
                scene_id = running.pop(future)
                if scene_id not in running.values():
                    report(scene_id)
    elif order and workers == 1:
        for scene_id in order:
            _draw(todo[scene_id][0].timing, quality,
                  {j.sentence_id: j.path for j in todo[scene_id]}, media)
            report(scene_id)
    elif order:
        progress(f"drawing {len(order)} scenes in {workers} processes")
        ctx = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                   initializer=tie_to_parent, initargs=(os.getpid(),))
        try:
            running = {pool.submit(_draw, todo[s][0].timing, quality,
                                   {j.sentence_id: j.path for j in todo[s]}, media): s
                       for s in order}
            while running:
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    future.result()
                    report(running.pop(future))
        except BaseException:
            stop_workers(pool)  # a failed scene or Ctrl-C: do not wait for the others
            raise
        pool.shutdown()
    _prune(beats)
    return beats


def _parts(order: list[str], todo: dict[str, list[BeatJob]], workers: int,
           cache_dir: Path) -> list[tuple[str, list[BeatJob], Path]]:
    """(scene, beats, Manim folder) per run: when there are fewer scenes to draw than workers
    (an edit), the longest scene's beats are split in two runs, the second running the scene
    without pixels up to its part. Each run has its own Manim folder, so two processes never
    write one LaTeX file."""
    runs = [(s, todo[s], cache_dir / "manim") for s in order]
    beats = todo[order[0]]
    if len(order) < workers and len(beats) >= 2:
        half, seconds, cut = 0.55 * sum(j.seconds for j in beats), 0.0, 1
        for cut, j in enumerate(beats[:-1], 1):  # noqa: B007 (the cut is read after the loop)
            seconds += j.seconds
            if seconds >= half:
                break
        runs[0] = (order[0], beats[:cut], cache_dir / "manim")
        runs.append((order[0], beats[cut:], cache_dir / "manim-second-part"))
    return runs


def _prune(beats: list[BeatJob]) -> None:
    """Drop older cached versions of these beats: the cache keeps one video and poster per beat."""
    for j in beats:
        for old in j.path.parent.glob(f"{j.sentence_id}-*.*"):
            if old.suffix in (".mp4", ".jpg") and old.stem != j.path.stem \
                    and old.stem[len(j.sentence_id) + 1:].isalnum():
                old.unlink(missing_ok=True)


def render_lesson_video(manifest: Manifest, narration: Path, out: Path, quality: str,
                        cache_dir: Path, jobs: int | None = None,
                        progress: Callable[[str], None] = print) -> VideoReport:
    """`out` = every beat joined by stream copy with the narration muxed in."""
    start = time.perf_counter()
    if not narration.exists():
        raise NotBuilt(f"{narration} does not exist", "audio")
    beats = render_beats_needed(manifest, quality, cache_dir, jobs, progress=progress)
    mux_lesson(beats, narration_aac(narration, cache_dir), out)
    return VideoReport(out, tuple(beats), time.perf_counter() - start)


def mux_lesson(beats: list[BeatJob], narration: Path, out: Path) -> Path:
    """Join beats already in the cache and add the narration (an encoded .m4a is copied)."""
    return join_and_mux([j.path for j in beats], [j.seconds for j in beats], out, narration)


def render_scene_alone(manifest: Manifest, narration: Path, scene_id: str, out: Path,
                       quality: str, cache_dir: Path, progress: Callable[[str], None] = print) -> Path:
    """One scene with its part of the narration, for checking a scene while editing it."""
    beats = render_beats_needed(manifest, quality, cache_dir, 1, only=[scene_id], progress=progress)
    return join_and_mux([j.path for j in beats], [j.seconds for j in beats], out, narration,
                        manifest.scene_span(scene_id))
