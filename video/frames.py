"""A frame sink that pipes a scene's raw frames straight into one ffmpeg process.

It replaces Manim's partial-movie files, their concatenation and its cache: each scene is
encoded once, with the lesson's settings, while it is drawn.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scenes.base import FrameSink


@dataclass(frozen=True)
class PipeTarget:
    """Where a scene's frames go and how they are encoded."""

    path: Path
    width: int
    height: int
    fps: int
    args: tuple[str, ...]


def ffmpeg_sink(target: PipeTarget) -> type[FrameSink]:
    """A FrameSink class (Manim instantiates it) that encodes into `target`."""

    class FfmpegSink(FrameSink):
        def __init__(self, settings=None):
            super().__init__(settings)
            self._proc: subprocess.Popen | None = None

        def emit(self, frame: np.ndarray, repeat: int) -> None:
            if self._proc is None:
                cmd = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                       "-s", f"{target.width}x{target.height}", "-r", str(target.fps), "-i", "-",
                       "-an", *target.args, "-f", "mp4", str(target.path)]
                self._proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stderr=subprocess.PIPE)
            data = np.ascontiguousarray(frame).tobytes()
            for _ in range(repeat):
                self._proc.stdin.write(data)

        def finish(self) -> None:
            if self._proc is None:
                return
            self._proc.stdin.close()
            err = self._proc.stderr.read().decode(errors="replace")
            if self._proc.wait() != 0:
                raise RuntimeError(f"ffmpeg failed encoding {target.path}:\n{err[-2000:]}")
            self._proc = None

        def abort_encode_jobs(self, reraise_encoder_failures: bool = False) -> None:
            if self._proc is not None:
                self._proc.kill()
                self._proc.wait()
                self._proc = None

    return FfmpegSink
