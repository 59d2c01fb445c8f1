"""Subcommand 'video': the lesson video build/lesson.mp4, or one scene with `--scene`."""

from __future__ import annotations

import argparse

from cli.options import paths, work_on
from scenes import known_scene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", default=None,
                        help="render only this scene, with its narration, to build/scenes/<scene>.mp4")


def run(args: argparse.Namespace) -> int:
    from transcript.manifest import read_manifest
    from video.pipeline import render_lesson_video, render_scene_alone

    p = paths(args)
    try:
        manifest = read_manifest(p.manifest)
        work_on(manifest.lesson, "video", p.manifest)
    except (FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py video: {e}") from None
    if args.scene:
        known_scene(args.scene)
        out = render_scene_alone(manifest, p.narration, args.scene, p.root / "scenes" / f"{args.scene}.mp4",
                                 args.quality, p.cache)
        print(f"scene {args.scene}: {out}")
        return 0
    report = render_lesson_video(manifest, p.narration, p.video, args.quality, p.cache, args.jobs)
    drawn = len(report.rendered)
    print(f"lesson video: {report.video} ({manifest.duration:.1f} s; {drawn} of "
          f"{len(report.beats)} beats drawn, the rest from cache; {report.seconds:.1f} s)")
    return 0
