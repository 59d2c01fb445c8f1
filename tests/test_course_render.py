"""`render.py render` renders every lesson of a course into BUILD/<id>/ and writes the course page
BUILD/index.html; `--lesson ID` chooses; an unknown id, or no choice among several lessons for a
command that works on one, is refused in one line before any work. The course here is two tiny
lessons (tests/lessons/tiny and a copy of it with another id, declared in a scratch folder), so
both render at low quality in seconds."""

from __future__ import annotations

import os
import re
import select
import shlex
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import av
import pytest

REPO = Path(__file__).resolve().parents[1]
TINY = REPO / "tests" / "lessons" / "tiny"
TWO = "tiny-two"
COURSE = f"""title: Two tiny lessons
number_of_stops: 2
stops:
  - stop: 1
    lesson: tiny
    module: tests.lessons.tiny
  - stop: 2
    lesson: {TWO}
    module: tiny_two
"""
DECLARATION = '''from dataclasses import replace
from pathlib import Path

from tests.lessons.tiny import LESSON as TINY

LESSON = replace(TINY, id="tiny-two", script=Path(__file__).parent / "lesson.yaml")
'''


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    """A scratch folder holding a course file of two lessons: tiny, and a copy of it declared
    under another id by the module `tiny_two` beside the course file."""
    folder = tmp_path_factory.mktemp("two-lessons")
    (folder / "tiny_two").mkdir()
    (folder / "tiny_two" / "__init__.py").write_text(DECLARATION, encoding="utf-8")
    text = (TINY / "lesson.yaml").read_text(encoding="utf-8")
    assert re.search(r"^id: tiny$", text, re.M)
    text = re.sub(r"^id: tiny$", f"id: {TWO}", text, flags=re.M)
    text = re.sub(r"^title: .*$", 'title: "The second tiny lesson"', text, count=1, flags=re.M)
    (folder / "tiny_two" / "lesson.yaml").write_text(text, encoding="utf-8")
    (folder / "course.yaml").write_text(COURSE, encoding="utf-8")
    return folder / "course.yaml"


def run(course: Path, *args: str) -> subprocess.CompletedProcess:
    """`render.py ARGS --course COURSE` at low quality with flite, its scratch module importable."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(course.parent), str(REPO)))}
    return subprocess.run([sys.executable, "render.py", *args, "--course", str(course),
                           "--quality", "low", "--voice", "flite", "--jobs", "2"],
                          cwd=REPO, capture_output=True, text=True, timeout=600, env=env)


@pytest.fixture(scope="module")
def rendered(course, tmp_path_factory) -> tuple[Path, str]:
    """The two-lesson course rendered whole (`render.py render`), once for the module: its build
    root and what the command printed (a log: not a terminal)."""
    build = tmp_path_factory.mktemp("course-build") / "build"
    done = run(course, "render", "--build", str(build))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return build, done.stdout


@pytest.fixture(scope="module")
def built(rendered) -> Path:
    return rendered[0]


def first_line(process: subprocess.Popen, seconds: float = 60) -> str:
    """The first line `process` prints, or "" if it prints none within `seconds` (a server that
    hangs fails the test rather than the suite)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    return process.stdout.readline() if ready else ""


def test_render_writes_every_lesson_in_its_folder_and_a_course_page_linking_each(built):
    for lesson in ("tiny", TWO):
        for name in ("lesson.mp4", "lesson.json", "index.html", "lesson-scorm12.zip"):
            assert (built / lesson / name).is_file(), (lesson, name)
    assert not (built / "lesson.mp4").exists()
    page = (built / "index.html").read_text(encoding="utf-8")
    for lesson in ("tiny", TWO):
        for href in ("index.html", "clips/index.html", "lesson-scorm12.zip"):
            assert f'href="{lesson}/{href}"' in page, (lesson, href)
    assert "The second tiny lesson" in page


def test_the_lessons_before_and_next_links_resolve_inside_the_build(built):
    """Each page's "Next" / "Before this", as the page gives it, is the other lesson's page."""
    for lesson, link, other in (("tiny", "next", TWO), (TWO, "before", "tiny")):
        page = (built / lesson / "index.html").read_text(encoding="utf-8")
        href = re.search(rf'<a class="course-link {link}" href="([^"]+)"', page)
        assert href, (lesson, link)
        assert (built / lesson / href[1]).resolve() == (built / other / "index.html").resolve()
        assert (built / other / "index.html").is_file()


def test_the_run_shows_lessons_done_of_all_and_how_to_serve_each(rendered, course):
    """In a log, a line per lesson done ("lessons: 1 of 2 lessons, ...") after that lesson's
    lines; and each lesson's "preview" command, run as printed (on a free port), serves that
    lesson's page of this build, though neither the build nor the course file is the default."""
    build, printed = rendered
    lines = printed.splitlines()
    done = [n for n, line in enumerate(lines) if line.startswith("lessons: ")]
    assert [lines[n].split(",")[0] for n in done] == ["lessons: 1 of 2 lessons", "lessons: 2 of 2 lessons"]
    assert done[0] > lines.index("  player  " + str(build / "tiny" / "index.html")) and \
        done[1] > lines.index("  player  " + str(build / TWO / "index.html")) > done[0]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(course.parent), str(REPO)))}
    for lesson in ("tiny", TWO):
        line = next(x for x in lines if x.startswith(f"  preview ./lesson serve --lesson {lesson} "))
        command = shlex.split(line.removeprefix("  preview").split("(then open", 1)[0])
        server = subprocess.Popen([sys.executable, "render.py", *command[1:], "--port", "0"], cwd=REPO,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        try:
            address = re.search(r"at (http://\S+/)", first := first_line(server))
            assert address and address[1].endswith(f"/{lesson}/"), first
            with urllib.request.urlopen(address[1], timeout=30) as page:
                assert page.read() == (build / lesson / "index.html").read_bytes()
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_lessons_drawn_in_one_run_share_the_workers(course, built, tmp_path, monkeypatch):
    """`render` draws its lessons one after another on one pool (video.pipeline.drawing_workers):
    the second lesson is drawn by the workers the first started, under its own keys, to the
    same frames (its scenes and numbers are the first's)."""
    from common.settings import QUALITIES
    from transcript.lessons import CHOSEN_ENV, MODULES_ENV, declared, use
    from transcript.manifest import read_manifest
    from video.pipeline import drawing_workers, render_beats_needed

    monkeypatch.syspath_prepend(str(course.parent))  # the second lesson's declaration
    for name in (CHOSEN_ENV, MODULES_ENV):  # `use` sets them: put back as they were after
        monkeypatch.setenv(name, os.environ.get(name, ""))
    low, drawn, started = QUALITIES["low"], {}, []
    with drawing_workers(2) as workers:
        for lesson, module in (("tiny", "tests.lessons.tiny"), (TWO, "tiny_two")):
            use(declared(lesson, module))
            drawn[lesson] = render_beats_needed(read_manifest(built / lesson / "lesson.json"), low,
                                                tmp_path / lesson, jobs=2, progress=lambda line: None)
            started.append(workers.pids())
    assert started[0] == started[1] and len(started[0]) == 2  # no worker started for the second
    first, second = drawn["tiny"], drawn[TWO]
    assert not any(j.cached for j in first + second)
    assert {j.path.name for j in first if j.path}.isdisjoint(j.path.name for j in second if j.path)
    for a, b in zip(first, second):
        assert a.path is not None and b.path is not None
        with av.open(str(a.path)) as one, av.open(str(b.path)) as other:
            assert [f.to_ndarray().tobytes() for f in one.decode(video=0)] == \
                [f.to_ndarray().tobytes() for f in other.decode(video=0)]


def test_lesson_renders_only_that_lesson_and_the_course_page_lists_all(course, built, tmp_path):
    """`render --lesson ID` makes that lesson alone, and the course page lists every lesson. (Its
    cache is the module's render's: nothing is voiced or drawn again; its outputs are this run's.)"""
    build = tmp_path / "build"
    shutil.copytree(built / TWO / "cache", build / TWO / "cache")
    done = run(course, "render", "--lesson", TWO, "--build", str(build))
    assert done.returncode == 0, done.stderr[-3000:]
    assert (build / TWO / "lesson.mp4").is_file() and not (build / "tiny").exists()
    page = (build / "index.html").read_text(encoding="utf-8")
    assert f'href="{TWO}/index.html"' in page and 'href="tiny/index.html"' not in page
    assert "A lesson of this project, not rendered in this build." in page


def test_an_unknown_lesson_id_is_refused_in_one_line_before_any_work(course, tmp_path):
    build = tmp_path / "build"
    done = run(course, "render", "--lesson", "tiny", "--lesson", "nope", "--build", str(build))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("render.py render: --lesson 'nope' is no lesson of the course course.yaml")
    assert f"tiny, {TWO}" in lines[0]
    assert not build.exists()


@pytest.mark.parametrize("command", [["audio"], ["video"], ["player"], ["still", "there-are-apples"],
                                     ["package"]])
def test_a_command_on_one_lesson_without_lesson_is_refused_in_one_line(course, tmp_path, command):
    build = tmp_path / "build"
    done = run(course, *command, "--build", str(build))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0] == (f"render.py {command[0]}: the course course.yaml has 2 lessons; choose one "
                        f"with --lesson ID: tiny, {TWO}")
    assert not build.exists()


def test_a_command_takes_its_lesson_from_the_build_folder_of_that_lesson(course, built):
    done = run(course, "player", "--lesson", TWO, "--build", str(built))
    assert done.returncode == 0, done.stderr[-3000:]
    assert str(built / TWO / "index.html") in done.stdout


def test_serve_serves_the_build_root_at_the_lessons_address(course, built):
    """`serve --lesson ID` serves the course page and every lesson (so "Before this" and "Next"
    work) and prints the lesson's address."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(course.parent), str(REPO)))}
    server = subprocess.Popen([sys.executable, "render.py", "serve", "--lesson", TWO, "--course",
                               str(course), "--build", str(built), "--port", "0"],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = first_line(server)
        address = re.search(r"at (http://\S+/)", first)
        assert first.startswith(f"serving {built} at ") and address and address[1].endswith(f"/{TWO}/"), first
        with urllib.request.urlopen(address[1] + "index.html", timeout=10) as page:
            assert "The second tiny lesson" in page.read().decode()
        with urllib.request.urlopen(address[1].removesuffix(f"{TWO}/") + "index.html", timeout=10) as page:
            assert f'href="{TWO}/index.html"' in page.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_without_a_lesson_serves_the_course_page(course, built):
    """`serve` given no --lesson in a course of several prints the build root's address, where
    the course page is, instead of refusing: every lesson is reached from there."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(course.parent), str(REPO)))}
    server = subprocess.Popen([sys.executable, "render.py", "serve", "--course", str(course),
                               "--build", str(built), "--port", "0"],
                              cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        first = first_line(server)
        address = re.search(r"at (http://\S+/)", first)
        assert first.startswith(f"serving {built} at ") and address and address[1].count("/") == 3, first
        with urllib.request.urlopen(address[1], timeout=10) as page:
            assert page.read() == (built / "index.html").read_bytes()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_without_a_lesson_before_any_render_says_to_render(course, tmp_path):
    done = run(course, "serve", "--port", "0", "--build", str(tmp_path / "build"))
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"render.py serve: {tmp_path / 'build'} does not exist; run `./lesson render` first"
