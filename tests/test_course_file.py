"""course.yaml, the course's one source: a lesson's "stop 7 of 20", "Before this" and "Next" come
from it, the first and last stops have no previous / next, and each mistake in it is refused with
one line naming course.yaml and its line, and a fix line, before any work."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from player_fixtures import (  # noqa: F401
    browser,
    copied_build,
    open_player,
    page_factory,
    serve,
    shared_lesson,
    timed_manifest,
)
from test_hostile_input import refusal, render, written
from test_page_templates import Elements
from test_transcript import GOOD, line_of

from player.page import build_player, course_line, player_html
from player.scorm import course_title
from transcript import TranscriptError, load_script
from transcript.lessons import declared

REPO = Path(__file__).resolve().parents[1]
COURSE = REPO / "course.yaml"
TITLE = "How language models work"


def course_variant(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A copy of the real course.yaml with each (old, new) replaced once."""
    text = COURSE.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "course.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def scratch_course(tmp_path: Path, stops: int, listed: str) -> Path:
    """A course of `stops` stops listing `listed` (YAML list items, indented two spaces)."""
    path = tmp_path / "course.yaml"
    path.write_text(f"title: {TITLE}\nnumber_of_stops: {stops}\nstops:\n{listed}", encoding="utf-8")
    return path


def refused(course: Path, line: int, *words: str) -> str:
    """Loading the lesson with `course` fails at `line` of it: one problem line, one fix line."""
    with pytest.raises(TranscriptError) as e:
        load_script(GOOD, course=course)
    err = e.value
    assert err.path == course and err.line == line, str(err)
    lines = str(err).split("\n")
    assert len(lines) == 2 and lines[0].startswith(f"{course}:{line}: ") and lines[1].startswith("  fix: ")
    for w in words:
        assert w in str(err), (w, str(err))
    return str(err)


# --- the real course ------------------------------------------------------------------------------

def test_the_lesson_declares_its_id_and_the_course_places_it():
    script = load_script()
    course = yaml.safe_load(COURSE.read_text(encoding="utf-8"))
    stop = next(s for s in course["stops"] if s.get("lesson") == script.id)
    assert "course" not in yaml.safe_load(GOOD.read_text(encoding="utf-8"))  # never typed into the lesson
    assert (script.course.title, script.course.stop, script.course.stops) == (
        course["title"], stop["stop"], course["number_of_stops"])
    neighbours = {s["stop"]: s for s in course["stops"]}

    def link(n: int) -> tuple[str, str]:
        """A neighbour's title and address: its own, or, for a lesson here, its YAML's title and
        its folder beside this one."""
        other = neighbours[n]
        if "lesson" not in other:
            return other["title"], other["href"]
        yaml_ = REPO / "transcript" / other["lesson"] / "lesson.yaml"
        return yaml.safe_load(yaml_.read_text(encoding="utf-8"))["title"], f"../{other['lesson']}/index.html"

    assert (script.course.before.title, script.course.before.href) == link(stop["stop"] - 1)
    assert (script.course.next.title, script.course.next.href) == link(stop["stop"] + 1)


def test_the_course_line_reads_the_stop_from_course_yaml(tmp_path):
    """Move the lesson to another stop of a longer course in a copy of course.yaml: the page's
    course line, its links and the SCORM title follow the copy."""
    path = course_variant(tmp_path, ("number_of_stops: 20", "number_of_stops: 31"),
                          ("stop: 6", "stop: 11"), ("stop: 7", "stop: 12"), ("stop: 8", "stop: 13"),
                          ("stop: 9", "stop: 14"),
                          ("lesson: multihead-mlp", 'title: "Stop 13 elsewhere"\n    href: "../s13/"'))
    moved = yaml.safe_load(path.read_text(encoding="utf-8"))
    here = next(s for s in moved["stops"] if s.get("lesson") == "attention")
    manifest = dataclasses.replace(timed_manifest(), course=load_script(GOOD, course=path).course)
    place = f"stop {here['stop']} of {moved['number_of_stops']}"
    assert course_line(manifest).startswith(f"{moved['title']} · {place} · ")
    assert f"{moved['title']}, {place}: " in course_title(manifest)
    doc = Elements(player_html(manifest))
    assert " · ".join(e.text for e in doc.find("span", "keep")) == course_line(manifest)
    assert doc.one("a", "next").text == "Next: Stop 13 elsewhere →"


# --- the first and the last stop ------------------------------------------------------------------

EXTERNAL = '  - stop: {n}\n    title: "Stop {n} elsewhere"\n    href: "https://courses.example.org/stop-{n}/"\n'
HERE = "  - stop: {n}\n    lesson: attention\n"


def placed(tmp_path: Path, stops: int, listed: str):
    """The shared test lesson's manifest, placed by a scratch course file."""
    course = load_script(GOOD, course=scratch_course(tmp_path, stops, listed)).course
    return dataclasses.replace(timed_manifest(), course=course)


def links(page: str) -> dict[str, tuple[str, str]]:
    doc = Elements(page)
    return {rel: (a.text, a.attrs["href"]) for a in doc.find("a", "course-link")
            for rel in [a.attrs["rel"]]}


def test_the_first_stop_has_no_before_this(tmp_path):
    manifest = placed(tmp_path, 20, HERE.format(n=1) + EXTERNAL.format(n=2))
    assert manifest.course.before is None and manifest.course.stop == 1
    assert links(player_html(manifest)) == {"next": ("Next: Stop 2 elsewhere →", "https://courses.example.org/stop-2/")}
    assert "stop 1 of 20" in course_line(manifest)


def test_the_last_stop_has_no_next(tmp_path):
    manifest = placed(tmp_path, 5, EXTERNAL.format(n=4) + HERE.format(n=5))
    assert manifest.course.next is None
    assert links(player_html(manifest)) == {"prev": ("← Before this", "https://courses.example.org/stop-4/")}
    assert "stop 5 of 5" in course_line(manifest)


def test_a_course_of_one_stop_has_no_links_at_all(tmp_path):
    page = player_html(placed(tmp_path, 1, HERE.format(n=1)))
    assert 'class="course-links"' not in page and "stop 1 of 1" in page


def test_a_lesson_next_to_another_lesson_of_the_project_links_to_its_folder(tmp_path):
    """A lesson declares its own id; the stop beside it that is another lesson here is titled
    with that lesson's title and linked at its folder beside this one. (The other lesson borrows
    attention's declaration under its own id: a lesson script always comes with one.)"""
    other = tmp_path / "other.yaml"
    other.write_text(GOOD.read_text(encoding="utf-8").replace("id: attention", "id: other-lesson", 1),
                     encoding="utf-8")
    course = scratch_course(tmp_path, 2, HERE.format(n=1) + "  - stop: 2\n    lesson: other-lesson\n")
    borrowed = dataclasses.replace(declared("attention"), id="other-lesson")
    placed_other = load_script(other, course=course, lesson=borrowed).course
    assert placed_other.before.href == "../attention/index.html" and placed_other.next is None
    assert placed_other.before.title == load_script().title


def test_the_end_card_of_the_last_stop_offers_no_next_stop(tmp_path, tmp_path_factory, page_factory):
    manifest = placed(tmp_path, 5, EXTERNAL.format(n=4) + HERE.format(n=5))
    build = copied_build(shared_lesson(tmp_path_factory)[1], tmp_path / "build")
    build_player(manifest, build)
    base, server = serve(build.root)
    try:
        page = open_player(page_factory, f"{base}/index.html")
        assert page.locator(".course-nav a[rel=next]").count() == 0
        page.evaluate("""() => { const v = document.querySelector('video'); v.muted = true;
            v.currentTime = v.duration - 0.3; return v.play(); }""")
        card = page.get_by_role("region", name="The end of the lesson")
        card.wait_for()
        assert card.get_by_role("link").count() == 0
        assert card.get_by_role("button", name="Watch again").is_visible()
        assert page.errors == []
    finally:
        server.shutdown()
        server.server_close()


# --- mistakes: one line naming course.yaml and its line, and a fix line ---------------------------

def test_an_unknown_lesson_id_is_refused_with_the_closest(tmp_path):
    path = course_variant(tmp_path, ("lesson: attention", "lesson: atention"))
    refused(path, line_of(path, "lesson: atention"), "'atention'", "no lesson of this project",
            "did you mean 'attention'")


def test_a_stop_number_twice_is_refused(tmp_path):
    path = course_variant(tmp_path, ("stop: 8", "stop: 7"))
    refused(path, line_of(path, "stop: 7", 2), "stop 7 is listed twice",
            f"first at line {line_of(path, 'stop: 7')}")


@pytest.mark.parametrize("edits, needle", [
    ((("stop: 8", "stop: 21"),), "stop: 21"),  # past the end
    ((("number_of_stops: 20", "number_of_stops: 7"),), "stop: 8"),  # a course shorter than its list
])
def test_more_stops_than_the_course_has_are_refused(tmp_path, edits, needle):
    path = course_variant(tmp_path, *edits)
    refused(path, line_of(path, needle), "more stops than the course has", "number the stops 1 to")


@pytest.mark.parametrize("href", ["ftp://example.org/stop-06/", "javascript:alert(1)",
                                  "file:///etc/passwd", "mailto:someone@example.org", "https:stop-06",
                                  "../stop 06/index.html"])
def test_an_address_that_is_not_http_is_refused(tmp_path, href):
    path = course_variant(tmp_path, ('href: "../stop-06/index.html"', f'href: "{href}"'))
    refused(path, line_of(path, f'href: "{href}"'), "is not an http(s) address", "https://")


@pytest.mark.parametrize("href", ["https://courses.example.org/stop-06/", "http://127.0.0.1:8000/x.html",
                                  "../stop-06/index.html", "/stop-06/", "stop-06.html#start"])
def test_http_and_relative_addresses_are_taken(tmp_path, href):
    path = course_variant(tmp_path, ('href: "../stop-06/index.html"', f'href: "{href}"'))
    assert load_script(GOOD, course=path).course.before.href == href


@pytest.mark.parametrize("edits, needle, words", [
    ((("  - stop: 6\n", "  - stop: 9\n"),), "stop: 7", ("listed after stop 9", "in order")),
    ((("lesson: attention", 'lesson: attention\n    href: "../x.html"'),), 'href: "../x.html"',
     ("is a lesson of this project and has a href",)),
    ((('    href: "../stop-06/index.html"\n', ""),), "stop: 6", ("stop 6 has no lesson and no href",)),
    ((("stop: 6", "stop: 5"),), "stop: 7", ("no stop 6 listed before it", "list stop 6")),
    ((("number_of_stops: 20", "number_of_stops: 0"),), "number_of_stops: 0", ("at least one stop",)),
    ((("number_of_stops: 20", "number_of_stops: 0x14"),), "number_of_stops: 0x14", ("plain digits", "e.g. 20")),
    ((("stop: 7", "stop: seven"),), "stop: seven", ("whole number",)),
    ((("lesson: attention", 'title: "Here"\n    href: "../stop-07/"'),), "- stop: 6",
     ("no stop is the lesson 'attention'", "lesson: attention")),
    ((("number_of_stops: 20", "number_of_stops: 20\nlength: 20"),), "length: 20", ("unknown key 'length'",)),
])
def test_other_mistakes_are_refused_at_their_line(tmp_path, edits, needle, words):
    path = course_variant(tmp_path, *edits)
    refused(path, line_of(path, needle), *words)


def test_a_missing_course_file_is_refused(tmp_path):
    path = tmp_path / "course.yaml"
    refused(path, 0, "the course file does not exist", "course.yaml")


def test_the_command_line_refuses_a_bad_course_in_one_line_before_any_work(tmp_path):
    path = course_variant(tmp_path, ("stop: 8", "stop: 6"))
    build = tmp_path / "build"
    done = render("audio", "--course", str(path), "--build", str(build), "--voice", "flite")
    message = refusal(done)
    assert message.startswith(f"render.py audio: {path}:{line_of(path, 'stop: 6', 2)}: stop 6 is listed twice")
    assert written(build) == []


# --- a lesson's declaration, found from its stop -------------------------------------------------

TINY = Path(__file__).resolve().parent / "lessons" / "tiny"


@pytest.mark.parametrize("module, words", [
    ("tests.lessons.nope", ("no module tests.lessons.nope declares it", "module:")),
    ("tests.lessons.borrowed", ("declares lesson 'second-lesson', not 'tiny'",)),
    ("not a module", ("'not a module' is no Python module name",)),
], ids=["missing", "another-lesson", "not-a-name"])
def test_a_stop_whose_module_declares_no_such_lesson_is_refused(tmp_path, module, words):
    """The engine finds a lesson by its stop (`module:`, else attention.ID) and nothing else; a
    module that is missing or declares another lesson is one line at the stop's module."""
    course = tmp_path / "course.yaml"
    course.write_text((TINY / "course.yaml").read_text(encoding="utf-8").replace(
        "module: tests.lessons.tiny", f"module: {module}"), encoding="utf-8")
    with pytest.raises(TranscriptError) as e:
        load_script(TINY / "lesson.yaml", course=course)
    err = e.value
    assert err.path == course and err.line == line_of(course, "module:"), str(err)
    assert len(str(err).split("\n")) == 2
    for w in words:
        assert w in str(err), (w, str(err))


def test_a_lesson_without_module_is_looked_for_in_attention(tmp_path):
    course = tmp_path / "course.yaml"
    course.write_text((TINY / "course.yaml").read_text(encoding="utf-8").replace(
        "    module: tests.lessons.tiny\n", ""), encoding="utf-8")
    with pytest.raises(TranscriptError) as e:
        load_script(TINY / "lesson.yaml", course=course)
    assert e.value.line == line_of(course, "lesson: tiny")
    assert "no module attention.tiny declares it" in str(e.value)



@pytest.mark.parametrize("code, line, words", [
    ("from common.declaration import LessonDeclaration\n\nimport no_such_dependency_xyz\n", 3,
     "ModuleNotFoundError: No module named 'no_such_dependency_xyz'"),
    ("LESSON = (\n", 1, "SyntaxError: '(' was never closed"),
    ("x = 1\ny = x / 0\n", 2, "ZeroDivisionError: division by zero"),
    ("from dataclasses import replace\nfrom pathlib import Path\n\nfrom tests.lessons.tiny import "
     "LESSON as TINY\n\nLESSON = replace(TINY, page_scripts=(Path('extra') / 'player.js',))\n", 6,
     "ValueError: lesson 'tiny''s page script 'player.js' has the name of one of the player's files; "
     "rename it"),
], ids=["imports-a-missing-module", "syntax-error", "raises", "page-script-named-like-the-player's"])
def test_a_lesson_module_that_does_not_import_is_one_line_at_its_file_and_line(tmp_path, code, line,
                                                                               words):
    """A lesson's own code that fails as it is imported (a module it imports is missing, it does
    not parse, a statement raises) is the error line of the course's stop, naming the lesson's
    file and line, before any work; never a traceback."""
    package = tmp_path / "code" / "broken_lesson"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(code, encoding="utf-8")
    course = tmp_path / "course.yaml"
    course.write_text((TINY / "course.yaml").read_text(encoding="utf-8").replace(
        "module: tests.lessons.tiny", "module: broken_lesson"), encoding="utf-8")
    build = tmp_path / "build"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "code"),
                                                        os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(REPO / "render.py"), "audio", "--course", str(course),
                           "--build", str(build), "--voice", "flite"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    message = refusal(done)
    assert message.startswith(f"render.py audio: {course}:{line_of(course, 'module:')}: "), message
    assert f"{package / '__init__.py'}:{line}: {words} (importing broken_lesson)" in message
    assert written(build) == []


@pytest.mark.parametrize("text, line, words", [
    ("title: A course\nnumber_of_stops: 1\nstops: [\n", 4, "expected"),
    ("title: A course\nnumber_of_stops: 1\nstops:\n  - stop: 1\n    title: Elsewhere\n"
     "    href: https://example.org/\n", 4, "no stop is a lesson of this project"),
    ("title: A course\nnumber_of_stops: 1\nstop:\n  - stop: 1\n    lesson: attention\n", 3, "stop"),
], ids=["yaml", "no-lesson", "misspelt-key"])
def test_the_first_lesson_of_a_bad_course_is_the_loaders_error_line(tmp_path, text, line, words):
    """The lesson a command works on when none is chosen (the course's first) is read by the
    course loader: a bad course file is its error naming the file and line, not a YAML error,
    a KeyError or a StopIteration."""
    from transcript.lessons import _first_lesson

    course = tmp_path / "course.yaml"
    course.write_text(text, encoding="utf-8")
    with pytest.raises(TranscriptError) as e:
        _first_lesson(course)
    lines = str(e.value).split("\n")
    assert len(lines) == 2 and lines[1].startswith("  fix: "), str(e.value)
    assert lines[0].startswith(f"{course}:{line}: ") and words in lines[0], lines[0]
