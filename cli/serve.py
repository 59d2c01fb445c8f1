"""Subcommand 'serve': preview the build over HTTP on 127.0.0.1, with byte ranges for seeking.

It serves the build root (the course page and every lesson's folder), not the lesson's folder
alone, so that a lesson page's "Before this" and "Next" (`../ID/index.html`) and the course page's
links work as they will where the build is published; it prints the lesson's address."""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, default=8000,
                        help="port on 127.0.0.1 (default: 8000; 0 picks a free one)")
    parser.add_argument("--verbose", action="store_true", help="log every request")


def port_number(text: str) -> int:
    """A TCP port, 0 to 65535 (0: any free one)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0 to 65535)")
    return value


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted (Ctrl+C)."""
    from player.server import make_server

    root = Path(getattr(args, "build_root", args.build)).expanduser().resolve()  # only read
    if root.exists() and not root.is_dir():
        raise SystemExit(f"render.py serve: --build {root} is a file, not a folder; give the build "
                         "folder `./lesson render` wrote (default: build/)")
    lesson = Path(args.build).expanduser().resolve()
    if not lesson.is_dir():
        raise SystemExit(f"render.py serve: {lesson} does not exist; run `./lesson render` first")
    try:
        server = make_server(root, args.port, quiet=not args.verbose)
    except OSError as e:
        raise SystemExit(f"render.py serve: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}; "
                         "pick another with --port") from None
    host, port = str(server.server_address[0]), server.server_address[1]
    page = f"{lesson.name}/" if lesson.parent == root else ""
    print(f"serving {root} at http://{host}:{port}/{page}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
