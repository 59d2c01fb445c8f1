"""The play rules of scenes/rules.py, on real Manim animations."""

from __future__ import annotations

import numpy as np
from manim import RIGHT, FadeIn, Indicate, Square, Transform, TransformFromCopy, smooth

from scenes.rules import lead


def moved_early(animation, target) -> float:
    """How far the moving part has gone, as a share of the way, at a tenth of the play."""
    start = animation.mobject.get_center().copy()
    animation.begin()
    animation.interpolate(0.1)
    return float(np.linalg.norm(animation.mobject.get_center() - start) / np.linalg.norm(target - start))


def test_a_cued_transform_moves_plainly_at_once():
    a, b = Square(), Square().shift(RIGHT * 4)
    play = Transform(a, b, rate_func=smooth)
    lead(play)
    assert moved_early(play, b.get_center()) > 0.25


def test_a_cued_copy_leaves_its_source_plainly_at_once():
    """Manim plays TransformFromCopy as the target's transform reversed: an ease-out given to it
    would show as an ease-in, the copy sitting on its source when the word is said."""
    a, b = Square(), Square().shift(RIGHT * 4)
    play = TransformFromCopy(a, b, rate_func=smooth)
    lead(play)
    play.begin()
    play.interpolate(0.1)
    assert play.mobject.get_center()[0] > 0.25 * 4


def test_lead_leaves_a_chosen_rate_alone():
    play = FadeIn(Square(), rate_func=lambda t: t)
    lead(play)
    assert play.rate_func(0.5) == 0.5


def test_a_cued_flash_lights_plainly_at_once_and_comes_back():
    """Indicate runs there and back; at a cue its first frames must already show it."""
    word = Square()
    play = Indicate(word, scale_factor=1.5)
    lead(play)
    play.begin()
    play.interpolate(0.05)
    assert play.mobject.width > 2 * 1.1  # grown by more than a fifth of the way at a twentieth
    play.interpolate(1.0)
    assert abs(play.mobject.width - 2) < 1e-6
