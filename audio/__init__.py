"""Narration: voices, recorded takes, assembly and loudness."""

from audio.align import AlignmentError
from audio.narration import NarrationReport, build_narration
from audio.recordings import RecordingError
from audio.voices import VoiceError

__all__ = ["AlignmentError", "NarrationReport", "RecordingError", "VoiceError", "build_narration"]
