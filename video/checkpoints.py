"""Paused copies of a scene at each beat's start, so the live preview redraws an edited beat
without running its scene up to it again, and `render` after an edit starts drawing it from a
copy made while the narration was voiced (video.ahead).

In the preview's drawing workers (and in a render's head-start worker), a scene is run once
without pixels ("primed"). As each beat begins, the run forks; the copy waits on a Unix socket
named after the scene, the quality, the beat and the digest of the picture there
(`LessonScene.state_digest`), bound before the fork, so it answers once the run has passed there.
A later run that must draw from that beat and that picture connects and sends its timing and
files; a fork of the waiting copy takes the run over from there and reports the beats it drew,
and the copy waits again. Copies die with the worker that made them (PR_SET_PDEATHSIG), and
their folder is removed when the preview or the render stops (or by the next one, when it was
killed).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import socket
import tempfile
from multiprocessing.connection import Connection
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from common.settings import Quality
from scenes.timing import SceneTiming
from video.errors import scene_failed
from video.halves import Moves, read_moves, write_moves
from video.workers import tie_to_parent

if TYPE_CHECKING:
    from scenes.base import LessonScene
    from video.scene_render import BeatRun, BeatTargets  # noqa: F401

SOCKET_PATH_MAX = 107  # bytes in a Unix socket's path (sun_path less its closing NUL)
_NAME = 24 + len(".sock")  # an address's file name
_folder: Path | None = None  # where this process's copies listen; None: not a preview worker
_quality: Quality | None = None
_last: Path | None = None  # the copy at the start of the beat a priming run is in


def enable(folder: Path, quality: Quality) -> None:
    """Make this process keep paused copies of the scenes it runs (a preview worker, or a
    render's head start)."""
    global _folder, _quality
    _folder, _quality = folder, quality


def socket_bases() -> list[Path]:
    """Where copies' folders may be made: the temporary folder, and /tmp when that one's path is
    too long for a socket under it."""
    return list(dict.fromkeys([Path(tempfile.gettempdir()), Path("/tmp")]))


def socket_folder(prefix: str) -> Path:
    """A new private folder for copies' sockets whose addresses fit a socket's path."""
    for base in socket_bases():
        # mkdtemp adds 8 letters; then a slash before the folder and before the address
        if len(os.fsencode(base)) + len(os.fsencode(prefix)) + 8 + 2 + _NAME <= SOCKET_PATH_MAX \
                and os.access(base, os.W_OK | os.X_OK):
            return Path(tempfile.mkdtemp(prefix=prefix, dir=base))
    raise OSError(f"no temporary folder short enough for the paused copies' sockets "
                  f"({SOCKET_PATH_MAX} bytes at most): set TMPDIR to a short folder")


def sweep_dead(base: Path, prefix: str) -> None:
    """Remove the copies' folders `prefix<pid>-...` in `base` whose process is gone (one killed
    outright cannot remove its own)."""
    for old in base.glob(f"{prefix}*-*"):
        pid = old.name.removeprefix(prefix).split("-")[0]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(old, ignore_errors=True)
        except PermissionError:
            pass  # another user's process, alive


def address(folder: Path, quality: Quality, scene_id: str, sentence_id: str, start: str) -> Path:
    """The socket of the copy of `scene_id` paused where `sentence_id` begins on picture `start`
    (short: a Unix socket's path has at most 107 bytes)."""
    name = hashlib.sha256(f"{quality.name}\0{scene_id}\0{sentence_id}\0{start}".encode()).hexdigest()
    return folder / f"{name[:24]}.sock"


def pause_here(scene: LessonScene, sentence_id: str) -> None:
    """`RunPlan.on_beat` for a priming run: fork a copy that waits here (unless one does)."""
    global _last
    assert _folder is not None and _quality is not None
    _note_moves(scene)
    first = sentence_id == scene.timing.beats[0].sentence_id
    start = scene.opening if first else scene.state_digest()
    path = _last = address(_folder, _quality, scene.timing.scene_id, sentence_id, start)
    server = _listen(path)
    if server is None:
        return  # another copy waits there already
    parent = os.getpid()
    if os.fork():
        server.close()  # the copy listens on it
        return  # the priming run goes on
    try:
        tie_to_parent(parent)
        run = _wait(server)  # returns only in a fork that takes a run over
    except BaseException:
        os._exit(1)
    run.take_over(scene, sentence_id)  # and on with the beat, in the new run


def _listen(path: Path) -> socket.socket | None:
    """A socket listening at `path` for the copy about to be forked, or None where another
    copy listens already. Bound before the fork, so a run asking for this beat finds its copy
    as soon as the priming run has passed the beat's start."""
    if path.exists():
        return None
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
    except OSError:  # another worker's copy took the place just now
        server.close()
        return None
    server.listen(8)
    return server


def _note_moves(scene: LessonScene) -> None:
    """Beside the copy paused where the beat just run began: where that beat moved."""
    global _last
    if _last is None or not scene.timeline:
        return
    beat = scene.timeline[-1]
    begin = scene.timing.file_start(beat.sentence_id)
    write_moves(_last.with_suffix(".moves"), [(a - begin, b - begin) for a, b in beat.moving],
                beat.end - begin)
    _last = None


def _wait(server: socket.socket) -> TakenOver:
    """Take runs to go on with from `server`; in the fork that takes one, return it."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the runs it forks are reaped by the kernel
    me = os.getpid()
    path = Path(server.getsockname())
    while True:
        client, _ = server.accept()
        conn = Connection(client.detach())
        try:
            request = conn.recv()
        except (EOFError, OSError):
            conn.close()
            continue
        if os.fork() == 0:
            server.close()  # the socket file stays: the copy waits on
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # its ffmpeg processes are waited for
            tie_to_parent(me)
            timing, quality, targets = request
            return TakenOver(conn, timing, quality, targets, read_moves(path.with_suffix(".moves")))
        conn.close()


class TakenOver:
    """A run taken over by a fork of a paused copy: it draws, publishes and reports to the
    process that asked for it, then ends."""

    def __init__(self, conn: Connection, timing: SceneTiming, quality: Quality,
                 targets: BeatTargets, moves: tuple[Moves, int] | None = None) -> None:
        from video.scene_render import BeatRun

        self.conn, self.scene_id = conn, timing.scene_id
        self.run: BeatRun = BeatRun(timing, quality, targets, moves)

    def take_over(self, scene: LessonScene, sentence_id: str) -> None:
        """Go on with this run from where `scene` is paused, at the start of `sentence_id`."""
        self.run.take_over(scene, sentence_id, self)

    def finish(self, scene: LessonScene) -> NoReturn:
        try:
            drawn = self.run.publish(scene)
        except BaseException as e:
            self.fail(e)
        self._send(("done", drawn))
        os._exit(0)

    def fail(self, error: BaseException) -> NoReturn:
        self.run.clean()
        if isinstance(error, Exception):  # named here, where its traceback still is
            error = scene_failed(self.scene_id, error)
        try:
            self._send(("error", error))
        except Exception:  # an error that does not pickle goes as its text
            self._send(("error", RuntimeError(f"{type(error).__name__}: {error}")))
        os._exit(1)

    def _send(self, message: tuple) -> None:
        try:
            self.conn.send(message)
        except OSError:
            os._exit(1)  # the asking process is gone


def resume(scene_id: str, sentence_id: str, start: str, timing: SceneTiming, quality: Quality,
           targets: BeatTargets, folder: Path | None = None) -> list[str] | None:
    """Have the copy paused where `sentence_id` begins on picture `start` run `timing` on from
    there into `targets`; returns the beats it drew, or None when there is no such copy (run the
    scene instead). Raises the run's error. The copies wait in `folder` (by default, this
    process's own: a preview worker's)."""
    folder = folder or _folder
    if folder is None:
        return None
    path = address(folder, quality, scene_id, sentence_id, start)
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        client.connect(str(path))
    except OSError:
        client.close()
        return None
    conn = Connection(client.detach())
    try:
        conn.send((timing, quality, targets))
        kind, value = conn.recv()
    except (EOFError, OSError):
        return None  # the copy or its run died: run the scene instead
    finally:
        conn.close()
    if kind == "error":
        raise value
    return list(value)


def primed(folder: Path, quality: Quality, scene_id: str, starts: dict[str, str]) -> bool:
    """Whether a copy waits at every beat of `scene_id` (sentence id -> start picture)."""
    return all(address(folder, quality, scene_id, sid, start).exists()
               for sid, start in starts.items())


def prime(timing: SceneTiming, quality: Quality, media: Path, last: str | None = None) -> str:
    """Run the scene without pixels, leaving a paused copy at each beat's start; with `last`,
    only up to that beat's start (no copy is wanted further on)."""
    from scenes.adapter import EndSceneEarlyException
    from video.scene_render import render_beats

    def pause(scene: LessonScene, sentence_id: str) -> None:
        pause_here(scene, sentence_id)
        if sentence_id == last and scene.plan.resumed is None:  # not in a copy taking a run over
            raise EndSceneEarlyException()  # Manim ends the run as if the scene had played out

    scene = render_beats(timing, quality, {}, media, rehearsed=True, on_beat=pause).scene
    _note_moves(scene)
    return timing.scene_id
