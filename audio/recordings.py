"""Recorded takes: one audio file per sentence id, checked up front and never modified.

Every problem is found before any synthesis starts, and each error names the file and the fix.
"""

from __future__ import annotations

import difflib
import hashlib
import io
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pydub import AudioSegment

AUDIO_SUFFIXES = (".wav", ".mp3", ".m4a", ".flac", ".ogg", ".opus", ".aac", ".aif", ".aiff",
                  ".webm")
SILENT_DBFS = -60.0  # a take whose loudest moment is below this is treated as silent
RATE = 48000


class RecordingError(ValueError):
    """A problem with a recorded take, naming the file and what to do."""

    def __init__(self, path: Path, problem: str, fix: str):
        self.path, self.problem, self.fix = Path(path), problem, fix
        super().__init__(f"{path}: {problem}\n  fix: {fix}")


@dataclass(frozen=True)
class Recording:
    sentence_id: str
    path: Path  # the author's file, read only
    converted: Path  # a 48 kHz mono WAV copy in the cache


def find_recordings(folder: Path, sentence_ids: list[str] | tuple[str, ...]) -> dict[str, Path]:
    """Map sentence id -> recorded file; raises RecordingError for a bad folder or file name."""
    folder = Path(folder)
    if not folder.is_dir():
        raise RecordingError(folder, "the recordings folder does not exist",
                             "create it, or pass the right folder with --recordings")
    known, found = set(sentence_ids), {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.suffix.lower() not in AUDIO_SUFFIXES:
            raise RecordingError(path, f"{path.suffix or 'no extension'} is not an audio file type",
                                 f"remove it, or save the take as one of: {', '.join(AUDIO_SUFFIXES)}")
        sid = path.stem
        if sid not in known:
            near = difflib.get_close_matches(sid, sorted(known), n=1)
            hint = f" (did you mean {near[0]}{path.suffix}?)" if near else ""
            raise RecordingError(path, f"{sid!r} is not a sentence id of the lesson",
                                 "rename the file to <sentence-id>" + path.suffix
                                 + f" using an id from the lesson YAML, or remove it{hint}")
        if sid in found:
            raise RecordingError(path, f"two recordings for sentence {sid!r}: "
                                 f"{found[sid].name} and {path.name}", "keep only one of them")
        found[sid] = path
    return found


def load_recordings(folder: Path, sentence_ids: list[str] | tuple[str, ...],
                    cache: Path) -> dict[str, Recording]:
    """Check and convert every take into `cache` (48 kHz mono WAV); the originals stay untouched."""
    out = {}
    for sid, path in find_recordings(folder, sentence_ids).items():
        converted = _convert(path, Path(cache))
        _check_not_silent(path, converted)
        out[sid] = Recording(sid, path, converted)
    return out


def _convert(path: Path, cache: Path) -> Path:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise RecordingError(path, f"cannot be read ({e.strerror})",
                             "check the file's permissions") from None
    target = cache / f"recorded-{hashlib.sha256(data).hexdigest()[:32]}.wav"
    if target.exists():
        return target
    cache.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    done = subprocess.run(
        ["ffmpeg", "-nostdin", "-y", "-v", "error", "-i", str(path), "-vn", "-ac", "1",
         "-ar", str(RATE), "-c:a", "pcm_s16le", "-f", "wav", str(tmp)], capture_output=True)
    if done.returncode != 0 or not tmp.exists() or tmp.stat().st_size <= 44:
        tmp.unlink(missing_ok=True)
        reason = (done.stderr.decode(errors="replace").strip().splitlines() or ["no audio"])[-1]
        raise RecordingError(path, f"is not readable audio ({reason})",
                             "export the take again as WAV or FLAC and replace this file")
    os.replace(tmp, target)
    return target


def _check_not_silent(path: Path, converted: Path) -> None:
    clip = AudioSegment.from_wav(io.BytesIO(converted.read_bytes()))
    if len(clip) == 0 or clip.max_dBFS < SILENT_DBFS:
        raise RecordingError(path, f"is silent (loudest moment {clip.max_dBFS:.0f} dBFS)",
                             "record the sentence again with the microphone on, or remove the file "
                             "to use the synthetic voice")
