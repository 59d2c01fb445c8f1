"""The course, `course.yaml` at the top of the project: the one source of a lesson's place in it.

The file gives the course's title, its number of stops and its stops in order. A stop is a lesson
of this project, named by the id its lesson YAML declares (`lesson: attention`; its declaration is
found in the module `attention.ID`, or the stop's `module:`, see transcript.lessons), or a page
elsewhere (`title:` and an http(s) `href:`). "Stop 7 of 20", "Before this" and "Next" are derived
from it here (`CourseFile.place`), never typed into a lesson; the first stop has no stop before
it, the last no next one.

The loader (transcript.loader) reads the file with the reader it reads a lesson with, so a
mistake in it is one error naming course.yaml, the line and the fix, before any work starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from yaml.nodes import Node

from common.choices import did_you_mean, few
from transcript.script import Course, Link

if TYPE_CHECKING:
    from transcript.loader import _Reader

WEB_SCHEMES = ("http", "https")
# A lesson stop's title, from its id and `module:` (None: no lesson of the project has that id);
# raises transcript.lessons.LessonNotFound when its module is named and cannot declare it.
TitleOf = Callable[[str, "str | None"], "str | None"]


@dataclass(frozen=True)
class Stop:
    """One listed stop: a lesson of this project (`lesson`) or a page elsewhere (`title`, `href`)."""

    number: int  # 1-based place in the course
    lesson: str = ""  # the id of a lesson of this project; "" for a stop elsewhere
    title: str = ""  # a lesson's: its script's title
    href: str = ""
    module: str | None = None  # a lesson's: the module declaring it (None: attention.ID)


@dataclass(frozen=True)
class CourseFile:
    """course.yaml, validated: its stops in order (those it lists: a course may list only the
    stops around its lessons)."""

    title: str
    stops: int  # how many stops the course has
    listed: tuple[Stop, ...]

    @property
    def lessons(self) -> tuple[Stop, ...]:
        """The stops that are lessons of this project, in order."""
        return tuple(s for s in self.listed if s.lesson)

    def place(self, lesson: str) -> Course:
        """Where `lesson` sits: its stop and the stops on either side as links. A lesson of this
        project before or after it is linked at its folder beside this one, `../ID/index.html`."""
        by_number = {s.number: s for s in self.listed}
        here = next(s for s in self.listed if s.lesson == lesson)

        def link(number: int) -> Link | None:
            stop = by_number.get(number)
            if stop is None:
                return None
            if stop.lesson:
                return Link(stop.title, f"../{stop.lesson}/index.html")
            return Link(stop.title, stop.href)

        return Course(self.title, here.number, self.stops, link(here.number - 1), link(here.number + 1))


def web_address(href: str) -> bool:
    """`href` is an http(s) address: absolute with a host, or relative (to the lesson page,
    which the browser then reaches over the page's own http(s))."""
    if any(ch.isspace() for ch in href):
        return False
    try:
        parts = urlsplit(href)
    except ValueError:  # e.g. an unclosed [ in the host
        return False
    if parts.scheme:
        return parts.scheme.lower() in WEB_SCHEMES and bool(parts.netloc)
    return True


def read_course(r: _Reader, root: Node, title_of: TitleOf, lesson: str | None, ids: list[str]) -> CourseFile:
    """The course file at `root`, checked: stops numbered within the course, each once and in
    order, each lesson one `title_of` knows (`ids`: the project's, for an error's choices) at one
    stop, each other
    stop an http(s) address, `lesson` (the one being loaded) at a stop (None: the course read
    alone, which must then have a lesson of this project), and the stops next to a lesson listed
    (they are its "Before this" and "Next")."""
    c = r.mapping(root, "the course", ("title", "number_of_stops", "stops"))
    title = r.text(c["title"], "the course's title")
    count = r.integer(c["number_of_stops"], "number_of_stops")
    if count < 1:
        raise r.error(c["number_of_stops"], f"number_of_stops is {count}: a course has at least one stop",
                      "write how many stops the course has, e.g. number_of_stops: 20")
    listed: list[Stop] = []
    nodes: dict[int, Node] = {}
    lessons_at: dict[str, int] = {}
    for node in r.sequence(c["stops"], "stops"):
        stop = _stop(r, node, count, title_of, ids)
        if stop.number in nodes:
            raise r.error(node, f"stop {stop.number} is listed twice (first at line "
                          f"{nodes[stop.number].start_mark.line + 1})", "give each stop its own number")
        if listed and stop.number < listed[-1].number:
            raise r.error(node, f"stop {stop.number} is listed after stop {listed[-1].number}",
                          "list the stops in order, from the first")
        if stop.lesson in lessons_at:
            raise r.error(node, f"lesson {stop.lesson!r} is at two stops ({lessons_at[stop.lesson]} and "
                          f"{stop.number})", "keep it at one stop")
        if stop.lesson:
            lessons_at[stop.lesson] = stop.number
        listed.append(stop)
        nodes[stop.number] = node
    if lesson is None and not lessons_at:
        raise r.error(c["stops"], "no stop is a lesson of this project, so there is nothing to render",
                      "add a lesson's stop: '- stop: N' with 'lesson: ID'")
    if lesson is not None and lesson not in lessons_at:
        raise r.error(c["stops"], f"no stop is the lesson {lesson!r}, the lesson being rendered",
                      f"add its stop: '- stop: N' with 'lesson: {lesson}'")
    for stop in listed:
        for number, side in ((stop.number - 1, "before"), (stop.number + 1, "after")):
            if stop.lesson and 1 <= number <= count and number not in nodes:
                raise r.error(nodes[stop.number], f"stop {stop.number} (lesson {stop.lesson!r}) has "
                              f"no stop {number} listed {side} it", f"list stop {number} with its "
                              "title: and href: (the lesson's link to it), or its lesson:")
    return CourseFile(title, count, tuple(listed))


def _stop(r: _Reader, node: Node, count: int, title_of: TitleOf, ids: list[str]) -> Stop:
    """One entry of `stops:`: its number within 1..count, and a lesson here (its declaring
    module found) or a page elsewhere."""
    from transcript.lessons import LessonNotFound

    f = r.mapping(node, "a stop", ("stop",), ("lesson", "module", "title", "href"))
    number = r.integer(f["stop"], "stop")
    if number > count:
        raise r.error(f["stop"], f"stop {number} is more stops than the course has "
                      f"(number_of_stops: {count})", f"number the stops 1 to {count}, or raise "
                      "number_of_stops")
    if number < 1:
        raise r.error(f["stop"], f"stop {number} is no place in the course: stops count from 1",
                      f"number the stops 1 to {count}")
    if "lesson" in f:
        extra = next((k for k in ("title", "href") if k in f), None)
        if extra is not None:
            raise r.error(f[extra], f"stop {number} is a lesson of this project and has a {extra} too",
                          f"remove {extra}: (a lesson's title and page are its own), or remove "
                          "lesson: for a stop elsewhere")
        lesson = r.text(f["lesson"], f"the lesson of stop {number}")
        module = r.text(f["module"], f"the module of stop {number}") if "module" in f else None
        try:
            title = title_of(lesson, module)
        except LessonNotFound as e:
            raise r.error(f["module"] if module else f["lesson"], f"stop {number} names lesson "
                          f"{lesson!r}: {e.problem}", e.fix) from None
        if title is None:
            raise r.error(f["lesson"], f"stop {number} names lesson {lesson!r}, which is no lesson "
                          f"of this project{did_you_mean(lesson, ids)}",
                          f"name a lesson by the id its YAML declares: {few(sorted(ids), near=lesson)}")
        return Stop(number, lesson=lesson, title=title, module=module)
    if "module" in f:
        raise r.error(f["module"], f"stop {number} is a stop elsewhere and has a module",
                      "remove module: (only a lesson of this project has one)")
    missing = [k for k in ("title", "href") if k not in f]
    if missing:
        raise r.error(node, f"stop {number} has no lesson and no {' and no '.join(missing)}",
                      "write 'lesson: ID' for a lesson of this project, or 'title:' and 'href:' "
                      "for a stop elsewhere")
    href = r.text(f["href"], f"the href of stop {number}")
    if not web_address(href):
        raise r.error(f["href"], f"the href of stop {number}, {href[:60]!r}, is not an http(s) address",
                      "write an https:// address, or a path from the lesson page such as "
                      "../stop-06/index.html")
    return Stop(number, title=r.text(f["title"], f"the title of stop {number}"), href=href)
