"""Subcommand 'package': build/lesson-scorm12.zip, the lesson as a SCORM 1.2 package for a
learning platform, from the player page and clips already in the build folder."""

from __future__ import annotations

import argparse

from cli.options import paths, work_on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Nothing beyond the common options: the package holds what `player` and `clips` made."""


def run(args: argparse.Namespace) -> int:
    from player.clips import existing_clips
    from player.scorm import PackageError, build_package
    from transcript.manifest import read_manifest

    build = paths(args)
    try:
        manifest = read_manifest(build.manifest)
        work_on(manifest.lesson, "package", build.manifest)
        clips = existing_clips(manifest, build.clips, build.video)
        out = build_package(manifest, build, clips)
    except (PackageError, FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py package: {e}") from None
    print(f"SCORM 1.2 package: {out} (the lesson and {len(clips)} clips)")
    return 0
