"""What the preview's renderer process keeps loaded between saves, the voice and the drawing
workers (Manim imported, paused copies of the scenes), and the renders made with them."""

from __future__ import annotations

import sys
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from audio import AlignmentError, RecordingError, VoiceError
from audio.voices import get_voice
from common.media import MediaError
from common.settings import VOICES
from common.stopping import Stop, Stopped
from player.preview.renderer import Failed, PreviewOptions, located
from player.preview.workers import worker_pool
from player.preview_render import PreviewRender, render_preview
from scenes import SceneRegistryError
from transcript import TranscriptError, load_script
from transcript.lessons import LessonNotFound
from transcript.manifest import read_manifest
from video.errors import SceneFailed
from video.pipeline import default_jobs, prime_scenes
from video.script_check import ScriptSceneError
from video.workers import stop_workers

# The lesson's own errors: their message names the file and the line (a scene's: the place in
# its code) and the fix, so the status line shows it as it is.
LESSON_ERRORS = (TranscriptError, LessonNotFound, ScriptSceneError, SceneRegistryError, RecordingError,
                 VoiceError, AlignmentError, SceneFailed, MediaError)


class Rendering:
    """The renderer's warm voice and drawing workers, and the renders made with them."""

    def __init__(self, options: PreviewOptions, copies: Path) -> None:
        """Start the workers (their paused copies listen in `copies`), then load the voice."""
        self.options, self.copies = options, copies
        self.pool = self._workers()
        self._priming: list[Future] = []
        try:
            _warm_voice(options)
        except BaseException:
            stop_workers(self.pool)
            raise

    def _workers(self) -> ProcessPoolExecutor:
        return worker_pool(self.options.jobs or default_jobs(), self.copies, self.options.quality)

    def render(self, version: int, stop: Stop) -> PreviewRender | Failed | None:
        """Render the inputs as they are now and publish them as `version`: what was published,
        or why not; None once `stop()` says a newer save makes this render pointless."""
        for future in self._priming:  # a render comes first: copies not begun yet are made after it
            future.cancel()
        o = self.options
        try:
            return render_preview(o.lesson, o.build, o.quality, version, self.pool, voice=o.voice,
                                  recordings=o.recordings, course=o.course, stop=stop)
        except Stopped:
            return None
        except BrokenProcessPool as e:  # a worker died: the next render gets new ones
            self.pool = self._workers()
            return Failed(f"a drawing process died ({e}); save again to retry")
        except Exception as e:
            return Failed(describe(e))

    def prime(self) -> None:
        """Have the workers keep a paused copy of each scene at every sentence's start in the
        timing just published, where none waits yet."""
        build = self.options.build
        try:
            self._priming = prime_scenes(read_manifest(build.manifest), self.options.quality,
                                         build.cache, self.pool, self.copies)
        except Exception as e:
            _not_ready(e)
            return
        for future in self._priming:
            future.add_done_callback(_report_priming)

    def close(self) -> None:
        """Stop the workers, and so the copies they made (they die with their worker)."""
        stop_workers(self.pool)


def describe(error: BaseException) -> str:
    """The error as an author reads it: the lesson's own errors already name file, line and fix;
    anything else gets the place in the scene or core code it came from."""
    return str(error) if isinstance(error, LESSON_ERRORS) else located(error)


def _report_priming(future: Future) -> None:
    error = None if future.cancelled() else future.exception()
    if error is not None:
        _not_ready(error)


def _not_ready(error: BaseException) -> None:
    """A scene that could not be primed is drawn the slow way: say so, and why."""
    if not isinstance(error, BrokenProcessPool):  # the pool was stopped, or a worker died
        print(f"preview: a scene is not ready for quick edits: {describe(error)}",
              file=sys.stderr, flush=True)


def _warm_voice(options: PreviewOptions) -> None:
    """Load the lesson's voice (Piper's model takes a while) before the first save."""
    name = options.voice
    if name is None:
        try:
            name = load_script(options.lesson).voice
        except TranscriptError:
            name = VOICES[0]
    get_voice(name)[0].synthesize("Ready.")
