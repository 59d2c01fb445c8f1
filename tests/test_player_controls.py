"""The player's controls (Media Chrome, vendored), the captions the page draws and the keys, in real
headless Chromium, driven by the names a screen reader hears."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from player_fixtures import (  # noqa: F401
    axe,
    browser,
    clipped_lesson,
    copied_build,
    kept_pages,
    lesson,
    open_player,
    page_factory,
    reused_pages,
    serve,
    served_player,
)
from playwright.sync_api import expect

from player.assets import ASSET_DIR, MEDIA_CHROME, VENDORED
from player.clips import build_clips
from player.page import build_player
from player.scorm import build_package

REPO = Path(__file__).resolve().parent.parent
REGISTRY_COPY = REPO / "tests" / "js" / "node_modules" / "media-chrome"  # npm ci of tests/js's lock


@pytest.fixture(scope="module")
def site(lesson, tmp_path_factory):
    """The player built into a copy of the shared lesson, served over HTTP too."""
    yield from served_player(lesson, tmp_path_factory.mktemp("controls"))



def current(page) -> str | None:
    return page.evaluate("() => LessonPlayer.sentence")


def test_the_vendored_media_chrome_is_the_registry_build():
    """player/assets/vendor/ holds the published dist/iife/index.js and LICENSE of the version
    tests/js pins, byte for byte (npm ci checks that copy against the lock's integrity hash)."""
    pinned = json.loads((REPO / "tests" / "js" / "package.json").read_text())["devDependencies"]
    assert pinned["media-chrome"] == MEDIA_CHROME
    assert json.loads((REGISTRY_COPY / "package.json").read_text())["version"] == MEDIA_CHROME
    lock = json.loads((REPO / "tests" / "js" / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/media-chrome"]["version"] == MEDIA_CHROME
    assets = REPO / "player" / "assets"
    script, licence = (assets / name for name in VENDORED)
    assert script.read_bytes() == (REGISTRY_COPY / "dist" / "iife" / "index.js").read_bytes()
    assert licence.read_bytes() == (REGISTRY_COPY / "LICENSE").read_bytes()


def test_the_page_runs_the_controls_from_disk_fetching_nothing_outside(site, page_factory):
    _, build, _ = site
    assert (build.root / ASSET_DIR / VENDORED[0]).read_bytes() == (
        REPO / "player" / "assets" / VENDORED[0]).read_bytes()
    page = page_factory()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(build.player.as_uri())
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.evaluate("() => !!customElements.get('media-controller')")
    root = build.root.as_uri() + "/"
    assert [u for u in requests if not (u.startswith(root) or u.startswith("data:"))] == []


def test_the_controls_are_named_and_drive_the_video(site, reused_pages):
    _, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    video = "document.querySelector('video')"
    page.get_by_role("button", name="play", exact=True).click()
    page.wait_for_function(f"() => !{video}.paused")
    page.get_by_role("button", name="pause", exact=True).click()
    page.wait_for_function(f"() => {video}.paused")
    page.get_by_role("button", name="Playback rate 1").click()
    page.wait_for_function(f"() => {video}.playbackRate === 1.25")
    page.get_by_role("button", name="mute", exact=True).click()
    page.wait_for_function(f"() => {video}.muted")
    assert page.get_by_role("slider", name="seek").count() == 1
    assert page.get_by_role("slider", name="volume").count() == 1
    assert page.get_by_role("button", name="enter fullscreen mode").count() == 1
    page.get_by_role("switch", name="closed captions", checked=True).click()
    page.wait_for_function(f"""() => Array.from({video}.textTracks)
                               .every(t => t.kind !== 'captions' || t.mode !== 'showing')""")
    size = page.get_by_role("button", name="Caption size: medium")
    size.click()
    assert page.get_by_role("button", name="Caption size: large").count() == 1
    assert page.errors == []


def test_chapters_are_ticks_on_the_seek_bar_and_no_check_is_a_dot_there(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    titles = page.evaluate("""() => Array.from(document.querySelectorAll('[data-seek-marks] .player-mark'),
                                              m => m.title)""")
    assert titles == [sc.title for sc in manifest.scenes[1:]]  # the checks are pins instead (below)


SEEK_BAR = "() => { const r = document.querySelector('media-time-range').getBoundingClientRect(); " \
           "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; }"


def check_pins(page, manifest):
    """Each check's pin on the seek bar, found by the name a screen reader hears."""
    n = len(manifest.checks)
    return [page.get_by_role("button", name=re.compile(rf"^Check {i + 1} of {n}: {re.escape(c.question)} \("))
            for i, c in enumerate(manifest.checks)]


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_each_check_is_a_pin_on_the_seek_bar_where_it_is_asked(site, reused_pages, width, height):
    """One progress line: the checks' pins sit on Media Chrome's seek bar (no strip under it), each
    where its sentence has ended and before the next starts, a target of at least 24x24 px."""
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html", width=width, height=height)
    assert page.locator(".check-strip").count() == 0
    bar = page.evaluate(SEEK_BAR)
    left, right = bar["left"] + 10, bar["right"] - 10  # the track, inside the range's own padding
    by_id = {s.id: i for i, s in enumerate(manifest.sentences)}
    for check, pin in zip(manifest.checks, check_pins(page, manifest), strict=True):
        assert pin.count() == 1
        assert pin.locator("xpath=ancestor::media-control-bar").count() == 1
        box = pin.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24  # WCAG 2.5.8
        middle, centre_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert abs(centre_y - (bar["top"] + bar["bottom"]) / 2) <= 1
        said = manifest.sentences[by_id[check.sentence]]
        after = manifest.sentences[by_id[check.sentence] + 1]
        earliest, latest = (left + (right - left) * t / manifest.duration for t in (said.end, after.start))
        assert earliest - 1 <= middle <= latest + 1, (check.id, earliest, middle, latest)
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    assert page.errors == []


def test_a_pin_opens_its_check_and_a_click_or_drag_beside_it_seeks(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    pin = check_pins(page, manifest)[0]
    box = pin.bounding_box()
    bar = page.evaluate(SEEK_BAR)
    # beside the pin (a pin's width to its left, on the bar's line), the seek bar takes the click
    x, y = box["x"] - box["width"], box["y"] + box["height"] / 2
    share = (x - bar["left"] - 10) / (bar["right"] - bar["left"] - 20)
    page.mouse.click(x, y)
    page.wait_for_function(f"""() => Math.abs(document.querySelector('video').currentTime
                               - {share * manifest.duration}) < {0.02 * manifest.duration}""")
    assert page.evaluate("() => LessonChecks.open") is None
    # a drag along the bar that passes over the pin seeks to where it is let go
    start, end = box["x"] - 3 * box["width"], box["x"] + 3 * box["width"]
    page.mouse.move(start, y)
    page.mouse.down()
    for step in range(1, 13):
        page.mouse.move(start + (end - start) * step / 12, y)
    page.mouse.up()
    share = (end - bar["left"] - 10) / (bar["right"] - bar["left"] - 20)
    page.wait_for_function(f"""() => Math.abs(document.querySelector('video').currentTime
                               - {share * manifest.duration}) < {0.02 * manifest.duration}""")
    assert page.evaluate("() => LessonChecks.open") is None
    pin.click()
    page.wait_for_function(f"() => LessonChecks.open === {json.dumps(manifest.checks[0].id)}")
    expect(pin).to_have_attribute("aria-current", "true")
    expect(pin).to_have_accessible_name(re.compile(r"\(not answered yet\)$"))
    # a mouse learner's hover says the same as a screen reader hears (the page draws no other label)
    assert pin.get_attribute("title") == pin.evaluate("p => p.textContent")
    assert page.errors == []


def test_the_pins_are_reached_by_tab_after_the_seek_bar_and_pressed_by_enter(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    page.get_by_role("slider", name="seek").focus()
    page.keyboard.press("Tab")
    first = check_pins(page, manifest)[0]
    expect(first).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => LessonChecks.open === {json.dumps(manifest.checks[0].id)}")
    assert page.errors == []


@pytest.mark.parametrize("missing", ["controls.js", "vendor/media-chrome.js"])
def test_without_the_controls_the_pins_stand_on_a_strip_under_the_video(site, page_factory, missing):
    """If controls.js or Media Chrome never arrives (no seek bar to pin on), the page still shows
    where the checks are and opens them."""
    manifest, _, base = site
    page = page_factory()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.route(f"**/{missing}", lambda route: route.abort())
    page.goto(base + "/index.html")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.locator(".check-strip .check-strip-line").count() == 1
    pin = check_pins(page, manifest)[0]
    assert pin.locator("xpath=ancestor::div[@class='check-strip']").count() == 1
    pin.click()
    page.wait_for_function(f"() => LessonChecks.open === {json.dumps(manifest.checks[0].id)}")
    assert page.errors == []


def caption_geometry(page) -> dict:
    return page.evaluate("""() => {
        const v = document.querySelector('video'), r = v.getBoundingClientRect();
        const s = Math.min(r.width / v.videoWidth, r.height / v.videoHeight);
        const h = v.videoHeight * s, top = r.top + (r.height - h) / 2;
        const text = document.querySelector('[data-caption-text]');
        const box = text.getBoundingClientRect();
        const bar = document.querySelector('media-control-bar').getBoundingClientRect();
        return {pictureTop: top, pictureBottom: top + h, height: h, top: box.top, bottom: box.bottom,
                fontPx: parseFloat(getComputedStyle(text).fontSize),
                barTop: bar.top, text: text.hidden ? '' : text.textContent};
    }""")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_captions_are_drawn_in_the_band_the_scenes_keep_free(site, reused_pages, width, height):
    """Each cue the page draws says the cue's text, above the control bar, at least 14 px high
    until the learner picks a size: inside the picture's bottom band that no scene text enters
    (scenes/style.py CAPTION_BAND_TOP, the frame 8 high) where two lines of that size fit in it,
    else (a phone's picture) under the picture, where the control bar under them stays put as cues
    of more or fewer lines come and go; a size picked in the band stays in it."""
    from scenes.style import CAPTION_BAND_TOP
    from transcript.captions import sentence_cues

    manifest, build, _ = site
    share = (CAPTION_BAND_TOP + 4.0) / 8.0  # of the picture's height, from its bottom (y = -4) up
    page = open_player(reused_pages, build.player.as_uri(), width=width, height=height)
    in_band, bar_tops = None, set()
    for cue in sentence_cues(manifest):
        page.evaluate(f"document.querySelector('video').currentTime = {(cue.start + cue.end) / 2}")
        page.wait_for_function("t => document.querySelector('[data-caption-text]').textContent === t",
                               arg=cue.text)
        g = caption_geometry(page)
        assert g["fontPx"] >= 14 and g["bottom"] <= g["barTop"] + 0.5, (width, cue.id, g)
        in_band = 2 * 1.25 * 14 <= share * g["height"]  # two readable lines fit in the band
        if in_band:
            assert g["top"] >= g["pictureBottom"] - share * g["height"] - 0.5, (width, cue.id, g)
            assert g["bottom"] <= g["pictureBottom"] + 0.5, (width, cue.id, g)
        else:
            assert g["top"] >= g["pictureBottom"] - 0.5, (width, cue.id, g)
        bar_tops.add(round(g["barTop"], 1))
    assert len(bar_tops) == 1, bar_tops  # no cue moves the controls
    assert in_band == (width > 1000)  # a desktop's picture has room for them; a phone's has not
    size = page.locator("[data-caption-size]").get_attribute("aria-label")
    page.get_by_role("button", name=size).click()  # the next size
    g = caption_geometry(page)
    if in_band:  # medium, then large: under the picture
        assert g["pictureBottom"] - 0.5 <= g["top"] and g["bottom"] <= g["barTop"] + 0.5, g
    else:  # large, then small: chosen, in the band
        assert g["top"] >= g["pictureBottom"] - share * g["height"] - 0.5, g
        assert g["bottom"] <= g["pictureBottom"] + 0.5, g
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_browser_draws_no_captions_of_its_own(site, reused_pages):
    """With the page's captions and the picture moved out of the way, the video's box looks the
    same whether its captions track shows or not: the browser draws no cue over the picture."""
    import io

    import numpy as np
    from PIL import Image

    manifest, build, _ = site
    page = open_player(reused_pages, build.player.as_uri())
    cue = manifest.sentences[3]
    page.evaluate(f"document.querySelector('video').currentTime = {(cue.start + cue.end) / 2}")
    page.wait_for_function("() => document.querySelector('[data-caption-text]').textContent !== ''")
    page.add_style_tag(content=".player-captions { display: none; } "
                               "video { object-position: 0 100000px; background: #000; }")

    def shot() -> np.ndarray:
        png = page.locator("video").screenshot(animations="disabled")
        return np.asarray(Image.open(io.BytesIO(png)).convert("L")).astype(int)

    def captions(mode: str) -> None:
        page.evaluate("""m => Array.from(document.querySelector('video').textTracks)
                         .forEach(t => { if (t.kind === 'captions') t.mode = m; })""", mode)

    showing = shot()
    captions("disabled")
    page.wait_for_function("() => document.querySelector('[data-caption-text]').textContent === ''")
    assert np.abs(shot() - showing).max() <= 40
    assert showing[8:-8, 8:-8].max() <= 40  # nothing drawn inside at all: black (corners: the page)


def test_keys_play_step_toggle_and_list(site, reused_pages):
    manifest, _, base = site
    page = open_player(reused_pages, base + "/index.html", width=1280, height=600)
    video = "document.querySelector('video')"
    page.locator("h1").click()  # focus on the page, not on a control
    page.evaluate("window.scrollTo(0, 200)")
    assert page.evaluate("window.scrollY") == 200
    page.keyboard.press(" ")
    page.wait_for_function(f"() => !{video}.paused")
    assert page.evaluate("window.scrollY") == 200  # Space never scrolls
    page.keyboard.press("k")
    page.wait_for_function(f"() => {video}.paused")
    ids = [s.id for s in manifest.sentences]
    page.evaluate(f"LessonPlayer.seekTo({json.dumps(ids[3])})")
    for key, expected in (("l", ids[4]), ("ArrowRight", ids[5]), ("j", ids[4]), ("ArrowLeft", ids[3])):
        page.keyboard.press(key)
        page.wait_for_function("id => LessonPlayer.sentence === id", arg=expected)
    page.evaluate(f"LessonPlayer.seekTo({json.dumps(ids[0])})")
    page.keyboard.press("j")  # nothing before the first: it stays
    assert current(page) == ids[0]
    page.evaluate(f"LessonPlayer.seekTo({json.dumps(ids[-1])})")
    page.keyboard.press("l")  # nothing after the last: it stays
    page.keyboard.press("j")
    page.wait_for_function("id => LessonPlayer.sentence === id", arg=ids[-2])
    page.keyboard.press("c")
    page.wait_for_function(f"""() => Array.from({video}.textTracks)
                               .every(t => t.kind !== 'captions' || t.mode !== 'showing')""")
    page.wait_for_function("() => document.querySelector('[data-caption-text]').textContent === ''")
    page.keyboard.press("c")
    page.wait_for_function(f"""() => Array.from({video}.textTracks)
                               .some(t => t.kind === 'captions' && t.mode === 'showing')""")
    page.keyboard.press("f")
    page.wait_for_function("() => document.fullscreenElement === document.getElementById('player')")
    page.keyboard.press("f")
    page.wait_for_function("() => document.fullscreenElement === null")
    page.keyboard.press("?")
    dialog = page.get_by_role("dialog", name="Keyboard shortcuts")
    dialog.wait_for(state="visible")
    listed = dialog.locator("dt").all_inner_texts()
    assert listed == ["Space or K", "J or ←", "L or →", "C", "F", "E", "?"]
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    assert page.errors == []


def test_keys_leave_typing_alone(site, reused_pages):
    _, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    page.evaluate("""() => { const i = document.createElement('input');
                             i.setAttribute('aria-label', 'notes'); document.body.prepend(i); }""")
    before = current(page)
    page.get_by_role("textbox", name="notes").type("k l c ")
    assert page.get_by_role("textbox", name="notes").input_value() == "k l c "
    assert page.evaluate("document.querySelector('video').paused") and current(page) == before


def test_the_first_tab_stop_skips_to_the_chapters(site, reused_pages):
    _, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    page.keyboard.press("Tab")
    link = page.get_by_role("link", name="Skip to the chapters")
    assert link.evaluate("a => a === document.activeElement")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('#chapters') !== null")


def test_space_and_arrows_keep_their_own_use_on_a_form_control(site, reused_pages):
    """On a radio button Space picks it and the arrows move to the next: the video neither
    plays nor steps a sentence."""
    _, _, base = site
    page = open_player(reused_pages, base + "/index.html")
    page.evaluate("""() => { const f = document.createElement('fieldset');
        f.innerHTML = '<legend>pick</legend><label><input type=radio name=p value=a>a</label>'
                    + '<label><input type=radio name=p value=b>b</label>';
        document.body.prepend(f); }""")
    before = current(page)
    page.get_by_role("radio", name="a").focus()
    page.keyboard.press(" ")
    assert page.get_by_role("radio", name="a").is_checked()
    page.keyboard.press("ArrowRight")
    assert page.get_by_role("radio", name="b").is_checked()
    assert page.evaluate("document.querySelector('video').paused") and current(page) == before


def test_the_scorm_package_and_a_clip_page_carry_the_controls(lesson, tmp_path_factory, page_factory):
    """The SCORM zip holds the vendored file (and its licence) as published, and a clip's page
    opened from disk runs the controls, fetching nothing from outside its build, its check's pin
    on their seek bar."""
    import zipfile

    manifest, shared = clipped_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path_factory.mktemp("carried") / "build", clips=True)
    build_player(manifest, build)
    clips = build_clips(manifest, build)
    with zipfile.ZipFile(build_package(manifest, build, clips)) as archive:
        for name in VENDORED:
            assert archive.read(f"{ASSET_DIR}/{name}") == (REPO / "player" / "assets" / name).read_bytes()
    page = page_factory(width=640, height=600)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(clips[1].file(build.clips, ".html").as_uri())
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    page.get_by_role("button", name="play", exact=True).click()
    page.wait_for_function("() => !document.querySelector('video').paused")
    root = build.root.as_uri() + "/"
    assert [u for u in requests if not (u.startswith(root) or u.startswith("data:"))] == []
    # a clip that asks a check pins it on its own seek bar, with no strip under it
    order = [s.id for s in manifest.sentences]
    check = manifest.checks[0]
    clip = next(c for c in clips if order.index(c.first) <= order.index(check.sentence) <= order.index(c.last))
    page.goto(clip.file(build.clips, ".html").as_uri())
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    pin = page.get_by_role("button", name=re.compile(rf"^Check \d+ of \d+: {re.escape(check.question)} \("))
    assert pin.locator("xpath=ancestor::media-control-bar").count() == 1
    assert page.locator(".check-strip").count() == 0
