"""One scene on its own, with its part of the narration, for checking a scene while editing it."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path

from transcript.manifest import Manifest
from video.encode import AUDIO_RATE


def mux_scene_audio(scene_video: Path, narration: Path, manifest: Manifest, scene_id: str,
                    out: Path) -> Path:
    """`scene_video` with the narration of its span, written atomically to `out`."""
    span = manifest.scene_span(scene_id)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.stem}.", suffix=".mp4")
    os.close(fd)
    try:
        cmd = ["ffmpeg", "-v", "error", "-y", "-i", str(scene_video), "-ss", f"{span.start:.6f}",
               "-t", f"{span.duration:.6f}", "-i", str(narration), "-map", "0:v:0", "-map", "1:a:0",
               "-c:v", "copy", "-c:a", "aac", "-ar", str(AUDIO_RATE), "-movflags", "+faststart", tmp]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(f"ffmpeg could not add narration to {out}:\n{r.stderr[-2000:]}")
        os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return out
