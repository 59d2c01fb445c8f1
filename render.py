"""Render the course's lessons: narration, video, player page, clips and SCORM package of each
lesson in BUILD/<lesson-id>/, and the course page BUILD/index.html.

`python render.py render` does everything; the other subcommands do one part each, on the lesson
--lesson names (or the course's only lesson).
"""

from __future__ import annotations

import argparse
import errno
import importlib
import logging
import os
import signal
import sys
from contextlib import contextmanager, nullcontext
from typing import TextIO, cast

from cli.lessons import READ_ONLY, targets
from cli.options import add_common, paths, publish_settings
from common.lock import BuildBusy, NotOurs, build_lock
from common.media import MediaError
from common.notes import plain_warnings
from common.paths import NotBuilt
from common.progress import Reporter
from common.stage import Stage, staged
from common.stopping import exit_code, signal_name, stop_on_signals
from scenes import SceneRegistryError
from video.errors import SceneFailed
from video.pipeline import drawing_workers

SUBCOMMANDS = {  # name -> (module, help)
    "render": ("cli.render_all", "everything, for every lesson (or each --lesson) into build/ID/, "
                                 "and the course page build/index.html"),
    "audio": ("cli.audio", "narration track, build/ID/lesson.json, captions and chapters"),
    "video": ("cli.video", "the lesson video build/ID/lesson.mp4 (or one scene)"),
    "still": ("cli.still", "a PNG of one beat's last frame"),
    "sheets": ("cli.sheets", "a contact sheet per beat (frames every 0.25 s) in build/ID/sheets/"),
    "player": ("cli.player", "the interactive player build/ID/index.html"),
    "clips": ("cli.clips", "clips per scene or sentence range, with captions and embed snippets"),
    "package": ("cli.package", "the SCORM 1.2 package build/ID/lesson-scorm12.zip for learning platforms"),
    "serve": ("cli.serve", "serve build/ (the course page, the lessons) over HTTP for a preview"),
    "preview": ("cli.preview", "serve build/ID/ and re-render what changed on every save (live preview)"),
}
UNSTAGED = {"preview"}  # publishes each version itself, under a new name, while it holds the lock
FULL = (errno.ENOSPC, errno.EDQUOT)


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
    plain_warnings(name)
    if "base_url" in vars(args):  # checked before the build folder is even created
        publish_settings(args, args.command)
    stop_on_signals()  # `kill`, a closed terminal and Ctrl-\ unwind as Ctrl-C does
    root = args.build
    try:
        lessons = targets(args, args.command)  # every --lesson checked before any work
    except OSError as e:  # a path given (--lesson, --build, --course) that cannot even be looked at
        print(f"{name}: {e.strerror or e} ({e.filename or 'a path given'}); give a path that "
              "can be read (nothing was written)", file=sys.stderr)
        return 1
    # `render` shows its stages as bars on a terminal (lessons done of all, beats drawn of all)
    # and lines in a log; its lessons are drawn one after another on one pool of workers.
    args.reporter = Reporter() if args.command == "render" else None
    say = args.reporter.say if args.reporter else print
    done = args.reporter.stage("lessons", "lessons") if args.reporter and len(lessons) > 1 else None
    if done is not None:
        done.update(0, len(lessons))  # its clock starts with the first lesson
    drawing = drawing_workers(args.jobs) if args.command not in READ_ONLY | UNSTAGED else nullcontext()
    try:
        with drawing:
            for n, lesson in enumerate(lessons, 1):
                if len(lessons) > 1:
                    say(f"lesson {n} of {len(lessons)}: {lesson.id}")
                args.lesson, args.build = lesson.script, lesson.build
                args.build_root = root
                args.stage = None  # each lesson is staged and published on its own
                code = _one(args, name)
                if code:
                    return code
                if done is not None:
                    done.update(n, len(lessons), final=n == len(lessons))
    finally:
        if args.reporter:
            args.reporter.close()  # Ctrl-C, an error: a bar still drawn ends with its line
    if args.command == "render":
        return _course_page(args, root, name)
    return 0


def _one(args: argparse.Namespace, name: str) -> int:
    """Run the command on one lesson, whose build folder is `args.build`: under its lock and on a
    stage published at the end (common.stage), its errors one line each."""
    stage: Stage | None = None
    build = None
    try:
        if args.command in READ_ONLY:
            return args.run(args) or 0
        build = paths(args)
        with build_lock(build, name):
            if args.command in UNSTAGED:
                return args.run(args) or 0
            with staged(build) as stage, _public(stage):
                args.stage = stage
                code = args.run(args) or 0
            return code
    except KeyboardInterrupt as stop:
        by = "" if exit_code(stop) == 128 + signal.SIGINT else f" by {signal_name(stop)}"
        if stage is not None and stage.published:
            _say(f"{name}: interrupted{by} after its outputs were published; the build is complete")
        else:
            _say(f"{name}: interrupted{by}; every output is as it was before this run")
        return exit_code(stop)
    except SystemExit as e:
        if stage is not None and isinstance(e.code, str):
            raise SystemExit(stage.public(e.code)) from None
        raise
    except (BuildBusy, NotOurs, MediaError, SceneFailed, SceneRegistryError) as e:
        print(f"{name}: {_shown(stage, e)}", file=sys.stderr)
        return 1
    except NotBuilt as e:
        print(f"{name}: {_shown(stage, e)}; run `./lesson {e.step}` first", file=sys.stderr)
        return 1
    except OSError as e:
        where = _shown(stage, e.filename or (build.root if build else "the build folder"))
        if e.errno in FULL:
            print(f"{name}: no space left on the disk of {where}; free some space or pass a "
                  "--build folder on another disk (every output is as it was before this run)",
                  file=sys.stderr)
        else:
            print(f"{name}: {e.strerror or e} ({where}); every output is as it was before this run",
                  file=sys.stderr)
        return 1


def _course_page(args: argparse.Namespace, root: object, name: str) -> int:
    """Write the course page, `BUILD/index.html`, for the lessons rendered under the build root."""
    from pathlib import Path

    from cli.lessons import course_of
    from player.course_page import build_course_page

    course = course_of(args, args.command)
    try:
        page = build_course_page(course, Path(str(root)).expanduser().resolve())
    except OSError as e:
        print(f"{name}: the course page could not be written: {e.strerror or e} ({e.filename})",
              file=sys.stderr)
        return 1
    print(f"  course  {page}")
    return 0


def _say(line: str) -> None:
    """`line` on stderr, unless there is no terminal left to show it (the hang-up that stopped
    the run closed it)."""
    try:
        print(line, file=sys.stderr, flush=True)
    except OSError:
        pass


def _shown(stage: Stage | None, what: object) -> str:
    return stage.public(str(what)) if stage is not None else str(what)


class _PublicLines:
    """A text stream that names the stage's folder as the build folder it becomes."""

    def __init__(self, stream: TextIO, stage: Stage):
        self.stream, self.stage = stream, stage

    def write(self, text: str) -> int:
        return self.stream.write(self.stage.public(text))

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


@contextmanager
def _public(stage: Stage):
    """What the command prints names the build folder, not the stage it writes on."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = cast(TextIO, _PublicLines(out, stage)), cast(TextIO, _PublicLines(err, stage))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err

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
