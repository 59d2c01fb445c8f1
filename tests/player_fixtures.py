"""Fixtures for the player and clip tests: a small timed lesson with a matching video, a browser
and a local server. Imported by tests/test_player*.py and tests/test_clips*.py (not a conftest)."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from shared import made_once, run_folder

from cli.options import BuildPaths
from player.clips import build_clips
from player.page import build_player
from player.server import make_server
from transcript import load_script
from transcript.captions import captions_vtt, chapters_vtt
from transcript.manifest import (
    GRID_FPS,
    Manifest,
    TimedSentence,
    atomic_write_text,
    new_manifest,
    write_manifest,
)
from transcript.words import TimedWord, words_of

REPO = Path(__file__).resolve().parent.parent
SCREENSHOTS = REPO / "build" / "cache" / "screenshots"  # working files of the default build
CHROMIUM = "/usr/bin/chromium-headless-shell"  # Debian's chromium-headless-shell (./lesson installs it)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--autoplay-policy=no-user-gesture-required"]
EVIL = "Watch this: <script>alert(1)</script> & </script><b>bold</b>"
CHECK_OPEN = "document.querySelector('#check:not([hidden])') !== null"  # a check is asked


def play_on_skipping_checks(frame, until: str, stall: float = 30_000) -> list[str]:
    """Let the lesson play on until `until` (a JS expression in `frame`, the lesson's page or its
    SCORM frame) holds; each check that opens on the way pauses the video, and the learner presses
    its "Skip for now", as one watching on would. Returns the ids of the checks skipped.

    Fails only when the playhead stalls: no `until`, no check and no progress for `stall` ms (a
    busy machine plays 16x slower than real time, never not at all)."""
    skipped = []
    while True:
        at = frame.evaluate("() => document.querySelector('video').currentTime")
        try:
            frame.wait_for_function(f"""() => ({until}) || {CHECK_OPEN}
                || document.querySelector('video').currentTime > {at} + 5""", timeout=stall)
        except PlaywrightTimeout:
            raise AssertionError(f"the video stalled at {at:.2f} s before: {until}") from None
        if frame.evaluate(f"() => {until}"):
            return skipped
        if not frame.evaluate(f"() => {CHECK_OPEN}"):
            continue  # it played on: wait again from here
        assert frame.evaluate("() => document.querySelector('video').paused")  # the check paused it
        skipped.append(frame.evaluate("() => LessonChecks.open"))
        frame.click("#check .check-skip")
        # closed: the next check may open a frame later at 16x, before a look for none open comes round
        frame.wait_for_function("id => LessonChecks.open !== id", arg=skipped[-1])


_built: dict[str, tuple[Manifest, BuildPaths]] = {}


def beat_frames(i: int) -> int:
    """A plausible beat length in grid frames: 2 to 4 seconds, varied."""
    return 30 + (i * 7) % 31


def timed_manifest(texts: dict[str, str] | None = None) -> Manifest:
    """The real script, timed on the 1/15 s grid with 2-4 s beats; `texts` overrides sentences."""
    script = load_script()
    sentences, frame = [], 0
    for i, s in enumerate(script.sentences):
        beat = beat_frames(i)
        text = (texts or {}).get(s.id, s.text)
        start, end = frame / GRID_FPS, (frame + beat - 5) / GRID_FPS
        tokens = words_of(text)  # spread evenly over the sentence, as a voice might say them
        each = (end - start) / max(1, len(tokens))
        words = tuple(TimedWord(w, round(start + k * each, 4), round(start + (k + 0.8) * each, 4))
                      for k, w in enumerate(tokens))
        sentences.append(TimedSentence(s.id, s.paragraph, s.scene, text, start, end, s.step, words))
        frame += beat
    return new_manifest(script, sentences, frame / GRID_FPS, "narration.wav", {})


def encode_narration(manifest: Manifest, out: Path) -> None:
    """A tone of the manifest's length as narration.wav (48 kHz 16-bit mono, like the real one)."""
    subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi",
         "-i", f"sine=f=330:sample_rate=48000:d={manifest.duration:.6f}",
         "-ac", "1", "-c:a", "pcm_s16le", str(out)], check=True)


def encode_video(manifest: Manifest, narration: Path, out: Path) -> None:
    """A small H.264/AAC video of the manifest's length with a keyframe at every sentence start."""
    keys = ",".join("0" if s.start == 0 else f"{s.start - 0.001:.6f}" for s in manifest.sentences)
    d = f"{manifest.duration:.6f}"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-y",
         "-f", "lavfi", "-i", f"testsrc2=s=320x180:r={GRID_FPS}:d={d}", "-i", str(narration),
         "-c:v", "libx264", "-preset", "veryfast", "-bf", "0", "-pix_fmt", "yuv420p",
         "-force_key_frames", keys, "-c:a", "aac", "-ar", "48000", "-b:a", "64k",
         "-movflags", "+faststart", "-shortest", str(out)],
        check=True)


def make_lesson(root: Path, texts: dict[str, str] | None = None,
                video: bool = True) -> tuple[Manifest, BuildPaths]:
    """A build folder with lesson.json, captions, chapters, narration.wav and (optionally)
    lesson.mp4."""
    build = BuildPaths(root)
    manifest = timed_manifest(texts)
    write_manifest(manifest, build.manifest)
    atomic_write_text(build.captions, captions_vtt(manifest))
    atomic_write_text(build.chapters, chapters_vtt(manifest))
    encode_narration(manifest, build.narration)
    if video:
        encode_video(manifest, build.narration, build.video)
    return manifest, build


def shared_lesson(tmp_path_factory) -> tuple[Manifest, BuildPaths]:
    """The timed lesson with its video, made once per test run (tests/shared.py)."""
    if "lesson" not in _built:
        made = made_once(run_folder(tmp_path_factory, "lesson-build"), make_lesson)
        _built["lesson"] = timed_manifest(), BuildPaths(made)
    return _built["lesson"]


@pytest.fixture(scope="module")
def lesson(tmp_path_factory) -> tuple[Manifest, BuildPaths]:
    """One timed lesson with its video, made once per test run and shared by the modules:
    read it, or copy it with `copied_build` to write."""
    return shared_lesson(tmp_path_factory)


def clipped_lesson(tmp_path_factory) -> tuple[Manifest, BuildPaths]:
    """The lesson with every scene's clip, cut once per test run and shared by the modules:
    read it, or copy it with `copied_build(..., clips=True)` to write. (A function, not a
    fixture: other modules import the fixtures that call it.)"""
    if "clipped" not in _built:
        manifest, shared = shared_lesson(tmp_path_factory)

        def cut(root: Path) -> None:
            build_clips(manifest, copied_build(shared, root))

        _built["clipped"] = manifest, BuildPaths(made_once(run_folder(tmp_path_factory, "clipped-build"), cut))
    return _built["clipped"]


def paused_build(tmp_path_factory, paused, root: Path) -> BuildPaths:
    """A build folder at `root` of the real narration with pauses (conftest's `paused_narration`):
    its lesson.json, narration.wav, captions and chapters, and a test picture of its length with a
    keyframe at every sentence start (`encode_video`), that video encoded once per test run and
    copied (times kept, so that it stays as new as its sound)."""
    def encode(made: Path) -> None:
        build = BuildPaths(made)
        build.root.mkdir()
        for name in ("lesson.json", "narration.wav", "captions.vtt", "chapters.vtt"):
            shutil.copy2(paused.paths.root / name, build.root / name)
        encode_video(paused.manifest, build.narration, build.video)

    made = made_once(run_folder(tmp_path_factory, "paused-video"), encode)
    build = BuildPaths(root)
    shutil.copytree(made, build.root)
    return build


@pytest.fixture(scope="module")
def browser(chromium):
    """The session's headless Chromium (tests/conftest.py), launched once for every module."""
    return chromium


@pytest.fixture
def page_factory(browser):
    """New pages at a given viewport, closed with their contexts after the test (a page left
    open goes on playing and drawing in the session's Chromium)."""
    contexts = []

    def new_page(width: int = 1280, height: int = 800, **options):
        ctx = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(ctx)
        return ctx.new_page()

    yield new_page
    for ctx in contexts:
        ctx.close()


class KeptPages:
    """Pages kept open for a module's tests, one per viewport and set of context options, each
    handed out as a new page would be: on a blank document, with no localStorage kept by any origin
    it showed (the answers, the place to resume, the caption size), its script errors gathering
    afresh in `page.errors`. Opening a page costs more than loading a document in one (a new
    renderer, a new profile). For tests that add no listener, route, init script or page of their
    own to it: those take `page_factory`'s."""

    def __init__(self, browser):
        self.browser = browser
        self.pages: dict[tuple, object] = {}
        self.origins: dict[object, set[str]] = {}

    def __call__(self, width: int = 1280, height: int = 800, **options):
        key = (width, height, tuple(sorted(options.items())))
        if key not in self.pages:
            ctx = self.browser.new_context(viewport={"width": width, "height": height}, **options)
            page = ctx.new_page()
            page.errors = []
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            origins = self.origins[page] = set()
            page.on("framenavigated", lambda f: origins.add(origin_of(f.url)))
            page.cdp = ctx.new_cdp_session(page)
            self.pages[key] = page
        page = self.pages[key]
        self.blank(page)
        page.errors = []
        return page

    def blank(self, page) -> None:
        """Leave `page` on a blank document, every origin it showed with its storage cleared."""
        page.goto("about:blank")
        page.mouse.move(-1, -1)  # hovering over nothing, as on a new page
        for origin in self.origins[page] - {"null"}:
            page.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        self.origins[page].clear()

    def close(self) -> None:
        for page in self.pages.values():
            page.context.close()


def origin_of(url: str) -> str:
    """The origin whose storage a document at `url` uses ("file://" for a file)."""
    from urllib.parse import urlsplit
    parts = urlsplit(url)
    return "file://" if parts.scheme == "file" else f"{parts.scheme}://{parts.netloc}" if parts.netloc else "null"


@pytest.fixture(scope="module")
def kept_pages(browser):
    """A module's `KeptPages`, closed with the module."""
    pages = KeptPages(browser)
    yield pages
    pages.close()


@pytest.fixture
def reused_pages(kept_pages):
    """Like `page_factory` (called with a viewport and context options, it returns a page), but
    each page is one kept for the module and cleared, not a new one; left blank after the test (a
    page left showing the lesson goes on playing and drawing). For the tests `KeptPages` is for."""
    given = []

    def page(width: int = 1280, height: int = 800, **options):
        given.append(kept_pages(width, height, **options))
        return given[-1]

    yield page
    for p in given:
        kept_pages.blank(p)


def load_afresh(page, url: str) -> None:
    """Load `url` in `page` as a new visit would, until its video's length is known: a page at
    the same address with another `#...` would only follow the new hash, not load again. (Cheaper
    than a new page, whose start costs more than most tests' own work.)"""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_function("document.querySelector('video').readyState >= 1")


def serve(root: Path):
    """Serve `root` on a free port in a background thread; returns (base_url, server)."""
    server = make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


def with_text(manifest: Manifest, sentence_id: str, text: str) -> Manifest:
    """The manifest with one sentence's text replaced."""
    return dataclasses.replace(manifest, sentences=tuple(
        dataclasses.replace(s, text=text) if s.id == sentence_id else s for s in manifest.sentences))


def copied_build(shared: BuildPaths, root: Path, clips: bool = False) -> BuildPaths:
    """A build folder of its own with copies (times kept) of the shared lesson's files; with
    `clips`, of its clips and their keys too, so that none is cut again."""
    build = BuildPaths(root)
    build.root.mkdir(parents=True)
    for name in ("lesson.json", "lesson.mp4", "narration.wav"):
        shutil.copy2(shared.root / name, build.root / name)
    if clips:
        shutil.copytree(shared.clips, build.clips)
        shutil.copytree(shared.cache / "clips", build.cache / "clips")
    return build


def axe(page, within: str | None = None):
    """Axe's violations on `page` once no CSS animation or transition is running (a panel fading
    in has text in a colour between its own and the background's, which fails contrast or not by
    when axe happens to look). With `within`, a CSS selector, on that part of the page alone: for a
    state that differs only there from one a whole pass found clean. axe-core is put into a
    document once, not once per pass."""
    from axe_playwright_python.base import AXE_SCRIPT
    from axe_playwright_python.sync_playwright import AxeResults
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    if not page.evaluate("() => typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        page.evaluate(AXE_SCRIPT)
    return AxeResults(page.evaluate("""within => axe.run(within || document, {resultTypes: ['violations']})
        .then(r => ({violations: r.violations}))""", within))


def served_player(lesson, folder: Path):
    """The player built into a copy of the shared `lesson` in `folder`, served over HTTP while the
    generator is open: yields (manifest, build paths, base URL). A module's `site` fixture."""
    manifest, shared = lesson
    build = copied_build(shared, folder / "build")
    build_player(manifest, build)
    base, server = serve(build.root)
    yield manifest, build, base
    server.shutdown()
    server.server_close()


def open_player(page_factory, url: str, **viewport):
    """A new page (from `page_factory` or `reused_pages`) at `url`, once its video's length is
    known; its script errors gather in `page.errors`."""
    page = page_factory(**viewport)
    gather_errors(page)
    page.goto(url)
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


def gather_errors(page) -> None:
    """Gather `page`'s script errors from now on in `page.errors` (a kept page's already do)."""
    if getattr(page, "errors", None) is None:
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
