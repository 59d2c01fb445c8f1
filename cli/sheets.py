"""Subcommand 'sheets': a contact sheet per beat (its frames every 0.25 s, each labelled with the
lesson time and the word being said) in build/sheets/, to review motion and not only end frames."""

from __future__ import annotations

import argparse

from cli.options import paths, work_on
from scenes import known_scene


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", action="append", default=None,
                        help="only this scene (repeat for several; default: every scene)")


def run(args: argparse.Namespace) -> int:
    from transcript.manifest import read_manifest
    from video.sheets import write_sheets

    p = paths(args)
    manifest = read_manifest(p.manifest)
    work_on(manifest.lesson, "sheets", p.manifest)
    for scene_id in args.scene or []:
        known_scene(scene_id)
    for scene_id in args.scene or [s.id for s in manifest.scenes]:
        for out in write_sheets(scene_id, manifest, args.quality, p.root / "sheets",
                                p.cache / "manim"):
            print(out)
    return 0
