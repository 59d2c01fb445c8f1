"""Manim scenes of the lesson, one per narration paragraph, a beat per sentence."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the registry itself stays importable without loading Manim
    from scenes.base import LessonScene

SCENES = {  # scene id (the paragraph's `scene` in the lesson YAML) -> module:class
    "phrase": "scenes.s1_phrase:PhraseScene",
    "queries-keys-values": "scenes.s2_qkv:QueriesKeysValuesScene",
    "broadcast": "scenes.s3_broadcast:BroadcastScene",
    "dot-products": "scenes.s4_dot_products:DotProductsScene",
    "raw-scores": "scenes.s5_raw_scores:RawScoresScene",
    "softmax": "scenes.s6_softmax:SoftmaxScene",
    "weighted-sum": "scenes.s7_weighted_sum:WeightedSumScene",
    "formula": "scenes.s8_formula:FormulaScene",
    "all-at-once": "scenes.s9_all_at_once:AllAtOnceScene",
}


def scene_class(scene_id: str) -> type[LessonScene]:
    """The scene class drawing `scene_id`."""
    try:
        module, name = SCENES[scene_id].split(":")
    except KeyError:
        raise KeyError(f"no scene draws {scene_id!r}; scenes: {', '.join(SCENES)}") from None
    return getattr(import_module(module), name)
