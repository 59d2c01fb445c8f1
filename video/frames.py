"""A frame sink that pipes each beat's raw frames straight into its own ffmpeg process.

It replaces Manim's partial-movie files, their concatenation and its cache: every beat is encoded
once, with the lesson's settings, while it is drawn, into a file that starts on a keyframe. The
beat's last frame is also kept as a JPEG, a clip's poster without decoding any video.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image

from scenes.base import FrameSink

POSTER_QUALITY = 88  # JPEG quality of a beat's poster


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
            self._proc: subprocess.Popen | None = None
            self._target: PipeTarget | None = None
            self.counts: dict[str, int] = {}
            self._current: str | None = None
            self._closing: list[tuple[subprocess.Popen, PipeTarget]] = []
            self._last: np.ndarray | None = None

        def segment(self, sentence_id: str) -> None:
            if sentence_id == self._current:
                return  # the first beat is entered twice (before and after the background)
            self._close()
            self._current = sentence_id
            self._target = targets.get(sentence_id)
            self.counts.setdefault(sentence_id, 0)
            if self._target is not None:  # ffmpeg starts up while the first frame is drawn
                self._proc = _encoder(self._target)

        def emit(self, frame: np.ndarray, repeat: int) -> None:
            if self._target is None:
                raise RuntimeError(f"frames drawn for beat {self._current!r}, which has no output")
            assert self._current is not None and self._proc is not None and self._proc.stdin
            self.counts[self._current] += repeat
            self._last = frame
            data = np.ascontiguousarray(frame).data.cast("B")  # written without a copy
            for _ in range(repeat):
                self._proc.stdin.write(data)

        def _close(self) -> None:
            """End the beat's input; its encoder finishes while the next beat is drawn."""
            if self._proc is None:
                return
            proc, self._proc, target = self._proc, None, self._target
            assert proc.stdin is not None and target is not None  # a process runs for a target
            proc.stdin.close()
            self._closing.append((proc, target))
            if target.poster is not None and self._last is not None:
                Image.fromarray(np.ascontiguousarray(self._last[:, :, :3])).save(
                    target.poster, format="JPEG", quality=POSTER_QUALITY)
            self._last = None

        def finish(self) -> None:
            self._close()
            closing, self._closing = self._closing, []
            for proc, target in closing:
                assert proc.stderr is not None
                err = proc.stderr.read().decode(errors="replace")
                if proc.wait() != 0:
                    raise RuntimeError(f"ffmpeg failed encoding {target.path}:\n{err[-2000:]}")

        def abort_encode_jobs(self, reraise_encoder_failures: bool = False) -> None:
            running = [proc for proc, _ in self._closing] + ([self._proc] if self._proc else [])
            self._proc, self._closing = None, []
            for proc in running:
                proc.kill()
                proc.wait()

    return FfmpegSink


def _encoder(t: PipeTarget) -> subprocess.Popen:
    """An ffmpeg process encoding the raw frames written to its stdin into `t.path`."""
    cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
           "-s", f"{t.width}x{t.height}", "-r", str(t.fps), "-i", "-", "-an", *t.args,
           "-f", "mp4", str(t.path)]
    # A session of its own: Ctrl-C is the render's to handle (common.media.run_tool).
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
