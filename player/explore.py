"""The data a page's "Explore this step" panel computes from: the lesson's inputs (its
declaration's `explore`), and which step of the lesson each of the page's beats shows (from the
script)."""

from __future__ import annotations

from player.data import lines_in, whole
from transcript.lessons import lesson_of
from transcript.manifest import Manifest, Span


def explore_page_data(manifest: Manifest, span: Span | None = None) -> dict:
    """The core's inputs and, for each sentence starting in `span` (default: all), its beat's step."""
    shown = {line.id for line in lines_in(manifest, span or whole(manifest))}
    return {"core": lesson_of(manifest.lesson).explore(),
            "beats": {s.id: s.step for s in manifest.sentences if s.id in shown}}
