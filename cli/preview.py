"""Subcommand 'preview': serve the build and re-render what changed on every save, at preview
quality; the open page swaps the new lesson in by itself. Its processes are player.preview's.
"""

from __future__ import annotations

import argparse

from cli.options import paths
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

    options = PreviewOptions(
        lesson=args.lesson.resolve(), build=paths(args), quality=args.quality, voice=args.voice,
        recordings=args.recordings.resolve() if args.recordings else None, jobs=args.jobs)
    try:
        preview = LivePreview(options, args.port)
    except OSError as e:
        raise SystemExit(f"render.py preview: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}; "
                         "pick another with --port") from None
    print(f"preview: {preview.url} serving {options.build.root}, watching {args.lesson.name}, "
          f"scenes/, attention/{', ' + str(args.recordings) if args.recordings else ''} "
          f"({args.quality.name} quality; Ctrl+C to stop)", flush=True)
    try:
        preview.serve()
    except KeyboardInterrupt:
        print("\npreview: stopped", flush=True)
    finally:
        preview.close()
    return 0
