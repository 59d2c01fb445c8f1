"""The project's lists of choices, each defined once: the command line's `choices`, the encoders
and the checks all read them from here."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Quality:
    name: str
    width: int
    height: int
    fps: int
    crf: int  # x264 constant rate factor
    note: str


QUALITIES: dict[str, Quality] = {q.name: q for q in (
    Quality("low", 854, 480, 15, 23, "480p15, for previews"),
    Quality("default", 1280, 720, 30, 20, "720p30"),
    Quality("high", 1920, 1080, 60, 20, "1080p60"),
)}
DEFAULT_QUALITY = "default"

VOICES: tuple[str, ...] = ("piper", "flite")  # the first is the default
SAMPLE_RATE = 48000  # Hz, for the narration and every clip's sound
