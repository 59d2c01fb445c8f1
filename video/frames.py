"""A frame sink that pipes each beat's raw frames straight into its own ffmpeg process.

It replaces Manim's partial-movie files, their concatenation and its cache: every beat is encoded
once, with the lesson's settings, while it is drawn, into a file that starts on a keyframe. The
beat's last frame is also kept as a JPEG, a clip's poster without decoding any video.
"""

from __future__ import annotations

import queue
import subprocess
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from scenes.adapter import FrameSink

POSTER_QUALITY = 88  # JPEG quality of a beat's poster
AHEAD = 32 << 20  # bytes of frames drawn ahead of the encoder at most


@dataclass(frozen=True)
class PipeTarget:
    """Where one beat's frames go and how they are encoded."""

    path: Path
    width: int
    height: int
    fps: int
    args: tuple[str, ...]
    poster: Path | None = None  # where the beat's last frame goes as a JPEG


def ffmpeg_sink(targets: dict[str, PipeTarget]) -> type[FrameSink]:
    """A FrameSink class (Manim instantiates it) encoding each beat in `targets` to its file."""

    class FfmpegSink(FrameSink):
        def __init__(self, settings=None):
            super().__init__(settings)
            self._encoder: Encoder | None = None
            self._target: PipeTarget | None = None
            self.counts: dict[str, int] = {}
            # the drawing thread's processor seconds from a drawn beat's start to its last frame: its
            # own cost, whatever else the machine was doing meanwhile
            self.took: dict[str, float] = {}
            self._began = 0.0
            self._current: str | None = None
            self._closing: list[Encoder] = []
            self._last: np.ndarray | None = None

        def segment(self, sentence_id: str) -> None:
            if sentence_id == self._current:
                return  # the first beat is entered twice (before and after the background)
            self._close()
            self._current = sentence_id
            self._target = targets.get(sentence_id)
            self.counts.setdefault(sentence_id, 0)
            if self._target is not None:  # ffmpeg starts up while the first frame is drawn
                self._began = time.thread_time()
                self._encoder = Encoder(self._target)

        def emit(self, frame: np.ndarray, repeat: int) -> None:
            if self._target is None:
                raise RuntimeError(f"frames drawn for beat {self._current!r}, which has no output")
            assert self._current is not None and self._encoder is not None
            self.counts[self._current] += repeat
            self._last = frame
            self._encoder.put(frame, repeat)

        def _close(self) -> None:
            """End the beat's input; its encoder finishes while the next beat is drawn."""
            if self._encoder is None:
                return
            encoder, self._encoder = self._encoder, None
            encoder.end()
            assert self._current is not None  # an encoder runs for a beat
            self.took[self._current] = time.thread_time() - self._began
            self._closing.append(encoder)
            if encoder.target.poster is not None and self._last is not None:
                Image.fromarray(np.ascontiguousarray(self._last[:, :, :3])).save(
                    encoder.target.poster, format="JPEG", quality=POSTER_QUALITY)
            self._last = None

        def finish(self) -> None:
            self._close()
            closing, self._closing = self._closing, []
            for encoder in closing:
                encoder.wait()

        def abort_encode_jobs(self, reraise_encoder_failures: bool = False) -> None:
            running = self._closing + ([self._encoder] if self._encoder else [])
            self._encoder, self._closing = None, []
            for encoder in running:
                encoder.kill()

    return FfmpegSink


class Encoder:
    """One beat's ffmpeg, fed its raw frames by a thread of its own: a write to the pipe waits
    for ffmpeg to read, and meanwhile the scene draws the next frame."""

    def __init__(self, target: PipeTarget) -> None:
        t = self.target = target
        cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
               "-s", f"{t.width}x{t.height}", "-r", str(t.fps), "-i", "-", "-an", *t.args,
               "-f", "mp4", str(t.path)]
        # A session of its own: Ctrl-C is the render's to handle (common.media.run_tool).
        self.process = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                                        start_new_session=True)
        self._frames: queue.Queue[tuple[np.ndarray, int] | None] = queue.Queue(
            max(2, AHEAD // (4 * t.width * t.height)))
        self._failed: BaseException | None = None  # a write that failed (the rest are skipped)
        self._feeder = threading.Thread(target=self._feed, name="encoder-feed", daemon=True)
        self._feeder.start()

    def put(self, frame: np.ndarray, repeat: int) -> None:
        """Queue `frame` (which is not changed afterwards) to be encoded `repeat` times."""
        self._frames.put((frame, repeat))

    def end(self) -> None:
        """No more frames: ffmpeg finishes the file once it has the queued ones."""
        self._frames.put(None)

    def _feed(self) -> None:
        stdin = self.process.stdin
        assert stdin is not None
        while (item := self._frames.get()) is not None:
            if self._failed is not None:
                continue  # drained: ffmpeg's exit status and message say what went wrong (`wait`)
            frame, repeat = item
            try:
                data = np.ascontiguousarray(frame).data.cast("B")  # written without a copy
                for _ in range(repeat):
                    stdin.write(data)
            except BaseException as e:  # ffmpeg is gone (or killed): the drawing must not wait
                self._failed = e
        try:
            stdin.close()
        except OSError:
            pass

    def wait(self) -> None:
        """Wait for the file to be written; raise with ffmpeg's message if it failed."""
        self._feeder.join()
        assert self.process.stderr is not None
        err = self.process.stderr.read().decode(errors="replace")
        if self.process.wait() != 0:
            raise RuntimeError(f"ffmpeg failed encoding {self.target.path}:\n{err[-2000:]}")
        if self._failed is not None:
            raise RuntimeError(f"writing frames to ffmpeg for {self.target.path} failed: "
                               f"{self._failed!r}")

    def kill(self) -> None:
        self.process.kill()
        self.end()  # the feeder's writes fail from now on, so it drains the queue and ends
        self._feeder.join()
        self.process.wait()
