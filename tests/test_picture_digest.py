"""The digest that names the picture a beat starts from (`scenes.base.picture_digest`) sees what
is drawn and nothing else: the same picture reached in another process, with another history,
gets the same name, so its cached beats are found (a preview worker's paused copy included)."""

from __future__ import annotations

import numpy as np
from manim import BLUE, RED, MathTex, Square

from common.settings import QUALITIES
from scenes.base import picture_digest
from video.scene_render import manim_config

FORMULA = r"\mathrm{softmax} \Big( Q K^{\top} / \sqrt{d} \Big) \cdot V"


def test_a_formula_gets_one_digest_whether_or_not_manim_parsed_its_svg_before(tmp_path):
    with manim_config(QUALITIES["low"], tmp_path, "formula"):
        first, again = MathTex(FORMULA), MathTex(FORMULA)  # the second from Manim's SVG cache
    # what Manim does: the sheen direction (no sheen drawn) differs, the points do not
    assert not np.allclose(first.sheen_direction, again.sheen_direction)
    assert all(np.array_equal(a.points, b.points) for a, b in zip(first.get_family(), again.get_family()))
    assert picture_digest(first.get_family()) == picture_digest(again.get_family())
    # where the direction is drawn, it counts: a gradient (laid along it) or a sheen
    up, right = np.array([0.0, 1.0, 0.0]), np.array([1.0, 0.0, 0.0])
    graded = Square().set_fill([BLUE, RED], opacity=1)
    assert len(graded.get_fill_rgbas()) > 1
    assert picture_digest(graded.copy().set_sheen_direction(up).get_family()) \
        != picture_digest(graded.copy().set_sheen_direction(right).get_family())
    lit = again.copy().set_sheen(0.5, direction=np.array([1.0, 0.0, 0.0]))
    other = again.copy().set_sheen(0.5, direction=np.array([0.0, 1.0, 0.0]))
    assert picture_digest(lit.get_family()) != picture_digest(other.get_family())
