"""The clip cache under <build>/cache/voice/: a clip is reused while its text, voice and settings hold."""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path

from pydub import AudioSegment

from audio.assemble import resampler
from audio.voices import Voice, wav_bytes
from common.files import atomic_write_bytes, parsed


def clip_key(text: str, voice: Voice) -> str:
    """A hash of everything that changes a synthetic clip's sound."""
    what = {"text": text, "voice": voice.name, "version": voice.version,
            "settings": voice.settings, "resampler": resampler()}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode("utf-8")).hexdigest()[:32]


class ClipCache:
    """WAV files named by key; writes are atomic so an interrupted run never leaves half a clip."""

    def __init__(self, root: Path):
        self.root = Path(root)

    def path(self, key: str) -> Path:
        return self.root / f"{key}.wav"

    def get(self, key: str) -> AudioSegment | None:
        """The cached clip, or None when absent or unreadable (it is then made again)."""
        try:
            return parsed(self.path(key), read_wav)
        except Exception:  # a damaged cache file is treated as missing
            return None

    def put(self, key: str, clip: AudioSegment) -> None:
        atomic_write_bytes(self.path(key), wav_bytes(clip))


def read_wav(path: Path) -> AudioSegment:
    """A WAV file as a clip."""
    return AudioSegment.from_wav(io.BytesIO(path.read_bytes()))
