"""The narration as AAC: encoded once per distinct track, beside the drawing, and muxed by copy."""

from __future__ import annotations

import hashlib
from pathlib import Path

from common.files import atomic_output
from common.media import ffmpeg
from video.encode import AUDIO_ARGS, PREVIEW_AUDIO_ARGS


def encode_audio(wav: Path, out: Path, args: list[str] = AUDIO_ARGS) -> Path:
    """`wav` as AAC in an MP4 audio file, written atomically."""
    with atomic_output(out) as tmp:
        ffmpeg("-v", "error", "-y", "-i", str(wav), "-map", "0:a:0", *args,
               "-fflags", "+bitexact", "-map_metadata", "-1", "-f", "mp4", str(tmp),
               what=f"encoding {wav.name} as AAC", yielding=True)  # beside the drawing
    return out


def narration_aac(wav: Path, cache_dir: Path, preview: bool = False) -> Path:
    """The whole narration as AAC, from `cache_dir` when this very track was encoded before;
    with `preview`, as the live preview's quicker FLAC (PREVIEW_AUDIO_ARGS)."""
    args = PREVIEW_AUDIO_ARGS if preview else AUDIO_ARGS
    key = hashlib.sha256(wav.read_bytes() + " ".join(args).encode()).hexdigest()[:32]
    out = cache_dir / "aac" / f"narration-{key}.m4a"
    if not out.exists():
        encode_audio(wav, out, args)
        for old in out.parent.glob("narration-*.m4a"):  # one encoded track is kept
            if old != out:
                old.unlink(missing_ok=True)
    return out
