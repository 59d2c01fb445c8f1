"""Subcommand 'render': the whole lesson — narration, video, player page, clips and SCORM package.

Every input (the lesson YAML against the scenes, its place in the course file, recorded takes,
--base-url, --allow-origin) is checked before anything renders.
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from cli.options import add_publish, paths, publish_settings, work_on
from common.paths import DEFAULT_BUILD, DEFAULT_COURSE

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
        # the run's (render.py: its bar of lessons too), else one of this lesson's own
        reporter = getattr(args, "reporter", None) or Reporter()
        try:
            result = _render(args, script, build, publish, ahead, reporter)
        finally:
            if reporter is not getattr(args, "reporter", None):
                reporter.close()  # Ctrl-C, an error: a bar still drawn ends with its line
    finally:
        if ahead is not None:
            ahead.close()
    say = reporter.say
    say(f"done in {result.seconds:.0f} s:")
    say(f"  video   {result.video}")
    say(f"  player  {result.page}")
    say(f"  clips   {build.clips / 'index.html'} ({len(result.clips)} clips)")
    say(f"  SCORM   {result.package}")
    say(f"  preview {serve_command(args, script.id)}   (then open http://127.0.0.1:8000/{script.id}/)")
    return 0


def serve_command(args: argparse.Namespace, lesson_id: str) -> str:
    """The command that serves what this run built: with its --build and --course, when not
    the defaults (`serve` would look elsewhere, or not know the lesson)."""
    words = ["./lesson", "serve", "--lesson", lesson_id]
    root = getattr(args, "build_root", None) or args.build
    for option, given, default in (("--build", root, DEFAULT_BUILD),
                                   ("--course", args.course, DEFAULT_COURSE)):
        if Path(given).expanduser().resolve() != Path(default).resolve():
            words += [option, str(given)]
    return shlex.join(words)


def _render(args: argparse.Namespace, script: Script, build: BuildPaths, publish: Publish,
            ahead: HeadStart | None, reporter: Reporter) -> RenderResult:
    """Render the one lesson asked for, its drawing a stage of `reporter` (beside the run's
    "lessons done of all" when it renders several)."""
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
