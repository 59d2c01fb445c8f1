"""Content addresses for rendered beats: a beat is redrawn only when something it shows changed."""

from __future__ import annotations

import hashlib
import subprocess
from functools import cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

from attention import lesson
from scenes import SCENES
from scenes.timing import scene_timing
from transcript.manifest import Manifest
from video.encode import QUALITIES

SCENES_DIR = Path(__file__).resolve().parent.parent / "scenes"
ENCODER_SOURCES = [Path(__file__).with_name(n) for n in ("encode.py", "frames.py", "scene_render.py")]


@cache
def _ffmpeg_version() -> str:
    out = subprocess.run(["ffmpeg", "-version"], capture_output=True, text=True).stdout
    return out.splitlines()[0] if out else "unknown"


def _scene_sources(scene_id: str) -> list[Path]:
    """The scene's own module and every shared scenes/ module (not the other scenes)."""
    own = SCENES[scene_id].split(":")[0].rsplit(".", 1)[1] + ".py"
    scene_modules = {m.split(":")[0].rsplit(".", 1)[1] + ".py" for m in SCENES.values()}
    return sorted(p for p in SCENES_DIR.glob("*.py") if p.name == own or p.name not in scene_modules)


@cache
def _core_digest() -> bytes:
    L = lesson()
    h = hashlib.sha256()
    for a in (L.embeddings, L.w_q, L.w_k, L.w_v, L.result.queries, L.result.keys, L.result.values,
              L.result.scores, L.result.weights, L.result.output):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(repr((L.tokens, L.features, L.qk_dims, L.focus)).encode())
    return h.digest()


def beat_keys(scene_id: str, manifest: Manifest, quality: str) -> dict[str, str]:
    """A digest per beat of everything its frames depend on.

    That is the scene's code, the core's numbers, the quality, the tools' versions, and the
    timing of this beat and of every earlier beat of the scene (in frames from the scene's start:
    moving the whole scene later changes nothing), since earlier beats set the picture it starts
    from.
    """
    fps = QUALITIES[quality][2]
    timing = scene_timing(manifest, scene_id, fps)
    base = hashlib.sha256()
    for part in (scene_id, quality, repr(QUALITIES[quality]), version("manim"), _ffmpeg_version()):
        base.update(part.encode() + b"\0")
    base.update(_core_digest())
    for path in [*_scene_sources(scene_id), *ENCODER_SOURCES]:
        base.update(path.name.encode() + b"\0" + path.read_bytes())
    keys = {}
    for k, beat in enumerate(timing.beats):
        h = base.copy()
        h.update(repr(timing.beats[: k + 1]).encode())
        keys[beat.sentence_id] = h.hexdigest()[:20]
    return keys
