"""Subcommand 'render': the whole lesson — narration, video, player page, clips and SCORM package.

Every input (the lesson YAML against the scenes, its place in the course file, recorded takes,
--base-url, --allow-origin) is checked before anything renders.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cli.options import add_publish, paths, publish_settings, work_on

if TYPE_CHECKING:
    from common.paths import BuildPaths
    from common.progress import Reporter
    from player.publish import Publish
    from player.render_lesson import RenderResult
    from transcript import Script
    from video.ahead import HeadStart


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the build is published and who may embed it."""
    add_publish(parser)


def run(args: argparse.Namespace) -> int:
    from common.progress import Reporter
    from video.ahead import guess, head_start

    publish = publish_settings(args, "render")
    build = paths(args)
    ahead = head_start(build, args.quality)  # after an edit: its worker starts before all else
    try:
        from transcript import TranscriptError, load_script

        try:
            script = load_script(args.lesson, course=args.course)
            work_on(script.id, "render", script.path)
        except TranscriptError as e:
            raise SystemExit(f"render.py render: {e}") from None
        if ahead is not None:
            ahead = guess(ahead, script, build)  # None: no single edited scene (its worker ended)
        reporter = Reporter()  # a bar on a terminal, a line now and then in a log
        try:
            result = _render(args, script, build, publish, ahead, reporter)
        finally:
            reporter.close()  # Ctrl-C, an error: a bar still drawn ends with its line
    finally:
        if ahead is not None:
            ahead.close()
    print(f"done in {result.seconds:.0f} s:")
    print(f"  video   {result.video}")
    print(f"  player  {result.page}")
    print(f"  clips   {build.clips / 'index.html'} ({len(result.clips)} clips)")
    print(f"  SCORM   {result.package}")
    print(f"  preview ./lesson serve --lesson {script.id}   (then open http://127.0.0.1:8000/{script.id}/)")
    return 0


def _render(args: argparse.Namespace, script: Script, build: BuildPaths, publish: Publish,
            ahead: HeadStart | None, reporter: Reporter) -> RenderResult:
    """Render the one lesson asked for. A course's lessons are rendered one per run, so there
    is no bar of lessons: a "lessons done of all" stage (`reporter.stage("lessons", ...)`) goes
    around this when one run renders several; with one lesson it is left out."""
    from audio import AlignmentError, RecordingError, VoiceError
    from player.clip_plan import ClipError
    from player.render_lesson import render_lesson
    from scenes import SceneRegistryError
    from transcript import TranscriptError
    from video.script_check import ScriptSceneError

    drawing = reporter.stage("      drawing", "beats")
    try:
        return render_lesson(script, build, quality=args.quality, voice=args.voice,
                             recordings=args.recordings, jobs=args.jobs, publish=publish,
                             ahead=ahead, progress=reporter.say,
                             counting=lambda d: drawing.update(d.beats, d.of, d.seconds,
                                                               d.of_seconds, final=d.done))
    except (TranscriptError, ScriptSceneError, SceneRegistryError, RecordingError, VoiceError,
            AlignmentError, ClipError) as e:
        raise SystemExit(f"render.py render: {e}") from None
