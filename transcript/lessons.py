"""Finding a lesson's declaration (common.declaration): the engine imports no lesson by name.

A course file's stop `lesson: ID` names a lesson of this project. Its module is the stop's
`module:` when given (a lesson kept elsewhere, such as the tests' tiny one), else by convention
`attention.ID`: the lesson's own package inside `attention/`, beside the shared math. The module
is imported with importlib and its `LESSON` attribute, a `LessonDeclaration`, is the lesson.

The lesson a command works on is "chosen" (`use`) once its script is loaded; the scene registry,
the beat cache and the pages ask `chosen()`. The choice is kept in the environment too, so the
drawing workers a render spawns (fresh interpreters) see the same lesson.
"""

from __future__ import annotations

import os
import re
from functools import cache
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from common.declaration import LessonDeclaration
from common.paths import DEFAULT_COURSE, ROOT
from common.places import place_in

ATTRIBUTE = "LESSON"  # what a lesson's module declares itself as
LESSONS_PACKAGE = "attention"  # a lesson ID's module is attention.ID unless its stop says `module:`
MODULES_ENV = "LESSON_MODULES"  # "id=module,id=module": lessons found in this process and its parent
CHOSEN_ENV = "LESSON_CHOSEN"  # the id of the lesson the command works on
MODULE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class LessonNotFound(LookupError):
    """No module declares the lesson (or its module does not import): `problem` says why, `fix`
    what to do (for an error line)."""

    def __init__(self, problem: str, fix: str):
        self.problem, self.fix = problem, fix
        super().__init__(f"{problem}; {fix}")


def _modules() -> dict[str, str]:
    """The lesson modules known in this process (and handed down from its parent), by id."""
    pairs = (p.partition("=") for p in os.environ.get(MODULES_ENV, "").split(",") if "=" in p)
    return {k: v for k, _, v in pairs}


def module_of(lesson_id: str, module: str | None = None) -> str:
    """The module declaring `lesson_id`: `module` when given, else the one found for it earlier
    in this process, else the conventional `attention.<id>` (a kebab id's hyphens as _)."""
    return module or _modules().get(lesson_id) or f"{LESSONS_PACKAGE}.{lesson_id.replace('-', '_')}"


def declared(lesson_id: str, module: str | None = None) -> LessonDeclaration:
    """The declaration of `lesson_id` (its module's LESSON), remembered for this process and the
    workers it spawns; LessonNotFound says why not."""
    name = module_of(lesson_id, module)
    lesson = _load(name)
    if lesson.id != lesson_id:
        raise LessonNotFound(f"module {name} declares lesson {lesson.id!r}, not {lesson_id!r}",
                             f"name the lesson {lesson.id!r}, or point module: at {lesson_id!r}'s")
    known = _modules()
    if known.get(lesson_id) != name:
        known[lesson_id] = name
        os.environ[MODULES_ENV] = ",".join(f"{k}={v}" for k, v in known.items())
    return lesson


@cache
def _load(name: str) -> LessonDeclaration:
    """Import module `name` and read its LESSON, once per process."""
    if not MODULE_NAME.match(name):
        raise LessonNotFound(f"{name!r} is no Python module name",
                             "write it dotted, e.g. attention.attention")
    try:
        module = import_module(name)
    except ModuleNotFoundError as e:
        if e.name and (e.name == name or name.startswith(e.name + ".")):  # its own module is missing
            raise LessonNotFound(f"no module {name} declares it", f"add {name.replace('.', '/')}/"
                                 f"__init__.py with {ATTRIBUTE} = LessonDeclaration(...), or name "
                                 "the module that declares it in the stop's module:") from None
        raise _not_imported(name, e) from None
    except Exception as e:  # a syntax error, a failing import or statement in the lesson's code
        raise _not_imported(name, e) from None
    lesson = getattr(module, ATTRIBUTE, None)
    if not isinstance(lesson, LessonDeclaration):
        raise LessonNotFound(f"module {name} has no {ATTRIBUTE} (a common.declaration.LessonDeclaration)",
                             f"declare the lesson there: {ATTRIBUTE} = LessonDeclaration(...)")
    return lesson


def _not_imported(name: str, error: Exception) -> LessonNotFound:
    """The lesson module `name` raised `error` while it was imported: where, in the lesson's
    code (its top package's folder, or the engine's scene code), and what."""
    place = place_in(error, [*(ROOT / d for d in SCENE_CODE), *_package_folders(name)])
    said = (error.msg if isinstance(error, SyntaxError) else str(error)).strip().split("\n")[0]
    return LessonNotFound(f"{place or name}: {type(error).__name__}{': ' + said if said else ''} "
                          f"(importing {name})",
                          "fix the Python there (no command runs until the lesson imports)")


def _package_folders(name: str) -> list[Path]:
    """The folders of the top package of module `name` (found without importing it)."""
    try:
        spec = find_spec(name.split(".")[0])
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [Path(p).resolve() for p in spec.submodule_search_locations]
    return [Path(spec.origin).resolve()] if spec.origin else []


def known_ids() -> list[str]:
    """The ids of the lessons found so far in this process (or its parent), any module."""
    return list(_modules())


def conventional_ids() -> list[str]:
    """The ids of the lessons kept by convention under attention/ (each a package there), for an
    error line's "did you mean"."""
    folder = ROOT / LESSONS_PACKAGE
    return sorted(p.parent.name.replace("_", "-") for p in folder.glob("*/__init__.py"))


def use(lesson: LessonDeclaration) -> None:
    """Make `lesson` the one this process (and the workers it spawns) works on."""
    declared(lesson.id, module_of(lesson.id))
    os.environ[CHOSEN_ENV] = lesson.id


def chosen() -> LessonDeclaration:
    """The lesson this process works on: the one `use` chose (here or in the parent), else the
    first lesson of the project's course file."""
    lesson_id = os.environ.get(CHOSEN_ENV) or _first_lesson(DEFAULT_COURSE)
    return declared(lesson_id)


@cache
def _first_lesson(course: Path) -> str:
    """The id of the first lesson stop of `course`, read by the loader (its errors are the
    loader's one-line TranscriptErrors, naming the course file and line)."""
    from transcript.loader import load_course

    return load_course(course).lessons[0].lesson


def lesson_of(lesson_id: str) -> LessonDeclaration:
    """The declaration of the lesson a manifest names (`lesson_id`; "" in a manifest written
    before lessons had ids: the chosen lesson)."""
    return declared(lesson_id) if lesson_id else chosen()


def handed_down() -> dict[str, str]:
    """The choice of lesson as the environment keeps it, for a worker started before it was made
    (`take_over` there)."""
    return {k: os.environ[k] for k in (MODULES_ENV, CHOSEN_ENV) if k in os.environ}


def take_over(choice: dict[str, str]) -> None:
    """In a worker started before the lesson was chosen: the choice `handed_down` gave."""
    os.environ.update(choice)


SCENE_CODE = ("scenes", "attention")  # the engine's folders a scene's code comes from


def code_folders(engine: tuple[str, ...] = SCENE_CODE) -> list[Path]:
    """The project's folders `engine` and the chosen lesson's own (its declaration's `sources`):
    the code a scene is drawn from, which the preview watches, errors point into and the
    prebuilt pictures are keyed by."""
    folders = [ROOT / d for d in engine]
    return folders + [p for p in chosen().sources if p not in folders]
