"""Joining encoded beats without re-encoding, with or without the narration."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from transcript.manifest import Span
from video.encode import AUDIO_ARGS


def join_and_mux(files: list[Path], durations: list[float], out: Path, narration: Path | None = None,
                 audio_span: Span | None = None) -> Path:
    """Concatenate MP4s by stream copy, adding the narration: an .m4a is copied as it is, a WAV
    (or `audio_span` of it) is encoded with the lesson's AAC settings.

    Each file's exact duration is given to the concat demuxer: the one it reads from an MP4 is
    rounded, and the error adds up, moving later keyframes just after their sentence starts.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=".join-") as tmpdir:
        listing = Path(tmpdir) / "parts.txt"
        listing.write_text("".join(f"file '{p.resolve()}'\nduration {d:.6f}\n"
                                   for p, d in zip(files, durations)))
        tmp = Path(tmpdir) / out.name
        cmd = ["ffmpeg", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing)]
        if narration is not None:
            copy = narration.suffix == ".m4a" and audio_span is None
            if audio_span is not None:
                cmd += ["-ss", f"{audio_span.start:.6f}", "-t", f"{audio_span.duration:.6f}"]
            cmd += ["-i", str(narration), "-map", "0:v:0", "-map", "1:a:0",
                    *(["-c:a", "copy"] if copy else AUDIO_ARGS)]
        cmd += ["-c:v", "copy", "-fflags", "+bitexact", "-map_metadata", "-1",
                "-movflags", "+faststart", str(tmp)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"ffmpeg could not join the video into {out}:\n{result.stderr[-2000:]}")
        os.replace(tmp, out)
    return out


def concat_video(files: list[Path], durations: list[float], out: Path) -> Path:
    """Video only: the files one after another, without re-encoding."""
    return join_and_mux(files, durations, out)
