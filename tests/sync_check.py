"""Measure, on a rendered lesson, when the picture first changes after each cue and when the voice
starts: from decoded frames and the narration's own samples, not from the scenes' timeline."""

from __future__ import annotations

import functools
import subprocess
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from transcript.manifest import Manifest
from transcript.words import word_key

LEVEL = 24  # of 255: a pixel this much brighter or darker than before the cue has changed
AREA = 0.001  # a change covering this share of the frame is one a learner sees


@dataclass(frozen=True)
class Measured:
    sentence_id: str
    word: str | None
    speech: float  # seconds: where the voice starts the sentence (or the word)
    change: float | None  # seconds: the first frame that differs visibly from the one before the cue

    @property
    def lag(self) -> float:
        return float("inf") if self.change is None else self.change - self.speech


def gray_frames(video: Path) -> tuple[np.ndarray, int]:
    """Every frame of `video` in grey levels (frames, height, width) and the frame rate."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v", "-show_entries",
                            "stream=width,height,r_frame_rate", "-of", "csv=p=0", str(video)],
                           capture_output=True, text=True, check=True).stdout.strip().split(",")
    w, h, rate = int(probe[0]), int(probe[1]), probe[2].split("/")
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-f", "rawvideo",
                          "-pix_fmt", "gray", "-"], capture_output=True, check=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w), round(int(rate[0]) / int(rate[1]))


@functools.lru_cache(maxsize=2)
def _track(narration: Path, changed: int) -> tuple[int, np.ndarray]:
    """The narration's rate and samples, read once per file and version (`changed`, its mtime)."""
    with wave.open(str(narration)) as w:
        rate = w.getframerate()
        samples = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(np.float64)
    samples.flags.writeable = False
    return rate, samples


def speech_onset(narration: Path, after: float, within: float = 0.3) -> float:
    """The first 5 ms window after `after` whose level is within 40 dB of the track's peak."""
    rate, samples = _track(narration, narration.stat().st_mtime_ns)
    threshold = np.abs(samples).max() * 10 ** (-40 / 20)
    step, start = rate // 200, int(after * rate)
    for i in range(start, start + int(within * rate), step):
        if np.sqrt(np.mean(samples[i:i + step] ** 2)) > threshold:
            return i / rate
    raise AssertionError(f"no speech within {within} s after {after:.3f} s")


def first_change(frames: np.ndarray, fps: int, cue_frame: int, limit: int) -> float | None:
    """Seconds of the first frame from `cue_frame` on that differs visibly from the frame before it."""
    before = frames[max(0, cue_frame - 1)].astype(np.int16)
    for k in range(cue_frame, min(limit, len(frames))):
        if np.mean(np.abs(frames[k].astype(np.int16) - before) > LEVEL) >= AREA:
            return k / fps
    return None


def measure(video: Path, narration: Path, manifest: Manifest,
            cues: dict[str, list[str | None]]) -> list[Measured]:
    """For each beat's cues (None: the sentence's start, else a word it waits for), the voice's
    start and the picture's first visible change after the cue."""
    frames, fps = gray_frames(video)
    out = []
    for s in manifest.sentences:
        seen: dict[str, int] = {}
        for word in cues[s.id]:
            if word is None:
                speech = speech_onset(narration, s.start - 0.02)
            else:
                seen[word] = seen.get(word, 0) + 1
                speech = [w for w in s.words if word_key(w.text) == word_key(word)][seen[word] - 1].start
            cue_frame = int(np.floor(speech * fps + 1e-9))  # on screen when the voice starts
            end = int(round(manifest.beat_span(s.id).end * fps))
            out.append(Measured(s.id, word, speech, first_change(frames, fps, cue_frame, end)))
    return out
