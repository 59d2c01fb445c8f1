"""The course page, build/index.html: every stop course.yaml lists, in order, each lesson rendered
here with its poster, length and working links to its player, clips and SCORM package; a lesson
not rendered here shown but not linked; a stop elsewhere linked where a learner on a lesson page
would reach it. In real headless Chromium, over HTTP, with axe."""

from __future__ import annotations

import math
from pathlib import Path
from urllib.parse import urljoin

import pytest
from player_fixtures import axe, browser, clipped_lesson, copied_build, kept_pages, reused_pages, serve  # noqa: F401

from common.paths import BuildPaths
from player.clips import existing_clips
from player.course_page import build_course_page
from player.page import build_player
from player.scorm import build_package
from transcript.course import CourseFile, Stop

TITLE = "A course made for this test"
COURSE = CourseFile(TITLE, 12, (
    Stop(1, title="The first stop, elsewhere", href="https://courses.example.org/one/"),
    Stop(4, title="A stop beside the lesson", href="../stop-04/index.html"),
    Stop(5, lesson="attention"),
    Stop(6, lesson="unbuilt", title="A lesson not rendered"),
))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A build root with the attention lesson (player, clips, SCORM) in attention/, nothing in
    unbuilt/, and the course page over them, served."""
    manifest, shared = clipped_lesson(tmp_path_factory)
    root = tmp_path_factory.mktemp("course") / "site"  # served one folder down: a ".." is not lost at /
    root.mkdir()
    lesson = copied_build(shared, root / "attention", clips=True)
    build_player(manifest, lesson)
    build_package(manifest, lesson, existing_clips(manifest, lesson.clips, lesson.video))
    build_course_page(COURSE, root)
    host, server = serve(root.parent)
    yield manifest, root, f"{host}/site"
    server.shutdown()
    server.server_close()


def cards(page) -> list[dict]:
    return page.eval_on_selector_all(".stop-card", """cards => cards.map(c => ({
        number: c.value, text: c.innerText,
        links: [...c.querySelectorAll('a')].map(a => ({name: a.innerText.trim(), href: a.href})),
        poster: c.querySelector('img') && c.querySelector('img').naturalWidth}))""")


def test_every_listed_stop_in_order_with_its_own_facts(site, reused_pages):
    manifest, root, base = site
    page = reused_pages()
    page.goto(f"{base}/index.html")
    assert page.title() == TITLE
    page.wait_for_function("[...document.images].every(i => i.complete)")
    shown = cards(page)
    assert [c["number"] for c in shown] == [1, 4, 5, 6]
    assert all(f"Stop {c['number']} of 12" in c["text"] for c in shown)
    lesson = shown[2]
    total = math.floor(manifest.duration)
    assert f"{total // 60}:{total % 60:02}" in lesson["text"]  # its length, from its own manifest
    assert manifest.title in lesson["text"] and manifest.tagline in lesson["text"]
    assert lesson["poster"] > 0  # the poster loaded
    assert "stops 2–3, 7–12 are not" in page.inner_text("header")
    unbuilt = shown[3]
    assert "A lesson not rendered" in unbuilt["text"] and unbuilt["links"] == []
    assert axe(page).response["violations"] == []


def test_a_rendered_lesson_links_to_its_player_clips_and_package(site, reused_pages):
    manifest, root, base = site
    page = reused_pages()
    page.goto(f"{base}/index.html")
    links = {a["name"]: a["href"] for a in cards(page)[2]["links"] if a["name"]}
    assert links["Watch the lesson"] == f"{base}/attention/index.html"
    for name, href in links.items():  # every link answers with a file of the build
        response = page.request.get(href)
        assert response.ok, (name, href, response.status)
    assert links["SCORM package"].endswith(".zip")
    page.click("text=Watch the lesson")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.inner_text("h1") == manifest.title
    page.goto(links["Clips"])
    assert page.locator(".clip-card").count() == len(manifest.scenes)


def test_a_stop_elsewhere_is_linked_where_the_lesson_page_links_it(site, reused_pages):
    """A relative address in course.yaml is relative to a lesson page, one folder down: the course
    page must point at the same place."""
    manifest, root, base = site
    page = reused_pages()
    page.goto(f"{base}/index.html")
    links = [a["href"] for c in cards(page) for a in c["links"]]
    from_lesson = urljoin(f"{base}/attention/index.html", "../stop-04/index.html")
    assert from_lesson in links
    assert "https://courses.example.org/one/" in links


def test_the_page_is_written_whole_and_only_its_stylesheet_beside_it(site):
    manifest, root, base = site
    assert (root / "index.html").read_text(encoding="utf-8").rstrip().endswith("</html>")
    assert sorted(p.name for p in (root / "player").iterdir()) == ["player.css"]
    assert not any(Path(root).glob("*.tmp*"))
    assert BuildPaths(root / "attention").player.exists()  # the lesson's own page untouched
