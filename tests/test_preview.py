"""The live preview: `render.py preview` on a copy of a lesson (the tests' own tiny lesson, through
its course file: the preview works on any lesson of a course), with the open page in real headless
Chromium following each save without being reloaded."""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from dead_folders import dead_and_live_folders
from player_fixtures import browser, page_factory  # noqa: F401

from audio import AlignmentError, RecordingError, VoiceError
from common.media import MediaError
from common.paths import NotBuilt
from common.settings import QUALITIES
from player.preview.rendering import describe
from player.preview.workers import warm_worker
from scenes.timing import UnknownBeat
from transcript import TranscriptError, load_script
from video.errors import SceneFailed, where
from video.script_check import ScriptSceneError
from video.workers import stop_workers

LOW = QUALITIES["low"]
REPO = Path(__file__).resolve().parent.parent
WAIT_MS = 300_000  # the machine may be busy: a first render at low quality takes 20-60 s
TINY = REPO / "tests" / "lessons" / "tiny"
SCRIPT, COURSE = TINY / "lesson.yaml", TINY / "course.yaml"
SENTENCE = "together-they-make"  # its last sentence; its text in the YAML ends in ENDING
ENDING = 'fruit."'


@functools.cache
def original() -> str:
    """SENTENCE as the page shows it (its script's text, numbers filled in). Read in a test, not
    as the module is imported: loading the script makes its lesson known to the process, which the
    module's tests may do (conftest forgets it after them) but collecting them must not."""
    return next(s.text for s in load_script(SCRIPT, course=COURSE).sentences if s.id == SENTENCE)


def said(ending: str) -> str:
    """SENTENCE as the page shows it once its YAML's ENDING is `ending` (a closing quote)."""
    assert original().endswith(ENDING[:-1])
    return original()[:-len(ENDING) + 1] + ending[:-1]


@dataclass
class Preview:
    process: subprocess.Popen
    url: str
    lesson: Path
    build: Path
    output: list[str] = field(default_factory=list)
    course: Path = COURSE

    def status(self, since: int = -1) -> dict:
        with urllib.request.urlopen(f"{self.url}__preview/status?since={since}", timeout=30) as r:
            return json.loads(r.read())

    def save(self, old: str, new: str) -> None:
        text = self.lesson.read_text(encoding="utf-8")
        assert old in text
        self.lesson.write_text(text.replace(old, new, 1), encoding="utf-8")

    def family(self) -> set[int]:
        """The preview's process and every process under it."""
        children: dict[int, list[int]] = {}
        for entry in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry))
        found, stack = set(), [self.process.pid]
        while stack:
            pid = stack.pop()
            found.add(pid)
            stack += children.get(pid, [])
        return found


@pytest.fixture(scope="module")
def preview(tmp_path_factory):
    """The preview of a copy of the tiny lesson (flite, low quality, its course file given) after
    its first render."""
    root = tmp_path_factory.mktemp("preview")
    lesson, course = root / "lesson.yaml", root / "course.yaml"
    shutil.copyfile(SCRIPT, lesson)
    shutil.copyfile(COURSE, course)
    build = root / "build" / "tiny"
    process = subprocess.Popen(
        [sys.executable, "render.py", "preview", "--lesson", str(lesson), "--course", str(course),
         "--build", str(build.parent), "--voice", "flite", "--quality", "low", "--port", "0"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)})
    first = process.stdout.readline()
    assert first.startswith("preview: http://127.0.0.1:"), first
    p = Preview(process, first.split()[1], lesson, build, [first], course)

    def read() -> None:
        for line in process.stdout:
            p.output.append(line)

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + WAIT_MS / 1000
    while p.status()["state"] != "ready":
        assert p.status()["state"] != "error", p.output
        assert time.monotonic() < deadline, p.output
        time.sleep(0.5)
    yield p
    if process.poll() is None:
        process.kill()
        process.wait()


def open_page(preview: Preview, page_factory):
    page = page_factory()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(preview.url)
    page.wait_for_function("() => document.querySelector('video[data-player]')"
                           " && document.querySelector('video[data-player]').readyState >= 1"
                           " && window.lessonPreview && window.lessonPreview.state")
    page.errors = errors
    page.evaluate("() => { window.notReloaded = true; }")
    return page


def video_state(page) -> dict:
    return page.evaluate("""() => {
        const v = document.querySelector('video[data-player]');
        const on = document.querySelector('.sentence[aria-current="true"]');
        return {t: v.currentTime, duration: v.duration, paused: v.paused, src: v.currentSrc,
                current: on && on.dataset.sentence, kept: window.notReloaded === true,
                status: document.querySelector('.preview-status').textContent,
                state: window.lessonPreview.state && window.lessonPreview.state.state};
    }""")


def sentence_start(page, sentence_id: str) -> float:
    return page.evaluate("""id => JSON.parse(document.getElementById('lesson-data').textContent)
                                  .sentences.find(s => s.id === id).start""", sentence_id)


def test_a_save_updates_the_open_page_in_place(preview, page_factory):
    page = open_page(preview, page_factory)
    before = video_state(page)
    start = sentence_start(page, SENTENCE)
    page.evaluate("t => { document.querySelector('video[data-player]').currentTime = t; }", start + 0.5)
    page.wait_for_function("id => document.querySelector('.sentence[aria-current=\"true\"]')"
                           ".dataset.sentence === id", arg=SENTENCE)
    longer_yaml = 'fruit, and the basket is as full as it can be."'
    longer = said(longer_yaml)
    version = page.evaluate("() => window.lessonPreview.version")
    preview.save(ENDING, longer_yaml)
    try:
        page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                               arg=[SENTENCE, longer], timeout=WAIT_MS)
        page.wait_for_function("v => window.lessonPreview.version > v", arg=version)  # swapped in
        page.wait_for_function("id => { const on = document.querySelector('.sentence[aria-current=\"true\"]');"
                               " return on && on.dataset.sentence === id; }", arg=SENTENCE)
        duration = json.loads((preview.build / "lesson.json").read_text())["duration"]
        page.wait_for_function("d => Math.abs(document.querySelector('video[data-player]').duration - d) < 0.1",
                               arg=duration)
        after = video_state(page)
        assert after["kept"], "the page was reloaded"
        assert duration > before["duration"] + 0.5  # the longer sentence made the lesson longer
        assert after["src"] != before["src"]  # a new version, not the old file rewritten
        # Same sentence, same distance into it, still paused.
        assert after["current"] == SENTENCE and after["paused"]
        assert abs(after["t"] - (sentence_start(page, SENTENCE) + 0.5)) < 0.1
        page.wait_for_function("() => document.querySelector('.preview-status').textContent.startsWith('updated')")
        assert page.errors == []
        # The build's own page has the new text and no trace of the preview.
        published = (preview.build / "index.html").read_text(encoding="utf-8")
        assert longer in published and "__preview" not in published and "live.js" not in published
    finally:  # the next tests start from the lesson as it was
        preview.lesson.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                           arg=[SENTENCE, original()], timeout=WAIT_MS)


def test_a_save_of_the_course_file_reaches_the_open_page(preview, page_factory):
    """The course file is watched too: a new title for the course is on the page it serves (its
    course line) without a reload."""
    page = open_page(preview, page_factory)
    good = preview.course.read_text(encoding="utf-8")
    title = good.splitlines()[next(i for i, t in enumerate(good.splitlines()) if t.startswith("title: "))]
    renamed = "title: Fruit, counted twice over"
    preview.course.write_text(good.replace(title, renamed, 1), encoding="utf-8")
    try:
        page.wait_for_function("t => document.querySelector('.course-line').textContent.includes(t)",
                               arg="Fruit, counted twice over", timeout=WAIT_MS)
        assert video_state(page)["kept"], "the page was reloaded"
        assert "Fruit, counted twice over" in (preview.build / "index.html").read_text(encoding="utf-8")
        assert page.errors == []
    finally:
        preview.course.write_text(good, encoding="utf-8")
    page.wait_for_function("t => !document.querySelector('.course-line').textContent.includes(t)",
                           arg="Fruit, counted twice over", timeout=WAIT_MS)


def test_a_broken_lesson_shows_the_error_and_keeps_the_last_good_one(preview, page_factory):
    page = open_page(preview, page_factory)
    before = video_state(page)
    text = preview.lesson.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, t in enumerate(text) if t.startswith("paragraphs:")) + 2
    preview.lesson.write_text("".join(text[:line - 1] + ["    broken: [\n"] + text[line - 1:]),
                              encoding="utf-8")
    page.wait_for_function("() => window.lessonPreview.state.state === 'error'", timeout=WAIT_MS)
    shown = video_state(page)["status"]
    assert f"{preview.lesson}:" in shown and "fix:" in shown
    deadline = time.monotonic() + 10
    while not any(f"error: {preview.lesson}:" in out for out in preview.output):
        assert time.monotonic() < deadline, preview.output
        time.sleep(0.1)
    # The last good lesson is still there, and plays.
    assert page.inner_text(f"#s-{SENTENCE}") == original()
    page.evaluate("() => { const v = document.querySelector('video[data-player]'); v.muted = true;"
                  " v.currentTime = 1; v.play(); }")
    page.wait_for_function("() => document.querySelector('video[data-player]').currentTime > 1.3")
    assert video_state(page)["src"] == before["src"]
    preview.lesson.write_text("".join(text), encoding="utf-8")
    page.wait_for_function("() => window.lessonPreview.state.state === 'ready'", timeout=WAIT_MS)
    assert page.errors == []


def wait_for_state(preview: Preview, state: str) -> dict:
    deadline = time.monotonic() + WAIT_MS / 1000
    while (status := preview.status())["state"] != state:
        assert time.monotonic() < deadline, preview.output
        time.sleep(0.1)
    return status


def test_the_lessons_own_errors_reach_the_status_line_as_they_say_them(preview):
    """A render the script check or the loader refuses, in the renderer process, is shown as
    they say it (the YAML's file and line, and the fix), not as a class name."""
    good = preview.lesson.read_text(encoding="utf-8")
    lines = good.splitlines()
    line = lines.index("  - scene: total") + 1
    spoken = next(i for i, text in enumerate(lines, 1) if ENDING in text)
    unreadable = "它们一共是七个水果。"  # no voice can say it: refused before it is voiced
    edits = [("  - scene: total\n", "  - scene: no-such-scene\n",
              f"{preview.lesson}:{line}: scene 'no-such-scene' has no module in tests/lessons/tiny/scenes/\n"
              "  fix: "),
             ('"Together they make {count:total} fruit."', f'"{unreadable}"',
              f"{preview.lesson}:{spoken}: the voices cannot say '{unreadable}' in sentence '{SENTENCE}'")]
    try:
        for old, new, shown in edits:
            preview.save(old, new)
            error = wait_for_state(preview, "error")["error"]
            assert error.startswith(shown) and "\n  fix: " in error, error
            preview.lesson.write_text(good, encoding="utf-8")
            wait_for_state(preview, "ready")
    finally:
        preview.lesson.write_text(good, encoding="utf-8")


def test_a_quick_second_save_wins(preview, page_factory):
    page = open_page(preview, page_factory)
    seq = preview.status()["seq"]
    first, second = 'fruit in all."', 'fruit in all, and not one of them is a plum."'
    preview.save(ENDING, first)
    preview.status(seq)  # the first change after a save: its render has started
    preview.save(first, second)
    second = said(second)
    page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                           arg=[SENTENCE, second], timeout=WAIT_MS)
    page.wait_for_function("() => window.lessonPreview.state.state === 'ready'", timeout=WAIT_MS)
    time.sleep(1.0)
    assert page.inner_text(f"#s-{SENTENCE}") == second
    assert preview.status()["state"] == "ready"
    assert second in (preview.build / "index.html").read_text(encoding="utf-8")
    manifest = json.loads((preview.build / "lesson.json").read_text())
    assert next(s["text"] for s in manifest["sentences"] if s["id"] == SENTENCE) == second
    duration = page.evaluate("() => document.querySelector('video[data-player]').duration")
    assert abs(duration - manifest["duration"]) < 0.1


def test_once_every_sentence_has_a_paused_copy_a_save_draws_one_beat(preview, page_factory):
    """After the first render the preview primes a paused copy of each scene at every sentence
    (the status counts them); the status line says so until they are all there."""
    page = open_page(preview, page_factory)
    preview.lesson.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                           arg=[SENTENCE, original()], timeout=WAIT_MS)
    deadline = time.monotonic() + WAIT_MS / 1000
    while (preview.status().get("copies") or 0) < (preview.status().get("beats") or 1):
        assert time.monotonic() < deadline, preview.output
        time.sleep(0.5)
    assert preview.status()["beats"] == len(load_script(preview.lesson, course=COURSE).sentences)
    page.wait_for_function("() => !document.querySelector('.preview-status').textContent"
                           ".includes('getting ready')")
    version = preview.status()["version"]
    longer_yaml = 'fruit, all of them ripe."'
    longer = said(longer_yaml)
    preview.save(ENDING, longer_yaml)
    try:
        page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                               arg=[SENTENCE, longer], timeout=WAIT_MS)
        status = preview.status()
        assert status["version"] > version and status["drawn"] == 1, "\n".join(preview.output)
        assert page.errors == []
    finally:
        preview.lesson.write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    page.wait_for_function("([id, text]) => document.getElementById('s-' + id).textContent === text",
                           arg=[SENTENCE, original()], timeout=WAIT_MS)


def test_ctrl_c_stops_everything_with_one_line(preview):
    family = preview.family()
    assert len(family) >= 3  # the preview, its renderer and the renderer's drawing workers
    preview.process.send_signal(signal.SIGINT)
    assert preview.process.wait(timeout=30) == 0
    # Workers killed by their parent's death go a moment later: wait for that, not for a time.
    deadline = time.monotonic() + 30
    while (left := _running(family)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert left == []
    printed = "".join(preview.output).strip().splitlines()
    assert printed[-1] == "preview: stopped" and "Traceback" not in "".join(preview.output), printed
    assert not [p for p in preview.build.rglob("*") if "lesson-tmp" in p.name]


def _running(pids: set[int]) -> list[int]:
    """Those of `pids` still running (not gone, not a zombie)."""
    left = []
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] != "Z":
                    left.append(pid)
        except OSError:
            pass
    return left


def test_a_scene_error_names_the_scene_file_and_line():
    scene_file = REPO / "scenes" / "attention" / "s4_dot_products.py"
    code = compile("def beats():\n    raise ValueError('no such token')\n", str(scene_file), "exec")
    namespace: dict = {}
    exec(code, namespace)
    with pytest.raises(ValueError) as e:
        namespace["beats"]()
    assert where(e.value) == "scenes/attention/s4_dot_products.py:2"
    syntax = SyntaxError("invalid syntax", (str(scene_file), 7, 3, "x = = 1"))
    assert where(syntax) == "scenes/attention/s4_dot_products.py:7"
    assert where(RuntimeError("elsewhere")) == ""
    assert isinstance(SceneFailed("x"), RuntimeError)


def test_an_edited_scene_is_drawn_in_two_runs_that_share_no_folder(tmp_path):
    from common.files import atomic_write_text, temp_path
    from video.pipeline import BeatJob, _parts

    def beats(scene: str, seconds: list[float]) -> list[BeatJob]:
        return [BeatJob(0, scene, f"{scene}-{i}", s, None, False, None, f"k{i}")  # type: ignore[arg-type]
                for i, s in enumerate(seconds)]

    built = tmp_path / "manim" / "Tex" / "formula"  # what an earlier run built, and one writing
    built.mkdir(parents=True)
    (built / "sum.svg").write_text("<svg/>")
    (built / temp_path(built / "half.svg").name).write_text("<sv")
    one = beats("long", [2.6, 7.4, 3.8, 6.0])
    runs = _parts(["long"], {"long": one}, 2, tmp_path, LOW)
    assert [sid for _, store, _ in runs for sid in sorted(store.part)] == [j.sentence_id for j in one]
    assert len(runs) == 2 and runs[0][2] != runs[1][2]  # two runs, two Manim folders
    second = runs[1][2] / "Tex" / "formula"  # which starts with what was built whole, linked
    assert [p.name for p in second.iterdir()] == ["sum.svg"]
    assert (second / "sum.svg").samefile(built / "sum.svg")
    atomic_write_text(built / "sum.svg", "<svg>new</svg>")  # written anew: the other keeps its own
    (second / "more.svg").write_text("<svg/>")
    assert (second / "sum.svg").read_text() == "<svg/>" and not (built / "more.svg").exists()
    assert all(store.keys == {j.sentence_id: j.key for j in one} for _, store, _ in runs)
    # As many scenes as workers, or a scene of one beat: one run per scene.
    two = {"a": beats("a", [3.0, 4.0]), "b": beats("b", [2.0])}
    assert [(s, len(store.part)) for s, store, _ in _parts(["a", "b"], two, 2, tmp_path, LOW)] \
        == [("a", 2), ("b", 1)]
    assert len(_parts(["b"], {"b": two["b"]}, 2, tmp_path, LOW)) == 1


def raising(kind: type[BaseException], *args: object) -> None:
    raise kind(*args)


def test_an_error_in_a_drawing_worker_reaches_the_renderer_whole(tmp_path):
    """Each error a preview's drawing worker raises comes out of the pool as itself, message and
    attributes intact, and the pool goes on: one that did not unpickle would break the pool, and
    every paused copy with it. The lesson's own are then shown as they say them."""
    from scenes.base import MissingBeats  # Manim

    take = tmp_path / "take-the-phrase.wav"
    errors = [
        (TranscriptError, (tmp_path / "lesson.yaml", 12, "stop must be a whole number", "write 7")),
        (RecordingError, (take, "is silent (loudest moment -70 dBFS)", "record the take again")),
        (NotBuilt, (f"{tmp_path / 'lesson.json'} does not exist", "audio")),
        (UnknownBeat, ("phrase", "no-such-sentence", ("take-the-phrase", "creature-is-ambiguous"))),
        (MissingBeats, ("phrase", ("needs-a-way-to-ask",))),
        (SceneFailed, ("scenes/attention/s1_phrase.py:21: scene 'phrase' raised ValueError: no such token",)),
        (ScriptSceneError, (f"{tmp_path / 'lesson.yaml'}:39: scene 'x' has no module in scenes/attention/",)),
        (VoiceError, ("sentence 'take-the-phrase': the flite voice said nothing",)),
        (AlignmentError, ("sentence 'take-the-phrase' ('Take the phrase.'): aligned 1 of 3 words",)),
        (MediaError, ("ffmpeg failed encoding a beat",)),
    ]
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=warm_worker, initargs=(os.getpid(), tmp_path, LOW))
    try:
        for kind, args in errors:
            raised = kind(*args)
            with pytest.raises(kind) as came:
                pool.submit(raising, kind, *args).result()
            assert str(came.value) == str(raised) and vars(came.value) == vars(raised)
            if kind not in (NotBuilt, UnknownBeat, MissingBeats):  # the others get their kind
                assert describe(came.value) == str(raised)
        assert pool.submit(int).result() == 0
    finally:
        stop_workers(pool)


def test_the_copies_folder_of_a_killed_preview_is_swept_by_the_next(tmp_path):
    from player.preview.session import sweep_copies

    gone, alive = dead_and_live_folders(tmp_path, "lesson-scenes")
    sweep_copies(tmp_path)
    assert not gone.exists() and alive.exists()


def test_the_watch_tells_a_whole_save_from_a_write_under_way(tmp_path):
    from player.preview.session import watch

    lesson, seen = tmp_path / "lesson.yaml", []
    lesson.write_text("a: 1\n")
    observer = watch([tmp_path], lambda p: p == lesson, lambda p, whole: seen.append(whole))
    try:
        def settled(n: int) -> list[bool]:
            deadline = time.monotonic() + 10
            while len(seen) < n and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.1)  # nothing more comes
            got = seen[:]
            seen.clear()
            return got

        lesson.write_text("a: 2\n")  # written in place: changes, then closed
        got = settled(2)
        assert got[-1] is True and False in got[:-1]
        new = tmp_path / ".lesson.yaml.swp"
        new.write_text("a: 3\n")
        os.replace(new, lesson)  # an editor's atomic save: renamed into place
        assert settled(1) == [True]
        os.utime(lesson)  # a change that is no save: waited for as long as any other
        assert settled(1) == [False]
        os.replace(lesson, tmp_path / "lesson.yaml~")  # moved away (a backup): not a save
        assert settled(1) == [False]
    finally:
        observer.stop()


def test_a_scene_whose_edit_leaves_one_beat_to_draw_is_one_run(tmp_path):
    """The later beats of an edited sentence's scene wait only to learn their start picture:
    drawn before with their own keys, they are not split off into a second process."""
    from video.pipeline import BeatJob, _parts, beat_folder

    scene = [BeatJob(0, "s", f"s-{i}", 5.0, None, False, None, f"{i}" * 20)  # type: ignore[arg-type]
             for i in range(4)]
    folder = beat_folder(tmp_path, LOW, "s")
    folder.mkdir(parents=True)
    for j in scene[1:]:  # the edited sentence is the first: the others were drawn as they are
        (folder / f"{j.sentence_id}-{j.key}-0123456789abcdef.mp4").write_bytes(b"")
    assert len(_parts(["s"], {"s": scene}, 2, tmp_path, LOW)) == 1
    (folder / f"s-2-{scene[2].key}-0123456789abcdef.mp4").unlink()  # two beats edited: split
    assert len(_parts(["s"], {"s": scene}, 2, tmp_path, LOW)) == 2
