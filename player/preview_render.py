"""One re-render for the live preview, in a process that stays up between saves.

The voice model and the drawing workers are already loaded, so a save costs only what changed.
Each finished render is published as a new numbered version folder (video, tracks, page) that
the open page switches to: nothing a page may be loading is ever rewritten in place.
"""

from __future__ import annotations

import os
import shutil
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path

from common.files import atomic_copy, atomic_write_text
from common.paths import DEFAULT_COURSE, BuildPaths
from common.settings import Quality
from common.stopping import Stop, check
from player.page import player_html
from player.preview_server import version_folder, version_url
from player.render_lesson import PREVIEW, render_lesson
from transcript import load_script
from transcript.captions import captions_vtt, chapters_vtt

KEEP_VERSIONS = 3  # older version folders are deleted: a page has long switched away from them


@dataclass
class PreviewRender:
    """A published version and where its time went (seconds)."""

    version: int
    duration: float  # of the lesson
    drawn: list[str]  # sentence ids whose beats were drawn
    stages: dict[str, float] = field(default_factory=dict)  # voice, levelling, drawing, joining, page
    seconds: float = 0.0


def render_preview(lesson: Path, build: BuildPaths, quality: Quality, version: int, pool: Executor, *,
                   voice: str | None = None, recordings: Path | None = None,
                   course: Path = DEFAULT_COURSE, stop: Stop | None = None) -> PreviewRender:
    """Render the lesson, a stop of `course`, into `build` (its video and page; clips are left
    to `render`) and publish it as version `version`; raises Stopped as soon as `stop()` says a
    newer save makes this render pointless, and the loader's or a scene's error when the lesson
    cannot be rendered (the last published version stays as it was)."""
    start = time.perf_counter()
    result = render_lesson(load_script(lesson, course=course), build, quality=quality, voice=voice,
                           recordings=recordings, progress=lambda _line: None, pool=pool,
                           stop=stop, profile=PREVIEW)
    check(stop)
    publishing = time.perf_counter()
    folder = version_folder(build, version)
    _link(build.video, folder / "lesson.mp4")  # the build's next video is a new file: this stays
    manifest = result.manifest
    for name, text in (("captions.vtt", captions_vtt), ("chapters.vtt", chapters_vtt)):
        atomic_write_text(folder / name, text(manifest))
    url = version_url(version)
    atomic_write_text(folder / "index.html", player_html(
        manifest, video=f"{url}/lesson.mp4", captions=f"{url}/captions.vtt",
        chapters=f"{url}/chapters.vtt"))
    _prune(build, version)
    done = time.perf_counter()
    stages = {**result.steps, "page": result.steps["page"] + done - publishing}
    return PreviewRender(version, manifest.duration, result.drawn, stages, done - start)


def _link(video: Path, out: Path) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    try:
        os.link(video, out)
    except OSError:  # another file system: a copy
        atomic_copy(video, out)


def _prune(build: BuildPaths, version: int) -> None:
    for old in version_folder(build, version).parent.glob("*"):
        if old.name.isdigit() and int(old.name) <= version - KEEP_VERSIONS:
            shutil.rmtree(old, ignore_errors=True)
