"""The player's static files (scripts, stylesheets and the vendored Media Chrome controls), and
the lesson's own page scripts (its declaration's `page_scripts`), copied beside the pages that
use them."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from common.declaration import LessonDeclaration
from common.files import atomic_write_bytes
from common.paths import ASSETS, PLAYER_FILES
from common.paths import VENDORED as VENDORED  # the tests read it here

ASSET_DIR = ASSETS  # under the build folder
MEDIA_CHROME = "4.19.4"  # the npm version of vendor/media-chrome.js (its dist/iife/index.js), pinned
NAMES = PLAYER_FILES  # the engine's own (a lesson's page script may not take one of their names)

LESSON_SCRIPTS_BEFORE = "explore.js"  # a lesson's page scripts load before the explore panel's


def lesson_scripts(lesson: LessonDeclaration) -> list[str]:
    """The names of `lesson`'s own page scripts, as the pages load them (after the engine's
    explore model, before the explore panel); none has the name of one of the engine's assets
    (the declaration refuses it)."""
    return [p.name for p in lesson.page_scripts]


def asset_names(lesson: LessonDeclaration) -> list[str]:
    """Every asset a page of `lesson` uses, as the build folder's player/ holds them."""
    at = NAMES.index(LESSON_SCRIPTS_BEFORE)
    return [*NAMES[:at], *lesson_scripts(lesson), *NAMES[at:]]


def install_assets(build_root: Path, lesson: LessonDeclaration | None = None,
                   names: tuple[str, ...] | None = None) -> Path:
    """Copy the assets and `lesson`'s page scripts (or only the engine's assets `names`, for a
    page of no lesson) to `build_root/player/` (atomically, only when changed); returns that
    folder."""
    target = Path(build_root) / ASSET_DIR
    source = resources.files("player") / "assets"
    own = {p.name: p for p in lesson.page_scripts} if lesson else {}
    wanted = names if names is not None else asset_names(lesson) if lesson else NAMES
    for name in wanted:
        data = own[name].read_bytes() if name in own else (source / name).read_bytes()
        dest = target / name
        if not dest.exists() or dest.read_bytes() != data:
            atomic_write_bytes(dest, data)
    return target
