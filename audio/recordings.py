"""Recorded takes: one audio file per sentence id, checked up front and never modified.

Every problem is found before any synthesis starts, and each error names the file and the fix.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydub import AudioSegment

from audio.assemble import trim_span
from audio.cache import read_wav
from audio.speech import plausible_seconds
from audio.wav_header import mismatched_lengths
from common.choices import closest
from common.files import atomic_output
from common.media import MediaError, ffmpeg
from common.settings import SAMPLE_RATE as RATE

AUDIO_SUFFIXES = (".wav", ".mp3", ".m4a", ".flac", ".ogg", ".opus", ".aac", ".aif", ".aiff",
                  ".webm")
SILENT_DBFS = -60.0  # a take whose loudest moment is below this is treated as silent
LONG_TAKE = 3.0  # a take's sound this many times longer than its text needs (plus
LONG_TAKE_SLACK = 3.0  # LONG_TAKE_SLACK s) is the sentence said over and over, or the wrong file
MAX_TAKE_BYTES = 200 << 20  # 18 minutes of 48 kHz stereo WAV: a sentence's take is far smaller


class RecordingError(ValueError):
    """A problem with a recorded take, naming the file and what to do."""

    def __init__(self, path: Path, problem: str, fix: str):
        self.path, self.problem, self.fix = Path(path), problem, fix
        super().__init__(f"{path}: {problem}\n  fix: {fix}")

    def __reduce__(self):  # pickled whole across processes (a drawing worker's error)
        return type(self), (self.path, self.problem, self.fix)


@dataclass(frozen=True)
class Recording:
    sentence_id: str
    path: Path  # the author's file, read only
    converted: Path  # a 48 kHz mono WAV copy in the cache


def find_recordings(folder: Path, sentence_ids: list[str] | tuple[str, ...]) -> dict[str, Path]:
    """Map sentence id -> recorded file; raises RecordingError for a bad folder or file name."""
    folder = Path(folder)
    if _loops(folder):
        raise RecordingError(folder, "cannot be followed: a symlink on its way leads back to itself (a loop)",
                             "give --recordings the folder that holds the takes, one file per sentence id")
    if not folder.is_dir():
        raise RecordingError(folder, "is a file, not a folder" if folder.exists() else "does not exist",
                             "give --recordings the folder that holds the takes, one file per sentence id")
    known, found = set(sentence_ids), dict[str, Path]()
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if path.is_dir():
            if path.suffix.lower() in AUDIO_SUFFIXES or path.name in known:
                raise RecordingError(path, "is a folder, not a recorded take",
                                     "put the take itself in the recordings folder, or rename "
                                     "the folder so it is not named like a take")
            continue
        if _loops(path):
            raise RecordingError(path, f"is a symlink loop (it points to {path.readlink()}, which "
                                 "leads back to itself)",
                                 "point the link at the take, or replace it with the file")
        if path.is_symlink() and not path.exists():
            raise RecordingError(path, f"is a dangling symlink (it points to {path.readlink()}, "
                                 "which does not exist)",
                                 "point the link at the take, or replace it with the file")
        if path.suffix.lower() not in AUDIO_SUFFIXES:
            raise RecordingError(path, f"{path.suffix or 'no extension'} is not an audio file type",
                                 f"remove it, or save the take as one of: {', '.join(AUDIO_SUFFIXES)}")
        sid = path.stem
        if sid not in known:
            near = closest(sid, sorted(known))
            hint = f" (did you mean {near[0]}{path.suffix}?)" if near else ""
            raise RecordingError(path, f"{sid!r} is not a sentence id of the lesson",
                                 "rename the file to <sentence-id>" + path.suffix
                                 + f" using an id from the lesson YAML, or remove it{hint}")
        if sid in found:
            raise RecordingError(path, f"two recordings for sentence {sid!r}: "
                                 f"{found[sid].name} and {path.name}", "keep only one of them")
        try:
            info = path.stat()
        except OSError as e:
            raise RecordingError(path, f"cannot be read ({e.strerror})",
                                 "check the file's permissions") from None
        _check_file(path, info.st_mode, info.st_size)
        found[sid] = path
    return found


def _loops(path: Path) -> bool:
    """Whether `path` cannot be followed because its links lead back to themselves."""
    try:
        os.stat(path)
    except OSError as e:
        return e.errno == errno.ELOOP
    return False


def _check_file(path: Path, mode: int, size: int) -> None:
    """Refuse a take that is no regular file (a FIFO would block the render, a link to
    /dev/zero never end) or too large to be one sentence."""
    if not stat.S_ISREG(mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else
                "a socket" if stat.S_ISSOCK(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
                "a folder" if stat.S_ISDIR(mode) else "not a regular file")
        link = f"links to {path.resolve()}, which is " if path.is_symlink() else "is "
        raise RecordingError(path, f"{link}{kind}, not a recorded file",
                             "replace it with the take's audio file, or remove it")
    if size > MAX_TAKE_BYTES:
        raise RecordingError(path, f"is {size / 2**20:.0f} MiB, more than a take of one "
                             f"sentence can be ({MAX_TAKE_BYTES >> 20} MiB at most)",
                             "export just this sentence's take, as FLAC or a shorter WAV")


def load_recordings(folder: Path, sentence_ids: list[str] | tuple[str, ...] | Mapping[str, str],
                    cache: Path, notes: list[str] | None = None) -> dict[str, Recording]:
    """Check and convert every take into `cache` (48 kHz mono WAV); the originals stay untouched.

    With `sentence_ids` a mapping of id -> text, a take whose sound is far longer than its text
    needs is refused before any speech is recognised in it (the sentence said over and over, or
    the wrong file). A take that is a link to outside the folder is noted in `notes`.
    """
    out = {}
    notes = [] if notes is None else notes
    found = find_recordings(folder, list(sentence_ids))
    inside = Path(folder).resolve()
    for sid, path in found.items():
        if path.is_symlink() and not path.resolve().is_relative_to(inside):
            notes.append(f"{path}: a symlink to {path.resolve()}, outside the recordings folder")
        converted = _convert(path, Path(cache))
        clip = _check_not_silent(path, converted)
        if isinstance(sentence_ids, Mapping):
            _check_length(path, clip, sentence_ids[sid])
        out[sid] = Recording(sid, path, converted)
    return out


def _check_length(path: Path, clip: AudioSegment, text: str) -> None:
    """Refuse a take whose sound (its silent ends trimmed, as the lesson places it) is far longer
    than `text` needs: checked on the decoded take, in a moment, before recognising its words
    would take minutes."""
    start, end = trim_span(clip)
    seconds, need = (end - start) / 1000, plausible_seconds(text)[1]
    if seconds > LONG_TAKE * need + LONG_TAKE_SLACK:
        shown = text if len(text) <= 80 else text[:80] + "…"
        raise RecordingError(path, f"is {seconds:.0f} s of sound, while its text needs about "
                             f"{need:.0f} s ({shown!r}): the sentence said over and over, or "
                             "another recording", "cut the take to one reading of its sentence, "
                             "or remove it to use the synthetic voice")


def _read(path: Path) -> bytes:
    """The take's bytes, checked again on the file opened (it may have changed since it was
    found), and read no further than a take can be long."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise RecordingError(path, f"cannot be read ({e.strerror})",
                             "check the file's permissions") from None
    try:
        info = os.fstat(fd)
        _check_file(path, info.st_mode, info.st_size)
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_TAKE_BYTES + 1)
    finally:
        os.close(fd)
    _check_file(path, stat.S_IFREG, len(data))  # it grew while read
    return data


def _convert(path: Path, cache: Path) -> Path:
    data = _read(path)
    _check_header(path, data)
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


def _check_header(path: Path, data: bytes) -> None:
    """Refuse a WAV whose header says its sound is longer or shorter than the data it holds:
    ffmpeg reads only what the header says, so the take would be cut (or seem silent)."""
    lengths = mismatched_lengths(data)
    if lengths is None:
        return
    said, held = f"{lengths.declared:.2f} s", f"{lengths.held:.2f} s"
    if lengths.declared < lengths.held:
        raise RecordingError(path, f"holds {held} of sound, but its WAV header says {said}: the "
                             "header is wrong, not the take (its recorder did not finish writing "
                             "it), and only that much would be heard",
                             f"write the header again with `ffmpeg -ignore_length 1 -i {path.name} "
                             f"-c copy fixed.wav`, listen to fixed.wav and put it in the take's place")
    raise RecordingError(path, f"ends after {held} of sound, but its WAV header says {said}: "
                         "the file was cut short (a copy or a recording that did not finish)",
                         "copy or export the take again, or remove it to use the synthetic voice")


def _check_not_silent(path: Path, converted: Path) -> AudioSegment:
    clip = read_wav(converted)
    if len(clip) == 0 or clip.max_dBFS < SILENT_DBFS:
        raise RecordingError(path, f"is silent (loudest moment {clip.max_dBFS:.0f} dBFS)",
                             "record the sentence again with the microphone on, or remove the file "
                             "to use the synthetic voice")
    return clip
