"""Shared fixtures, each made once per test session: a narration with the fast flite voice, the
whole lesson rendered at low quality, and a headless Chromium.

The suite runs on pytest-xdist's workers (one per core, a test file per worker at a time); the
rendered lesson is made by the first worker that asks for it and read by the others.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from audio import NarrationReport, build_narration
from cli.options import BuildPaths
from transcript import Script, load_script
from transcript.manifest import Manifest

REPO = Path(__file__).resolve().parent.parent

@dataclass(frozen=True)
class Narration:
    paths: BuildPaths
    manifest: Manifest
    report: NarrationReport


@pytest.fixture(scope="session")
def lesson_script() -> Script:
    """The project's lesson script, loaded once."""
    return load_script()


@pytest.fixture(scope="session")
def flite_narration(tmp_path_factory, lesson_script) -> Narration:
    """The whole lesson narrated with flite into a session temp folder (about 8 s, built once)."""
    paths = BuildPaths(tmp_path_factory.mktemp("flite-build"))
    manifest, report = build_narration(lesson_script, paths, voice="flite")
    return Narration(paths, manifest, report)


@pytest.fixture(scope="session")
def flite_build(flite_narration) -> BuildPaths:
    """Build paths of the flite narration: narration.wav, lesson.json, captions.vtt, chapters.vtt.

    Shared by every test in the session: read it, do not write into it.
    """
    return flite_narration.paths


@pytest.fixture(scope="session")
def paused_narration(tmp_path_factory, flite_narration):
    """The lesson with a few `pause:` values, and without any, narrated with flite from the flite
    narration's cache (tests/pause_fixtures.py). Read it, do not write into it."""
    from pause_fixtures import narrate_with_pauses
    return narrate_with_pauses(tmp_path_factory.mktemp("paused"), flite_narration.paths.cache)


@dataclass(frozen=True)
class RenderedLesson:
    root: Path  # the build folder
    printed: str  # what the render printed

    def copy(self, dest: Path) -> Path:
        """A build folder of its own at `dest`, every file copied: for a test that writes."""
        shutil.copytree(self.root, dest, symlinks=True)
        return dest


def _run_folder(tmp_path_factory, name: str) -> Path:
    """A folder every worker of this test run sees under the same name (the session's own
    temporary folder when the suite runs in one process)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return tmp_path_factory.mktemp(name)
    folder = tmp_path_factory.getbasetemp().parent / name  # the run's folder, above the workers'
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def rendered_lesson(tmp_path_factory) -> RenderedLesson:
    """The whole lesson as `render.py render --quality low --voice flite` makes it, under umask 022,
    into a new folder (a few minutes on 2 cores, once per test run: the first worker to ask makes
    it while the others wait on its lock).

    Shared by every test in the run: read it, or `copy` it to write or render into it.
    """
    folder = _run_folder(tmp_path_factory, "rendered")
    build, printed = folder / "build", folder / "printed.txt"
    with open(folder / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not printed.exists():
            done = subprocess.run([sys.executable, str(REPO / "render.py"), "render", "--build",
                                   str(build), "--quality", "low", "--voice", "flite"], cwd=REPO,
                                  capture_output=True, text=True, umask=0o022, timeout=1800)
            assert done.returncode == 0, done.stderr[-3000:]
            printed.write_text(done.stdout)
    return RenderedLesson(build, printed.read_text())


@pytest.fixture(scope="session")
def chromium():
    """Headless Debian Chromium driven by Playwright (never a downloaded browser), launched once
    for every module that opens pages; each module's pages live in contexts of their own."""
    from player_fixtures import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()
