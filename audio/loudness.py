"""Loudness normalisation with ffmpeg's loudnorm (EBU R128), two passes, length kept to the sample."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import tempfile
from pathlib import Path

from pydub import AudioSegment

from audio.voices import wav_bytes
from transcript.manifest import atomic_write_bytes, atomic_write_text

TARGET_LUFS = -16.0
TARGET_TP = -1.5  # dBTP
TARGET_LRA = 11.0
MAX_PLR = TARGET_TP - TARGET_LUFS  # the peak-to-loudness ratio a linear gain can keep: 14.5 dB
PEAK_MARGIN = 0.3  # dB aimed under MAX_PLR when limiting
LIMIT_TRIES = 3
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
    """Integrated loudness (LUFS), true peak (dBTP) and loudness range (LU), by ffmpeg's ebur128."""
    log = _ffmpeg(["-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"])
    summary = log[log.rindex("Summary:"):]

    def value(label: str, unit: str) -> float:
        found = re.search(rf"{label}:\s+(-?[\d.]+|-inf) {unit}", summary)
        if not found:
            raise RuntimeError(f"ffmpeg ebur128 printed no {label}:\n{summary}")
        return float(found[1])

    return {"integrated_lufs": value("I", "LUFS"), "true_peak_dbtp": value("Peak", "dBFS"),
            "lra_lu": value("LRA", "LU")}


def _loudnorm_measure(path: Path) -> dict:
    return _loudnorm_json(_ffmpeg([
        "-i", str(path), "-af",
        f"loudnorm=I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}:print_format=json",
        "-f", "null", "-"]))


def _plr(measured: dict) -> float:
    """Peak-to-loudness ratio (dB) of an ebur128 measurement."""
    return measured["true_peak_dbtp"] - measured["integrated_lufs"]


def _limit_peaks(src: Path, dst: Path, ceiling_db: float) -> None:
    """Hold sample peaks under `ceiling_db` with a look-ahead limiter, its delay compensated."""
    limit = max(0.0625, 10 ** (ceiling_db / 20))
    _ffmpeg(["-i", str(src), "-af",
             f"alimiter=limit={limit:.6f}:level=false:latency=true:attack=2:release=20",
             "-c:a", "pcm_s16le", str(dst)])


def normalize(track: AudioSegment) -> tuple[AudioSegment, dict]:
    """Measure, then apply loudnorm with linear=true; returns the 48 kHz track and its loudness.

    Speech peaks (Piper's especially) can stand far above its loudness, so a linear gain to the
    target would break the true-peak limit and loudnorm would fall back to dynamic mode, missing
    the target. When that would happen the peaks are first limited (a few tries, each aiming a
    little lower) until a linear gain fits. The report says which mode ran and how much the
    peaks were limited; the output is padded or trimmed to the input's exact sample count.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.wav", Path(tmp) / "out.wav"
        track.export(src, format="wav")
        # ebur128 measures at the track's own rate (fast); loudnorm's measuring pass upsamples to
        # 192 kHz, so it runs once, on the source the gain is finally applied to.
        first = before = measure(src)
        limited_by = 0.0
        ceiling = before["integrated_lufs"] + MAX_PLR - PEAK_MARGIN
        for _ in range(LIMIT_TRIES):
            if _plr(before) <= MAX_PLR:
                break
            # limiting also lowers the loudness a little, so aim lower on each try
            _limit_peaks(Path(tmp) / "in.wav", Path(tmp) / "limited.wav", ceiling)
            src, limited_by = Path(tmp) / "limited.wav", first["true_peak_dbtp"] - ceiling
            before = measure(src)
            ceiling -= 2 * (_plr(before) - MAX_PLR + PEAK_MARGIN)
        stats = _loudnorm_measure(src)
        applied = _loudnorm_json(_ffmpeg([
            "-i", str(src), "-af",
            f"loudnorm=I={TARGET_LUFS}:TP={TARGET_TP}:LRA={TARGET_LRA}"
            f":measured_I={stats['input_i']}:measured_TP={stats['input_tp']}"
            f":measured_LRA={stats['input_lra']}:measured_thresh={stats['input_thresh']}"
            f":offset={stats['target_offset']}:linear=true:print_format=json,aresample={RATE}",
            "-ar", str(RATE), "-ac", "1", "-c:a", "pcm_s16le", str(out)]))
        result = AudioSegment.from_wav(out)
        after = measure(out)
    result = fit_length(result, int(track.frame_count()))
    loudness = {**after, "input_lufs": first["integrated_lufs"],
                "input_true_peak_dbtp": first["true_peak_dbtp"],
                "peaks_limited_db": round(limited_by, 2),
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


def normalize_cached(track: AudioSegment, cache: Path) -> tuple[AudioSegment, dict]:
    """`normalize`, reused from `cache` when the very same track was normalised before."""
    # The method is part of the key: a change to this module must not reuse old results.
    settings = f"{TARGET_LUFS}/{TARGET_TP}/{TARGET_LRA}/{RATE}".encode() + Path(__file__).read_bytes()
    key = hashlib.sha256(settings + track.raw_data).hexdigest()[:32]
    wav, info = Path(cache) / f"{key}.wav", Path(cache) / f"{key}.json"
    if wav.exists() and info.exists():
        try:
            return AudioSegment.from_wav(wav), json.loads(info.read_text(encoding="utf-8"))
        except Exception:  # a damaged cache entry is made again
            pass
    result, loudness = normalize(track)
    atomic_write_bytes(wav, wav_bytes(result))
    atomic_write_text(info, json.dumps(loudness, indent=2))
    return result, loudness
