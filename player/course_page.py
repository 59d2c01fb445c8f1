"""The course page, `build/index.html`: every stop the course file lists, in order, each lesson
rendered here with its poster, length and links to its player, clips and SCORM package, each stop
elsewhere linked where it lives. Its facts come from course.yaml and from the lessons' own built
files (their manifests and posters), never typed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from posixpath import normpath
from urllib.parse import urlsplit

from common.files import atomic_write_text
from common.paths import BuildPaths, NotBuilt
from player.assets import install_assets
from player.clips import image_size
from player.html import clock
from player.templating import render
from transcript.course import CourseFile
from transcript.manifest import Manifest, read_manifest

COURSE_ASSETS = ("player.css",)  # the course page's only asset: it runs no script


@dataclass(frozen=True)
class StopCard:
    """One stop as the course page shows it. Addresses are relative to the course page."""

    number: int
    title: str
    href: str = ""  # the lesson's player, or the stop's page elsewhere; "" when not rendered here
    elsewhere: bool = False  # a stop of the course that lives on another site or page
    tagline: str = ""
    length: str = ""  # "2:21", a rendered lesson's narration
    poster: str = ""
    poster_size: tuple[int, int] | None = None
    clips: str = ""
    scorm: str = ""


def stop_cards(course: CourseFile, root: Path) -> list[StopCard]:
    """A card per listed stop. A lesson is shown rendered when `root/ID/` holds its manifest (its
    title, tagline and length are then its build's); otherwise by its title, unlinked."""
    cards = []
    for stop in course.listed:
        if not stop.lesson:
            cards.append(StopCard(stop.number, stop.title, from_course_page(stop.href), elsewhere=True))
            continue
        paths = BuildPaths(root / stop.lesson)
        manifest = _built(paths)
        if manifest is None:
            cards.append(StopCard(stop.number, stop.title or stop.lesson))
            continue
        here = f"{stop.lesson}/"
        size = image_size(paths.poster) if paths.poster.exists() else None
        cards.append(StopCard(
            stop.number, manifest.title, here + paths.player.name, tagline=manifest.tagline,
            length=clock(manifest.duration), poster=here + paths.poster.name if size else "",
            poster_size=size,
            clips=here + "clips/index.html" if (paths.clips / "index.html").exists() else "",
            scorm=here + paths.scorm.name if paths.scorm.exists() else ""))
    return cards


def from_course_page(href: str) -> str:
    """A stop's address as written in course.yaml (absolute, or relative to a lesson page, which
    sits one folder down in `ID/`) as the course page must write it."""
    if urlsplit(href).scheme or href.startswith("/"):
        return href
    return normpath("lesson/" + href)


def unlisted(course: CourseFile) -> str:
    """The course's stops not listed, as ranges ("1–5, 9–20"), or ""."""
    listed = {s.number for s in course.listed}
    runs: list[list[int]] = []
    for n in range(1, course.stops + 1):
        if n in listed:
            continue
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def course_html(course: CourseFile, cards: list[StopCard]) -> str:
    """The course page as HTML text, from `templates/course.html`."""
    return render("course.html", course=course, cards=cards, unlisted=unlisted(course),
                  assets="player")


def build_course_page(course: CourseFile, root: Path) -> Path:
    """Write `root/index.html` (and the stylesheet it uses) for the lessons built under `root`,
    each in its own folder `root/ID/`; returns the page's path."""
    install_assets(root, names=COURSE_ASSETS)
    page = Path(root) / "index.html"
    atomic_write_text(page, course_html(course, stop_cards(course, Path(root))))
    return page


def _built(paths: BuildPaths) -> Manifest | None:
    """The lesson's manifest when its player page is built beside it, else None."""
    if not (paths.manifest.exists() and paths.player.exists()):
        return None
    try:
        return read_manifest(paths.manifest)
    except NotBuilt:
        return None
