"""A head start for the render after an edit: as the render begins, a worker process starts
importing Manim; once the script is read, it runs the edited scene without pixels under the
last build's timing, keeping a paused copy of it at each beat's start up to the edited one
(video.checkpoints). When the timings are known, the edited beat is drawn by the copy paused
where it begins, instead of importing Manim and running the scene up to there only then.

The edited scene is guessed from the script and the last build's manifest: the one scene whose
sentences changed (ids, scene or words). A guess is only a guess: a beat is taken over by a copy
only where that copy's picture is the one the beat starts from (its digest names the copy), and
the drawing goes the usual way otherwise, the worker ended at once. The worker and its copies
die with the render however it ends (Ctrl-C, an error, SIGKILL); their folder goes with it, or
with the next render when it was killed.

This module imports little (the render has not read its script yet when it starts the worker).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from common.paths import BuildPaths, NotBuilt
from common.settings import Quality
from video.workers import Parent, TiedPool, stop_workers, tie_to_parent, worker_context

if TYPE_CHECKING:
    from scenes.timing import SceneTiming
    from transcript.manifest import Manifest
    from transcript.script import Script

POLL = 0.005  # seconds between looks for a copy the worker has not reached yet
PREFIX = "lesson-ahead-"  # of the copies' folder, then the render's process id


@dataclass(frozen=True)
class Edit:
    """The scene an edit touched, and the first of its beats the edit changed (None: unknown)."""

    scene_id: str
    first: str | None


def edited_scene(script: Script, old: Manifest) -> Edit | None:
    """The one scene of the lesson whose sentences differ from the last build's, or None: no
    change, several scenes changed, or a scene the last build had no timing for."""
    before = {s.id: (s.scene, s.text) for s in old.sentences}
    changed = [s for s in script.sentences if before.get(s.id) != (s.scene, s.text)]
    gone = set(before) - {s.id for s in script.sentences}
    scenes = {s.scene for s in changed} | {before[sid][0] for sid in gone}
    if len(scenes) != 1:
        return None
    scene_id = scenes.pop()
    ids = [s.id for s in old.sentences if s.scene == scene_id]
    if not ids:
        return None
    first = next((s.id for s in changed if s.id in ids), None)
    return Edit(scene_id, None if gone else first)


class HeadStart:
    """A worker (importing Manim from the start) that primes the edited scene's copies once
    `prime` has named it; `close` ends the worker and its copies."""

    def __init__(self, quality: Quality) -> None:
        self.quality = quality
        self.pool = TiedPool(1, mp_context=worker_context(), initializer=_worker, initargs=(Parent(),))
        self.pool.submit(int)  # the worker starts now, and imports Manim
        self.edit: Edit | None = None
        self.priming: Future | None = None
        try:
            self.folder = _copies_folder()
        except BaseException:
            stop_workers(self.pool)
            raise

    def prime(self, edit: Edit, timing: SceneTiming, media: Path) -> bool:
        """Have the worker run the edited scene under `timing` (the last build's) up to its
        edited beat, with Manim's files in `media`; False when the worker is gone (it failed
        to start)."""
        from transcript.lessons import handed_down

        self.edit = edit
        try:  # the worker started before the lesson was chosen: it is told which one now
            self.priming = self.pool.submit(_prime, self.folder, self.quality, timing, media,
                                            edit.first, handed_down())
        except (BrokenProcessPool, RuntimeError):
            return False
        return True

    @property
    def scene_id(self) -> str | None:
        return None if self.edit is None else self.edit.scene_id

    def copy_at(self, sentence_id: str, start: str) -> Path | None:
        """The copies' folder, once the copy paused where `sentence_id` begins on picture
        `start` waits in it (the worker reaches it first); None when the priming ended without
        one."""
        from video import checkpoints

        if self.edit is None or self.priming is None:
            return None
        path = checkpoints.address(self.folder, self.quality, self.edit.scene_id, sentence_id, start)
        while not path.exists():
            if self.priming.done():
                return self.folder if path.exists() else None
            time.sleep(POLL)
        return self.folder

    def close(self) -> None:
        """End the worker and its copies (they die with it, video.checkpoints) and remove their
        folder; again: nothing."""
        stop_workers(self.pool)
        shutil.rmtree(self.folder, ignore_errors=True)


def head_start(build: BuildPaths, quality: Quality) -> HeadStart | None:
    """A worker for the render into `build` after an edit, started now; None for a first
    render (there is no last one to have edited). Name the scene to prime with `guess`."""
    if not build.manifest.exists():
        return None
    try:
        return HeadStart(quality)
    except OSError:  # no worker to be had (no temporary folder, no process): the usual way
        return None


def guess(ahead: HeadStart, script: Script, build: BuildPaths) -> HeadStart | None:
    """`ahead` priming the scene `script` edited since the build's last render; None (the
    worker ended) when there is no single scene to guess."""
    from scenes.timing import scene_timing
    from transcript.manifest import read_manifest

    try:
        old = read_manifest(build.manifest)
        edit = edited_scene(script, old)
        timing = None if edit is None else scene_timing(old, edit.scene_id, ahead.quality.fps)
    except (NotBuilt, OSError, ValueError):
        edit = timing = None
    if edit is None or timing is None:
        ahead.close()
        return None
    # Manim's folder of the render, where the scene's texts are kept ready from the last one.
    if not ahead.prime(edit, timing, build.cache / "manim"):
        ahead.close()
        return None
    return ahead


def _copies_folder() -> Path:
    """A new folder for the copies' sockets, named after this render, where a socket's path fits
    (video.checkpoints); those of renders killed outright (they could not remove theirs) are
    removed first."""
    from video import checkpoints

    for base in checkpoints.socket_bases():
        checkpoints.sweep_dead(base, PREFIX)
    return checkpoints.socket_folder(f"{PREFIX}{os.getpid()}-")


def _worker(parent: Parent) -> None:
    """The priming worker: dies with the render, and imports Manim while the render still reads
    the lesson."""
    from tqdm import tqdm

    tie_to_parent(parent)
    # Manim's progress bars (switched off) would make tqdm's default lock, a multiprocessing
    # one the resource tracker warns about when the worker is killed; a thread lock will do.
    tqdm.set_lock(threading.RLock())
    import video.scene_render  # noqa: F401  (Manim)


def _prime(folder: Path, quality: Quality, timing: SceneTiming, media: Path,
           last: str | None, lesson: dict[str, str]) -> str:
    """In the worker: work on the render's `lesson` (transcript.lessons.handed_down), keep
    copies in `folder`, and run the scene up to beat `last`."""
    from transcript.lessons import take_over
    from video import checkpoints

    take_over(lesson)
    checkpoints.enable(folder, quality)
    return checkpoints.prime(timing, quality, media, last)
