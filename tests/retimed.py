"""A manifest with one sentence spoken longer, the later sentences moved by as much: how the
tests stand in for an edit of one sentence's voice without voicing it. Imported by
tests/test_checkpoints.py and tests/test_head_start.py."""

from __future__ import annotations

import dataclasses

from transcript.manifest import Manifest


def longer(m: Manifest, sentence_id: str, frames: int, fps: int) -> Manifest:
    """`sentence_id` spoken `frames` (at `fps`) longer: the sentences after it move."""
    i = [s.id for s in m.sentences].index(sentence_id)
    by = frames / fps

    def moved(s):
        return dataclasses.replace(s, start=s.start + by, end=s.end + by, words=tuple(
            dataclasses.replace(w, start=w.start + by, end=w.end + by) for w in s.words))

    return dataclasses.replace(m, duration=m.duration + by, sentences=tuple(
        moved(s) if n > i else dataclasses.replace(s, end=s.end + by) if n == i else s
        for n, s in enumerate(m.sentences)))
