"""Subcommand 'still': a PNG of the last frame of one beat (a sentence), for checking a scene."""

from __future__ import annotations

import argparse

from cli.options import paths, work_on


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sentence", nargs="+", help="sentence id(s) whose beat to show")


def run(args: argparse.Namespace) -> int:
    from transcript.manifest import read_manifest
    from video.scene_render import beat_still

    p = paths(args)
    try:
        manifest = read_manifest(p.manifest)
        work_on(manifest.lesson, "still", p.manifest)
    except (FileNotFoundError, ValueError) as e:
        raise SystemExit(f"render.py still: {e}") from None
    for sid in args.sentence:
        try:
            sentence = manifest.sentence(sid)
        except KeyError as e:
            raise SystemExit(f"render.py still: {e.args[0]}") from None
        out = p.root / "stills" / f"{sentence.scene}--{sid}.png"
        beat_still(sentence.scene, sid, manifest, args.quality, out, p.cache / "manim")
        print(out)
    return 0
