"""The live preview's renderer process: it stays up between saves with the lesson's code loaded
(the voice model, drawing workers with Manim imported) and renders the versions the preview asks
for, one at a time over a pipe. `Renderer` is the preview's side of it.

The process starts from this module, so this module imports nothing that loads the core or the
scenes: when one of their modules does not import, every render is answered with where and why,
instead of the process failing to start. What loads them, `rendering`, is imported once it runs.
"""

from __future__ import annotations

import os
import sys
import threading
from ctypes import c_longlong
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext
from pathlib import Path
from typing import TYPE_CHECKING

from common.paths import DEFAULT_COURSE, BuildPaths
from common.settings import Quality
from video.errors import where
from video.workers import tie_to_parent

if TYPE_CHECKING:
    from player.preview.rendering import Rendering
    from player.preview_render import PreviewRender


@dataclass(frozen=True)
class PreviewOptions:
    """What the preview renders and how, as the command line gave it; the renderer process is
    started with it."""

    lesson: Path  # the lesson YAML, resolved
    build: BuildPaths
    quality: Quality
    voice: str | None = None  # None: the lesson's own
    recordings: Path | None = None  # the folder of recorded takes, resolved
    jobs: int | None = None  # drawing workers; None: one per core
    course: Path = DEFAULT_COURSE  # the course file the lesson is a stop of, resolved


@dataclass(frozen=True)
class Failed:
    """A render that could not be made, and why, as the author reads it."""

    error: str


class Renderer:
    """The warm renderer process, seen from the preview: one render at a time over a pipe."""

    def __init__(self, ctx: SpawnContext, options: PreviewOptions, copies: Path,
                 latest: c_longlong) -> None:
        """Start it; its drawing workers keep their paused copies of the scenes in `copies`, and
        a render stops at its next step once `latest` (the preview's last save) moves on."""
        self._conn, child = ctx.Pipe()
        self.process = ctx.Process(target=renderer_main, name="preview-renderer",
                                   args=(child, latest, options, copies, os.getpid()))
        self.process.start()
        child.close()

    def alive(self) -> bool:
        return self.process.is_alive()

    def render(self, generation: int, version: int,
               stopping: threading.Event) -> PreviewRender | Failed | None:
        """Render the inputs of save `generation` and publish them as `version`: what was
        published, or why not; None when a newer save stopped it, or the preview stops."""
        try:
            self._conn.send(("render", generation, version))
            while not self._conn.poll(0.02):
                if stopping.is_set():
                    return None
                if not self.process.is_alive():
                    return self._stopped()
            reply: PreviewRender | Failed | None = self._conn.recv()
            return reply
        except (EOFError, OSError):
            return self._stopped()

    def _stopped(self) -> Failed:
        return Failed(f"the renderer stopped (exit code {self.process.exitcode})")

    def stop(self) -> None:
        """Ask it to leave, then make sure it did (its workers go with it)."""
        try:
            self._conn.send(("quit",))
        except OSError:
            pass
        self.process.join(timeout=10)  # it stops its workers and exits at once, unless busy
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self._conn.close()


def renderer_main(conn: Connection, latest: c_longlong, options: PreviewOptions, copies: Path,
                  parent: int) -> None:
    """The renderer process: load the lesson's code once, then render whatever save is asked for
    until the preview says quit or is gone. Should loading fail, every render is answered with
    why, until the preview starts a new renderer for the next code change."""
    tie_to_parent(parent)
    for old in copies.glob("*.sock"):  # the previous renderer's copies are gone with its workers
        old.unlink(missing_ok=True)
    rendering = _load(options, copies)
    while (asked := _asked(conn)) is not None:
        generation, version = asked
        if isinstance(rendering, Failed):
            _reply(conn, rendering)
            continue

        def stop(wanted: int = generation) -> bool:
            return bool(latest.value != wanted)

        reply = rendering.render(version, stop)
        _reply(conn, reply)
        if reply is not None and not isinstance(reply, Failed):  # published: copies of its timing
            rendering.prime()
    if not isinstance(rendering, Failed):
        rendering.close()
    sys.exit(0)


def located(error: BaseException) -> str:
    """An error as an author reads it: the place in the scene or core code it came from (when it
    came from there), its kind and its message."""
    place = where(error)
    return f"{place + ': ' if place else ''}{type(error).__name__}: {error}"


def _load(options: PreviewOptions, copies: Path) -> Rendering | Failed:
    """The voice and the drawing workers, loaded; or why the lesson's code could not be."""
    try:
        from player.preview.rendering import Rendering, describe
    except Exception as e:  # the core or a scene module does not import
        return Failed(located(e))
    try:
        return Rendering(options, copies)
    except Exception as e:
        return Failed(describe(e))


def _asked(conn: Connection) -> tuple[int, int] | None:
    """The next render asked for (its save and version); None once the preview says quit or is
    gone."""
    try:
        message = conn.recv()
    except (EOFError, OSError):
        return None
    return (message[1], message[2]) if message[0] == "render" else None


def _reply(conn: Connection, reply: PreviewRender | Failed | None) -> None:
    try:
        conn.send(reply)
    except OSError:
        os._exit(0)  # the preview is gone
