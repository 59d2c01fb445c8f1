"""Subcommand 'clips': cut a clip per scene, or one sentence range, with captions and embed snippets."""

from __future__ import annotations

import argparse

from cli.options import paths
from player.clips import ClipError, build_clips, check_range
from transcript.manifest import read_manifest


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="first", metavar="ID", default=None,
                        help="first sentence id of a range clip (default: a clip per scene)")
    parser.add_argument("--to", dest="last", metavar="ID", default=None,
                        help="last sentence id of the range (default: the --from sentence)")


def run(args: argparse.Namespace) -> int:
    """Check the range against the manifest before any work, then cut and write the gallery."""
    build = paths(args)
    if args.last and not args.first:
        raise SystemExit("render.py clips: --to needs --from (the range's first sentence id)")
    try:
        manifest = read_manifest(build.manifest)
        ranges = None
        if args.first:
            ranges = [(args.first, args.last or args.first)]
            check_range(manifest, *ranges[0])
        clips = build_clips(manifest, build, ranges)
    except (ClipError, FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py clips: {e}") from None
    for clip in clips:
        print(f"clip: {build.clips / (clip.id + '.mp4')}  ({clip.span.duration:.2f} s)")
    print(f"gallery: {build.clips / 'index.html'}")
    return 0
