"""Clips with ffmpeg: the lesson's video cut by stream copy at a keyframe, the narration's span
encoded on its own, and a poster frame."""

from __future__ import annotations

from pathlib import Path

from common.files import atomic_output
from common.media import ffmpeg
from transcript.manifest import Span
from video.encode import AUDIO_ARGS

# A copied stream carries the whole lesson's average bit rate into the MP4's btrt box: left
# out, a clip's bytes depend on its own frames and sound only.
NO_BITRATE_BOX = ["-write_btrt", "0"]


def cut(video: Path, narration: Path, span: Span, out: Path) -> Path:
    """`span` of `video`'s picture, copied without re-encoding, with `span` of the narration WAV
    encoded on its own, so the clip's sound starts on its first sample (a copy of the lesson's
    AAC would start on a packet boundary).

    The span must start at a keyframe (the lesson has one at every sentence start): seeking the
    input there and copying `span.duration` seconds gives exactly the span's frames.
    """
    at, length = f"{span.start:.6f}", f"{span.duration:.6f}"

    with atomic_output(out) as tmp:
        ffmpeg("-v", "error", "-y", "-ss", at, "-i", str(video),
               "-ss", at, "-t", length, "-i", str(narration), "-t", length,
               "-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy", *AUDIO_ARGS,
               "-fflags", "+bitexact", "-map_metadata", "-1",
               "-movflags", "+faststart", *NO_BITRATE_BOX, "-f", "mp4", str(tmp),
               what=f"cutting the clip {out.name}")
    return out


def packet_digests(video: Path) -> tuple[tuple[int, int], list[tuple[float, str]]]:
    """The picture's size and (time in seconds, digest) of each of its packets, from one ffmpeg
    run that reads without decoding: a clip's frames are unchanged when its packets' digests are."""
    result = ffmpeg("-v", "error", "-i", str(video), "-map", "0:v:0", "-c", "copy",
                    "-f", "framemd5", "-", what=f"reading the packets of {video}")
    num, den, size = 1, 1, (0, 0)
    packets = []
    for line in result.stdout.decode().splitlines():
        if line.startswith("#tb 0:"):
            num, den = (int(x) for x in line.split(":", 1)[1].strip().split("/"))
        elif line.startswith("#dimensions 0:"):
            width, height = line.split(":", 1)[1].strip().split("x")
            size = (int(width), int(height))
        elif line and not line.startswith("#"):
            _, _, pts, duration, length, digest = (x.strip() for x in line.split(","))
            packets.append((int(pts) * num / den, f"{duration},{length},{digest}"))
    return size, packets


def poster(clip: Path, at: float, out: Path) -> Path:
    """A JPEG of the frame shown `at` seconds into `clip`."""
    with atomic_output(out) as tmp:
        ffmpeg("-v", "error", "-y", "-ss", f"{max(0.0, at):.6f}", "-i", str(clip),
               "-frames:v", "1", "-q:v", "3", "-f", "image2", "-update", "1", "-c:v", "mjpeg", str(tmp),
               what=f"taking the poster {out.name}")
    return out
