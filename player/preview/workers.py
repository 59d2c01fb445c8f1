"""The live preview's drawing workers: started with the renderer process, they import Manim and
the scenes before the first save, keep paused copies of the scenes they run (video.checkpoints)
and die with the renderer. A worker imports this module to run `warm_worker`, so it imports no
more than a worker needs.
"""

from __future__ import annotations

import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tqdm import tqdm

from common.settings import Quality
from scenes import scene_ids
from video import checkpoints
from video.workers import Parent, TiedPool, tie_to_parent, worker_context


def worker_pool(jobs: int, copies: Path, quality: Quality) -> ProcessPoolExecutor:
    """`jobs` drawing processes, started now so that Manim is imported before the first save;
    they keep paused copies of the scenes they run in `copies`."""
    pool = TiedPool(jobs, mp_context=worker_context(), initializer=warm_worker,
                    initargs=(Parent(), copies, quality))
    for _ in range(jobs):
        pool.submit(int)
    return pool


def warm_worker(parent: Parent, copies: Path, quality: Quality) -> None:
    """A drawing worker: Manim and the scenes imported before the first scene is asked for."""
    tie_to_parent(parent)
    checkpoints.enable(copies, quality)
    # Manim's progress bars (switched off) would make tqdm's default lock, a multiprocessing
    # one the resource tracker warns about when a worker is killed; a thread lock will do.
    tqdm.set_lock(threading.RLock())
    try:
        from video.scene_render import loaded_scene  # Manim: importing it is the warming

        for scene_id in scene_ids():
            loaded_scene(scene_id)  # the code each is drawn with, noted as it is imported
    except Exception:
        pass  # a scene that cannot be imported is reported when it is drawn
