"""Loudness normalisation with ffmpeg's loudnorm (EBU R128), two passes, length kept to the sample."""

from __future__ import annotations

import json
import re
import subprocess
import tempfile
from pathlib import Path

from pydub import AudioSegment

TARGET_LUFS = -16.0
TARGET_TP = -1.5  # dBTP
TARGET_LRA = 11.0
RATE = 48000


def _loudnorm_json(stderr: str) -> dict:
    """The JSON block loudnorm prints at the end of its log."""
    found = re.findall(r"\{[^{}]*\}", stderr)
    if not found:
        raise RuntimeError("ffmpeg loudnorm printed no measurement:\n" + stderr[-2000:])
    return json.loads(found[-1])


def _ffmpeg(args: list[str]) -> str:
    done = subprocess.run(["ffmpeg", "-nostdin", "-hide_banner", "-y", *args],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("ffmpeg failed: " + " ".join(args) + "\n" + done.stderr[-2000:])
    return done.stderr


def measure(path: Path) -> dict:
    """Integrated loudness (LUFS), true peak (dBTP) and loudness range (LU) of a file."""
    stats = _loudnorm_json(_ffmpeg([
        "-i", str(path), "-af",
        f"loudnorm=I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}:print_format=json",
        "-f", "null", "-"]))
    return {"integrated_lufs": float(stats["input_i"]), "true_peak_dbtp": float(stats["input_tp"]),
            "lra_lu": float(stats["input_lra"]), "threshold_lufs": float(stats["input_thresh"])}


def normalize(track: AudioSegment) -> tuple[AudioSegment, dict]:
    """Measure, then apply loudnorm with linear=true; returns the 48 kHz track and its loudness.

    loudnorm falls back to dynamic mode when a linear gain would break the true-peak limit; the
    report says which mode ran. The output is padded or trimmed to the input's exact sample count.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.wav", Path(tmp) / "out.wav"
        track.export(src, format="wav")
        before = _loudnorm_json(_ffmpeg([
            "-i", str(src), "-af",
            f"loudnorm=I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}:print_format=json",
            "-f", "null", "-"]))
        applied = _loudnorm_json(_ffmpeg([
            "-i", str(src), "-af",
            f"loudnorm=I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}"
            f":measured_I={before['input_i']}:measured_TP={before['input_tp']}"
            f":measured_LRA={before['input_lra']}:measured_thresh={before['input_thresh']}"
            f":offset={before['target_offset']}:linear=true:print_format=json,aresample={RATE}",
            "-ar", str(RATE), "-ac", "1", "-c:a", "pcm_s16le", str(out)]))
        result = AudioSegment.from_wav(out)
        after = measure(out)
    result = fit_length(result, int(track.frame_count()))
    loudness = {**after, "input_lufs": float(before["input_i"]),
                "input_true_peak_dbtp": float(before["input_tp"]),
                "target_lufs": TARGET_LUFS, "target_true_peak_dbtp": TARGET_TP,
                "normalization": applied.get("normalization_type", "unknown")}
    return result, loudness


def fit_length(track: AudioSegment, samples: int) -> AudioSegment:
    """Pad with silence or cut so the track is exactly `samples` long."""
    have = int(track.frame_count())
    width = track.sample_width * track.channels
    data = track.raw_data[: samples * width] if have > samples else (
        track.raw_data + b"\0" * ((samples - have) * width))
    return AudioSegment(data=data, sample_width=track.sample_width, frame_rate=track.frame_rate,
                        channels=track.channels)
