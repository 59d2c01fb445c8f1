"""The live preview's own process: it serves the build, watches the lesson, the scenes, the core
and the recordings, and keeps one render going in the renderer process, whose answer the page's
status line shows.

Saves close together make one render; a save during a render makes it stop at its next step.
The renderer is started afresh when scene or core code changed, so its code is current.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import shutil
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

from common.paths import ROOT
from player.preview.renderer import Failed, PreviewOptions, Renderer
from player.preview_server import PreviewStatus, make_live_server, version_folder
from transcript.lessons import code_folders
from video.checkpoints import socket_bases, socket_folder, sweep_dead

if TYPE_CHECKING:
    from player.preview_render import PreviewRender

# Seconds without a further event before rendering: an editor's save is several events. A file
# closed after writing, or renamed into place, is a whole save: only what follows at once (a
# change of mode) is waited for.
SETTLE, SETTLE_SAVED = 0.08, 0.02


class LivePreview:
    """The preview server on 127.0.0.1 and the session that renders what it serves."""

    def __init__(self, options: PreviewOptions, port: int) -> None:
        """Listen on `port` (0: any free one); raises OSError when it cannot."""
        self.status = PreviewStatus()
        self.server = make_live_server(options.build, self.status, port)
        self.session = Preview(options, self.status)
        self._versions = version_folder(options.build, 0).parent  # the pages' versions: this run's

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{str(host)}:{port}/"

    def serve(self) -> None:
        """Render and serve until Ctrl+C or SIGTERM, which raise KeyboardInterrupt here."""
        signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background
        signal.signal(signal.SIGTERM, _interrupt)
        shutil.rmtree(self._versions, ignore_errors=True)
        self.session.start()
        self.server.serve_forever()

    def close(self) -> None:
        """Stop the session and its processes; remove what only this run used."""
        self.session.stop()
        self.server.server_close()
        shutil.rmtree(self._versions, ignore_errors=True)
        shutil.rmtree(self.session.copies, ignore_errors=True)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def sweep_copies(folder: Path) -> None:
    """Remove the copies' folders of previews that are gone (a preview killed outright cannot)."""
    sweep_dead(folder, "lesson-scenes-")


class Preview:
    """Watches the inputs and keeps one render going in the warm renderer process."""

    def __init__(self, options: PreviewOptions, status: PreviewStatus) -> None:
        self.options, self.status = options, status
        self._ctx = multiprocessing.get_context("spawn")
        # Bumped by every save (under self._lock); a render of an older one is stopped.
        self.latest = self._ctx.RawValue("q", 0)
        self._lock = threading.Lock()
        self._saved = threading.Event()  # a save not rendered yet
        self._event = threading.Event()  # any event since the settling began
        self._stopping = threading.Event()
        self._code_changed = False
        self._last_save, self._settle = 0.0, SETTLE
        self._first_save: float | None = None
        self._names: list[str] = []
        self.version = 0
        self.renderer: Renderer | None = None
        self._thread = threading.Thread(target=self._loop, name="preview-renders", daemon=True)
        self._observer: BaseObserver | None = None
        # Where the drawing workers' paused scene copies listen (video.checkpoints): a short
        # path, as a Unix socket's must be; how many wait is in the status ("copies").
        for base in socket_bases():
            sweep_copies(base)
        self.copies = socket_folder(f"lesson-scenes-{os.getpid()}-")
        threading.Thread(target=self._count_copies, name="preview-copies", daemon=True).start()

    def _count_copies(self) -> None:
        """Keep the status's count of paused copies (`copies`) and of beats (`beats`) current."""
        counted: tuple[int, int | None] | None = None
        while not self._stopping.wait(0.5):
            n = len(list(self.copies.glob("*.sock"))) if self.copies.is_dir() else 0
            beats = self._beats()
            if (n, beats) != counted:
                counted = (n, beats)
                self.status.set(copies=n, beats=beats)

    def _beats(self) -> int | None:
        """How many beats the lesson has; None while it does not load (the render says why)."""
        try:
            from transcript import load_script  # it imports the core, which may be mid-edit

            return len(load_script(self.options.lesson, course=self.options.course).sentences)
        except Exception:
            return None

    def start(self) -> None:
        self._observer = watch(self._watched(), self._wanted, self.saved)
        self._thread.start()

    def stop(self) -> None:
        """Stop watching; the render thread stops the renderer (it started it) and ends."""
        self._stopping.set()
        with self._lock:
            self.latest.value += 1  # a render going on stops at its next step
        self._saved.set()
        if self._observer is not None:
            # A save read while the watch stops would be logged as an error (watchdog's own
            # race at shutdown): it is no longer wanted.
            logging.getLogger("watchdog.observers.inotify").disabled = True
            self._observer.stop()
        self._thread.join(timeout=20)

    def _watched(self) -> list[Path]:
        folders = [self.options.lesson.parent, self.options.course.parent, *code_folders()]
        return folders + ([self.options.recordings] if self.options.recordings else [])

    def _wanted(self, path: Path) -> bool:
        if path in (self.options.lesson, self.options.course):  # the course: its title, the stops
            return True
        if path.parent in code_folders():
            return path.suffix == ".py"
        return self.options.recordings is not None and path.parent == self.options.recordings \
            and not path.name.startswith(".")

    def saved(self, path: Path, whole: bool = False) -> None:
        """A watched file changed (`whole`: it was closed after writing, or renamed into place):
        the render going on (if any) is out of date."""
        with self._lock:
            self.latest.value += 1
            self._last_save, self._settle = time.monotonic(), SETTLE_SAVED if whole else SETTLE
            self._event.set()
            if self._first_save is None:
                self._first_save = time.time()
            if path.parent in code_folders():
                self._code_changed = True
            name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
            if name not in self._names:
                self._names.append(name)
        self._saved.set()

    def _loop(self) -> None:
        # Ctrl+C is the preview's alone: the processes started from here inherit this mask.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        self.renderer = self._renderer()
        try:
            self._render(self.latest.value, time.time(), "first render")
            self._renders()
        finally:
            self.renderer.stop()

    def _renderer(self) -> Renderer:
        return Renderer(self._ctx, self.options, self.copies, self.latest)

    def _settled(self) -> None:
        """Return once no event came for the settle time of the last one."""
        while True:
            with self._lock:
                left = self._settle - (time.monotonic() - self._last_save)
                self._event.clear()
            if left <= 0:
                return
            self._event.wait(left)  # a further event may shorten the wait, or lengthen it

    def _renders(self) -> None:
        while not self._stopping.is_set():
            self._saved.wait()
            if self._stopping.is_set():
                return
            self._settled()
            with self._lock:
                self._saved.clear()
                generation, code = self.latest.value, self._code_changed
                first, names = self._first_save or time.time(), ", ".join(self._names)
                self._code_changed, self._first_save, self._names = False, None, []
            assert self.renderer is not None  # started before the watch loop
            if code or not self.renderer.alive():
                self.renderer.stop()
                self.renderer = self._renderer()
            self._render(generation, first, f"{names} saved")

    def _render(self, generation: int, since: float, why: str) -> None:
        """Ask for a render of `generation` and publish what comes back."""
        self.status.set(state="rendering", started_at=time.time())
        print(f"{why}: rendering…", flush=True)
        assert self.renderer is not None
        reply = self.renderer.render(generation, self.version + 1, self._stopping)
        if isinstance(reply, Failed):
            if generation == self.latest.value:
                self.status.set(state="error", error=reply.error)
                print(f"error: {reply.error}", flush=True)
        elif reply is not None:
            self._published(reply, since)
        # None: a newer save is waiting; the loop renders it next

    def _published(self, result: PreviewRender, since: float) -> None:
        self.version = result.version
        took = time.time() - since
        stages = {k: round(v, 3) for k, v in result.stages.items()}
        self.status.set(state="ready", version=result.version, seconds=took, error=None,
                        stages=stages, saved_at=since, published_at=time.time(),
                        drawn=len(result.drawn))
        parts = ", ".join(f"{k} {v:.2f}" for k, v in stages.items())
        print(f"updated in {took:.1f} s ({parts} s; levelling runs beside drawing); "
              f"drew {len(result.drawn)} beat{'s' * (len(result.drawn) != 1)}", flush=True)


class _Saves(FileSystemEventHandler):
    """watchdog's events, as saves of the files `wanted` says are watched."""

    IGNORED = ("opened", "closed_no_write")  # reading a file (the render does) is no change

    def __init__(self, wanted: Callable[[Path], bool], saved: Callable[[Path, bool], None]) -> None:
        super().__init__()
        self.wanted, self.saved = wanted, saved

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in self.IGNORED:
            return
        for name in (event.dest_path, event.src_path):
            if name and self.wanted(Path(os.fsdecode(name))):
                self.saved(Path(os.fsdecode(name)), event.event_type == "closed"
                           or (event.event_type == "moved" and name == event.dest_path))
                return


def watch(folders: list[Path], wanted: Callable[[Path], bool],
          saved: Callable[[Path, bool], None]) -> BaseObserver:
    """Call `saved(path, whole)` for every write, creation, move or deletion of a `wanted` file
    in `folders` (not their subfolders), `whole` when the file was closed after writing or moved
    into place; returns the started watchdog observer."""
    observer = Observer()
    handler = _Saves(wanted, saved)
    for folder in dict.fromkeys(folders):
        if folder.is_dir():
            observer.schedule(handler, str(folder), recursive=False)
    observer.daemon = True
    observer.start()
    return observer
