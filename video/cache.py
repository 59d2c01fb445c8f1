"""Content addresses for rendered beats: a beat is redrawn only when something it shows changed."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

from attention import lesson
from common.media import ffmpeg_version
from common.settings import Quality
from scenes import scene_follows, scene_modules
from scenes.timing import SceneTiming
from video.imports import ROOT, project_sources

RENDERER = "video.scene_render"  # draws and encodes every beat: its imports are in every key


def beat_sources(scene_id: str) -> tuple:
    """Every project file a beat of `scene_id` is drawn with: the scene's module, the renderer,
    and all they import (the numbers' formatting in attention/figures.py among them), and the
    module of the scene it opens on (`follows`), whose last picture it starts from."""
    modules = [scene_modules()[scene_id][0], RENDERER]
    if scene_id in scene_follows():
        modules.append(scene_modules()[scene_follows()[scene_id]][0])
    return project_sources(*modules)


@cache
def _manim_version() -> str:
    """Asked once per process (reading a package's metadata takes a millisecond)."""
    return version("manim")


@cache
def _core_digest() -> bytes:
    L = lesson()
    h = hashlib.sha256()
    for a in (L.embeddings, L.w_q, L.w_k, L.w_v, L.result.queries, L.result.keys, L.result.values,
              L.result.scores, L.result.weights, L.result.output):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(repr((L.tokens, L.features, L.qk_dims, L.focus)).encode())
    return h.digest()


def beat_keys(timing: SceneTiming, quality: Quality) -> dict[str, str]:
    """A digest per beat of everything its frames depend on but the picture it starts from.

    That is the scene's code, the core's numbers, the quality, the tools' versions, and the
    beat's own timing in frames from its start: its length, the words it waits for, and for the
    first beat the lead-in before it. The picture it starts from is the scene's state there
    (`LessonScene.state_digest`), known only by running the scene: it is the second half of the
    beat's file name (see `beat_file`), so an edit that leaves a beat's start looking the same
    leaves the later beats of the scene as they are.
    """
    scene_id = timing.scene_id
    base = hashlib.sha256()
    for part in (scene_id, quality.name, repr(quality), _manim_version(), ffmpeg_version()):
        base.update(part.encode() + b"\0")
    base.update(_core_digest())
    for path in beat_sources(scene_id):
        base.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
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
