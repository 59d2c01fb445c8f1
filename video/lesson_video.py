"""Joining encoded beats without re-encoding, with or without the narration."""

from __future__ import annotations

from pathlib import Path

from common.files import atomic_output, temp_path
from common.media import ffmpeg
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
    listing = temp_path(out.with_name("parts.txt"))
    try:
        listing.write_text("".join(f"file {_concat_quote(p.resolve())}\nduration {d:.6f}\n"
                                   for p, d in zip(files, durations)), encoding="utf-8")
        cmd = ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing)]
        if narration is not None:
            copy = narration.suffix == ".m4a" and audio_span is None
            if audio_span is not None:
                cmd += ["-ss", f"{audio_span.start:.6f}", "-t", f"{audio_span.duration:.6f}"]
            cmd += ["-i", str(narration), "-map", "0:v:0", "-map", "1:a:0",
                    *(["-c:a", "copy", "-strict", "-2"] if copy else AUDIO_ARGS)]  # -2: FLAC
        cmd += ["-c:v", "copy", "-fflags", "+bitexact", "-map_metadata", "-1",
                "-movflags", "+faststart", "-f", "mp4"]
        with atomic_output(out) as tmp:
            ffmpeg(*cmd, str(tmp), what=f"joining the video into {out}")
    finally:
        listing.unlink(missing_ok=True)
    return out


def _concat_quote(path: Path) -> str:
    """A path as the concat demuxer reads it: in single quotes, each quote in it escaped."""
    return "'" + str(path).replace("'", "'\\''") + "'"


def concat_video(files: list[Path], durations: list[float], out: Path) -> Path:
    """Video only: the files one after another, without re-encoding."""
    return join_and_mux(files, durations, out)
