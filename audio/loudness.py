"""Loudness (EBU R128): each sentence is brought to the target by one linear gain, its peaks
limited first where that gain would push them over the true-peak ceiling.

Levelling sentence by sentence means an edit re-levels only the sentence it changed (the rest come
from the cache, sample for sample), and a recorded take sits at the loudness of the voiced ones.
The pauses between sentences are silent, so the joined track measures at the target too.
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pydub import AudioSegment

from audio.cache import read_wav
from audio.voices import wav_bytes
from common.files import atomic_write_bytes, atomic_write_text, parsed
from common.media import ffmpeg

TARGET_LUFS = -16.0
TARGET_TP = -1.5  # dBTP
PEAK_MARGIN = 0.3  # dB aimed under TARGET_TP when limiting: the limiter holds sample peaks only
LIMIT_TRIES = 6
# The first two tries, in dB over the gain the clip's RMS asks: limiting the voices' peaks cost
# them 1 to 3 LU, so these bracket the gain that lands on the target, and a secant step from
# them lands within the tolerance.
FIRST_TRIES = (1.5, 3.0)
LOUDNESS_TOLERANCE = 0.2  # LU: close enough to the target to stop limiting again
SILENT_LUFS = -70.0  # ebur128's absolute gate: a clip this quiet has no loudness to correct


def _ffmpeg(args: list[str]) -> str:
    """ffmpeg's log (ebur128 prints its measurements there); levelling runs beside the drawing."""
    return ffmpeg("-y", *args, what="measuring loudness", yielding=True).stderr.decode(
        errors="replace")


def _summary(log: str) -> dict:
    """Integrated loudness, true peak and loudness range from the end of an ebur128 log."""
    summary = log[log.rindex("Summary:"):]

    def value(label: str, unit: str) -> float:
        found = re.search(rf"{label}:\s+(-?[\d.]+|-inf) {unit}", summary)
        if not found:
            raise RuntimeError(f"ffmpeg ebur128 printed no {label}:\n{summary}")
        return float(found[1])

    return {"integrated_lufs": value("I", "LUFS"), "true_peak_dbtp": value("Peak", "dBFS"),
            "lra_lu": value("LRA", "LU")}


def measure(path: Path) -> dict:
    """Integrated loudness (LUFS), true peak (dBTP) and loudness range (LU), by ffmpeg's ebur128."""
    return _summary(_ffmpeg(["-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"]))


def _gain_and_limit(src: Path, dst: Path, gain_db: float, ceiling_db: float) -> dict:
    """Raise `src` by `gain_db` and hold its sample peaks under `ceiling_db` with a look-ahead
    limiter (in floating point, delay compensated), measuring the result in the same pass."""
    level_in = min(64.0, max(0.015625, 10 ** (gain_db / 20)))  # alimiter's own limits
    ceiling = min(1.0, max(0.0625, 10 ** (ceiling_db / 20)))
    return _summary(_ffmpeg([
        "-i", str(src), "-af",
        f"alimiter=level_in={level_in:.6f}:limit={ceiling:.6f}:level=false:latency=true"
        ":attack=2:release=20,ebur128=peak=true",
        "-c:a", "pcm_s16le", str(dst)]))


@dataclass(frozen=True)
class Levelling:
    """What was done to one sentence: its loudness before, the peak limiting and the gain."""

    input_lufs: float
    input_true_peak_dbtp: float
    limited_db: float  # how far the peaks were pulled down before the gain (0: not limited)
    gain_db: float


def level_sentence(clip: AudioSegment) -> tuple[AudioSegment, Levelling]:
    """`clip` at TARGET_LUFS with its true peak under TARGET_TP, the same length to the sample.

    When the gain alone would break the ceiling, the gain is applied inside a limiter that holds
    the peaks down, which costs loudness: the gain that lands on the target is found by tries.
    The clip's measure and two tries either side of the likely gain run at once (the likely gain
    from the clip's RMS, which is within a decibel of its loudness for speech); each further try
    steps by the slope the last two showed (a secant step), and lowers the limiter's ceiling by
    any true peak (between samples) it let through. Should the tries run out, the closest is
    held back to the target: a sentence may end up slightly quiet, never too loud.
    """
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        src = folder / "in.wav"
        src.write_bytes(wav_bytes(clip))
        ceiling = TARGET_TP - PEAK_MARGIN
        likely = TARGET_LUFS - clip.dBFS if clip.dBFS > SILENT_LUFS else 0.0
        with ThreadPoolExecutor(max_workers=1 + len(FIRST_TRIES)) as runs:
            measuring = runs.submit(measure, src)
            tries = [runs.submit(_try, src, folder, likely + extra, ceiling) for extra in FIRST_TRIES]
            first = measuring.result()
            gain = TARGET_LUFS - first["integrated_lufs"]
            if first["integrated_lufs"] <= SILENT_LUFS:
                return clip, Levelling(first["integrated_lufs"], first["true_peak_dbtp"], 0.0, 0.0)
            if first["true_peak_dbtp"] + gain <= TARGET_TP - PEAK_MARGIN:
                out = clip.apply_gain(gain)
                return out, Levelling(first["integrated_lufs"], first["true_peak_dbtp"], 0.0,
                                      round(gain, 2))
            done = [t.result() for t in tries]
        while not _on_target(done[-1]) and len(done) < LIMIT_TRIES:
            done.sort(key=lambda t: -abs(TARGET_LUFS - t.lufs))  # the closest last
            last, before = done[-1], done[-2]
            # Limiting harder gives back less than a decibel per decibel of gain.
            slope = 1.0
            if last.gain != before.gain:
                slope = min(1.0, max(0.2, (last.lufs - before.lufs) / (last.gain - before.gain)))
            over = last.peak - TARGET_TP
            done.append(_try(src, folder, last.gain + (TARGET_LUFS - last.lufs) / slope,
                             last.ceiling - max(0.0, over + 0.1)))
        best = next((t for t in reversed(done) if _on_target(t)), None) or min(
            done, key=lambda t: (t.peak > TARGET_TP, abs(TARGET_LUFS - t.lufs)))
        result = fit_length(AudioSegment.from_wav(best.path), int(clip.frame_count()))
    trim = min(TARGET_LUFS - best.lufs, TARGET_TP - best.peak)
    limited_by = first["true_peak_dbtp"] + best.gain - best.peak
    return result.apply_gain(trim), Levelling(first["integrated_lufs"], first["true_peak_dbtp"],
                                              round(limited_by, 2), round(best.gain + trim, 2))


@dataclass(frozen=True)
class _Try:
    """One limited gain and what it measured."""

    gain: float
    ceiling: float
    lufs: float
    peak: float  # dBTP
    path: Path


def _try(src: Path, folder: Path, gain: float, ceiling: float) -> _Try:
    out = folder / f"limited-{gain:+.4f}-{ceiling:+.4f}.wav"
    now = _gain_and_limit(src, out, gain, ceiling)
    return _Try(gain, ceiling, now["integrated_lufs"], now["true_peak_dbtp"], out)


def _on_target(t: _Try) -> bool:
    return abs(TARGET_LUFS - t.lufs) < LOUDNESS_TOLERANCE and t.peak <= TARGET_TP


def fit_length(track: AudioSegment, samples: int) -> AudioSegment:
    """Pad with silence or cut so the track is exactly `samples` long."""
    have = int(track.frame_count())
    width = track.sample_width * track.channels
    data = track.raw_data[: samples * width] if have > samples else (
        track.raw_data + b"\0" * ((samples - have) * width))
    return AudioSegment(data=data, sample_width=track.sample_width, frame_rate=track.frame_rate,
                        channels=track.channels)


# The method is part of a levelled clip's key: a change to this module must not reuse old results.
_METHOD = Path(__file__).read_bytes()


def level_sentence_cached(clip: AudioSegment, cache: Path) -> tuple[AudioSegment, Levelling]:
    """`level_sentence`, reused from `cache` when the very same clip was levelled before."""
    settings = f"{TARGET_LUFS}/{TARGET_TP}/{clip.frame_rate}".encode() + _METHOD
    key = hashlib.sha256(settings + clip.raw_data).hexdigest()[:32]
    wav, info = Path(cache) / f"{key}.wav", Path(cache) / f"{key}.json"
    if wav.exists() and info.exists():
        try:
            return (parsed(wav, read_wav),
                    Levelling(**json.loads(info.read_text(encoding="utf-8"))))
        except Exception:  # a damaged cache entry is made again
            pass
    out, done = level_sentence(clip)
    atomic_write_bytes(wav, wav_bytes(out))
    atomic_write_text(info, json.dumps(done.__dict__, indent=2))
    return out, done


def track_loudness(path: Path, sentences: list[Levelling], measured: bool = True) -> dict:
    """The joined track's measured loudness (unless not `measured`) with a summary of what was
    done to its sentences."""
    gains = [s.gain_db for s in sentences] or [0.0]
    return {**(measure(path) if measured else {}), "target_lufs": TARGET_LUFS,
            "target_true_peak_dbtp": TARGET_TP,
            "levelled": "per sentence",
            "peaks_limited_db": max([s.limited_db for s in sentences] or [0.0]),
            "sentence_gain_db": [min(gains), max(gains)]}
