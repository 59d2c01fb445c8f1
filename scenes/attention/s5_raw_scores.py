"""Scene 5: raw scores on a scale with no ceiling; they are not yet percentages."""

from collections.abc import Callable

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
    AnimationGroup,
    Arrow,
    Create,
    DashedLine,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    Indicate,
    LaggedStart,
    Line,
    Mobject,
    Rectangle,
    ReplacementTransform,
    SurroundingRectangle,
    UpdateFromAlphaFunc,
    VGroup,
    linear,
    smooth,
)

from attention import exact_score_figure, total_figure
from attention.attention.lesson import lesson
from attention.attention.spoken import spoken_value
from scenes import style
from scenes.attention.parts import through
from scenes.base import LessonScene, Play
from scenes.rules import during
from scenes.widgets import caption, label

UNIT = 0.5  # frame units per score point
GAP = 0.95  # from a bar's centre to the middle of the gap beside it
# The scene change: the old picture leaves; each word steps round its score and tucks under it
# (TUCK), then word and score go together, straight, to the foot of their bar (TOGETHER).
# The words set off once the old picture (the keys, the lines) is all but gone: none is drawn over
# a fading key.
TUCK, TOGETHER = (0.32, 0.7), (0.7, 1.0)
SIDE_CLEAR = 0.15  # between a word stepping round its score and the score
UNDER = 0.2  # from the floor to the top of the word under it
THICK = 0.42  # the strip's thickness, and a copy's while it travels
LANE_Y, STRIP_Y = 1.55, 2.2  # the copies travel along the lane, above the scores, into the strip


class RawScoresScene(LessonScene):
    scene_id = "raw-scores"
    follows = "dot-products"

    def beats(self) -> None:
        L = lesson()
        base_y = -2.4
        axis = Arrow(4.6 * LEFT + base_y * UP, 4.6 * LEFT + 3.4 * UP, buff=0, color=style.MUTED,
                     stroke_width=3, max_tip_length_to_length_ratio=0.05)
        floor = Line(4.8 * LEFT + base_y * UP, 3.4 * RIGHT + base_y * UP, color=style.MUTED)
        ceiling = caption("no ceiling", color=style.INK).next_to(axis.get_end(), RIGHT, buff=0.2)
        bars, numbers, names = VGroup(), VGroup(), VGroup()
        for n, word in enumerate(L.tokens):
            score = float(L.focus_scores[n])
            x = -3.2 + 1.9 * n
            bar = Rectangle(width=1.1, height=max(score * UNIT, 0.02), fill_color=style.WEIGHT,
                            fill_opacity=0.85, stroke_width=0)
            bar.move_to(x * RIGHT + base_y * UP, aligned_edge=DOWN)
            bars.add(bar)
            numbers.add(label(exact_score_figure(score), size=style.BODY_SIZE, color=style.WEIGHT)
                        .next_to(bar, UP, buff=0.15))
            names.add(label(word, size=style.SMALL_SIZE).next_to(bar, DOWN, buff=UNDER)
                      .set_x(x))
        title = label("creature's raw scores", size=style.BODY_SIZE, color=style.INK)
        title.to_corner(UP + RIGHT, buff=0.5)
        # the scores are the dot products ÷ √d_k worked in the scene before: "raw" as in not yet
        # softmaxed, so the 6.1 the voice reads is the number the screen calls a raw score
        raw_means = caption(f"query · key ÷ √{L.d_k}, not yet softmaxed", color=style.MUTED)
        raw_means.next_to(title, DOWN, buff=0.12).align_to(title, RIGHT)
        # each score lands on the floor first, and rides up on its bar as the bar grows
        tops = [number.get_center() for number in numbers]
        for number in numbers:
            number.set_y(base_y + 0.15 + number.height / 2)

        # the first word the voice says of each score ("six" of "six point one"), and its bar
        spoken = [(spoken_value("score", t, L).split()[0], L.index(t)) for t in ("fluffy", "blue")]

        with self.beat("raw-scores-no-ceiling") as b:
            # As the rest leaves, each word steps round its score and tucks under it; then word
            # and score go together, straight, to the foot of their bar, and the bars grow,
            # lifting each score to the top of its bar.
            carried = self._words_and_scores_arrive(names, numbers)
            rise = [AnimationGroup(GrowFromEdge(bar, DOWN), number.animate.move_to(top))
                    for bar, number, top in zip(bars, numbers, tops)]
            b.fit(self.scene_change(*carried, run_time=2.2),
                  Play(lambda: [Create(floor), Create(axis),
                                LaggedStart(*rise, lag_ratio=0.15),
                                FadeIn(title), FadeIn(raw_means)], run_time=0.8),
                  by="six")
            # each read score's bar and score outlined, where they stand now
            rings = VGroup(*(SurroundingRectangle(VGroup(bars[i], numbers[i]), color=style.INK,
                                                  buff=0.1, stroke_width=3) for _, i in spoken))
            # Each score is outlined as the voice reads it.
            for k, (word, i) in enumerate(spoken):
                b.until(word)
                b.fit(Play(Indicate(numbers[i], color=style.WEIGHT, scale_factor=1.2),
                           FadeIn(rings[k]), run_time=0.6),
                      by=spoken[k + 1][0] if k + 1 < len(spoken) else "no")
            b.fit(Play(FadeIn(ceiling, shift=0.2 * UP), FadeOut(rings),
                       axis.animate.put_start_and_end_on(axis.get_start(),
                                                         axis.get_end() + 0.3 * UP),
                       run_time=0.6))

        with self.beat("behave-like-percentages") as b:
            # The bars stack end to end along the top: all of creature's scores add up to 16,
            # against a ruler of 1, the whole that weights share out as percentages.
            lengths = [bar.height if bar.height > 0.05 else 0.02 for bar in bars]
            gaps = [bar.get_x() - GAP for bar in bars]  # each copy rises in the gap left of its bar
            # the strip starts where every copy, running right along the lane, reaches its piece
            x0 = max(gx - sum(lengths[:n]) for n, gx in enumerate(gaps))
            pieces, at = VGroup(), x0
            for length in lengths:
                piece = Rectangle(width=length, height=THICK, fill_color=style.WEIGHT,
                                  fill_opacity=0.85, stroke_color=style.BACKGROUND, stroke_width=2)
                pieces.add(piece.move_to([at + length / 2, STRIP_Y, 0]))
                at += length
            total = label(f"scores add up to {total_figure(float(L.focus_scores.sum()))}",
                          size=style.BODY_SIZE, color=style.WEIGHT)
            total.next_to(pieces, DOWN, buff=0.2).align_to(pieces, RIGHT)
            top = STRIP_Y + THICK / 2
            ruler = VGroup(Line([x0, top + 0.15, 0], [x0 + UNIT, top + 0.15, 0], color=style.INK,
                                stroke_width=4),
                           *(Line([x, top + 0.02, 0], [x, top + 0.28, 0], color=style.INK,
                                  stroke_width=3) for x in (x0, x0 + UNIT)))
            whole = label("weights sum to 1 = 100%", size=style.BODY_SIZE, color=style.INK)
            whole.next_to(ruler, UP, buff=0.15).align_to(ruler, LEFT)
            mark = DashedLine([x0 + UNIT, STRIP_Y - THICK / 2 - 0.25, 0],
                              [x0 + UNIT, top + 0.15, 0], color=style.INK, stroke_width=4)
            # One bar at a time: its copy narrows into the gap left of it, runs up the gap and
            # right along the lane above the scores like a rope round a corner, and rises into
            # its piece of the strip: it never turns over, never crosses a score or a bar. The
            # scores turn white over their dimmed bars (as softmax's chart shows them).
            numbers.set_z_index(1)
            # the subtitle leaves before the strip's ruler and its label come up beside it
            b.fit(Play(bars.animate.set_fill(opacity=0.4), numbers.animate.set_color(style.INK),
                       FadeOut(raw_means), run_time=0.25),  # on "Before"
                  *(Play(lambda bar=bar, piece=piece, gx=gx: [pour(bar, piece, gx, base_y)],
                         run_time=0.6) for bar, piece, gx in zip(bars, pieces, gaps)),
                  by="behave")
            # "...behave like percentages": what the scores add up to, against the whole that
            # weights share out
            b.fit(Play(Create(ruler), FadeIn(whole, shift=0.15 * DOWN),
                       FadeIn(total, shift=0.15 * UP), run_time=0.6),
                  by="percentages")
            # everything right of the mark is too much
            b.fit(Play(Create(mark), Indicate(total, color=style.WEIGHT, scale_factor=1.1),
                       run_time=0.8))
        # softmax squashes this very chart; the words become its token boxes
        self.keep(bars=bars, numbers=numbers, title=title, names=names)

    def _words_and_scores_arrive(self, names: VGroup, numbers: VGroup) -> list[Animation]:
        """The scene change's carries: each word steps round the left of its score (clear of
        it) and tucks under it, then word and score travel together, straight, to where they
        stand on the floor: word under, score above."""
        if "scores" not in self.previous or "words" not in self.previous:
            return [FadeIn(VGroup(names, numbers), rate_func=during(*TOGETHER))]
        olds, scores = self.take("words"), self.take("scores")
        moves: list[Animation] = []
        for old, new, score, number in zip(olds, names, scores, numbers):
            under = score.get_center() + (new.get_center() - number.get_center())
            side_x = score.get_left()[0] - SIDE_CLEAR - old.width / 2
            stops = [np.array([side_x, score.get_top()[1] + old.height / 2, 0.0]),
                     np.array([side_x, under[1], 0.0]), under]
            corners = [old.get_center(), *stops, new.get_center()]
            legs = [float(np.linalg.norm(q - p)) for p, q in zip(corners, corners[1:])]
            share = sum(legs[:-1]) / (sum(legs) or 1.0)
            moves.append(ReplacementTransform(old, new, path_func=through(old, new, stops),
                                              rate_func=tuck_then_go(share)))
            moves.append(ReplacementTransform(score, number, rate_func=within(*TOGETHER)))
        return moves


def tuck_then_go(share: float) -> Callable[[float], float]:
    """The rate of a word's way: its first `share` (round its score) during TUCK, the rest (with
    its score) during TOGETHER, so that word and score move as one."""
    tuck, go = within(*TUCK), within(*TOGETHER)
    return lambda t: share * tuck(t) + (1 - share) * go(t)


def within(start: float, end: float) -> Callable[[float], float]:
    """`during`'s window with a gentler ease (`smooth`): a long way at an even pace, not a jump
    in the middle."""
    return lambda t: smooth(min(1.0, max(0.0, (t - start) / (end - start))))


Box = tuple[float, float, float, float]  # left, right, bottom, top
NOTHING: Box = (0.0, 0.0, 0.0, 0.0)  # an arm the rope does not have now


def pour(bar: Mobject, piece: Mobject, gap_x: float, floor_y: float) -> Animation:
    """A copy of `bar` on its way to `piece`: it narrows into the gap at `gap_x` (beside its bar),
    runs up the gap and right along the lane like a rope round a corner (never turning over),
    until it lies under `piece`, then rises into it. The rope is two boxes, its upright arm and
    its lying arm, so that neither box reaches over a score the bend passes above."""
    length, h = piece.width, THICK / 2
    rope = VGroup(piece.copy(), piece.copy())
    up = LANE_Y - floor_y  # the rope's way up the gap, then along the lane
    run = up + piece.get_left()[0] - gap_x  # the tail's way, until the rope lies under `piece`
    rise = STRIP_Y - LANE_Y
    narrow, bent = 0.25, 0.25 + 0.6 * run / (run + rise)

    def arms(alpha: float) -> tuple[Box, Box]:
        if alpha < narrow:  # the bar's copy narrows into the sliver standing in the gap
            s = smooth(alpha / narrow)
            left = bar.get_left()[0] + (gap_x - h - bar.get_left()[0]) * s
            right = bar.get_right()[0] + (gap_x + h - bar.get_right()[0]) * s
            return (left, right, floor_y, floor_y + length), NOTHING
        if alpha < bent:  # the rope: its tail `s` along the way up and right, its head `e`
            s = smooth((alpha - narrow) / (bent - narrow)) * run
            e = s + length
            upright = ((gap_x - h, gap_x + h, floor_y + s, floor_y + min(e, up) + (h if e > up else 0))
                       if s < up else NOTHING)
            lying = ((gap_x + max(s - up, 0) + (h if s < up else 0), gap_x + e - up, LANE_Y - h,
                      LANE_Y + h) if e > up else NOTHING)
            return upright, lying
        s = smooth((alpha - bent) / (1 - bent))  # lying under its piece, it rises into it
        y = LANE_Y + rise * s
        return NOTHING, (piece.get_left()[0], piece.get_right()[0], y - h, y + h)

    def update(mob: Mobject, alpha: float) -> None:
        for arm, box in zip(mob, arms(alpha)):
            left, right, bottom, top = box
            arm.set_points_as_corners([np.array([x, y, 0.0]) for x, y in
                                       ((left, bottom), (right, bottom), (right, top),
                                        (left, top), (left, bottom))])
            arm.set_fill(opacity=0.85 if right - left > 1e-3 else 0.0)
            arm.set_stroke(width=2 if right - left > 1e-3 else 0)

    return UpdateFromAlphaFunc(rope, update, rate_func=linear)


