"""Scene 6's division: each exponential over the sum, one fraction per token under the sum line,
its share after "="; the strongest worked on its own first, then the other three."""

import numpy as np
from manim import LEFT, RIGHT, FadeIn, FadeOut, GrowFromCenter, Line, Mobject, Text, TransformFromCopy, VGroup
from manim.utils.rate_functions import ease_in_cubic, ease_in_quart

from attention.attention.lesson import Lesson
from attention.figures import exp_figure, percent_figure
from scenes import style
from scenes.attention.parts import through_copy
from scenes.base import Play
from scenes.rules import during
from scenes.widgets import label, mono

NUM_Y, RULE_Y, DEN_Y = 1.48, 1.25, 1.02  # each fraction: its term over its rule over the sum
HOP_DIP = 0.3  # how far under the denominators' row a copy of the sum dips between two columns
RULE_HALF = 0.4  # half a rule: just wider than the sum under it, the share close beside it
# A copy leaves its source at once and slows into place. Manim plays a TransformFromCopy as its
# Transform run backwards, rate(1 - t), so an ease-in given to it eases out on screen.
COPY_LEAVES = ease_in_quart


class Fractions:
    """The four fractions (term / sum = share), each on its token's column between the sum line
    and the bars, and the plays that build them from the working already on screen."""

    def __init__(self, L: Lesson, xs: list[float]):
        size = style.BODY_SIZE + 2
        self.strongest = int(np.argmax(L.focus_weights))
        self.overs, self.rules, self.unders, self.shares = VGroup(), VGroup(), VGroup(), VGroup()
        for e, w, x in zip(L.focus_exponentials, L.focus_weights, xs):
            self.overs.add(mono(exp_figure(e), style.INK, size).move_to([x, NUM_Y, 0]))
            rule = Line([x - RULE_HALF, RULE_Y, 0], [x + RULE_HALF, RULE_Y, 0], color=style.MUTED,
                        stroke_width=2)
            self.rules.add(rule)
            self.unders.add(mono(exp_figure(L.focus_exp_sum), style.WEIGHT, size)
                            .move_to([x, DEN_Y, 0]))
            # the share in the bars' labels' font, so its copy to its bar only moves; a narrow
            # gap after "=" keeps it in its token's column
            share = VGroup(mono("=", style.WEIGHT, size),
                           label(percent_figure(w), size=size, color=style.WEIGHT))
            share.arrange(RIGHT, buff=0.1)
            self.shares.add(share.next_to(rule, RIGHT, buff=0.1).set_y(RULE_Y))

    def percents(self) -> VGroup:
        """Each fraction's share ("55%"), which the bars' labels are copied from."""
        return VGroup(*(s[-1] for s in self.shares))

    def plays(self, numbers: VGroup, working: list[Mobject], result: Text) -> list[Play]:
        """The strongest fraction built step by step (its term up from its bar, the sum brought
        down right of the fractions and along under it, its share), then the other three: terms
        up together, the bars' `working` gone, the sum handed on from denominator to
        denominator one column at a time (the strongest's neighbours first), then their shares."""
        lane = result.get_x()  # the sum's copies go straight down from it, right of the fractions
        k = self.strongest
        rest = [j for j in range(len(self.overs)) if j != k]
        return [
            Play(TransformFromCopy(numbers[k], self.overs[k], rate_func=COPY_LEAVES),
                 GrowFromCenter(self.rules[k], rate_func=during(0.5, 1.0)), run_time=0.5),
            Play(self._sum_down(result, k, [np.array([lane, DEN_Y, 0.0])]), run_time=0.6),
            Play(FadeIn(self.shares[k], shift=0.15 * LEFT), run_time=0.35),
            Play(*(TransformFromCopy(numbers[j], self.overs[j], rate_func=COPY_LEAVES) for j in rest),
                 *(GrowFromCenter(self.rules[j], rate_func=during(0.5, 1.0)) for j in rest),
                 run_time=0.45),
            Play(*(FadeOut(m) for m in working), run_time=0.25),
            # then the sum handed on from denominator to denominator, the strongest's first: each
            # copy hops one column along a short dip under the row (the neighbours together),
            # never passing under another fraction; the shares once every copy is in place
            *(Play(*(self._hop(j) for j in wave), run_time=0.5) for wave in self._waves(rest)),
            Play(*(FadeIn(self.shares[j], shift=0.15 * LEFT) for j in rest), run_time=0.35),
        ]

    def _waves(self, rest: list[int]) -> list[list[int]]:
        """The other fractions by how many columns they stand from the strongest: each wave
        gets its sum from the one before (the strongest's neighbours from the strongest)."""
        k = self.strongest
        return [w for w in ([j for j in rest if abs(j - k) == d] for d in range(1, len(self.unders)))
                if w]

    def _hop(self, j: int) -> TransformFromCopy:
        """A copy of the sum from the denominator next to fraction j's, on the strongest's side,
        to j's: one column, down a little and across under the row, up into place."""
        source = self.unders[j + (1 if j < self.strongest else -1)]
        under = self.unders[j]
        dip = np.array([(source.get_x() + under.get_x()) / 2, DEN_Y - HOP_DIP, 0.0])
        return TransformFromCopy(source, under, path_func=through_copy(source, under, [dip]),
                                 rate_func=ease_in_cubic)  # see COPY_LEAVES

    def _sum_down(self, result: Text, j: int, stops: list[np.ndarray]) -> TransformFromCopy:
        """A copy of the sum to fraction j's denominator through `stops`, leaving at once."""
        under = self.unders[j]
        return TransformFromCopy(result, under, path_func=through_copy(result, under, stops),
                                 rate_func=ease_in_cubic)  # see COPY_LEAVES
