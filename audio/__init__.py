"""Narration: voices, recorded takes, assembly and loudness."""

from audio.narration import NarrationReport, build_narration
from audio.recordings import RecordingError
from audio.voices import VoiceError

__all__ = ["NarrationReport", "RecordingError", "VoiceError", "build_narration"]
