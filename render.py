"""Render the attention lesson: narration, video, player page, course clips and SCORM package.

`python render.py render` does everything; the other subcommands do one part each.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import signal
import sys

from cli.options import add_common, paths, publish_settings
from common.lock import BuildBusy, build_lock
from common.media import MediaError
from common.paths import NotBuilt

SUBCOMMANDS = {  # name -> (module, help)
    "render": ("cli.render_all", "everything: narration, video, player page, clips and SCORM package"),
    "audio": ("cli.audio", "narration track, build/lesson.json, captions and chapters"),
    "video": ("cli.video", "the lesson video build/lesson.mp4 (or one scene)"),
    "still": ("cli.still", "a PNG of one beat's last frame"),
    "sheets": ("cli.sheets", "a contact sheet per beat (frames every 0.25 s) in build/sheets/"),
    "player": ("cli.player", "the interactive player build/index.html"),
    "clips": ("cli.clips", "clips per scene or sentence range, with captions and embed snippets"),
    "package": ("cli.package", "the SCORM 1.2 package build/lesson-scorm12.zip for learning platforms"),
    "serve": ("cli.serve", "serve build/ over HTTP for a preview"),
    "preview": ("cli.preview", "serve build/ and re-render what changed on every save (live preview)"),
}
READ_ONLY = {"serve"}  # commands that write nothing into the build folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="render.py", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        p = sub.add_parser(name, help=help_text, description=help_text)
        add_common(p)
        module.add_arguments(p)
        p.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    name = f"render.py {args.command}"
    if "base_url" in vars(args):  # checked before the build folder is even created
        publish_settings(args, args.command)
    # A plain `kill` unwinds like Ctrl-C: every half-written output is removed on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        if args.command in READ_ONLY:
            return args.run(args) or 0
        with build_lock(paths(args), name):
            return args.run(args) or 0
    except KeyboardInterrupt:
        print(f"{name}: interrupted; every output is as it was before this run", file=sys.stderr)
        return 130
    except (BuildBusy, MediaError) as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 1
    except NotBuilt as e:
        print(f"{name}: {e}; run `./lesson {e.step}` first", file=sys.stderr)
        return 1


if __name__ == "__main__":
    code = main()
    if code:  # a failed or interrupted run unwinds normally: multiprocessing releases its locks
        sys.exit(code)
    # Every output is written and closed by now. Skipping the interpreter's teardown of Manim,
    # NumPy and SciPy saves a quarter of a second on every command.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
