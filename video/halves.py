"""Which beats the live preview draws in two processes, and where to cut them so that both
parts take about as long.

A beat is drawn in two when drawing it took HALVES_FROM processor-seconds or more the last time
(the drawing thread's own time, whatever else ran beside it; kept beside the beat as `.took`,
scaled to its new length): below that, the second process's share of the processors, the play
starts both run and the join cost more than it saved. A beat never drawn is drawn whole (and so
measured).

Where to cut: a beat's cost is in its moving frames. Measured on the lesson's longest beat at
low quality, a frame of a play took 20–50 ms to draw and encode, a held frame 4–9 ms, and a
play's start (its copies of the mobjects) about two frames' worth. The process that draws the
second part first runs the first without pixels, about eight frames' worth. Where a beat moves
is known from the preview's run of the scene without pixels (video.checkpoints), under the
timing before the edit.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from common.files import atomic_write_text

HELD = 0.2  # a held frame's cost, in moving frames
PLAY_START = 2.0  # a play's start
SKIP = 8.0  # running the first part without pixels, in the second part's process
# Processor-seconds of drawing (as last measured) from which a beat is drawn in two: in the
# preview at low quality, a beat that draws in 2 s alone drew 0.25 s sooner in two, beats of
# 1-1.2 s 0.1-0.3 s later (their encoders and the levelling share the processors).
HALVES_FROM = 1.5


Moves = Sequence[tuple[int, int]]  # the frames each play spans, [start, end), from the beat's start


def worth_halving(took: tuple[float, int] | None, frames: int) -> bool:
    """Whether a beat of `frames` frames is drawn in two, given the seconds it took to draw
    and its frames then (None: never drawn)."""
    return took is not None and took[1] > 0 and took[0] * frames / took[1] >= HALVES_FROM


def split_frame(moves: Moves, length: int, begin: int, end: int) -> int | None:
    """The frame in [begin, end) where the second part starts: the two parts cost about the
    same (None: a beat of one frame). `moves` and `length` describe the beat as last run; it
    now spans [begin, end)."""
    n = end - begin
    scale = n / length if length else 1.0
    cost = np.full(n, HELD)
    for start, stop in moves:
        a, b = min(n - 1, round(start * scale)), min(n, max(round(stop * scale), round(start * scale) + 1))
        cost[a:b] = 1.0
        cost[a] += PLAY_START
    if n < 2:
        return None
    first = np.cumsum(cost)[:-1]  # the first part's cost, with 1 .. n-1 frames
    imbalance = np.abs(first - (cost.sum() - first + SKIP))
    return begin + 1 + int(np.argmin(imbalance))


def write_moves(path: Path, moves: Moves, length: int) -> None:
    """Keep where a beat moves beside the paused copy at its start (`path`)."""
    path.write_text(json.dumps({"length": length, "moves": [list(m) for m in moves]}),
                    encoding="utf-8")


def read_moves(path: Path) -> tuple[list[tuple[int, int]], int] | None:
    """What `write_moves` kept, or None."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [(int(a), int(b)) for a, b in data["moves"]], int(data["length"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_took(path: Path, seconds: float, frames: int) -> None:
    """Keep beside a drawn beat (`path`, its .took) the processor-seconds drawing its `frames`
    took."""
    atomic_write_text(path, f"{seconds:.3f} {frames}\n")


def last_took(versions: Sequence[Path]) -> tuple[float, int] | None:
    """(seconds, frames) from the newest of a beat's `.took` files, or None."""
    for path in sorted(versions, key=_modified, reverse=True):
        try:
            seconds, frames = path.read_text(encoding="utf-8").split()
            return float(seconds), int(frames)
        except (OSError, ValueError):
            continue
    return None


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
