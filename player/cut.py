"""Cutting clips out of the lesson video with ffmpeg: stream copy at a keyframe, and a poster frame."""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path

from transcript.manifest import Span


class CutError(RuntimeError):
    """ffmpeg failed; the message carries its last words."""


def _run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join(result.stderr.strip().splitlines()[-6:])
        raise CutError(f"{cmd[0]} failed ({result.returncode}):\n{tail}")


def _atomic_output(out: Path, produce) -> Path:
    """Let `produce(tmp)` write a temporary file beside `out`, then rename it into place."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.stem}.", suffix=f".tmp{out.suffix}")
    os.close(fd)
    try:
        produce(Path(tmp))
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return out


def cut(source: Path, span: Span, out: Path) -> Path:
    """Copy `span` of `source` into `out` without re-encoding.

    The span must start at a keyframe (the lesson has one at every sentence start): seeking the
    input there and copying `span.duration` seconds gives exactly the span's frames.
    """
    def produce(tmp: Path) -> None:
        _run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-ss", f"{span.start:.6f}", "-i", str(source),
              "-t", f"{span.duration:.6f}", "-map", "0:v:0", "-map", "0:a?", "-c", "copy",
              "-avoid_negative_ts", "make_zero", "-movflags", "+faststart", "-f", "mp4", str(tmp)])
    return _atomic_output(out, produce)


def poster(clip: Path, at: float, out: Path) -> Path:
    """A JPEG of the frame shown `at` seconds into `clip`."""
    def produce(tmp: Path) -> None:
        _run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-ss", f"{max(0.0, at):.6f}", "-i", str(clip),
              "-frames:v", "1", "-q:v", "3", "-f", "image2", "-c:v", "mjpeg", str(tmp)])
    return _atomic_output(out, produce)


def probe(path: Path) -> dict:
    """ffprobe's view of a file's streams and format, as a dict."""
    result = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-show_format", "-of", "json",
                             str(path)], capture_output=True, text=True)
    if result.returncode != 0:
        raise CutError(f"ffprobe could not read {path}: {result.stderr.strip()}")
    return json.loads(result.stdout)
