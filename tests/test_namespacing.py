"""Two lessons on one origin, in one course page: every name they could share (localStorage keys,
the host-page API's messages, SCORM identifiers) is the lesson's own, from its id, so neither reads
the other's answers or obeys the other's commands. In real Chromium, two builds served side by side
from one server: the shared test lesson (id `attention`) and a copy of its YAML with another id,
placed in a course file of the test's own, its build made by the `player` and `package` steps alone
(no second render)."""

from __future__ import annotations

import re
import zipfile

import pytest
from player_fixtures import REPO, browser, copied_build, kept_pages, lesson, page_factory, reused_pages, serve  # noqa: F401

import render
from player.data import lesson_names
from player.page import build_player
from player.scorm import build_package
from transcript import load_script
from transcript.manifest import new_manifest, read_manifest, write_manifest

OTHER = "second-lesson"
COURSE = """title: How language models work
number_of_stops: 20
stops:
  - stop: 6
    title: "Stop 6"
    href: "../stop-06/index.html"
  - stop: 7
    lesson: attention
  - stop: 8
    lesson: second-lesson
    module: tests.lessons.borrowed
  - stop: 9
    title: "Stop 9"
    href: "../stop-09/index.html"
"""
COURSE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Two lessons, one course page</title></head>
<body>
<iframe id="one" src="attention/index.html" title="The first lesson"></iframe>
<iframe id="two" src="second-lesson/index.html" title="The second lesson"></iframe>
<script>
  "use strict";
  window.heard = { one: [], two: [] }; // every message, by the frame it came from
  window.addEventListener("message", (event) => {
    for (const id of ["one", "two"]) {
      if (event.source === document.getElementById(id).contentWindow) window.heard[id].push(event.data);
    }
  });
  window.tell = (id, message) => document.getElementById(id).contentWindow.postMessage(message, location.origin);
</script>
</body></html>
"""
VIDEO_READY = "document.querySelector('video').readyState >= 1"
PREDICT = "JSON.parse(document.getElementById('lesson-data').textContent).checks.find(c => c.kind === 'predict')"


@pytest.fixture(scope="module")
def site(lesson, tmp_path_factory):
    """One origin serving the course page, `attention/` (the shared test lesson) and
    `second-lesson/` (its YAML with another id), each with its player page and SCORM package."""
    manifest, shared = lesson
    root = tmp_path_factory.mktemp("namespacing")
    (root / "course.html").write_text(COURSE_PAGE, encoding="utf-8")
    first = copied_build(shared, root / "attention")
    build_player(manifest, first)
    build_package(manifest, first, [])

    scratch = tmp_path_factory.mktemp("second-yaml")
    text = (REPO / "transcript" / "attention" / "lesson.yaml").read_text(encoding="utf-8")
    assert re.search(r"^id: attention$", text, re.M)
    (scratch / "lesson.yaml").write_text(re.sub(r"^id: attention$", f"id: {OTHER}", text, flags=re.M),
                                         encoding="utf-8")
    (scratch / "course.yaml").write_text(COURSE, encoding="utf-8")
    script = load_script(scratch / "lesson.yaml", course=scratch / "course.yaml")
    assert script.id == OTHER and script.course.stop == 8
    # its lesson.json as the audio step writes it (same timings), then only the page and the package
    second = copied_build(shared, root / OTHER)
    write_manifest(new_manifest(script, list(manifest.sentences), manifest.duration, manifest.audio,
                                manifest.loudness), second.manifest)
    for command in ("player", "package"):
        assert render.main([command, "--build", str(root), "--lesson", str(scratch / "lesson.yaml"),
                            "--course", str(scratch / "course.yaml")]) == 0
    base, server = serve(root)
    yield manifest, base, root
    server.shutdown()
    server.server_close()


def data_names(page) -> dict:
    return page.evaluate("JSON.parse(document.getElementById('lesson-data').textContent).names")


def answer_predict(page, nth: int) -> str:
    """Ask the lesson's prediction (as a click on its mark does), answer its option `nth`; the
    response."""
    check = page.evaluate(f"() => {PREDICT}")
    page.evaluate("id => LessonChecks.ask(id)", check["id"])
    page.wait_for_function("id => LessonChecks.open === id", arg=check["id"])
    page.click(f"#check label.check-option >> nth={nth}")
    page.click("#check .check-answer")
    page.wait_for_function("id => LessonChecks.answer(id) !== null", arg=check["id"])
    return page.evaluate("id => LessonChecks.answer(id).first.response", check["id"])


def kept_answer(page, url: str):
    """The prediction's answer a fresh load of `url` finds kept (null: none)."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function(VIDEO_READY)
    return page.evaluate(f"() => LessonChecks.answer({PREDICT}.id)")


def test_the_two_builds_carry_their_own_names(site):
    manifest, _, root = site
    assert manifest.lesson == "attention"
    assert read_manifest(root / OTHER / "lesson.json").lesson == OTHER  # the id went into lesson.json
    for lesson_id in ("attention", OTHER):
        page = (root / lesson_id / "index.html").read_text(encoding="utf-8")
        assert f'"checks":"lesson:{lesson_id}:checks"' in page.replace(" ", "")
    assert lesson_names(OTHER) == {"lesson": OTHER, "source": f"lesson:{OTHER}",
                                   "checks": f"lesson:{OTHER}:checks", "place": f"lesson:{OTHER}:place:"}


def test_answers_in_one_lesson_are_not_seen_by_the_other(site, page_factory):
    _, base, _ = site
    one, two = f"{base}/attention/index.html", f"{base}/{OTHER}/index.html"
    page = page_factory()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(one)
    page.wait_for_function(VIDEO_READY)
    assert data_names(page)["checks"] == "lesson:attention:checks"
    first = answer_predict(page, 0)
    assert kept_answer(page, one)["first"]["response"] == first  # kept across a reload
    assert kept_answer(page, two) is None  # the same origin, the same localStorage: not the other's
    assert data_names(page)["checks"] == f"lesson:{OTHER}:checks"
    second = answer_predict(page, 1)
    assert second != first
    assert kept_answer(page, one)["first"]["response"] == first  # each kept its own
    assert kept_answer(page, two)["first"]["response"] == second
    stored = page.evaluate("() => Object.keys(localStorage).sort()")  # the places to resume too, if kept
    assert [k for k in stored if k.endswith(":checks")] == ["lesson:attention:checks", f"lesson:{OTHER}:checks"]
    # beside the viewer's preferences for every lesson (media-chrome's muted, the caption size)
    lessons = [k for k in stored if not k.startswith(("media-chrome-pref-", "lesson-player-"))]
    assert all(k.startswith(("lesson:attention:", f"lesson:{OTHER}:")) for k in lessons), stored
    assert errors == []


def test_answers_kept_under_the_old_key_are_taken_over_by_the_attention_lesson_only(site, reused_pages):
    _, base, _ = site
    page = reused_pages()
    page.goto(f"{base}/{OTHER}/index.html")
    page.wait_for_function(VIDEO_READY)
    check = page.evaluate(f"() => {PREDICT}")
    old = {"answers": {check["id"]: {"first": {"response": check["options"][0]}}}}
    page.evaluate("old => localStorage.setItem('attention-lesson:checks', JSON.stringify(old))", old)
    assert kept_answer(page, f"{base}/{OTHER}/index.html") is None  # never its key
    assert page.evaluate(f"() => localStorage.getItem('lesson:{OTHER}:checks')") is None
    taken = kept_answer(page, f"{base}/attention/index.html")
    assert taken["first"]["response"] == check["options"][0]
    assert page.evaluate("() => JSON.parse(localStorage.getItem('lesson:attention:checks'))") == old
    assert page.evaluate("() => JSON.parse(localStorage.getItem('attention-lesson:checks'))") == old  # left


def test_a_course_page_hears_each_lesson_by_its_source_and_commands_reach_only_their_lesson(site, reused_pages):
    manifest, base, _ = site
    page = reused_pages(width=1400, height=900)
    page.goto(f"{base}/course.html")
    page.wait_for_function("['one', 'two'].every(id => heard[id].some(m => m.event === 'ready'))")
    for frame, lesson_id in (("one", "attention"), ("two", OTHER)):
        ready = page.evaluate("id => heard[id].find(m => m.event === 'ready')", frame)
        assert (ready["source"], ready["lesson"]) == (f"lesson:{lesson_id}", lesson_id)
    target = manifest.sentences[5]
    # the first lesson's command, sent to the second lesson's frame: ignored, without a word
    page.evaluate("s => tell('two', {lesson: 'attention', command: 'seek', sentence: s})", target.id)
    page.evaluate("() => tell('two', {lesson: 'attention', command: 'play'})")
    # a command naming no lesson: refused with an error event
    page.evaluate("() => tell('two', {command: 'play'})")
    page.wait_for_function("heard.two.some(m => m.event === 'error')")
    # then its own: obeyed (messages are handled in order, so the ignored ones came first)
    page.evaluate("t => tell('two', {lesson: 'second-lesson', command: 'seek', time: t})", manifest.sentences[2].start)
    page.wait_for_function("id => heard.two.some(m => m.event === 'sentence' && m.id === id)",
                           arg=manifest.sentences[2].id)
    page.evaluate("s => tell('one', {lesson: 'attention', command: 'seek', sentence: s})", target.id)
    page.wait_for_function("id => heard.one.some(m => m.event === 'sentence' && m.id === id)", arg=target.id)
    two = page.evaluate("() => heard.two")
    assert not any(m["event"] in ("play", "pause") for m in two)  # the other lesson's play: not obeyed
    assert [m["id"] for m in two if m["event"] == "sentence"] == [manifest.sentences[2].id]
    errors = [m for m in two if m["event"] == "error"]
    assert len(errors) == 1 and errors[0]["command"] == "play" and OTHER in errors[0]["message"]
    frame_two = next(f for f in page.frames if f.url.startswith(f"{base}/{OTHER}/"))
    assert frame_two.evaluate("document.querySelector('video').paused")
    assert frame_two.evaluate("document.querySelector('video').currentTime") == pytest.approx(
        manifest.sentences[2].start, abs=0.01)
    one = page.evaluate("() => heard.one")
    for frame, heard, lesson_id in (("one", one, "attention"), ("two", two, OTHER)):
        assert heard and all(m["source"] == f"lesson:{lesson_id}" and m["lesson"] == lesson_id
                             for m in heard), frame


def test_the_two_scorm_packages_share_no_identifier(site):
    from lxml import etree
    _, _, root = site

    def identifiers(lesson_id: str) -> list[str]:
        xml = zipfile.ZipFile(root / lesson_id / "lesson-scorm12.zip").read("imsmanifest.xml")
        return [e.get("identifier") for e in etree.fromstring(xml).iter() if e.get("identifier")]

    one, two = identifiers("attention"), identifiers(OTHER)
    assert one[0] == "lesson-attention" and two[0] == f"lesson-{OTHER}"  # the manifests'
    assert len(one) == len(two) == len(set(one)) and not set(one) & set(two)
    assert all("attention" in i for i in one) and all(OTHER in i for i in two)
