"""The whole lesson from its script, as one library call: check, narrate, draw, mux, page, clips,
SCORM package.

The command line, the tests, the benchmark and a live preview all render through `render_lesson`.
Every input is checked before anything is voiced or drawn. The narration is levelled and encoded
in a thread while the scenes are drawn: the drawing needs only the timings.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from audio import NarrationReport, build_narration
from audio.recordings import find_recordings
from common.paths import BuildPaths
from common.settings import DEFAULT_QUALITY, QUALITIES, Quality
from common.stopping import Stop, check
from player.clip_plan import Clip
from player.clips import build_clips, existing_clips
from player.page import build_player
from player.publish import Publish
from player.scorm import build_package
from transcript import Script
from transcript.manifest import Manifest
from video.ahead import HeadStart
from video.audio_track import narration_aac
from video.pipeline import BeatJob, Drawing, mux_lesson, render_beats_needed
from video.script_check import check_script

Progress = Callable[[str], None]


@dataclass(frozen=True)
class Profile:
    """What a render makes, and how quickly: the full render, or the live preview's."""

    whole: bool = True  # the clips and the SCORM package too, not only the video and the page
    quick_sound: bool = False  # the preview's sound (PREVIEW_AUDIO_ARGS); the track not measured
    resume: bool = False  # the pool's workers keep paused copies of the scenes (video.checkpoints)


FULL = Profile()
PREVIEW = Profile(whole=False, quick_sound=True, resume=True)


@dataclass(frozen=True)
class RenderResult:
    manifest: Manifest
    narration: NarrationReport
    beats: tuple[BeatJob, ...]
    video: Path
    page: Path
    clips: tuple[Clip, ...]
    seconds: float  # wall-clock time of the render
    package: Path | None  # the SCORM 1.2 zip (None when only the lesson was asked for)
    # Seconds per step: voice (with the checks, until the timings are known), levelling (and
    # the AAC encode; beside the drawing), drawing, joining, page.
    steps: dict[str, float] = field(default_factory=dict)

    @property
    def drawn(self) -> list[str]:
        """Sentence ids of the beats drawn this time (not taken from the cache)."""
        return [j.sentence_id for j in self.beats if not j.cached]


def render_lesson(script: Script, build: BuildPaths, *, quality: Quality = QUALITIES[DEFAULT_QUALITY],
                  voice: str | None = None, recordings: Path | None = None,
                  jobs: int | None = None, progress: Progress = print,
                  publish: Publish = Publish(), pool: Executor | None = None,
                  stop: Stop | None = None, profile: Profile = FULL,
                  ahead: HeadStart | None = None,
                  counting: Callable[[Drawing], None] | None = None) -> RenderResult:
    """Render everything `script` makes into `build`; only what changed is made again. `publish`
    is where the build will be served and which course pages may embed it.

    Raises the inputs' own errors (ScriptSceneError, RecordingError, VoiceError, ClipError...)
    before any work where they can be found up front. A live preview passes its warm `pool` of
    drawing workers, `stop` (asked between the steps and while drawing: Stopped is raised once
    it says True) and the PREVIEW profile. After an edit, `ahead` is a worker priming the edited
    scene meanwhile (video.ahead; the caller ends it). `counting` is told how far the drawing
    of the beats is as each is drawn (a progress bar's count).
    """
    start = time.perf_counter()
    marks: dict[str, float] = {}
    if recordings is not None:  # a misnamed take is named before the scenes are run to check them
        find_recordings(recordings, [s.id for s in script.sentences])
    check_script(script, build.cache)
    progress("[1/5] narration")
    timed: Future = Future()
    stopped = threading.Event()  # Ctrl-C, a failed scene, a newer save: the levelling stops too

    def narrate() -> tuple[Manifest, NarrationReport, Path]:
        def on_timed(manifest: Manifest) -> None:
            marks["timed"] = time.perf_counter()
            timed.set_result(manifest)

        encoded: list[Future] = []  # the AAC encode runs while the whole track is measured
        manifest, report = build_narration(
            script, build, voice=voice, recordings=recordings, progress=lambda _line: None,
            on_timed=on_timed, measure=not profile.quick_sound, stop=stopped.is_set,
            on_levelled=lambda wav: encoded.append(threads.submit(narration_aac, wav, build.cache,
                                                                  profile.quick_sound)))
        aac = encoded[0].result()
        marks["narrated"] = time.perf_counter()
        return manifest, report, aac

    with ThreadPoolExecutor(max_workers=2) as threads:
        narration = threads.submit(narrate)
        try:
            wait([timed, narration], return_when=FIRST_COMPLETED)
            if not timed.done():
                narration.result()  # it failed before the timings were known: raise its error
            check(stop)
            progress(f"[2/5] video ({quality.name})")
            drawing = time.perf_counter()
            beats = render_beats_needed(timed.result(), quality, build.cache, jobs,
                                        progress=lambda line: progress("      " + line),
                                        pool=pool, stop=stop, rehearsed=True,
                                        resume=profile.resume, ahead=ahead, counting=counting)
            drawn_at = time.perf_counter()
            manifest, report, aac = narration.result()
        except BaseException:
            stopped.set()
            raise
    check(stop)
    for note in report.notes:
        progress(f"      note: {note}")
    loudness = report.loudness.get("integrated_lufs")
    progress(f"      narration: {report.voice}, synthesised {report.synthesized}, cached "
             f"{report.cached}, recorded {report.recorded}; {manifest.duration:.1f} s"
             + (f", {loudness:.1f} LUFS" if loudness is not None else ""))
    joining = time.perf_counter()
    video = mux_lesson(beats, aac, build.video)
    drawn = {j.sentence_id: j.poster for j in beats}
    progress("[3/5] player page")
    paging = time.perf_counter()
    page = build_player(manifest, build, publish, drawn)
    steps = {"voice": marks["timed"] - start, "levelling": marks["narrated"] - marks["timed"],
             "drawing": drawn_at - drawing, "joining": paging - joining,
             "page": time.perf_counter() - paging}
    clips, package = [], None
    if profile.whole:
        progress("[4/5] clips")
        clips = build_clips(manifest, build, posters=drawn, publish=publish)
        progress("[5/5] SCORM package")
        package = build_package(manifest, build, existing_clips(manifest, build.clips, build.video))
    return RenderResult(manifest, report, tuple(beats), video, page, tuple(clips),
                        time.perf_counter() - start, package, steps)
