"""Subcommand 'preview': serve the build and re-render what changed on every save, at preview
quality; the open page swaps the new lesson in by itself. Its processes are player.preview's.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cli.options import paths, work_on
from cli.serve import port_number


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, default=8000,
                        help="port on 127.0.0.1 (default: 8000; 0 picks a free one)")
    parser.set_defaults(quality="low")  # previews render at 480p15 unless --quality says otherwise


def run(args: argparse.Namespace) -> int:
    """Serve and watch until Ctrl+C."""
    # Here, not at the top: every command imports this module at start-up (render.py), and
    # the preview's processes take a while to import.
    from player.preview.renderer import PreviewOptions
    from player.preview.session import LivePreview

    lesson = _followed(args.lesson, "--lesson", "the lesson YAML")
    _choose(lesson)
    options = PreviewOptions(
        lesson=lesson, build=paths(args), course=_followed(args.course, "--course", "the course file"),
        quality=args.quality, voice=args.voice, jobs=args.jobs,
        recordings=_followed(args.recordings, "--recordings", "the folder that holds the takes")
        if args.recordings else None)
    try:
        preview = LivePreview(options, args.port)
    except OSError as e:
        raise SystemExit(f"render.py preview: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}; "
                         "pick another with --port") from None
    print(f"preview: {preview.url} serving {options.build.root}, watching {args.lesson.name}, "
          f"{args.course.name}, "
          f"{_folders()}{', ' + str(args.recordings) if args.recordings else ''} "
          f"({args.quality.name} quality; Ctrl+C to stop)", flush=True)
    try:
        preview.serve()
    except KeyboardInterrupt:
        print("\npreview: stopped", flush=True)
    finally:
        preview.close()
    return 0


def _folders() -> str:
    """The code folders the preview watches for the chosen lesson, as the author names them."""
    from common.paths import ROOT
    from transcript.lessons import code_folders

    folders = code_folders()
    shown = [p for p in folders if not any(p != q and p.is_relative_to(q) for q in folders)]
    return ", ".join(f"{p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}/" for p in shown)


def _followed(path: Path, option: str, what: str) -> Path:
    """`path` with its links followed (the watcher sees the files they lead to), or one line
    where they lead back to themselves."""
    try:
        return path.resolve()
    except RuntimeError:  # pathlib's word for a symlink loop
        raise SystemExit(f"render.py preview: {path}: cannot be followed: a symlink on its way leads "
                         f"back to itself (a loop)\n  fix: give {option} {what}") from None


def _choose(script: Path) -> None:
    """Work on the lesson `script` declares (its `id:`, read alone), so that the preview watches
    its folders and its workers draw its scenes. A script or a lesson that does not load yet
    leaves the project's first lesson chosen: the preview's own render says what is wrong."""
    from transcript.loader import script_id

    lesson_id = script_id(script)
    if lesson_id is None:
        return
    try:
        work_on(lesson_id, "preview", script)
    except (Exception, SystemExit):  # mid-edit, or no such lesson: the renderer says so, at its line
        pass
