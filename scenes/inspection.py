"""Where a scene's texts are, read from its mobjects without drawing a pixel: what the tests check
layout with (caption band, overlaps, the frame's edges)."""

from __future__ import annotations

import numpy as np
from manim import DecimalNumber, MathTex, Mobject, Text, config

TEXTS = (Text, MathTex, DecimalNumber)
_LOW, _HIGH = np.array([-1, -1, 0]), np.array([1, 1, 0])


def text_boxes(mobjects: list[Mobject]) -> list[tuple[str, np.ndarray]]:
    """Every visible text among `mobjects` (and their parts) with its (2, 3) corners."""
    return [(label(mob), np.array([mob.get_corner(_LOW), mob.get_corner(_HIGH)]))
            for mob in visible_family(mobjects)
            if isinstance(mob, TEXTS) and mob.family_members_with_points()]


def out_of_frame(mobjects: list[Mobject]) -> list[str]:
    """The visible mobjects that reach past the frame's edges."""
    half_w, half_h = config.frame_width / 2, config.frame_height / 2
    out = []
    for mob in visible_family(mobjects):
        if mob.family_members_with_points() and opacity(mob) > 0:
            lo, hi = mob.get_corner(_LOW), mob.get_corner(_HIGH)
            if lo[0] < -half_w - 1e-6 or hi[0] > half_w + 1e-6 or lo[1] < -half_h - 1e-6 \
                    or hi[1] > half_h + 1e-6:
                out.append(f"{type(mob).__name__} {label(mob)!r}")
    return out


def visible_family(mobjects: list[Mobject]) -> list[Mobject]:
    """The visible texts (whole) and shapes among `mobjects` and their parts, each once."""
    out, seen = [], set()

    def walk(m: Mobject) -> None:
        if id(m) in seen:
            return
        seen.add(id(m))
        if isinstance(m, TEXTS):
            if opacity(m) > 0:
                out.append(m)
            return  # a text's glyphs are not separate texts
        if m.has_points() and opacity(m) > 0:
            out.append(m)
        for s in m.submobjects:
            walk(s)

    for m in mobjects:
        walk(m)
    return out


def opacity(mob: Mobject) -> float:
    family = mob.family_members_with_points()
    if not family:
        return 0.0
    return max(max(float(m.get_fill_opacity()), float(m.get_stroke_opacity())) for m in family)


def label(mob: Mobject) -> str:
    if isinstance(mob, Text):
        return mob.original_text
    if isinstance(mob, MathTex):
        return mob.get_tex_string()
    if isinstance(mob, DecimalNumber):
        return f"{mob.number}"
    return type(mob).__name__


def key(label_: str, corners: np.ndarray) -> str:
    """A text and its place as one key (a text shown twice in two places is two)."""
    return f"{label_} @ {np.round(corners, 2).tolist()}"
