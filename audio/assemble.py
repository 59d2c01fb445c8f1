"""Lay the sentence clips out on the frame grid and join them into one track (48 kHz mono).

A clip is trimmed of leading and trailing silence, so the pauses are exactly what the timing says;
each sentence then starts on the first grid frame after its pause: the gap between sentences (or
paragraphs) plus the `pause:` the sentence before it asks for (after the last, plus the tail).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from pydub import AudioSegment
from pydub.silence import detect_leading_silence

from common.settings import SAMPLE_RATE as RATE
from transcript.manifest import GRID_FPS

GRID = RATE // GRID_FPS  # samples per grid frame: 3200
LEAD_IN = 0.5  # seconds before the first sentence
SENTENCE_PAUSE = 0.35  # between sentences of a paragraph
PARAGRAPH_PAUSE = 0.8  # between paragraphs
TAIL = 1.0  # after the last sentence
TRIM_BELOW_PEAK = 40.0  # dB under the clip's peak that still counts as silence
TRIM_KEEP_MS = (10, 40)  # kept before the onset and after the last sound, so nothing is clipped
CLIP_RMS_DBFS = -20.0  # every clip is levelled to this before the whole track is normalised
CLIP_PEAK_DBFS = -1.0


@dataclass(frozen=True)
class Placement:
    start: int  # sample where the clip begins, a multiple of GRID
    length: int  # samples of the (trimmed) clip

    @property
    def end(self) -> int:
        return self.start + self.length


def to_track_format(clip: AudioSegment) -> AudioSegment:
    """48 kHz mono 16-bit, resampled by FFmpeg's resampler (better than pydub's own) in this
    process: an ffmpeg process would take longer to start than the resampling takes."""
    import av
    import numpy as np

    clip = clip.set_channels(1).set_sample_width(2)
    if clip.frame_rate == RATE:
        return clip
    frame = av.AudioFrame.from_ndarray(np.frombuffer(clip.raw_data, np.int16).reshape(1, -1),
                                       format="s16", layout="mono")
    frame.sample_rate, frame.pts = clip.frame_rate, 0
    resampler = av.AudioResampler(format="s16", layout="mono", rate=RATE)
    out = resampler.resample(frame) + resampler.resample(None)  # None: what it holds back
    data = b"".join(f.to_ndarray().tobytes() for f in out)
    return AudioSegment(data=data, sample_width=2, frame_rate=RATE, channels=1)


@cache
def resampler() -> str:
    """Which resampler `to_track_format` uses: part of a voice clip's cache key."""
    import av

    return f"libswresample {'.'.join(map(str, av.library_versions['libswresample']))}"


def trim_span(clip: AudioSegment) -> tuple[int, int]:
    """Where the clip's sound starts and ends (ms), relative to its own peak, with a small margin."""
    threshold = clip.max_dBFS - TRIM_BELOW_PEAK
    head = detect_leading_silence(clip, silence_threshold=threshold, chunk_size=5)
    tail = detect_leading_silence(clip.reverse(), silence_threshold=threshold, chunk_size=5)
    start = max(0, head - TRIM_KEEP_MS[0])
    end = min(len(clip), len(clip) - tail + TRIM_KEEP_MS[1])
    return (start, end) if end > start else (0, len(clip))


def level(clip: AudioSegment) -> AudioSegment:
    """Bring a clip to a common speech level, so a recorded take sits with the synthetic ones."""
    gain = min(CLIP_RMS_DBFS - clip.dBFS, CLIP_PEAK_DBFS - clip.max_dBFS)
    return clip.apply_gain(gain)


def prepare(clip: AudioSegment) -> tuple[AudioSegment, float]:
    """A clip ready to place (track format, trimmed, levelled) and the seconds cut from its head."""
    clip = to_track_format(clip)
    start, end = trim_span(clip)
    return level(clip[start:end]), start / 1000


def _to_grid(samples: int) -> int:
    return math.ceil(samples / GRID) * GRID


def gap_after(paragraph: int, next_paragraph: int | None, pause: float = 0.0) -> float:
    """Seconds of silence after a sentence: the gap within or between paragraphs (or the tail
    after the last sentence, `next_paragraph` None) plus the sentence's own `pause`."""
    usual = TAIL if next_paragraph is None else (
        SENTENCE_PAUSE if next_paragraph == paragraph else PARAGRAPH_PAUSE)
    return usual + pause


def layout(lengths: list[int], paragraphs: list[int],
           pauses: list[float] | None = None) -> tuple[list[Placement], int]:
    """Where each clip starts (in samples, on the grid) and the track's total length (on the grid).
    `pauses` are the seconds of extra silence after each sentence (none by default)."""
    pauses = pauses or [0.0] * len(lengths)
    placements: list[Placement] = []
    cursor = round(LEAD_IN * RATE)
    for i, length in enumerate(lengths):
        if i:
            gap = gap_after(paragraphs[i - 1], paragraphs[i], pauses[i - 1])
            cursor = placements[-1].end + round(gap * RATE)
        placements.append(Placement(_to_grid(cursor), length))
    if not placements:
        return placements, _to_grid(RATE)
    tail = gap_after(paragraphs[-1], None, pauses[-1])
    return placements, _to_grid(placements[-1].end + round(tail * RATE))


def mix(clips: list[AudioSegment], placements: list[Placement], total: int) -> AudioSegment:
    """Silence and clips joined sample-exactly: each clip begins at its placement's sample."""
    def silence(n: int) -> bytes:
        return b"\0\0" * n

    parts, cursor = [], 0
    for clip, p in zip(clips, placements):
        assert p.start >= cursor and int(clip.frame_count()) == p.length
        parts += [silence(p.start - cursor), clip.raw_data]
        cursor = p.end
    parts.append(silence(total - cursor))
    return AudioSegment(data=b"".join(parts), sample_width=2, frame_rate=RATE, channels=1)
