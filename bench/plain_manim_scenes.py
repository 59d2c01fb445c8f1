"""The lesson's scenes for Manim's own command line, for the benchmark's baseline.

`manim render -qm bench/plain_manim_scenes.py PhraseScene …` draws the same scenes with Manim's
own file writer, partial movies and cache; BENCH_MANIFEST names the timed manifest to follow.
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from manim import config  # noqa: E402

from scenes import scene_class, scene_ids  # noqa: E402
from scenes.plan import RunPlan  # noqa: E402
from scenes.timing import scene_timing  # noqa: E402
from transcript.manifest import read_manifest  # noqa: E402

_manifest = read_manifest(Path(os.environ["BENCH_MANIFEST"]))


def _plain(scene_id: str):
    base = scene_class(scene_id)

    def __init__(self, *args, **kwargs):
        base.__init__(self, scene_timing(_manifest, scene_id, int(config.frame_rate)),
                      RunPlan.drawing(sink=None))

    return type(base.__name__, (base,), {"__init__": __init__})


for _id in scene_ids():
    _cls = _plain(_id)
    globals()[_cls.__name__] = _cls
