"""Content addresses for rendered beats: a beat is redrawn only when something it shows changed."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from functools import cache
from importlib.metadata import version
from pathlib import Path

from common.files import atomic_write_text
from common.media import ffmpeg_version
from common.settings import Quality
from scenes import scene_modules
from scenes.timing import SceneTiming
from transcript.lessons import chosen
from video.imports import ROOT, project_sources

RENDERER = "video.scene_render"  # draws and encodes every beat: its imports are in every key


def beat_sources(scene_id: str) -> tuple:
    """Every project file a beat of `scene_id` is drawn with: the scene's module, the renderer,
    and all they import (the shared formatting in attention/figures.py among them). Not the
    module of the scene it opens on (`follows`): the picture that one hands over is the first
    beat's start (`LessonScene.handover`), so only a change to that picture redraws it."""
    return project_sources(scene_modules()[scene_id][0], RENDERER)


@cache
def _manim_version() -> str:
    """Asked once per process (reading a package's metadata takes a millisecond)."""
    return version("manim")


def _core_digest() -> bytes:
    """The chosen lesson's id and the digest its declaration gives of its numbers: a beat drawn
    for one lesson, or with other numbers, is never taken for another."""
    lesson = chosen()
    return _numbers_digest(lesson.id, lesson.digest)


@cache
def _numbers_digest(lesson_id: str, digest: Callable[[], bytes]) -> bytes:
    return hashlib.sha256(lesson_id.encode() + b"\0" + digest()).digest()


Code = tuple[tuple[str, str], ...]  # each project file a scene's beats are drawn with, and its digest


def scene_code(scene_id: str) -> Code:
    """The files a beat of `scene_id` is drawn with (`beat_sources`), each with the digest of its
    bytes as they are now: what the beat's key says it was drawn with."""
    return tuple((str(p.relative_to(ROOT)), hashlib.sha256(p.read_bytes()).hexdigest()[:20])
                 for p in beat_sources(scene_id))


def beat_keys(timing: SceneTiming, quality: Quality, code: Code | None = None) -> dict[str, str]:
    """A digest per beat of everything its frames depend on but the picture it starts from.

    That is the scene's code, the core's numbers, the quality, the tools' versions, and the
    beat's own timing in frames from its start: its length, the words it waits for, and for the
    first beat the lead-in before it. The picture it starts from is the scene's state there
    (`LessonScene.state_digest`), known only by running the scene: it is the second half of the
    beat's file name (see `beat_file`), so an edit that leaves a beat's start looking the same
    leaves the later beats of the scene as they are. `code`: the scene's, read once (`scene_code`).
    """
    base = _scene_hash(timing.scene_id, quality, code)
    keys = {}
    last = timing.beats[-1]
    for beat in timing.beats:
        own = (beat.sentence_id, beat.end - beat.start,
               tuple((w.text, w.start - beat.start) for w in beat.words),
               beat.start if beat is timing.beats[0] else None,  # the lead-in
               timing.frames - beat.start if beat is last else None)  # the scene's tail
        h = base.copy()
        h.update(repr(own).encode())
        keys[beat.sentence_id] = h.hexdigest()[:20]
    return keys


def _scene_hash(scene_id: str, quality: Quality, code: Code | None = None):
    """The digest of what a scene's picture depends on but its timing: its code, the core's
    numbers, the quality and the tools' versions."""
    base = hashlib.sha256()
    for part in (scene_id, quality.name, repr(quality), _manim_version(), ffmpeg_version()):
        base.update(part.encode() + b"\0")
    base.update(_core_digest())
    base.update(repr(scene_code(scene_id) if code is None else code).encode())
    return base


def handover_file(folder: Path, scene_id: str, quality: Quality) -> Path:
    """Where the picture `scene_id` hands the scene that follows it is kept (its digest): it
    depends on the scene's code, not on its timing, so it is known again after a sentence of
    that scene is retimed and before the scene is redrawn."""
    return folder / f"handover-{_scene_hash(scene_id, quality).hexdigest()[:20]}.txt"


def handed_over(folder: Path, scene_id: str, quality: Quality) -> str | None:
    """The picture `scene_id` (its beats in `folder`) hands over, kept for its code; None: not
    known yet."""
    try:
        return handover_file(folder, scene_id, quality).read_text(encoding="utf-8").strip() or None
    except OSError:
        return None


def keep_handover(folder: Path, scene_id: str, quality: Quality, digest: str) -> None:
    """Keep `digest`, the picture `scene_id` (its beats in `folder`) hands over, for its code;
    those of its older code go."""
    if handed_over(folder, scene_id, quality) == digest:
        return
    path = handover_file(folder, scene_id, quality)
    atomic_write_text(path, f"{digest}\n")
    for old in folder.glob("handover-*.txt"):
        if old != path:
            old.unlink(missing_ok=True)


def beat_file(folder: Path, sentence_id: str, key: str, start: str) -> Path:
    """Where the beat with own `key`, drawn from the picture with digest `start`, is kept: its
    video (.mp4, written last), last frame (.jpg) and end state (.end) share the name."""
    return folder / f"{sentence_id}-{key}-{start[:16]}.mp4"


# After the sentence id in a beat's file names: its own key and start picture (older caches: a
# key alone), and -2 for a beat drawn in two processes.
_VERSION = re.compile(r"-[0-9a-f]{20}(-[0-9a-z]{5,16})?(-2)?")


def versions(folder: Path, sentence_id: str, suffix: str) -> list[Path]:
    """The files with `suffix` of every version of a beat kept in `folder` (not those of
    another beat whose id starts with this one's)."""
    return [p for p in folder.glob(f"{sentence_id}-*{suffix}")
            if _VERSION.fullmatch(p.name[len(sentence_id):-len(suffix)])]


def in_halves(video: Path) -> Path:
    """Where the beat kept at `video` goes when the live preview drew it in two processes: its
    frames are the same, its bytes not those of one encode, so `render` never takes it."""
    return video.with_name(f"{video.stem}-2{video.suffix}")


def end_state(video: Path) -> str | None:
    """The digest of the picture a cached beat ends on (None: not in the cache, whole)."""
    end, poster = video.with_suffix(".end"), video.with_suffix(".jpg")
    if not (video.exists() and poster.exists() and end.exists()):
        return None
    return end.read_text(encoding="utf-8").strip() or None
