"""Subcommand 'render': the whole lesson — narration, video, player page, clips and SCORM package.

Every input (the lesson YAML against the scenes, recorded takes, --base-url, --allow-origin) is
checked before anything renders.
"""

from __future__ import annotations

import argparse

from cli.options import add_publish, paths, publish_settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the build is published and who may embed it."""
    add_publish(parser)


def run(args: argparse.Namespace) -> int:
    from audio import RecordingError, VoiceError
    from player.clip_plan import ClipError
    from player.render_lesson import render_lesson
    from scenes import SceneRegistryError
    from transcript import TranscriptError, load_script
    from video.script_check import ScriptSceneError

    publish = publish_settings(args, "render")
    build = paths(args)
    try:
        script = load_script(args.lesson)
        result = render_lesson(script, build, quality=args.quality, voice=args.voice,
                               recordings=args.recordings, jobs=args.jobs, publish=publish)
    except (TranscriptError, ScriptSceneError, SceneRegistryError, RecordingError, VoiceError,
            ClipError) as e:
        raise SystemExit(f"render.py render: {e}") from None
    print(f"done in {result.seconds:.0f} s:")
    print(f"  video   {result.video}")
    print(f"  player  {result.page}")
    print(f"  clips   {build.clips / 'index.html'} ({len(result.clips)} clips)")
    print(f"  SCORM   {result.package}")
    print("  preview ./lesson serve   (then open http://127.0.0.1:8000/)")
    return 0
