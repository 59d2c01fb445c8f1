"""Subcommand 'render': the whole lesson — narration, video, player page and clips — in one go.

Every input (the lesson YAML, recorded takes, clip ranges) is checked before anything renders.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING

from cli.options import BuildPaths, paths

if TYPE_CHECKING:
    from audio import NarrationReport
    from transcript import Script
    from transcript.manifest import Manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Nothing beyond the common options."""


def run(args: argparse.Namespace) -> int:
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    from audio import RecordingError, VoiceError
    from scenes import SceneRegistryError
    from transcript import TranscriptError, load_script
    from video.script_check import ScriptSceneError, check_script

    start = time.perf_counter()
    build = paths(args)
    try:
        script = load_script(args.lesson)
        check_script(script, build.cache)
    except (TranscriptError, ScriptSceneError, SceneRegistryError) as e:
        raise SystemExit(f"render.py render: {e}") from None
    print("[1/4] narration")
    # Levelling and encoding the narration run beside the drawing: the video needs only the timings.
    timed: Future = Future()
    with ThreadPoolExecutor(max_workers=1) as pool:
        narration = pool.submit(_narrate, script, build, args, timed)
        # Manim loads while the narration is voiced and timed.
        from player.clip_plan import ClipError
        from player.clips import build_clips
        from player.page import build_player
        from video.pipeline import mux_lesson, render_beats_needed

        wait([timed, narration], return_when=FIRST_COMPLETED)
        if not timed.done():
            try:
                narration.result()
            except (RecordingError, VoiceError) as e:
                raise SystemExit(f"render.py render: {e}") from None
        print(f"[2/4] video ({args.quality})")
        beats = render_beats_needed(timed.result(), args.quality, build.cache, args.jobs,
                                    progress=lambda line: print("      " + line))
        manifest, report, aac = narration.result()
    print(f"      narration: {report.voice}, synthesised {report.synthesized}, cached "
          f"{report.cached}, recorded {report.recorded}; {manifest.duration:.1f} s, "
          f"{report.loudness['integrated_lufs']:.1f} LUFS")
    video = mux_lesson(beats, aac, build.video)
    print("[3/4] player page")
    page = build_player(manifest, build)
    print("[4/4] clips")
    try:
        clips = build_clips(manifest, build, posters={j.sentence_id: j.poster for j in beats})
    except ClipError as e:
        raise SystemExit(f"render.py render: {e}") from None
    print(f"done in {time.perf_counter() - start:.0f} s:")
    print(f"  video   {video}")
    print(f"  player  {page}")
    print(f"  clips   {build.clips / 'index.html'} ({len(clips)} clips)")
    print("  preview ./lesson serve   (then open http://127.0.0.1:8000/)")
    return 0


def _narrate(script: Script, build: BuildPaths, args: argparse.Namespace,
             timed: Future) -> tuple[Manifest, NarrationReport, Path]:
    """The narration, then its AAC encode: both run beside the drawing."""
    from audio import build_narration
    from video.audio_track import narration_aac

    manifest, report = build_narration(script, build, voice=args.voice, recordings=args.recordings,
                                       progress=_quiet, on_timed=timed.set_result)
    return manifest, report, narration_aac(build.narration, build.cache)


def _quiet(line: str) -> None:
    """Narration progress is summarised after it ends."""
