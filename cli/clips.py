"""Subcommand 'clips': cut a clip per scene, or one sentence range, with captions and embed snippets."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cli.options import BuildPaths, add_publish, paths, publish_settings, work_on
from common.settings import Quality

if TYPE_CHECKING:
    from transcript.manifest import Manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="first", metavar="ID", default=None,
                        help="first sentence id of a range clip (default: a clip per scene)")
    parser.add_argument("--to", dest="last", metavar="ID", default=None,
                        help="last sentence id of the range (default: the --from sentence)")
    add_publish(parser)


def run(args: argparse.Namespace) -> int:
    """Check the range against the manifest before any work, then cut and write the gallery."""
    from player.clip_plan import ClipError, check_range
    from player.clips import build_clips
    from transcript.manifest import read_manifest

    publish = publish_settings(args, "clips")
    build = paths(args)
    if args.last and not args.first:
        raise SystemExit("render.py clips: --to needs --from (the range's first sentence id)")
    try:
        manifest = read_manifest(build.manifest)
        work_on(manifest.lesson, "clips", build.manifest)  # its declaration: page scripts, steps
        ranges = None
        if args.first:
            ranges = [(args.first, args.last or args.first)]
            check_range(manifest, *ranges[0])
        clips = build_clips(manifest, build, ranges, posters=drawn_posters(manifest, build, args.quality),
                            publish=publish)
    except (ClipError, FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py clips: {e}") from None
    for clip in clips:
        print(f"clip: {build.clips / (clip.id + '.mp4')}  ({clip.span.duration:.2f} s)")
    print(f"gallery: {build.clips / 'index.html'}")
    return 0


def drawn_posters(manifest: Manifest, build: BuildPaths, quality: Quality) -> dict[str, Path]:
    """Last frames of the beats in the cache at `quality`, by sentence id; clips whose beat has
    none (or another size than the lesson video) get a poster decoded from the video instead."""
    from video.pipeline import plan

    return {j.sentence_id: j.poster for j in plan(manifest, quality, build.cache) if j.cached}
