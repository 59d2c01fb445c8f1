"""Embedding the lesson elsewhere, in real Chromium: SRT beside every VTT, oEmbed JSON and its
discovery, link-preview tags and the poster, start/end links, and the host-page API driven by the
example host page in examples/."""

from __future__ import annotations

import json
import re
import subprocess
from html.parser import HTMLParser

import pytest
from player_fixtures import (  # noqa: F401
    REPO,
    SCREENSHOTS,
    axe,
    browser,
    clipped_lesson,
    copied_build,
    gather_errors,
    kept_pages,
    lesson,
    load_afresh,
    page_factory,
    reused_pages,
    serve,
)

import render
from player.clips import build_clips
from player.page import build_player
from player.publish import publish
from transcript.captions import parse_srt, parse_vtt

RANGE = ("query-looking-for", "value-hands-over")
BASE = "https://courses.example.org/attention/"


class Head(HTMLParser):
    """The <meta> and <link> tags of a page, and its video's poster."""

    def __init__(self, text: str):
        super().__init__()
        self.meta: dict[str, str] = {}
        self.links: list[dict] = []
        self.poster = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and ("property" in a or "name" in a):
            self.meta[a.get("property") or a["name"]] = a["content"]
        elif tag == "link":
            self.links.append(a)
        elif tag == "video":
            self.poster = a.get("poster")


@pytest.fixture(scope="module")
def host():
    """The example host page's folder, served on an origin of its own."""
    base, server = serve(REPO / "examples")
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(host, tmp_path_factory):
    """A build with the player, every scene's clip and one range, whose pages let the example
    host page's origin (only) talk to them; served on another origin."""
    manifest, shared = clipped_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path_factory.mktemp("embedding") / "build", clips=True)
    settings = publish(None, [host])
    build_player(manifest, build, settings)
    clips = build_clips(manifest, build, publish=settings) + build_clips(manifest, build, [RANGE],
                                                                         publish=settings)
    base, server = serve(build.root)
    yield manifest, build, clips, base
    server.shutdown()
    server.server_close()


def test_srt_beside_every_vtt_has_the_same_cues(site):
    _, build, clips, _ = site
    pairs = [(build.captions, build.captions_srt)] + [
        (build.clips / f"{c.id}.vtt", build.clips / f"{c.id}.srt") for c in clips]
    for vtt, srt in pairs:
        want = [(c.start, c.end, c.text) for c in parse_vtt(vtt.read_text(encoding="utf-8"))]
        got = parse_srt(srt.read_text(encoding="utf-8"))
        assert [(c.start, c.end, c.text) for c in got] == want, srt.name
        assert [c.id for c in got] == [str(n) for n in range(1, len(got) + 1)]
        assert re.search(r"^00:00:0\d,\d{3} --> ", srt.read_text(), re.M)  # SRT's comma


def test_oembed_json_and_discovery_without_a_base_url(site):
    manifest, build, clips, _ = site
    pages = [(build.player, build.oembed)] + [
        (build.clips / f"{c.id}.html", build.clips / f"{c.id}.oembed.json") for c in clips]
    for page, path in pages:
        head = Head(page.read_text(encoding="utf-8"))
        found = [ln for ln in head.links if ln.get("type") == "application/json+oembed"]
        assert len(found) == 1
        assert (page.parent / found[0]["href"]).resolve() == path.resolve()
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["version"] == "1.0" and data["type"] == "video"
        assert data["provider_name"] == manifest.course.title and "provider_url" not in data
        assert manifest.title in data["title"]
        # relative to the lesson folder: the poster and the iframe's page are there
        thumbnail = build.root / data["thumbnail_url"]
        assert thumbnail.read_bytes()[:2] == b"\xff\xd8"
        assert (data["thumbnail_width"], data["thumbnail_height"]) == (320, 180)
        src = re.search(r'<iframe src="([^"]+)"', data["html"])[1]
        assert (build.root / src).resolve() == page.resolve()
        assert f'width="{data["width"]}" height="{data["height"]}"' in data["html"]


def test_a_base_url_makes_oembed_and_preview_addresses_absolute(lesson, tmp_path):
    manifest, shared = lesson
    build = copied_build(shared, tmp_path / "build" / "attention")
    assert render.main(["player", "--lesson", "attention", "--build", str(build.root.parent), "--base-url", BASE.rstrip("/")]) == 0
    data = json.loads(build.oembed.read_text(encoding="utf-8"))
    assert data["provider_url"] == BASE and data["thumbnail_url"] == BASE + "poster.jpg"
    assert f'<iframe src="{BASE}index.html"' in data["html"]
    head = Head(build.player.read_text(encoding="utf-8"))
    assert head.meta["og:image"] == BASE + "poster.jpg" and head.meta["og:url"] == BASE + "index.html"
    assert head.meta["og:video"] == BASE + "lesson.mp4"
    assert head.meta["twitter:card"] == "player" and head.meta["twitter:player"] == BASE + "index.html"
    assert head.poster == "poster.jpg"  # the page's own poster stays relative: it works from disk


@pytest.mark.parametrize("option,value", [("--base-url", "courses.example.org/attention"),
                                          ("--base-url", "https://example.org/a?b=c"),
                                          ("--allow-origin", "https://lms.example.org/course/7")])
def test_a_malformed_address_is_refused_before_rendering(tmp_path, capsys, option, value):
    build = tmp_path / "build"
    for command in ("render", "player", "clips"):
        with pytest.raises(SystemExit) as e:
            render.main([command, "--build", str(build), option, value])
        message = str(e.value)
        assert message.startswith(f"render.py {command}: {option} {value!r}") and "\n" not in message
        assert "e.g. https://" in message
    assert not build.exists()  # nothing was started
    assert "[1/5]" not in capsys.readouterr().out


def test_every_page_has_link_preview_tags_and_the_lesson_a_poster(site, reused_pages):
    manifest, build, clips, base = site
    for page in [build.player] + [build.clips / f"{c.id}.html" for c in clips]:
        head = Head(page.read_text(encoding="utf-8"))
        for key in ("og:title", "og:description", "og:image", "og:video", "twitter:card",
                    "twitter:title", "twitter:description", "twitter:image"):
            assert head.meta.get(key), (page.name, key)
        assert (page.parent / head.meta["og:image"]).is_file()
        assert (page.parent / head.meta["og:video"]).is_file()
        assert head.meta["twitter:card"] == "summary_large_image"  # no https base: no card player
    assert Head(build.player.read_text(encoding="utf-8")).meta["og:description"] == manifest.tagline
    p = reused_pages()
    p.goto(base + "/index.html")
    # the video's poster loads: a frame of the lesson's size
    size = p.evaluate("""() => new Promise(done => { const i = new Image();
        i.onload = () => done([i.naturalWidth, i.naturalHeight]); i.onerror = () => done(null);
        i.src = document.querySelector('video').poster; })""")
    assert size == [320, 180]


def test_the_poster_is_the_drawn_frame_of_the_beat_the_yaml_names(lesson, tmp_path):
    manifest, shared = lesson
    build = copied_build(shared, tmp_path / "build")
    drawn = {}
    for s in manifest.sentences[:3] + (manifest.sentence(manifest.poster),):
        drawn[s.id] = tmp_path / f"{s.id}.jpg"
        color = "red" if s.id == manifest.poster else "blue"
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"color={color}:s=320x180",
                        "-frames:v", "1", str(drawn[s.id])], check=True)
    build_player(manifest, build, posters=drawn)
    assert build.poster.read_bytes() == drawn[manifest.poster].read_bytes()
    assert Head(build.player.read_text(encoding="utf-8")).poster == "poster.jpg"


def video_state(page) -> dict:
    return page.evaluate("""() => { const v = document.querySelector('video');
        const on = document.querySelector('.sentence[aria-current="true"]');
        const note = document.querySelector('.link-note');
        return {t: v.currentTime, paused: v.paused, current: on && on.dataset.sentence,
                note: note && !note.hidden ? note.textContent : null}; }""")


def open_at(pages, url: str):
    """A page from `pages` at `url`, once its video's length is known; its script errors gather in
    `page.errors`."""
    page = pages()
    gather_errors(page)
    page.goto(url)
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


@pytest.mark.parametrize("protocol", ["file", "http"])
def test_time_links_start_and_stop_where_they_say(site, reused_pages, protocol):
    manifest, build, _, base = site
    root = build.player.as_uri() if protocol == "file" else base + "/index.html"
    a, b = manifest.sentences[5].start + 0.4, manifest.sentences[6].start + 0.8
    page = open_at(reused_pages, f"{root}#t={a:.3f},{b:.3f}")
    page.wait_for_function(f"Math.abs(document.querySelector('video').currentTime - {a}) < 0.01")
    assert video_state(page)["current"] == manifest.sentences[5].id
    page.evaluate("document.querySelector('video').muted = true; document.querySelector('video').play()")
    page.wait_for_function("document.querySelector('video').paused", timeout=15_000)
    state = video_state(page)
    assert abs(state["t"] - b) < 0.05 and state["current"] == manifest.sentences[6].id
    # once stopped, play goes on past the end time
    page.evaluate("document.querySelector('video').play()")
    page.wait_for_function(f"document.querySelector('video').currentTime > {b + 0.3}")
    # ?t= (query), an npt clock, and #s=
    target = manifest.sentences[9]
    for link, start in ((f"?t={a:.3f}", a), ("#t=npt:0:00:07.5", 7.5), (f"#s={target.id}", target.start)):
        load_afresh(page, root + link)
        page.wait_for_function(f"Math.abs(document.querySelector('video').currentTime - {start}) < 0.01")
        assert video_state(page)["note"] is None
        assert page.errors == []


def test_a_clip_page_follows_links_in_its_own_time(site, reused_pages):
    manifest, build, clips, base = site
    clip = next(c for c in clips if c.id == "--".join(RANGE))
    target = manifest.sentence("key-contains")
    page = open_at(reused_pages, f"{base}/clips/{clip.id}.html#s={target.id}")
    page.wait_for_function(f"Math.abs(document.querySelector('video').currentTime - "
                           f"{target.start - clip.span.start}) < 0.01")
    assert video_state(page)["current"] == target.id


@pytest.mark.parametrize("link,shown", [("#s=no-such-sentence", "no-such-sentence"),
                                        ("#t=soon", "soon"), ("#t=99999", "99999")])
def test_a_link_the_page_cannot_follow_plays_from_the_start_with_a_note(site, reused_pages, link, shown):
    manifest, build, _, base = site
    page = open_at(reused_pages, base + "/index.html" + link)
    page.wait_for_selector(".link-note", state="visible")
    state = video_state(page)
    assert state["t"] == 0 and state["current"] == manifest.sentences[0].id
    assert shown in state["note"] and "beginning" in state["note"]
    assert page.is_visible(".transcript") and page.errors == []
    if shown == "no-such-sentence":
        assert axe(page).violations_count == 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "link-note.png"))


def host_frame(page, build_base: str):
    page.wait_for_function("window.lessonEvents && window.lessonEvents.some(e => e.event === 'ready')")
    return next(f for f in page.frames if f.url.startswith(build_base))


def events(page) -> list[dict]:
    return page.evaluate("window.lessonEvents.filter(e => e.event !== 'progress')")


def test_the_example_host_page_hears_events_in_order_and_drives_the_video(site, host, page_factory):
    manifest, build, _, base = site
    page = page_factory(width=1100, height=1000)
    page.goto(f"{host}/host-page.html?src={base}/index.html")
    frame = host_frame(page, base)
    ready = events(page)[0]
    assert ready["event"] == "ready" and ready["duration"] == pytest.approx(manifest.duration, abs=1e-3)
    assert (ready["source"], ready["lesson"]) == (f"lesson:{manifest.lesson}", manifest.lesson)
    assert "clip" not in ready
    assert ready["sentences"] == [s.id for s in manifest.sentences]
    frame.evaluate("document.querySelector('video').muted = true")
    page.click("#play")
    page.wait_for_function("window.lessonEvents.filter(e => e.event === 'sentence').length >= 1 &&"
                           " window.lessonEvents.some(e => e.event === 'progress')", timeout=15_000)
    page.click("#pause")
    page.wait_for_function("window.lessonEvents.some(e => e.event === 'pause')")
    assert frame.evaluate("document.querySelector('video').paused")
    target = manifest.sentence("softmax-squashes")
    page.click("#seek")  # the example's field holds softmax-squashes
    page.wait_for_function("id => window.lessonEvents.some(e => e.event === 'sentence' && e.id === id)",
                           arg=target.id)
    assert frame.evaluate("document.querySelector('video').currentTime") == pytest.approx(target.start, abs=0.01)
    assert page.inner_text("#now") == target.id
    # a seek by time from the host's own script, then play to the end
    page.evaluate("([lesson, t]) => document.getElementById('lesson').contentWindow.postMessage("
                  "{lesson, command: 'seek', time: t}, new URL(document.getElementById('lesson').src).origin)",
                  [manifest.lesson, manifest.duration - 0.6])
    page.wait_for_function("t => window.lessonEvents.some(e => e.event === 'sentence' && e.id === t)",
                           arg=manifest.sentences[-1].id)
    page.click("#play")
    page.wait_for_function("window.lessonEvents.some(e => e.event === 'ended')", timeout=15_000)
    names = [e["event"] for e in events(page)]
    order = ["ready", "play", "sentence", "pause", "sentence", "play", "ended"]
    it = iter(names)
    assert all(name in it for name in order), names  # these, in this order
    assert names[-1] == "ended" and names.count("ready") == 1
    progress = page.evaluate("window.lessonEvents.filter(e => e.event === 'progress')")
    assert progress and all(0 <= e["watched"] <= 1 for e in progress)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "host-page.png"))


def test_a_clip_page_speaks_the_same_api_in_its_own_time(site, host, page_factory):
    manifest, build, clips, base = site
    clip = next(c for c in clips if c.id == "softmax")
    said = [s for s in manifest.sentences if s.scene == "softmax"]
    page = page_factory(width=1100, height=1000)
    page.goto(f"{host}/host-page.html?src={base}/clips/{clip.id}.html")
    frame = host_frame(page, base)
    ready = events(page)[0]
    assert ready["sentences"] == [s.id for s in said]
    assert (ready["source"], ready["lesson"], ready["clip"]) == (f"lesson:{manifest.lesson}", manifest.lesson, clip.id)
    assert ready["duration"] == pytest.approx(clip.span.duration, abs=1e-3)
    page.fill("#sentence", said[1].id)
    page.click("#seek")
    page.wait_for_function("id => window.lessonEvents.some(e => e.event === 'sentence' && e.id === id)",
                           arg=said[1].id)
    assert frame.evaluate("document.querySelector('video').currentTime") == pytest.approx(
        said[1].start - clip.span.start, abs=0.01)


def test_a_parent_the_build_did_not_allow_hears_nothing_and_commands_nothing(site, page_factory):
    manifest, build, _, base = site
    other, server = serve(REPO / "examples")  # the same page on an origin the build did not list
    try:
        page = page_factory()
        page.goto(f"{other}/host-page.html?src={base}/index.html&lesson={manifest.lesson}")  # commands sent
        frame = next(f for f in page.frames if f.url.startswith(base))
        frame.wait_for_function("document.querySelector('video').readyState >= 1")
        page.click("#seek")
        page.click("#play")
        page.wait_for_timeout(700)
        assert page.evaluate("window.lessonEvents") == []
        assert frame.evaluate("[document.querySelector('video').currentTime, "
                              "document.querySelector('video').paused]") == [0, True]
    finally:
        server.shutdown()
        server.server_close()


def test_the_gallery_starts_its_snippets_at_a_chosen_sentence(site, reused_pages):
    manifest, build, clips, base = site
    clip = next(c for c in clips if c.id == "softmax")
    target = manifest.sentences_of("softmax")[1]
    page = reused_pages(width=1280, height=900)
    page.goto(base + "/clips/index.html")
    page.select_option(f"#start-{clip.id}", target.id)
    iframe_code, video_code = page.inner_text(f"#iframe-{clip.id}"), page.inner_text(f"#video-{clip.id}")
    assert f'src="{base}/clips/{clip.id}.html#s={target.id}"' in iframe_code
    offset = target.start - clip.span.start
    assert f'src="{base}/clips/{clip.id}.mp4#t={offset:.3f}"' in video_code
    page.select_option(f"#start-{clip.id}", "")
    assert "#s=" not in page.inner_text(f"#iframe-{clip.id}")
    # the snippet's address really opens there
    src = re.search(r'src="([^"]+)"', iframe_code)[1]
    opened = open_at(reused_pages, src)
    opened.wait_for_function(f"Math.abs(document.querySelector('video').currentTime - {offset}) < 0.01")
    page.select_option(f"#start-{clip.id}", target.id)
    page.locator(f"#start-{clip.id}").scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "gallery-start-at.png"))
