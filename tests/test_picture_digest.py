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


def test_a_count_through_a_longer_figure_ends_on_the_digest_of_a_jump_to_its_last_figure(tmp_path):
    """A number counted in place through figures longer than its first (a glyph added, then
    emptied) and one set straight to the last figure show the same picture: one digest, so a
    scene's last picture run without its plays hands over what its drawn run ends on."""
    from manim import Text

    from scenes.widgets import figure_in_place

    with manim_config(QUALITIES["low"], tmp_path, "count"):
        counted, jumped = Text("-2.5"), Text("-2.5")
        for figure in ("-2.25", "-1.125", "-0.5", "0"):
            figure_in_place(counted, figure)
        figure_in_place(jumped, "0")
    assert len(counted.submobjects) > len(jumped.submobjects)  # the count left an emptied glyph
    assert picture_digest(counted.get_family()) == picture_digest(jumped.get_family())
