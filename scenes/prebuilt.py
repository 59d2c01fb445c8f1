"""Text and formulas built once and kept: `built(Text, "fluffy", font_size=30)`.

Building a Text or MathTex means parsing its SVG, about six times slower than unpickling the
finished mobject. The pickles live in memory and in Manim's media folder, so a scene that is run
again (to redraw one edited beat) gets its words back almost for free. Unpickling gives the very
same points, so the frames are the same either way.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import manim
from manim import config

from common.files import atomic_write_bytes

M = TypeVar("M", bound=manim.Mobject)

_memory: dict[str, bytes] = {}


def built(factory: Callable[..., M], *args, **kwargs) -> M:
    """A fresh `factory(*args, **kwargs)`, from the cache when it was built before."""
    what = repr((factory.__module__, factory.__qualname__, args, sorted(kwargs.items()),
                 manim.__version__))
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
    mob = factory(*args, **kwargs)
    data = pickle.dumps(mob, protocol=pickle.HIGHEST_PROTOCOL)
    _memory[key] = data
    atomic_write_bytes(path, data)  # parallel scenes may store the same entry at once
    return mob
