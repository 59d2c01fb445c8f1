"""Options shared by every subcommand, checked before any work: the lesson, the build folder,
quality, voice, recordings and jobs."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from common.files import temp_path
from common.paths import DEFAULT_BUILD, DEFAULT_COURSE, BuildPaths
from common.settings import DEFAULT_QUALITY, QUALITIES, VOICES, Quality
from player.publish import Publish, PublishError, publish


def user_path(text: str) -> Path:
    """A path as the user typed it: `~` expanded, a relative one taken from the folder they were
    in (`./lesson` changes to the checkout first and says where it was in LESSON_CWD)."""
    return Path(os.environ.get("LESSON_CWD") or os.getcwd()) / Path(text).expanduser()


def add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lesson", action="append", default=None, metavar="ID",
                        help="a lesson of the course, by id (or the path of a lesson YAML); each is "
                             "built in BUILD/ID/ (default: render every lesson of the course; "
                             "serve, the course page; another command, the course's only "
                             "lesson)")
    parser.add_argument("--build", type=user_path, default=DEFAULT_BUILD,
                        help="output folder: a folder per lesson and the course page (default: build/)")
    parser.add_argument("--course", type=user_path, default=DEFAULT_COURSE,
                        help="the course file: its stops, which are lessons here (default: course.yaml)")
    parser.add_argument("--quality", type=quality, default=DEFAULT_QUALITY, metavar="|".join(QUALITIES),
                        help=", ".join(f"{q.name} {q.note}" for q in QUALITIES.values()))
    parser.add_argument("--voice", choices=list(VOICES), default=None,
                        help="narration voice (default: the lesson YAML's 'voice')")
    parser.add_argument("--recordings", type=user_path, default=None,
                        help="folder of recorded takes, one file per sentence id")
    parser.add_argument("--jobs", type=positive_int, default=None,
                        help="scene render processes (default: one per core)")


def quality(name: str) -> Quality:
    """The quality called `name` (the option's value is the whole Quality, not its name)."""
    if name not in QUALITIES:
        raise argparse.ArgumentTypeError(f"{name!r} is not a quality; use one of {', '.join(QUALITIES)}")
    return QUALITIES[name]


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is less than 1")
    return value


def paths(args: argparse.Namespace) -> BuildPaths:
    """The build folder of `--build`, checked to be a folder this user can write (it is created
    when missing); exits with one line naming the path and the fix otherwise. Inside a staged run
    (render.py), the stage the command writes on."""
    stage = getattr(args, "stage", None)
    if stage is not None:
        return stage.paths
    root = Path(args.build).expanduser().resolve()
    command = f"render.py {getattr(args, 'command', '')}".strip()
    if root.exists() and not root.is_dir():
        raise SystemExit(f"{command}: --build {root} is a file, not a folder; "
                         "give a folder (it is created when missing)")
    try:
        root.mkdir(parents=True, exist_ok=True)
        probe = temp_path(root / "probe")
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        probe.unlink()
    except OSError as e:
        raise SystemExit(f"{command}: --build {root} cannot be written ({e.strerror or e}); "
                         "give a folder you can write to, or fix its permissions") from None
    return BuildPaths(root)


def add_publish(parser: argparse.ArgumentParser) -> None:
    """Options for pages that others embed: where the build is published, who may embed it."""
    parser.add_argument("--base-url", default=None, metavar="URL",
                        help="address the build folder is served at, for absolute oEmbed and "
                             "link-preview addresses (default: relative to the lesson folder)")
    parser.add_argument("--allow-origin", action="append", default=None, metavar="ORIGIN",
                        help="a parent page origin (https://lms.example.org) the embed API talks to; "
                             "repeat for several; '*' for any (default: the build's own origin only)")


def publish_settings(args: argparse.Namespace, command: str) -> Publish:
    """The checked --base-url and --allow-origin; one line naming the bad one, before any work."""
    try:
        return publish(args.base_url, args.allow_origin)
    except PublishError as e:
        raise SystemExit(f"render.py {command}: {e}") from None


def work_on(lesson_id: str, command: str, named_in: Path | None = None) -> None:
    """Choose the lesson a command works on (the id its script or lesson.json, `named_in`,
    declares): the scene registry, the beat cache and the pages then take its declaration, in
    this process and in the drawing workers it starts. A lesson no module declares (or whose
    module does not import) exits with one line naming it, the file that names it and the fix."""
    from transcript.lessons import LessonNotFound, lesson_of, use

    try:
        use(lesson_of(lesson_id))
    except LessonNotFound as e:
        where = f"{named_in}: " if named_in else ""
        raise SystemExit(f"render.py {command}: {where}lesson {lesson_id!r}: {e}") from None
