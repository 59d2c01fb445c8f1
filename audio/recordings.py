"""Recorded takes: one audio file per sentence id, checked up front and never modified.

Every problem is found before any synthesis starts, and each error names the file and the fix.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydub import AudioSegment

from audio.cache import read_wav
from audio.speech import plausible_seconds
from common.files import atomic_output
from common.media import MediaError, ffmpeg
from common.settings import SAMPLE_RATE as RATE

AUDIO_SUFFIXES = (".wav", ".mp3", ".m4a", ".flac", ".ogg", ".opus", ".aac", ".aif", ".aiff",
                  ".webm")
SILENT_DBFS = -60.0  # a take whose loudest moment is below this is treated as silent
LONG_TAKE = 3.0  # a take this many times longer than its text needs (plus LONG_TAKE_SLACK s)
LONG_TAKE_SLACK = 3.0  # ... is most likely the wrong file


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
    known, found = set(sentence_ids), dict[str, Path]()
    for path in sorted(folder.iterdir()):
        if path.name.startswith(".") or path.is_dir():
            continue
        if path.is_symlink() and not path.exists():
            raise RecordingError(path, f"is a dangling symlink (it points to {path.readlink()}, "
                                 "which does not exist)",
                                 "point the link at the take, or replace it with the file")
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


def load_recordings(folder: Path, sentence_ids: list[str] | tuple[str, ...] | Mapping[str, str],
                    cache: Path, notes: list[str] | None = None) -> dict[str, Recording]:
    """Check and convert every take into `cache` (48 kHz mono WAV); the originals stay untouched.

    With `sentence_ids` a mapping of id -> text, a take far longer than its text needs is noted
    in `notes` (most likely the wrong file), as is a take that is a link to outside the folder.
    """
    out = {}
    notes = [] if notes is None else notes
    inside = Path(folder).resolve()
    for sid, path in find_recordings(folder, list(sentence_ids)).items():
        if path.is_symlink() and not path.resolve().is_relative_to(inside):
            notes.append(f"{path}: a symlink to {path.resolve()}, outside the recordings folder")
        converted = _convert(path, Path(cache))
        clip = _check_not_silent(path, converted)
        if isinstance(sentence_ids, Mapping):
            need = plausible_seconds(sentence_ids[sid])[1]
            if len(clip) / 1000 > LONG_TAKE * need + LONG_TAKE_SLACK:
                notes.append(f"{path}: {len(clip) / 1000:.0f} s long, while its text needs about "
                             f"{need:.0f} s ({sentence_ids[sid]!r}); is it the right take?")
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
    try:
        with atomic_output(target) as tmp:
            ffmpeg("-y", "-v", "error", "-i", str(path), "-vn", "-ac", "1", "-ar", str(RATE),
                   "-c:a", "pcm_s16le", "-f", "wav", str(tmp), what=f"converting {path}")
            if tmp.stat().st_size <= 44:
                raise MediaError("no audio")
    except (MediaError, FileNotFoundError) as e:
        reason = (str(e).strip().splitlines() or ["no audio"])[-1].strip()
        raise RecordingError(path, f"is not readable audio ({reason})",
                             "export the take again as WAV or FLAC and replace this file") from None
    return target


def _check_not_silent(path: Path, converted: Path) -> AudioSegment:
    clip = read_wav(converted)
    if len(clip) == 0 or clip.max_dBFS < SILENT_DBFS:
        raise RecordingError(path, f"is silent (loudest moment {clip.max_dBFS:.0f} dBFS)",
                             "record the sentence again with the microphone on, or remove the file "
                             "to use the synthetic voice")
    return clip
