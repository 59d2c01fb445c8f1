"""Content addresses for rendered beats: a beat is redrawn only when something it shows changed."""

from __future__ import annotations

import hashlib
from functools import cache
from importlib.metadata import version

import numpy as np

from attention import lesson
from common.media import ffmpeg_version
from common.settings import QUALITIES
from scenes import scene_modules
from scenes.timing import SceneTiming
from video.imports import ROOT, project_sources

RENDERER = "video.scene_render"  # draws and encodes every beat: its imports are in every key


def beat_sources(scene_id: str) -> tuple:
    """Every project file a beat of `scene_id` is drawn with: the scene's module, the renderer,
    and all they import (the numbers' formatting in attention/figures.py among them)."""
    return project_sources(scene_modules()[scene_id][0], RENDERER)


@cache
def _core_digest() -> bytes:
    L = lesson()
    h = hashlib.sha256()
    for a in (L.embeddings, L.w_q, L.w_k, L.w_v, L.result.queries, L.result.keys, L.result.values,
              L.result.scores, L.result.weights, L.result.output):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(repr((L.tokens, L.features, L.qk_dims, L.focus)).encode())
    return h.digest()


def beat_keys(timing: SceneTiming, quality: str) -> dict[str, str]:
    """A digest per beat of everything its frames depend on.

    That is the scene's code, the core's numbers, the quality, the tools' versions, and the
    timing of this beat and of every earlier beat of the scene (in frames from the scene's start:
    moving the whole scene later changes nothing), since earlier beats set the picture it starts
    from.
    """
    scene_id = timing.scene_id
    base = hashlib.sha256()
    for part in (scene_id, quality, repr(QUALITIES[quality]), version("manim"), ffmpeg_version()):
        base.update(part.encode() + b"\0")
    base.update(_core_digest())
    for path in beat_sources(scene_id):
        base.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    keys = {}
    for k, beat in enumerate(timing.beats):
        h = base.copy()
        h.update(repr(timing.beats[: k + 1]).encode())
        keys[beat.sentence_id] = h.hexdigest()[:20]
    return keys
