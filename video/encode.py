"""The lesson's one set of encode settings: H.264 where scenes are encoded, AAC where the
narration is.

Every beat (a sentence) is encoded to its own file, which starts on a keyframe, and the lesson is
their concatenation: so there is a keyframe at every sentence start and clips cut there by stream
copy begin on one. No B-frames; bit-exact flags and a fixed thread count so identical frames
give identical bytes.
"""

from __future__ import annotations

from common.settings import SAMPLE_RATE, Quality

# The fast AAC coder is three times quicker than the default, inaudibly so at 160k.
AUDIO_ARGS = ["-c:a", "aac", "-aac_coder", "fast", "-b:a", "160k", "-ar", str(SAMPLE_RATE),
              "-flags:a", "+bitexact"]
# The live preview's sound: the narration as it is, FLAC in MP4 at its quickest setting, encoded
# in a tenth of AAC's time (Chromium and Firefox play it); `render` publishes AAC, which every
# player plays.
PREVIEW_AUDIO_ARGS = ["-c:a", "flac", "-compression_level", "0", "-strict", "-2"]


def video_args(quality: Quality, keyframe_times: tuple[float, ...] = ()) -> list[str]:
    """ffmpeg output options for one beat's video stream; the file starts on a keyframe, and
    `keyframe_times` (seconds into the file) add more (the lesson's lead-in ends on one)."""
    forced = ["-force_key_frames", ",".join(f"{t:.6f}" for t in keyframe_times)] if keyframe_times else []
    return [*forced,
        "-c:v", "libx264", "-preset", "veryfast", "-crf", str(quality.crf),
        "-pix_fmt", "yuv420p", "-bf", "0", "-g", str(quality.fps * 10), "-sc_threshold", "0",
        "-x264-params", "threads=2:lookahead-threads=1",
        "-r", str(quality.fps), "-fflags", "+bitexact", "-flags:v", "+bitexact",
        "-map_metadata", "-1", "-movflags", "+faststart",
    ]
