"""Subcommand 'preview': serve the build and re-render what changed on every save, at preview
quality; the open page swaps the new lesson in by itself.

A renderer process stays up between saves (the voice model loaded, drawing workers with Manim
imported) and is started afresh only when scene or core code changed, so its code is current.
Saves close together make one render; a save during a render makes it stop at its next step.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

from cli.options import paths
from cli.serve import port_number
from common.paths import ROOT, BuildPaths

# Seconds without a further event before rendering: an editor's save is several events. A file
# closed after writing, or renamed into place, is a whole save: only what follows at once (a
# change of mode) is waited for.
SETTLE, SETTLE_SAVED = 0.08, 0.02
CODE_DIRS = ("scenes", "attention")  # code the renderer imports: a change there restarts it


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=port_number, default=8000,
                        help="port on 127.0.0.1 (default: 8000; 0 picks a free one)")
    parser.set_defaults(quality="low")  # previews render at 480p15 unless --quality says otherwise


def run(args: argparse.Namespace) -> int:
    """Serve and watch until Ctrl+C."""
    from player.preview_server import PreviewStatus, make_live_server, version_folder

    build = paths(args)
    status = PreviewStatus()
    try:
        server = make_live_server(build, status, args.port)
    except OSError as e:
        raise SystemExit(f"render.py preview: cannot listen on 127.0.0.1:{args.port}: {e.strerror or e}; "
                         "pick another with --port") from None
    preview = Preview(args, build, status)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # also when started in the background
    signal.signal(signal.SIGTERM, _interrupt)
    host, port = str(server.server_address[0]), server.server_address[1]
    print(f"preview: http://{host}:{port}/ serving {build.root}, watching {args.lesson.name}, "
          f"scenes/, attention/{', ' + str(args.recordings) if args.recordings else ''} "
          f"({args.quality} quality; Ctrl+C to stop)", flush=True)
    versions = version_folder(build, 0).parent  # the pages' versions: this run's alone
    shutil.rmtree(versions, ignore_errors=True)
    try:
        preview.start()
        server.serve_forever()
    except KeyboardInterrupt:
        print("\npreview: stopped", flush=True)
    finally:
        preview.stop()
        server.server_close()
        shutil.rmtree(versions, ignore_errors=True)
        shutil.rmtree(preview.copies, ignore_errors=True)
    return 0


def sweep_copies(folder: Path) -> None:
    """Remove the copies' folders of previews that are gone (a preview killed outright cannot)."""
    for old in folder.glob("lesson-scenes-*-*"):
        pid = old.name.split("-")[2]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(old, ignore_errors=True)
        except PermissionError:
            pass  # another user's preview, alive


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


class Preview:
    """Watches the inputs and keeps one render going in the warm renderer process."""

    def __init__(self, args: argparse.Namespace, build: BuildPaths, status) -> None:
        self.args, self.build, self.status = args, build, status
        self.lesson = Path(args.lesson).resolve()
        self.recordings = Path(args.recordings).resolve() if args.recordings else None
        import multiprocessing  # here, not at the top: `render` imports this module too

        self._ctx = multiprocessing.get_context("spawn")
        # Bumped by every save (under self._lock); a render of an older one is stale.
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
        self._observer = None
        # Where the drawing workers' paused scene copies listen (video.checkpoints): a short
        # path, as a Unix socket's must be; how many wait is in the status ("copies").
        sweep_copies(Path(tempfile.gettempdir()))
        self.copies = Path(tempfile.mkdtemp(prefix=f"lesson-scenes-{os.getpid()}-"))
        threading.Thread(target=self._count_copies, name="preview-copies", daemon=True).start()

    def _count_copies(self) -> None:
        """Keep the status's count of paused copies (`copies`) and of beats (`beats`) current."""
        from transcript import load_script

        counted: tuple = ()
        while not self._stopping.wait(0.5):
            n = len(list(self.copies.glob("*.sock"))) if self.copies.is_dir() else 0
            try:
                beats = len(load_script(self.lesson).sentences)
            except Exception:  # a lesson that does not load: the render says why, this counts on
                beats = None
            if (n, beats) != counted:
                counted = (n, beats)
                self.status.set(copies=n, beats=beats)

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
        folders = [self.lesson.parent, *(ROOT / d for d in CODE_DIRS)]
        return folders + ([self.recordings] if self.recordings else [])

    def _wanted(self, path: Path) -> bool:
        if path == self.lesson:
            return True
        if path.parent in [ROOT / d for d in CODE_DIRS]:
            return path.suffix == ".py"
        return self.recordings is not None and path.parent == self.recordings \
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
            if path.parent.name in CODE_DIRS and path.parent.parent == ROOT:
                self._code_changed = True
            name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name
            if name not in self._names:
                self._names.append(name)
        self._saved.set()

    def _loop(self) -> None:
        # Ctrl+C is the preview's alone: the processes started from here inherit this mask.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        self.renderer = Renderer(self._ctx, self.options(), self.latest)
        try:
            self._render(self.latest.value, time.time(), "first render")
            self._renders()
        finally:
            self.renderer.stop()

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
                self.renderer = Renderer(self._ctx, self.options(), self.latest)
            self._render(generation, first, f"{names} saved")

    def options(self) -> dict:
        a = self.args
        return {"lesson": self.lesson, "build": self.build.root, "quality": a.quality,
                "voice": a.voice, "recordings": self.recordings, "jobs": a.jobs,
                "parent": os.getpid(), "copies": self.copies}

    def _render(self, generation: int, since: float, why: str) -> None:
        """Ask for a render of `generation` and publish what comes back."""
        self.status.set(state="rendering", started_at=time.time())
        print(f"{why}: rendering…", flush=True)
        assert self.renderer is not None
        reply = self.renderer.render(generation, self.version + 1, self._stopping)
        kind = reply[0]
        if kind == "done":
            result = reply[1]
            self.version = result.version
            took = time.time() - since
            stages = {k: round(v, 3) for k, v in result.stages.items()}
            self.status.set(state="ready", version=result.version, seconds=took, error=None,
                            stages=stages, saved_at=since, published_at=time.time(),
                            drawn=len(result.drawn))
            parts = ", ".join(f"{k} {v:.2f}" for k, v in stages.items())
            print(f"updated in {took:.1f} s ({parts} s; levelling runs beside drawing); "
                  f"drew {len(result.drawn)} beat{'s' * (len(result.drawn) != 1)}", flush=True)
        elif kind == "error" and generation == self.latest.value:
            self.status.set(state="error", error=reply[1])
            print(f"error: {reply[1]}", flush=True)
        # "stale": a newer save is waiting; the loop renders it next


class Renderer:
    """The warm renderer process, seen from the preview: one render at a time over a pipe."""

    def __init__(self, ctx, options: dict, latest) -> None:
        self._conn, child = ctx.Pipe()
        self.process = ctx.Process(target=renderer_main, args=(child, latest, options),
                                   name="preview-renderer")
        self.process.start()
        child.close()

    def alive(self) -> bool:
        return self.process.is_alive()

    def render(self, generation: int, version: int, stopping: threading.Event) -> tuple:
        """("done", PreviewRender) | ("error", message) | ("stale",)."""
        try:
            self._conn.send(("render", generation, version))
            while not self._conn.poll(0.02):
                if stopping.is_set():
                    return ("stale",)
                if not self.process.is_alive():
                    return ("error", f"the renderer stopped (exit code {self.process.exitcode})")
            return self._conn.recv()
        except (EOFError, OSError):
            return ("error", f"the renderer stopped (exit code {self.process.exitcode})")

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


def renderer_main(conn, latest, options: dict) -> None:
    """The renderer process: load everything once, then render whatever generation is asked.

    Should loading fail (the core or a scene module does not import), every render is answered
    with that error until the preview starts a new renderer for the next code change.
    """
    from video.workers import tie_to_parent

    tie_to_parent(options["parent"])
    pool, failed = None, None
    copies = Path(options["copies"])  # the previous renderer's copies are gone with its workers
    for old in copies.glob("*.sock"):
        old.unlink(missing_ok=True)
    priming: list = []
    try:
        from concurrent.futures.process import BrokenProcessPool

        from player.preview_render import Stale, render_preview
        from transcript.manifest import read_manifest
        from video.pipeline import prime_scenes

        pool = _worker_pool(options["jobs"], copies, options["quality"])
        _warm_voice(options)
    except Exception as e:
        failed = describe(e)
    build = BuildPaths(Path(options["build"]))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            break
        if message[0] != "render":
            break
        _, generation, version = message
        if failed:
            _reply(conn, ("error", failed))
            continue
        assert pool is not None  # made, or `failed` says why not

        def stale(wanted: int = generation) -> bool:
            return bool(latest.value != wanted)

        for future in priming:  # a render comes first: copies not begun yet are made after it
            future.cancel()
        try:
            result = render_preview(options["lesson"], build, options["quality"], version, pool,
                                    voice=options["voice"], recordings=options["recordings"],
                                    stale=stale, resume=True)
            _reply(conn, ("done", result))
            priming = prime_scenes(read_manifest(build.manifest), options["quality"], build.cache,
                                   pool, copies)
            for future in priming:
                future.add_done_callback(_report_priming)
        except Stale:
            _reply(conn, ("stale",))
        except BrokenProcessPool as e:  # a worker died: the next render gets new ones
            pool = _worker_pool(options["jobs"], copies, options["quality"])
            _reply(conn, ("error", f"a drawing process died ({e}); save again to retry"))
        except Exception as e:
            _reply(conn, ("error", describe(e)))
    if pool is not None:
        from video.workers import stop_workers

        stop_workers(pool)  # and so the copies they made (they die with their worker)
    sys.exit(0)


def _worker_pool(jobs: int | None, copies: Path, quality: str):
    """Drawing processes, started now so that Manim is imported before the first save; they
    keep paused copies of the scenes they run in `copies`."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from video.pipeline import default_jobs

    jobs = jobs or default_jobs()
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                               initializer=warm_worker, initargs=(os.getpid(), copies, quality))
    for _ in range(jobs):
        pool.submit(int)
    return pool


def _report_priming(future) -> None:
    """A scene that could not be primed is drawn the slow way: say so, and why."""
    from concurrent.futures.process import BrokenProcessPool

    if not future.cancelled() and future.exception() is not None \
            and not isinstance(future.exception(), BrokenProcessPool):  # the pool was stopped
        print(f"preview: a scene is not ready for quick edits: {describe(future.exception())}",
              file=sys.stderr, flush=True)


def _reply(conn, message: tuple) -> None:
    try:
        conn.send(message)
    except (OSError, BrokenPipeError):
        os._exit(0)


def _warm_voice(options: dict) -> None:
    """Load the lesson's voice (Piper's model takes a while) before the first save."""
    from audio.voices import get_voice
    from transcript import TranscriptError, load_script

    name = options["voice"]
    if name is None:
        try:
            name = load_script(options["lesson"]).voice
        except TranscriptError:
            name = "piper"
    get_voice(name)[0].synthesize("Ready.")


def warm_worker(parent: int, copies: Path, quality: str) -> None:
    """A drawing worker: Manim and the scenes imported before the first scene is asked for."""
    from video import checkpoints
    from video.workers import tie_to_parent

    tie_to_parent(parent)
    checkpoints.enable(copies, quality)
    try:
        from tqdm import tqdm

        # Manim's progress bars (switched off) would make tqdm's default lock, a multiprocessing
        # one the resource tracker warns about when a worker is killed; a thread lock will do.
        tqdm.set_lock(threading.RLock())
        import video.scene_render  # noqa: F401  (Manim)
        from scenes import scene_class, scene_ids

        for scene_id in scene_ids():
            scene_class(scene_id)
    except Exception:
        pass  # a scene that cannot be imported is reported when it is drawn


def describe(error: BaseException) -> str:
    """The error as an author reads it: the lesson's own errors already name file, line and fix;
    anything else gets the place in the scene or core code it came from."""
    from video.errors import SceneFailed, where

    if isinstance(error, SceneFailed) or any(kind.__name__ in (
            "TranscriptError", "RecordingError", "VoiceError", "ScriptSceneError",
            "SceneRegistryError", "MediaError") for kind in type(error).__mro__):
        return str(error)
    place = where(error)
    return f"{place + ': ' if place else ''}{type(error).__name__}: {error}"


def watch(folders: list[Path], wanted, saved):
    """Call `saved(path, whole)` for every write, creation, move or deletion of a `wanted` file
    in `folders` (not their subfolders), `whole` when the file was closed after writing or moved
    into place; returns the started watchdog observer."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    ignored = ("opened", "closed_no_write")  # reading a file (the render does) is no change

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event) -> None:
            if event.is_directory or event.event_type in ignored:
                return
            for name in (getattr(event, "dest_path", ""), event.src_path):
                if name and wanted(Path(os.fsdecode(name))):
                    saved(Path(os.fsdecode(name)), event.event_type == "closed"
                          or (event.event_type == "moved" and name == event.dest_path))
                    return

    observer = Observer()
    for folder in dict.fromkeys(folders):
        if folder.is_dir():
            observer.schedule(Handler(), str(folder), recursive=False)
    observer.daemon = True
    observer.start()
    return observer
