"""Shared fixtures, each made once per test run: a narration with the fast flite voice, the whole
lesson rendered at low quality, every scene inspected frame by frame, and a headless Chromium.

The suite runs on pytest-xdist's workers (a worker per core and one more, a test file per worker
at a time). What every worker reads is made once per run in a folder they all see, by the first
worker to ask, under a lock (tests/shared.py): the rendered lesson is started in the background
as the run begins, so that it is ready by the time its tests come up. The scheduler below starts
the longest files first and runs files that share a fixture made in-process in one worker.
"""

from __future__ import annotations

import fcntl
import os
import pickle
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from shared import locked, made_once, run_folder, seed_voices

from audio import NarrationReport, build_narration
from cli.options import BuildPaths
from transcript import Script, load_script
from transcript.manifest import Manifest

REPO = Path(__file__).resolve().parent.parent

# Files a worker starts first, the longest first: with whole files per worker, a long file begun
# last leaves the other workers idle until it ends. (The rest follow in pytest-xdist's order.)
LONG_FIRST = ("test_scenes.py", "test_code_quality.py", "test_explore.py", "test_player.py",
              "test_hardening.py", "test_video_pipeline.py", "test_preview.py", "test_sheets.py",
              "test_halves.py", "test_hostile_input.py", "test_checks_page.py", "test_audio_timing.py",
              "test_audio_cache.py", "test_embedding.py", "test_build_folder.py", "test_clips.py",
              "test_scorm_checks.py")
# Files run in one worker after another, for a session fixture made in-process that they read:
# `scene_runs`, each scene run once for the readability tests and every motion test.
TOGETHER = {name: "test_scenes.py" for name in (
    "test_readability.py", "test_qkv_motion.py", "test_broadcast_motion.py", "test_values_motion.py",
    "test_all_at_once_motion.py", "test_raw_scores_motion.py", "test_softmax_motion.py")}


@dataclass(frozen=True)
class Narration:
    paths: BuildPaths
    manifest: Manifest
    report: NarrationReport


@pytest.fixture(scope="session")
def lesson_script() -> Script:
    """The project's lesson script, loaded once."""
    return load_script()


def flite_narrated(tmp_path_factory, lesson_id: str) -> Narration:
    """A shipped lesson (an id of course.yaml) narrated with flite (about 8 s), once per test run:
    the first worker to ask makes it, the others read it (its manifest and report as
    build_narration returned them). Its cache seeds the builds that voice the same sentences."""
    def narrate(made: Path) -> None:
        from transcript.lessons import declared
        from transcript.loader import load_course

        stop = next(s for s in load_course().lessons if s.lesson == lesson_id)
        script = load_script(declared(lesson_id, stop.module).script)
        result = build_narration(script, BuildPaths(made / "build"), voice="flite")
        (made / "narration.pickle").write_bytes(pickle.dumps(result))

    made = made_once(run_folder(tmp_path_factory, f"flite-{lesson_id}"), narrate)
    manifest, report = pickle.loads((made / "narration.pickle").read_bytes())
    return Narration(BuildPaths(made / "build"), manifest, report)


@pytest.fixture(scope="session")
def flite_narration(tmp_path_factory) -> Narration:
    """The project's lesson (attention) narrated with flite, once per test run (`flite_narrated`)."""
    return flite_narrated(tmp_path_factory, "attention")


@pytest.fixture(scope="session")
def narrated_with_flite(tmp_path_factory) -> Callable[[str], Narration]:
    """`flite_narrated` of a shipped lesson's id: read it, or seed a build's cache from its own."""
    return lambda lesson_id: flite_narrated(tmp_path_factory, lesson_id)


@pytest.fixture(scope="session")
def flite_build(flite_narration) -> BuildPaths:
    """Build paths of the flite narration: narration.wav, lesson.json, captions.vtt, chapters.vtt.

    Shared by every test in the session: read it, do not write into it.
    """
    return flite_narration.paths


@pytest.fixture(scope="session")
def paused_narration(tmp_path_factory, flite_narration):
    """The lesson with a few `pause:` values, and without any, narrated with flite from the flite
    narration's cache (tests/pause_fixtures.py), once per test run. Read it, do not write into it."""
    from pause_fixtures import narrate_with_pauses

    def narrate(made: Path) -> None:
        made.mkdir()
        paused = narrate_with_pauses(made, flite_narration.paths.cache)
        (made / "paused.pickle").write_bytes(pickle.dumps(paused))

    made = made_once(run_folder(tmp_path_factory, "paused"), narrate)
    return pickle.loads((made / "paused.pickle").read_bytes())


# --- the rendered lesson -----------------------------------------------------------------------

@dataclass(frozen=True)
class RenderedLesson:
    root: Path  # the lesson's build folder, build/attention/
    printed: str  # what the render printed
    warned: str = ""  # what it printed on stderr

    def copy(self, dest: Path) -> Path:
        """A build of its own at `dest` (the --build to give), every file of the lesson's folder
        copied to `dest/attention/`: for a test that writes. Returns the lesson's folder."""
        shutil.copytree(self.root, dest / self.root.name, symlinks=True)
        return dest / self.root.name

    def warm_media(self, dest: Path) -> Path:
        """A Manim folder at `dest` holding a copy of the texts and last pictures the render built
        (scenes.prebuilt): for a test that runs scenes and is not about building them."""
        shutil.copytree(self.root / "cache" / "manim" / "prebuilt", dest / "prebuilt")
        return dest


RENDER = [sys.executable, str(REPO / "render.py"), "render", "--quality", "low", "--voice", "flite"]


def _render(folder: Path) -> subprocess.Popen:
    """`render.py render --quality low --voice flite` into a new folder under umask 022; what it
    prints goes to files beside the build."""
    with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
        return subprocess.Popen([*RENDER, "--build", str(folder / "build")], cwd=REPO, stdout=out,
                                stderr=err, text=True, umask=0o022)


def _rendered(folder: Path, done: subprocess.Popen) -> None:
    """Record how the render ended: what it printed (it succeeded) or its error."""
    try:
        code = done.wait(timeout=1800)
    except subprocess.TimeoutExpired:
        done.kill()
        code = done.wait()
    if code == 0:
        os.replace(folder / "stdout", folder / "printed.txt")
    else:
        (folder / "failed.txt").write_text(f"exit {code}: {(folder / 'stderr').read_text()[-3000:]}")


@pytest.fixture(scope="session", autouse=True)
def _manim_files_outside_the_checkout(tmp_path_factory) -> Iterator[None]:
    """Scenes a test builds in its own process (not through a render, which names its folder) put
    Manim's working files (Pango's SVGs, prebuilt pictures) under this run's temporary folder,
    not in a media/ folder of the checkout."""
    from manim import config

    config.media_dir = str(tmp_path_factory.mktemp("manim-media"))
    yield


@pytest.fixture(scope="module", autouse=True)
def _lesson_choice_kept_to_its_module() -> Iterator[None]:
    """The lesson a command chose stays with the test file that ran it: the choice lives in the
    environment (transcript.lessons, for drawing workers), so a file that rendered another lesson
    in-process would hand it to the next file on the same worker, and to the subprocesses it starts."""
    from transcript.lessons import CHOSEN_ENV, MODULES_ENV

    before = {k: os.environ.get(k) for k in (CHOSEN_ENV, MODULES_ENV)}
    yield
    for k, v in before.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(scope="session", autouse=True)
def _rendered_lesson_started(request, tmp_path_factory) -> Iterator[None]:
    """When any selected test reads the rendered lesson, start it as the run begins (its voices
    linked from the run's flite narrations, `flite_narrated`), in the background, holding the
    run's lock for it until it ends: its tests find it made."""
    if not any("rendered_lesson" in getattr(item, "fixturenames", ()) for item in request.session.items):
        yield
        return
    folder = run_folder(tmp_path_factory, "rendered")
    lock = open(folder / "lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # another worker is making it
        lock.close()
        yield
        return
    if (folder / "printed.txt").exists() or (folder / "failed.txt").exists():
        lock.close()
        yield
        return
    try:  # its lessons' sentences voiced once for the run, as other builds of them take them
        from transcript.loader import load_course
        for stop in load_course().lessons:
            seed_voices(flite_narrated(tmp_path_factory, stop.lesson).paths.cache,
                        folder / "build" / stop.lesson / "cache")
        render = _render(folder)
    except Exception as e:  # its tests fail with this; this worker's others go on
        (folder / "failed.txt").write_text(f"voicing its lessons failed: {e!r}")
        lock.close()
        yield
        return

    def wait() -> None:
        try:
            _rendered(folder, render)
        finally:
            lock.close()  # the lock goes with its file

    waiter = threading.Thread(target=wait, daemon=True)
    waiter.start()
    yield
    if request.session.shouldstop or request.session.shouldfail:
        render.kill()
    waiter.join()


@pytest.fixture(scope="session")
def rendered_lesson(tmp_path_factory) -> RenderedLesson:
    """The whole lesson as `render.py render --quality low --voice flite` makes it, under umask 022,
    into a new folder (a few minutes on 2 cores, once per test run, started as the run begins;
    a worker that asks before it is done waits on the run's lock).

    Shared by every test in the run: read it, or `copy` it to write or render into it.
    """
    folder = run_folder(tmp_path_factory, "rendered")
    printed, failed = folder / "printed.txt", folder / "failed.txt"
    with locked(folder):
        if not printed.exists() and not failed.exists():  # not started early (a crashed worker)
            _rendered(folder, _render(folder))
    assert not failed.exists(), failed.read_text()
    return RenderedLesson(folder / "build" / "attention", printed.read_text(),
                          (folder / "stderr").read_text())


@pytest.fixture(scope="session")
def scene_media(tmp_path_factory) -> Path:
    """One Manim folder for this worker's scene runs that follow a scene's motion: the LaTeX,
    the texts and the last pictures one run builds, the next reuses (as a render's scenes do;
    one worker runs one scene at a time). Not for a test about building them."""
    return tmp_path_factory.mktemp("scene-media")


# --- every scene inspected ---------------------------------------------------------------------

@pytest.fixture(scope="session")
def scene_runs(flite_narration, scene_media):
    """Each of the lesson's scenes run once, frame by frame without a pixel, when first wanted,
    with its FrameReader and every recorder a test module asked for (tests/scene_frames.py). The
    files that read it run in one worker (`TOGETHER`). It needs the narration alone, not the
    rendered lesson: it starts as the run begins."""
    from scene_frames import SceneRuns

    return SceneRuns(flite_narration.manifest, scene_media)


@pytest.fixture(scope="session")
def inspected_scenes(scene_runs):
    """Every scene's run (`scene_runs`) as scene id -> (scene, FrameReader): each beat's timing
    and text layout after every play (`scene.timeline`) and each frame's layout. test_scenes.py
    and test_readability.py read it."""
    from scenes import scene_ids

    return {sid: (scene_runs.run(sid).scene, scene_runs.run(sid).reader) for sid in scene_ids()}


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium headless shell driven by Playwright (never a downloaded browser), launched
    once for every module that opens pages; each module's pages live in contexts of their own.
    (The shell, not `chromium --headless`: the same engine, a page at a third of the cost.)"""
    from player_fixtures import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


# --- scheduling --------------------------------------------------------------------------------

def pytest_xdist_make_scheduler(config, log):
    """With `--dist loadfile` (pyproject.toml): whole files per worker, the `LONG_FIRST` files
    first, `TOGETHER` files in one worker, and a worker's next file chosen only once it is on
    its last test (xdist's own takes it two tests earlier, committing a file to a busy worker)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongFirst(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            folder, slash, name = file.rpartition("/")
            return folder + slash + TOGETHER[name] if name in TOGETHER else file

        def _assign_work_unit(self, node) -> None:
            names = [scope.rpartition("/")[2] for scope in self.workqueue]
            first = min(range(len(names)), key=lambda i: (
                LONG_FIRST.index(names[i]) if names[i] in LONG_FIRST else len(LONG_FIRST), i))
            self.workqueue.move_to_end(list(self.workqueue)[first], last=False)
            super()._assign_work_unit(node)

        def _reschedule(self, node) -> None:
            if self.workqueue and not node.shutting_down and self._pending_of(self.assigned_work[node]) > 1:
                return
            super()._reschedule(node)

    return LongFirst(config, log)


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject.toml): a worker per core and one more. The tests wait a good part of
    their time (on Chromium, on the processes they start, on the run's shared fixtures): the
    extra worker's tests run in those waits. PYTEST_XDIST_AUTO_NUM_WORKERS still decides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1
