"""Text and formulas built once and kept: `built(Text, "fluffy", font_size=30)`; and the last
picture of a scene, which the scene that follows it opens on (`last_picture`).

Building a Text or MathTex means parsing its SVG, about six times slower than unpickling the
finished mobject (kept without the parsed SVG paths, needed only to build it). The pickles live
in memory and in Manim's media folder, so a scene that is run again (to redraw one edited beat)
gets its words back almost for free. Unpickling gives the very same points, so the frames are
the same either way. A scene's last picture, made by running its code, is kept the same way,
for as long as the lesson's code and Manim stay as they are.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

import manim
from manim import config

from common.files import atomic_write_bytes
from common.paths import ROOT

M = TypeVar("M", bound=manim.Mobject)

_memory: dict[str, bytes] = {}


def built(factory: Callable[..., M], *args, **kwargs) -> M:
    """A fresh `factory(*args, **kwargs)`, from the cache when it was built before."""
    what = repr((factory.__module__, factory.__qualname__, args, sorted(kwargs.items()),
                 manim.__version__, "without parsed paths"))
    if " at 0x" in what:  # an argument without a stable description: build it every time
        return factory(*args, **kwargs)
    key = hashlib.sha256(what.encode()).hexdigest()[:32]
    data = _memory.get(key)
    path = Path(config.media_dir) / "prebuilt" / f"{key}.pickle"
    if data is None and path.exists():
        data = path.read_bytes()
    if data is not None:
        try:
            mob = pickle.loads(data)
            _memory[key] = data
            return mob
        except Exception:  # a damaged or outdated entry is built again
            pass
    mob = _without_parsed_paths(factory(*args, **kwargs))
    data = pickle.dumps(mob, protocol=pickle.HIGHEST_PROTOCOL)
    _memory[key] = data
    atomic_write_bytes(path, data)  # parallel scenes may store the same entry at once
    return mob


def _without_parsed_paths(mob: M) -> M:
    """`mob` without the parsed SVG path each glyph keeps (`path_obj`, thousands of small
    objects per text, most of a pickle's size and of the time unpickling it takes): Manim reads
    it only while it builds the glyph's points, and `scenes.fastcopy` shares it between copies."""
    for m in mob.get_family():
        if "path_obj" in m.__dict__:
            m.path_obj = None
    return mob


# What a scene keeps for the next, its mobjects, and the digest of both (`LessonScene.handover`).
Picture = tuple[dict[str, manim.Mobject], list[manim.Mobject], str]
CODE = ("common", "attention", "transcript", "scenes")  # the engine's code a scene's comes from


def last_picture(scene_id: str, build: Callable[[], Picture]) -> Picture:
    """Scene `scene_id`'s last picture as `build` makes it (by running the scene's code): the
    mobjects it keeps for the next scene, those on screen, and their digest. Built once per
    version of the code and Manim and kept; one pickle, so the kept mobjects stay parts of the
    picture."""
    what = repr((scene_id, _code_digest(), manim.__version__, config.pixel_width,
                 config.pixel_height, config.frame_width, config.frame_height))
    path = Path(config.media_dir) / "prebuilt" / \
        f"picture-{hashlib.sha256(what.encode()).hexdigest()[:32]}.pickle"
    if path.exists():
        try:
            kept, mobjects, digest = pickle.loads(path.read_bytes())
            return kept, mobjects, digest
        except Exception:  # a damaged or outdated entry is built again
            pass
    picture = build()
    try:
        data = pickle.dumps(picture, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a mobject that does not pickle (an updater's closure): not kept
        return picture
    atomic_write_bytes(path, data)
    return picture


def _code_digest() -> str:
    """A digest of every source file a scene's code can come from: the engine's and the chosen
    lesson's own folders (read once per process and lesson: a worker may draw several)."""
    from transcript.lessons import chosen

    return _folders_digest(chosen().id)


@cache
def _folders_digest(lesson_id: str) -> str:
    from transcript.lessons import code_folders

    h = hashlib.sha256()
    folders = set(code_folders(CODE))
    for path in sorted({p for folder in folders for p in folder.rglob("*.py")}):
        name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        h.update(str(name).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()
