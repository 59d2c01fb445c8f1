"""The whole lesson video: every scene encoded, joined by stream copy, narration muxed in."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from transcript.manifest import Manifest
from video.encode import AUDIO_RATE


def join_and_mux(scene_files: list[Path], durations: list[float], narration: Path, out: Path) -> Path:
    """Concatenate scene MP4s without re-encoding and add the narration as AAC 48 kHz.

    Each scene's exact duration is given to the concat demuxer: the one it reads from an MP4 is
    rounded, and the error adds up, moving later keyframes just after their sentence starts.
    """
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out.parent, prefix=".join-") as tmpdir:
        listing = Path(tmpdir) / "scenes.txt"
        listing.write_text("".join(f"file '{p.resolve()}'\nduration {d:.6f}\n"
                                   for p, d in zip(scene_files, durations)))
        tmp = Path(tmpdir) / out.name
        cmd = ["ffmpeg", "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", str(listing),
               "-i", str(narration), "-map", "0:v:0", "-map", "1:a:0", "-c:v", "copy",
               "-c:a", "aac", "-b:a", "160k", "-ar", str(AUDIO_RATE),
               "-fflags", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1",
               "-movflags", "+faststart", str(tmp)]
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"ffmpeg could not join the scenes into {out}:\n{result.stderr[-2000:]}")
        os.replace(tmp, out)
    return out


def scene_ids(manifest: Manifest) -> list[str]:
    return [s.id for s in manifest.scenes]
