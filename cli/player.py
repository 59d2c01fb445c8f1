"""Subcommand 'player': write the interactive player page build/index.html and its assets."""

from __future__ import annotations

import argparse

from cli.clips import drawn_posters
from cli.options import add_publish, paths, publish_settings, work_on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the build is published and who may embed it; the page comes from build/lesson.json."""
    add_publish(parser)


def run(args: argparse.Namespace) -> int:
    """Build the page from the manifest; errors say which step to run first."""
    from player.page import build_player
    from transcript.manifest import read_manifest

    publish = publish_settings(args, "player")
    build = paths(args)
    try:
        manifest = read_manifest(build.manifest)
        work_on(manifest.lesson, "player", build.manifest)
    except (FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py player: {e}") from None
    page = build_player(manifest, build, publish, drawn_posters(manifest, build, args.quality))
    if not build.video.exists():
        print(f"note: {build.video} is not there yet; run `python render.py video` to make it")
    print(f"player: {page}")
    return 0
