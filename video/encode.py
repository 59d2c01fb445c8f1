"""The lesson's one set of H.264 settings, used where scenes are encoded.

No B-frames and a keyframe on every sentence start, so clips cut at sentence starts by stream
copy begin on a keyframe; bit-exact flags and a fixed thread count so identical frames give
identical bytes.
"""

from __future__ import annotations

QUALITIES = {  # name -> (width, height, fps)
    "low": (854, 480, 15),
    "default": (1280, 720, 30),
    "high": (1920, 1080, 60),
}
CRF = {"low": 23, "default": 20, "high": 20}
AUDIO_RATE = 48000


def video_args(quality: str, keyframe_times: list[float]) -> list[str]:
    """ffmpeg output options for a scene's video stream (keyframe times relative to its start)."""
    _, _, fps = QUALITIES[quality]
    times = ",".join(f"{t:.6f}" for t in sorted(set(keyframe_times)))
    return [
        "-c:v", "libx264", "-preset", "veryfast", "-crf", str(CRF[quality]),
        "-pix_fmt", "yuv420p", "-bf", "0", "-g", str(fps * 10), "-sc_threshold", "0",
        "-force_key_frames", times or "0",
        "-x264-params", "threads=2:lookahead-threads=1",
        "-r", str(fps), "-fflags", "+bitexact", "-flags:v", "+bitexact",
        "-map_metadata", "-1", "-movflags", "+faststart",
    ]
