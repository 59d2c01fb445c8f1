"""One re-render for the live preview, in a process that stays up between saves.

The voice model and the drawing workers are already loaded, so a save costs only what changed.
Each finished render is published as a new numbered version folder (video, tracks, page) that
the open page switches to: nothing a page may be loading is ever rewritten in place.
"""

from __future__ import annotations

import os
import shutil
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from audio import build_narration
from common.files import atomic_write_text, temp_path
from common.paths import BuildPaths
from player.page import build_player, player_html
from player.preview_server import version_folder, version_url
from transcript import load_script
from transcript.captions import captions_vtt, chapters_vtt
from transcript.manifest import Manifest
from video.audio_track import narration_aac
from video.pipeline import Cancelled, mux_lesson, render_beats_needed
from video.script_check import check_script

KEEP_VERSIONS = 3  # older version folders are deleted: a page has long switched away from them


class Stale(Exception):
    """A newer save arrived while rendering: this render's result would be out of date."""


@dataclass
class PreviewRender:
    """A published version and where its time went (seconds)."""

    version: int
    duration: float  # of the lesson
    drawn: list[str]  # sentence ids whose beats were drawn
    stages: dict[str, float] = field(default_factory=dict)  # voice, levelling, drawing, joining, page
    seconds: float = 0.0


def render_preview(lesson: Path, build: BuildPaths, quality: str, version: int, pool: Executor, *,
                   voice: str | None = None, recordings: Path | None = None,
                   stale: Callable[[], bool] = lambda: False) -> PreviewRender:
    """Narrate, draw what changed, join, and publish version `version`; raises Stale as soon as
    `stale()` says a newer save makes this render pointless, and the loader's or a scene's error
    when the lesson cannot be rendered (the last published version stays as it was)."""
    start = time.perf_counter()
    script = load_script(lesson)
    check_script(script, build.cache)  # costs nothing unless the scenes or the sentence ids changed
    marks: dict[str, float] = {}
    timed: Future = Future()

    def narrate() -> tuple[Manifest, Path]:
        def on_timed(manifest: Manifest) -> None:
            marks["timed"] = time.perf_counter()
            timed.set_result(manifest)

        def on_levelled(wav: Path) -> None:  # encoded while the whole track is measured
            encoded.append(threads.submit(narration_aac, wav, build.cache))

        encoded: list[Future] = []
        manifest, _ = build_narration(script, build, voice=voice, recordings=recordings,
                                      on_timed=on_timed, on_levelled=on_levelled)
        aac = encoded[0].result()
        marks["narrated"] = time.perf_counter()
        return manifest, aac

    with ThreadPoolExecutor(max_workers=2) as threads:
        narration = threads.submit(narrate)
        wait([timed, narration], return_when=FIRST_COMPLETED)
        if not timed.done():
            narration.result()  # raises what stopped the narration
        if stale():
            raise Stale()
        drawing = time.perf_counter()
        try:
            beats = render_beats_needed(timed.result(), quality, build.cache, pool=pool,
                                        stop=stale, progress=lambda _line: None)
        except Cancelled:
            raise Stale() from None
        drawn = time.perf_counter()
        manifest, aac = narration.result()
    if stale():
        raise Stale()
    folder = version_folder(build, version)
    joining = time.perf_counter()
    video = mux_lesson(beats, aac, folder / "lesson.mp4")
    joined = time.perf_counter()
    for name, text in (("captions.vtt", captions_vtt), ("chapters.vtt", chapters_vtt)):
        atomic_write_text(folder / name, text(manifest))
    url = version_url(version)
    atomic_write_text(folder / "index.html", player_html(
        manifest, video=f"{url}/lesson.mp4", captions=f"{url}/captions.vtt",
        chapters=f"{url}/chapters.vtt"))
    _publish(video, build, manifest)
    _prune(build, version)
    done = time.perf_counter()
    return PreviewRender(version, manifest.duration, [j.sentence_id for j in beats if not j.cached], {
        "voice": marks["timed"] - start,
        "levelling": marks["narrated"] - marks["timed"],  # beside the drawing
        "drawing": drawn - drawing,
        "joining": joined - joining,
        "page": done - joined,
    }, done - start)


def _publish(video: Path, build: BuildPaths, manifest: Manifest) -> None:
    """The build folder itself gets the new video (a hard link, renamed into place) and page."""
    tmp = temp_path(build.video)
    try:
        os.link(video, tmp)
    except OSError:
        shutil.copyfile(video, tmp)
    os.replace(tmp, build.video)
    build_player(manifest, build)


def _prune(build: BuildPaths, version: int) -> None:
    for old in version_folder(build, version).parent.glob("*"):
        if old.name.isdigit() and int(old.name) <= version - KEEP_VERSIONS:
            shutil.rmtree(old, ignore_errors=True)
