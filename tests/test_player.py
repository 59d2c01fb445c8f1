"""The player page in real headless Chromium: seeking, highlighting, deep links, captions, access."""

from __future__ import annotations

import html
import urllib.request
from pathlib import Path

import pytest
from player_fixtures import (  # noqa: F401
    EVIL,
    SCREENSHOTS,
    browser,
    copied_build,
    kept_pages,
    lesson,
    make_lesson,
    open_player,
    page_factory,
    reused_pages,
    serve,
    served_player,
)

from player.html import minutes
from player.page import build_player, course_line


def course_line_of(lesson_id: str) -> str:
    """The line a 1-minute stop's page shows under its title, read from the project's course.yaml
    as an author reads it: the course's title, the lesson's stop and the number of stops."""
    import yaml
    course = yaml.safe_load((Path(__file__).resolve().parent.parent / "course.yaml").read_text(encoding="utf-8"))
    stop = next(s["stop"] for s in course["stops"] if s.get("lesson") == lesson_id)
    return f"{course['title']} · stop {stop} of {course['number_of_stops']} · 1 min"

FRAME = 1 / 15


@pytest.fixture(scope="module")
def site(lesson, tmp_path_factory):
    """The player built into a copy of the shared lesson, served over HTTP too."""
    yield from served_player(lesson, tmp_path_factory.mktemp("player"))



def state(page) -> dict:
    return page.evaluate("""() => {
        const v = document.querySelector('video');
        const on = document.querySelectorAll('.sentence[aria-current="true"]');
        return {t: v.currentTime, current: on.length === 1 ? on[0].dataset.sentence : null,
                count: on.length, hash: location.hash, paused: v.paused};
    }""")


def wait_current(page, sentence_id: str) -> None:
    page.wait_for_function(
        """id => { const on = document.querySelectorAll('.sentence[aria-current="true"]');
                   return on.length === 1 && on[0].dataset.sentence === id; }""", arg=sentence_id)


def visible_in_transcript(page, sentence_id: str) -> bool:
    return page.evaluate("""id => {
        const box = document.querySelector('[data-transcript-scroll]').getBoundingClientRect();
        const r = document.getElementById('s-' + id).getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    }""", sentence_id)


def test_page_shows_the_course_frame(site):
    manifest, build, _ = site
    text = build.player.read_text(encoding="utf-8")
    assert manifest.duration < 90  # the test timing: 2-4 s a beat, a 1-minute stop
    assert course_line(manifest) == course_line_of(manifest.lesson)
    for expected in (html.escape(manifest.title), html.escape(manifest.tagline),
                     "Before this",
                     html.escape(f"Next: {manifest.course.next.title}"),  # test_course_file: course.yaml's
                     f'href="{manifest.course.before.href}"', f'href="{manifest.course.next.href}"',
                     "Transcript",
                     "It follows the voice. Click a sentence or a word to jump there.",
                     '<track kind="captions" src="captions.vtt" srclang="en" label="English" default>',
                     '<track kind="chapters" src="chapters.vtt"', 'src="player/player.js"'):
        assert expected in text
    assert "http://" not in text and "https://" not in text  # nothing from a CDN
    assert (build.root / "player" / "player.js").exists() and (build.root / "player" / "player.css").exists()


def test_click_seeks_to_the_sentence_and_highlights_it(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    assert page.inner_text(".course-line") == course_line_of(manifest.lesson)
    target = manifest.sentences[9]
    page.click(f"#s-{target.id}")
    wait_current(page, target.id)
    page.wait_for_function("() => !document.querySelector('video').seeking")
    s = state(page)
    assert abs(s["t"] - target.start) < FRAME
    assert s["hash"] == f"#s={target.id}"  # the address follows
    # Enter and Space on a focused sentence seek too.
    for key, sentence in (("Enter", manifest.sentences[3]), (" ", manifest.sentences[17])):
        page.focus(f"#s-{sentence.id}")
        page.keyboard.press("Space" if key == " " else key)
        wait_current(page, sentence.id)
        assert abs(state(page)["t"] - sentence.start) < FRAME
        assert visible_in_transcript(page, sentence.id)
    assert page.errors == []


def test_playing_across_a_boundary_moves_the_highlight(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    before, after = manifest.sentences[0], manifest.sentences[1]
    page.evaluate("t => { const v = document.querySelector('video'); v.muted = true; v.currentTime = t; }",
                  after.start - 0.3)
    wait_current(page, before.id)
    page.evaluate("() => document.querySelector('video').play()")
    wait_current(page, after.id)
    s = state(page)
    assert s["count"] == 1 and s["t"] >= after.start - 0.01
    page.evaluate("() => document.querySelector('video').pause()")


def test_seeking_while_paused_moves_and_reveals_the_highlight(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    last = manifest.sentences[-1]
    page.evaluate("t => { document.querySelector('video').currentTime = t; }", last.start + 0.5)
    wait_current(page, last.id)
    assert state(page)["paused"]
    page.wait_for_function(
        """id => { const box = document.querySelector('[data-transcript-scroll]').getBoundingClientRect();
                   const r = document.getElementById('s-' + id).getBoundingClientRect();
                   return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }""", arg=last.id)
    # A chapter button seeks to its scene.
    scene = manifest.scenes[4]
    page.click(f".chapter >> nth={scene.index}")
    wait_current(page, manifest.sentences_of(scene.id)[0].id)
    assert page.get_attribute(f".chapter >> nth={scene.index}", "aria-current") == "true"


@pytest.mark.parametrize("protocol", ["file", "http"])
def test_deep_links_open_at_the_right_place(site, reused_pages, protocol):
    manifest, build, base = site
    root = build.player.as_uri() if protocol == "file" else base + "/index.html"
    target = manifest.sentences[12]
    page = open_player(reused_pages, f"{root}#s={target.id}")
    wait_current(page, target.id)
    page.wait_for_function("t => Math.abs(document.querySelector('video').currentTime - t) < 0.07",
                           arg=target.start)
    assert visible_in_transcript(page, target.id)
    inside = manifest.sentences[20]
    page = open_player(reused_pages, f"{root}#t={inside.start + 0.5:.3f}")
    wait_current(page, inside.id)
    assert abs(state(page)["t"] - (inside.start + 0.5)) < FRAME
    assert page.errors == []


@pytest.mark.parametrize("protocol", ["file", "http"])
def test_captions_chromium_reads_match_the_sentences(site, reused_pages, protocol):
    manifest, build, base = site
    url = build.player.as_uri() if protocol == "file" else base + "/index.html"
    page = open_player(reused_pages, url)
    page.wait_for_function("""() => { const t = Array.from(document.querySelector('video').textTracks)
                                       .find(t => t.kind === 'captions');
                                       return t && t.cues && t.cues.length > 0; }""")
    tracks = page.evaluate("""() => Array.from(document.querySelector('video').textTracks).map(t => ({
        kind: t.kind, mode: t.mode,
        cues: Array.from(t.cues || []).map(c => ({id: c.id, start: c.startTime, end: c.endTime,
                                                   text: c.text}))}))""")
    captions = [t for t in tracks if t["kind"] == "captions"]
    assert len(captions) == 1 and captions[0]["mode"] == "showing"
    cues = captions[0]["cues"]
    for s in manifest.sentences:
        mine = [c for c in cues if c["id"] == s.id or c["id"].startswith(s.id + "-")]
        assert mine, f"no caption cue for {s.id}"
        assert abs(mine[0]["start"] - s.start) < 0.002
        spoken = " ".join(html.unescape(c["text"]).replace("\n", " ") for c in mine)
        assert spoken == s.text
    chapters = [t for t in tracks if t["kind"] == "chapters"]
    assert len(chapters) == 1
    if protocol == "file" or chapters[0]["cues"]:
        assert [c["text"] for c in chapters[0]["cues"]] == [sc.title for sc in manifest.scenes]


def test_server_answers_byte_ranges(site):
    _, build, base = site
    data = build.video.read_bytes()
    request = urllib.request.Request(base + "/lesson.mp4", headers={"Range": "bytes=100-1099"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 206
        assert response.headers["Content-Range"] == f"bytes 100-1099/{len(data)}"
        assert response.read() == data[100:1100]
    request = urllib.request.Request(base + "/lesson.mp4", headers={"Range": "bytes=-500"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 206 and response.read() == data[-500:]
    with urllib.request.urlopen(base + "/lesson.mp4") as response:
        assert response.status == 200 and response.headers["Accept-Ranges"] == "bytes"
        assert len(response.read()) == len(data)
    request = urllib.request.Request(base + "/lesson.mp4", headers={"Range": f"bytes={len(data)}-"})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(request)
    assert e.value.code == 416


# Axe over the page as it opens, at a desktop's and a phone's size: in test_player_controls.py,
# test_each_check_is_a_pin_on_the_seek_bar_where_it_is_asked (the same page, unchanged, at both).


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_scrolling_respects_reduced_motion(site, reused_pages, motion):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html", reduced_motion=motion)
    first = manifest.sentences_of(manifest.scenes[-1].id)[0]
    before, right_after = page.evaluate("""() => {
        const box = document.querySelector('[data-transcript-scroll]');
        const before = box.scrollTop;
        Array.from(document.querySelectorAll('.chapter')).pop().click();
        return [before, box.scrollTop];
    }""")
    # Reduced motion jumps at once; otherwise the scroll is animated, so nothing moved yet.
    assert (right_after > before) if motion == "reduce" else (right_after == before)
    wait_current(page, first.id)
    page.wait_for_function(
        """id => { const box = document.querySelector('[data-transcript-scroll]').getBoundingClientRect();
                   const r = document.getElementById('s-' + id).getBoundingClientRect();
                   return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }""", arg=first.id)


def test_text_from_the_script_is_escaped(tmp_path, page_factory):
    manifest, build = make_lesson(tmp_path, texts={"key-contains": EVIL}, video=False)
    build_player(manifest, build)
    page = page_factory()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(build.player.as_uri())
    page.wait_for_selector("#s-key-contains")
    assert page.inner_text("#s-key-contains") == EVIL
    assert page.evaluate("() => document.querySelectorAll('.transcript script, .transcript b').length") == 0
    scripts = page.evaluate("() => Array.from(document.querySelectorAll('script'), s => s.id || s.src)")
    assert [s.rpartition("/")[2] for s in scripts] == [  # the data blocks, then the page scripts
        "lesson-data", "embed-config", "explore-data", "media-chrome.js", "links.js", "player.js",
        "controls.js", "host-api.js",
        "scorm.js", "dom.js", "attention.js", "explore-model.js", "explore-explain.js", "explore-views.js",
        "explore-controls.js", "checks-texts.js", "explore.js", "checks-model.js", "checks.js", "ranges.js", "resume.js", "endcard.js"]
    page.click("#s-key-contains")
    wait_current(page, "key-contains")
    assert dialogs == []


def test_screenshots(site, reused_pages):
    manifest, _, base = site
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = manifest.sentences[6]
    for name, size in (("player.png", {}), ("player-narrow.png", {"width": 390, "height": 844})):
        page = open_player(reused_pages, f"{base}/index.html#s={target.id}", **size)
        wait_current(page, target.id)
        page.wait_for_function("() => { const v = document.querySelector('video');"
                               " return v.readyState >= 3 && !v.seeking; }")
        page.wait_for_timeout(500)
        page.screenshot(path=str(SCREENSHOTS / name), full_page=bool(size))
        assert (SCREENSHOTS / name).stat().st_size > 10_000


def test_the_spoken_word_is_marked_and_a_clicked_word_seeks_to_it(site, reused_pages):
    manifest, _, base = site
    s = next(x for x in manifest.sentences if x.id == "weights-for-fluffy-and-blue")
    k = next(i for i, w in enumerate(s.words) if w.text.startswith("fluffy"))
    page = open_player(reused_pages, f"{base}/index.html")
    page.locator(f"#s-{s.id} .word").nth(k).click()
    wait_current(page, s.id)
    assert abs(state(page)["t"] - s.words[k].start) < FRAME
    spoken = page.evaluate("""() => Array.from(document.querySelectorAll('.word[data-spoken]'))
                                    .map(w => [w.closest('.sentence').dataset.sentence, w.textContent])""")
    assert spoken == [[s.id, s.words[k].text]]
    # the mark follows the time, and the sentence stays marked as a whole
    page.evaluate(f"document.querySelector('video').currentTime = {s.words[k + 1].start + 0.01}")
    page.wait_for_function("""w => { const on = document.querySelector('.word[data-spoken]');
                                     return on && on.textContent === w; }""", arg=s.words[k + 1].text)
    wait_current(page, s.id)
    assert page.errors == []


@pytest.mark.parametrize("seconds, shown", [(20, 1), (89, 1), (91, 2), (121.2, 2), (149, 2),
                                             (150, 3), (600, 10)])
def test_the_course_line_bills_the_nearest_whole_minute(seconds, shown):
    assert minutes(seconds) == shown


def test_over_a_pause_the_sentence_stays_marked_with_no_word_or_caption(paused_narration, tmp_path,
                                                                         tmp_path_factory, reused_pages):
    """The real narration with a pause and a test picture of its length: in the silence after a
    sentence, its transcript line stays current, no word is marked and no caption shows; a click
    on the next sentence seeks to where its voice starts, after the pause."""
    from player_fixtures import paused_build

    m = paused_narration.manifest
    build = paused_build(tmp_path_factory, paused_narration, tmp_path / "build")
    build_player(m, build)
    ids = [s.id for s in m.sentences]
    a = m.sentence(paused_narration.within)
    b = m.sentences[ids.index(a.id) + 1]
    page = open_player(reused_pages, build.player.as_uri())
    page.wait_for_function("""() => { const t = Array.from(document.querySelector('video').textTracks)
                                       .find(t => t.kind === 'captions'); return t && t.cues && t.cues.length; }""")
    def at(t: float) -> int:
        """Seek to `t`; how many caption cues are then showing."""
        page.evaluate("t => { document.querySelector('video').currentTime = t; }", t)
        page.wait_for_function("t => { const v = document.querySelector('video'); "
                               "return !v.seeking && Math.abs(v.currentTime - t) < 0.01; }", arg=t)
        return page.evaluate("""() => Array.from(document.querySelector('video').textTracks)
                                .find(t => t.kind === 'captions').activeCues.length""")

    assert at(a.end - 0.1) == 1  # while it is said, its caption shows
    assert at(a.end + 0.3 + (b.start - a.end - 0.3) / 2) == 0  # in the pause (past the word's linger)
    wait_current(page, a.id)
    page.wait_for_function("() => !document.querySelector('.word[data-spoken]')")
    page.click(f"#s-{b.id}")
    wait_current(page, b.id)
    assert abs(state(page)["t"] - b.start) < FRAME
    assert page.errors == []
