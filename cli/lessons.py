"""Which lessons of the course a command works on (`--lesson`), and where each one's build is.

Each lesson of the course is built in its own folder, `BUILD/<id>/`, so that the "Before this"
and "Next" links of a lesson page (`../ID/index.html`) resolve inside one build, beside the course
page `BUILD/index.html`. `--lesson` takes a lesson's id (a `lesson:` stop of the course file) or,
for an author rendering a scratch copy of a script, the path of a lesson YAML: a value that is not
one of the course's ids and ends in .yaml or .yml, holds a path separator, or names an existing
file. A script's id is read from its `id:`; the course must list it all the same.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from pathlib import Path

from cli.options import user_path

READ_ONLY = {"serve"}  # commands that write nothing: the build root is only read
ALL = {"render"}  # commands that work on every lesson of the course when no --lesson is given
COURSE_PAGE = {"serve"}  # commands that, given no --lesson in a course of several, show the course page


@dataclass(frozen=True)
class Target:
    """One lesson a command works on: its id, its script and its build folder."""

    id: str
    script: Path
    build: Path


def course_of(args: argparse.Namespace, command: str):
    """The course file of `--course`, read alone; one line naming its problem otherwise."""
    from transcript import TranscriptError
    from transcript.loader import load_course

    try:
        return load_course(args.course)
    except TranscriptError as e:
        raise SystemExit(f"render.py {command}: {e}") from None


def targets(args: argparse.Namespace, command: str) -> list[Target]:
    """The lessons `--lesson` names (every lesson of the course for `render` without one; the
    course's only lesson for another command, or for `serve` the build root with the course page),
    checked before any work: an unknown id, or no choice among several lessons, is one line naming
    the course's lesson ids."""
    from transcript.lessons import declared

    course = course_of(args, command)
    stops = {s.lesson: s for s in course.lessons}
    ids = ", ".join(stops)
    root = Path(args.build).expanduser().resolve()
    chosen: list[Target] = []
    for value in args.lesson or ():
        if value in stops:
            script = declared(value, stops[value].module).script
            chosen.append(Target(value, script, root / value))
        elif _is_path(value):
            chosen.append(_scratch(user_path(value), root))
        else:
            raise SystemExit(f"render.py {command}: --lesson {value!r} is no lesson of the course "
                             f"{Path(args.course).name}; give one of its lessons: {ids} (or the "
                             "path of a lesson YAML)")
    once: dict[str, Target] = {}
    for t in chosen:  # a lesson named twice is worked on once, where it was first named
        once.setdefault(t.id, t)
    chosen = list(once.values())
    if not chosen:
        if command in COURSE_PAGE and len(stops) > 1:  # the build root: the course page's address
            first = next(iter(stops.values()))
            return [Target("", declared(first.lesson, first.module).script, root)]
        if command in ALL or len(stops) == 1:
            chosen = [Target(i, declared(i, s.module).script, root / i) for i, s in stops.items()]
        else:
            raise SystemExit(f"render.py {command}: the course {Path(args.course).name} has "
                             f"{len(stops)} lessons; choose one with --lesson ID: {ids}")
    if command in ALL or (command not in READ_ONLY and not all(t.build.is_dir() for t in chosen)):
        check_root(root, list(stops), command)  # the course page, or a new lesson folder, goes in it
    if command not in ALL and len(chosen) > 1:
        raise SystemExit(f"render.py {command}: works on one lesson, and --lesson names "
                         f"{len(chosen)} lessons; give one --lesson")
    return chosen


def _is_path(value: str) -> bool:
    """`value` is meant as the path of a lesson YAML, not an id: it ends in .yaml or .yml, holds
    a path separator or names an existing file (a folder named like a lesson id, such as the
    project's attention/, is no lesson YAML: the value stays an id)."""
    return (value.endswith((".yaml", ".yml")) or os.sep in value or "/" in value
            or user_path(value).is_file())


def _scratch(script: Path, root: Path) -> Target:
    """A lesson given by its script's path: built under the id the script declares. A script
    whose id does not read is built under its file's stem; its own render says what is wrong."""
    from transcript.loader import KEBAB, script_id

    lesson_id = script_id(script) if script.is_file() else None
    folder = lesson_id if lesson_id and KEBAB.match(lesson_id) else (script.stem or "lesson")
    return Target(folder, script, root / folder)


def check_root(root: Path, ids: list[str], command: str) -> None:
    """Before any work: the build root `root` is new, or holds only what the project makes (the
    lessons' folders, the course page and its stylesheet, or a build of the one-lesson layout
    from before); its index.html is overwritten only when the project wrote it. One line naming
    the folder and the fix otherwise."""
    from common.paths import BuildPaths

    if root.exists() and not root.is_dir():
        raise SystemExit(f"render.py {command}: --build {root} is a file, not a folder; "
                         "give a folder (it is created when missing)")
    if not root.is_dir():
        return
    old = BuildPaths(root)
    files, folders = old.published()
    own = {p.name for p in (*files, *folders, old.cache)} | set(ids)
    others = sorted(p.name for p in root.iterdir() if p.name not in own and not _made_here(p))
    page = root / "index.html"
    if not others and page.is_file() and not old.manifest.is_file():
        if 'class="page-course"' not in page.read_text(encoding="utf-8", errors="replace"):
            others = ["index.html"]
    if others:
        shown = ", ".join(repr(n) for n in others[:3]) + (f" and {len(others) - 3} more"
                                                          if len(others) > 3 else "")
        raise SystemExit(f"render.py {command}: --build {root} holds files this project did not "
                         f"make ({shown}); give a new or empty folder, or the build folder of an "
                         "earlier render")


def _made_here(folder: Path) -> bool:
    """`folder` is a lesson's build folder the project made (it has the lock every writing run
    leaves): a lesson no longer in the course, or a script built under its file's name."""
    from common.paths import BuildPaths

    return folder.is_dir() and not folder.is_symlink() and BuildPaths(folder).lock.is_file()
