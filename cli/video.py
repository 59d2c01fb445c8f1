"""Subcommand 'video': the lesson video build/lesson.mp4, or one scene with `--scene`."""

from __future__ import annotations

import argparse

from cli.options import paths
from scenes import SCENES
from transcript.manifest import read_manifest
from video.pipeline import render_lesson_video, render_scenes
from video.scene_clip import mux_scene_audio


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", choices=list(SCENES), default=None,
                        help="render only this scene, to build/scenes/<scene>.mp4")


def run(args: argparse.Namespace) -> int:
    p = paths(args)
    manifest = read_manifest(p.manifest)
    if args.scene:
        (job,) = render_scenes(manifest, args.quality, p.cache, args.jobs, only=[args.scene])
        out = mux_scene_audio(job.path, p.narration, manifest, args.scene,
                              p.root / "scenes" / f"{args.scene}.mp4")
        print(f"scene {args.scene}: {out}")
        return 0
    report = render_lesson_video(manifest, p.narration, p.video, args.quality, p.cache, args.jobs)
    drawn = len(report.rendered)
    print(f"lesson video: {report.video} ({manifest.duration:.1f} s; {drawn} scenes drawn, "
          f"{len(report.scenes) - drawn} from cache, {report.seconds:.1f} s)")
    return 0
