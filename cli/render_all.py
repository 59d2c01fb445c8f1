"""Subcommand 'render': the whole lesson — narration, video, player page, clips and SCORM package.

Every input (the lesson YAML, recorded takes, --base-url, --allow-origin) is checked before
anything renders.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING

from cli.options import BuildPaths, add_publish, paths, publish_settings

if TYPE_CHECKING:
    from audio import NarrationReport
    from transcript import Script
    from transcript.manifest import Manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the build is published and who may embed it."""
    add_publish(parser)


def run(args: argparse.Namespace) -> int:
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait

    from audio import RecordingError, VoiceError
    from transcript import TranscriptError, load_script

    start = time.perf_counter()
    publish = publish_settings(args, "render")
    build = paths(args)
    try:
        script = load_script(args.lesson)
    except TranscriptError as e:
        raise SystemExit(f"render.py render: {e}") from None
    print("[1/5] narration")
    # Levelling and encoding the narration run beside the drawing: the video needs only the timings.
    timed: Future = Future()
    with ThreadPoolExecutor(max_workers=1) as pool:
        narration = pool.submit(_narrate, script, build, args, timed)
        # Manim loads while the narration is voiced and timed.
        from player.clips import ClipError, build_clips, existing_clips
        from player.page import build_player
        from player.scorm import build_package
        from video.pipeline import mux_lesson, render_beats_needed

        wait([timed, narration], return_when=FIRST_COMPLETED)
        if not timed.done():
            try:
                narration.result()
            except (RecordingError, VoiceError) as e:
                raise SystemExit(f"render.py render: {e}") from None
        print(f"[2/5] video ({args.quality})")
        beats = render_beats_needed(timed.result(), args.quality, build.cache, args.jobs,
                                    progress=lambda line: print("      " + line))
        manifest, report, aac = narration.result()
    print(f"      narration: {report.voice}, synthesised {report.synthesized}, cached "
          f"{report.cached}, recorded {report.recorded}; {manifest.duration:.1f} s, "
          f"{report.loudness['integrated_lufs']:.1f} LUFS")
    video = mux_lesson(beats, aac, build.video)
    drawn = {j.sentence_id: j.poster for j in beats}
    print("[3/5] player page")
    page = build_player(manifest, build, publish, drawn)
    print("[4/5] clips")
    try:
        clips = build_clips(manifest, build, posters=drawn, publish=publish)
    except ClipError as e:
        raise SystemExit(f"render.py render: {e}") from None
    print("[5/5] SCORM package")
    package = build_package(manifest, build, existing_clips(manifest, build.clips, build.video))
    print(f"done in {time.perf_counter() - start:.0f} s:")
    print(f"  video   {video}")
    print(f"  player  {page}")
    print(f"  clips   {build.clips / 'index.html'} ({len(clips)} clips)")
    print(f"  SCORM   {package}")
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
