"""Scene 5: raw scores on a scale with no ceiling; they are not yet percentages."""

from collections.abc import Callable

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Animation,
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
    VGroup,
    config,
)

from attention import exact_score_figure, lesson, total_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.rules import during
from scenes.widgets import caption, label
from transcript.spoken import spoken_value

UNIT = 0.5  # frame units per score point
GAP = 0.95  # a word on its way under its bar passes this far right of it: between two scores
WORDS_LANE_Y = 2.6  # the height the words wait at, well above where the scores land
# In the scene change's play: the words rise straight up to their lane (by WORDS_UP), then the
# scores fly to their bars (landed by SCORES_LANDED); the words go on only in the next play.
WORDS_UP, SCORES_FROM, SCORES_LANDED = (0.1, 0.4), 0.35, 0.8


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
            names.add(label(word, size=style.SMALL_SIZE).next_to(bar, DOWN, buff=0.2)
                      .set_x(x))
        title = label("creature's raw scores", size=style.BODY_SIZE, color=style.INK)
        title.to_corner(UP + RIGHT, buff=0.5)

        # the first word the voice says of each score ("six" of "six point one"), and its bar
        spoken = [(spoken_value("score", t, L).split()[0], L.index(t)) for t in ("fluffy", "blue")]
        rings = VGroup(*(SurroundingRectangle(VGroup(bars[i], numbers[i]), color=style.INK,
                                              buff=0.1, stroke_width=3) for _, i in spoken))

        with self.beat("raw-scores-no-ceiling") as b:
            # As the rest leaves, the tokens' words rise straight up out of the way, then the
            # scores move to where their bars will end. Once they have landed, the words go
            # along their lane, straight down between two scores, and left under their bars,
            # while the chart grows under the scores (a bar never reaches the gap a word is in).
            scores = self.from_previous("scores", numbers, FadeIn(numbers, shift=0.2 * UP))
            scores.rate_func = during(SCORES_FROM, SCORES_LANDED)  # the note beside "a" gone
            chart = [Create(m, rate_func=during(0.5, 1.0)) for m in (floor, axis)]
            lifted, words_arrive = self._words_arrive(names)
            b.fit(self.scene_change(scores, *lifted, run_time=1.2),
                  Play(lambda: [words_arrive(), *chart,
                                LaggedStart(*(GrowFromEdge(b, DOWN) for b in bars), lag_ratio=0.2,
                                            rate_func=during(0.3, 1.0)),
                                FadeIn(title, rate_func=during(0.6, 1.0))], run_time=1.5),
                  until="six")
            # Each score is outlined as the voice reads it.
            for k, (word, i) in enumerate(spoken):
                b.until(word)
                b.fit(Play(Indicate(numbers[i], color=style.WEIGHT, scale_factor=1.2),
                           FadeIn(rings[k]), run_time=0.6),
                      until=spoken[k + 1][0] if k + 1 < len(spoken) else "no")
            b.fit(Play(FadeIn(ceiling, shift=0.2 * UP), FadeOut(rings),
                       axis.animate.put_start_and_end_on(axis.get_start(),
                                                         axis.get_end() + 0.3 * UP),
                       run_time=0.6))

        with self.beat("behave-like-percentages") as b:
            # The bars stack end to end along the top: all of creature's scores add up to 16,
            # against a ruler of 1, the whole that weights share out as percentages.
            x0, strip_y, thick = -4.1, 2.0, 0.42
            pieces, at = VGroup(), x0
            for bar in bars:
                length = bar.height if bar.height > 0.05 else 0.02
                piece = Rectangle(width=length, height=thick, fill_color=style.WEIGHT,
                                  fill_opacity=0.85, stroke_color=style.BACKGROUND, stroke_width=2)
                pieces.add(piece.move_to([at + length / 2, strip_y, 0]))
                at += length
            total = label(f"scores add up to {total_figure(float(L.focus_scores.sum()))}",
                          size=style.BODY_SIZE, color=style.WEIGHT)
            total.next_to(pieces, DOWN, buff=0.2).align_to(pieces, RIGHT)
            top = strip_y + thick / 2
            ruler = VGroup(Line([x0, top + 0.15, 0], [x0 + UNIT, top + 0.15, 0], color=style.INK,
                                stroke_width=4),
                           *(Line([x, top + 0.02, 0], [x, top + 0.28, 0], color=style.INK,
                                  stroke_width=3) for x in (x0, x0 + UNIT)))
            whole = label("weights add up to 1 = 100%", size=style.BODY_SIZE, color=style.INK)
            whole.next_to(ruler, UP, buff=0.15).align_to(ruler, LEFT)
            mark = DashedLine([x0 + UNIT, strip_y - thick / 2 - 0.25, 0],
                              [x0 + UNIT, top + 0.15, 0], color=style.INK, stroke_width=4)
            # The copies lift out of the chart beside the scores, never over them: each slides
            # into the gap beside its bar (on the side of its piece), rises in it, upright, until
            # it is above every score, and only then lies down into its piece. The scores turn
            # white over their dimmed bars (as softmax's chart shows them).
            numbers.set_z_index(1)
            b.fit(Play(bars.animate.set_fill(opacity=0.4), numbers.animate.set_color(style.INK),
                       run_time=0.25),  # on "Before"
                  Play(lambda: [LaggedStart(*(lift_out(bar, piece, numbers)
                                              for bar, piece in zip(bars, pieces)), lag_ratio=0.2)],
                       run_time=1.4),
                  Play(FadeIn(total, shift=0.15 * UP), run_time=0.4), until="behave")
            # "...behave like percentages": the whole that weights share out
            b.fit(Play(Create(ruler), FadeIn(whole, shift=0.15 * DOWN), run_time=0.6),
                  until="percentages")
            # everything right of the mark is too much
            b.fit(Play(Create(mark), Indicate(total, color=style.WEIGHT, scale_factor=1.1),
                       run_time=0.8))
        # softmax squashes this very chart; the words become its token boxes
        self.keep(bars=bars, numbers=numbers, title=title, names=names)

    def _words_arrive(self, names: VGroup) -> tuple[list[Animation], Callable[[], Animation]]:
        """The tokens' words: straight up to their lane (in the scene change, before the scores
        fly), then, once the scores stand above their bars, along the lane, down the gap right
        of their own bar (between the scores), and left into place (made when the next play
        starts, from where the lift left them)."""
        if "words" not in self.previous:
            return [], lambda: FadeIn(names, rate_func=during(0.6, 1.0))
        olds = self.take("words")
        lifts = [old.animate(rate_func=during(*WORDS_UP)).set_y(WORDS_LANE_Y).build()
                 for old in olds]

        def down() -> Animation:
            moves = []
            for n, (old, new) in enumerate(zip(olds, names)):
                # the last word goes down clear of the last score: nothing stands right of it
                gap = new.get_x() + (GAP if n + 1 < len(names) else GAP + new.width / 2)
                stops = [np.array([gap, old.get_y(), 0.0]), np.array([gap, new.get_y(), 0.0])]
                moves.append(ReplacementTransform(old, new, path_func=through(old, new, stops)))
            # one after another, so no two pass the scores' height together (with the scores
            # they would read as one row)
            # (each eases on its own; the group only ends at 85% of the play, evenly)
            return LaggedStart(*moves, lag_ratio=0.15, rate_func=lambda t: min(1.0, t / 0.85))

        return lifts, down


def lift_out(bar: Mobject, piece: Mobject, scores: VGroup) -> Animation:
    """A copy of `bar` on its way to `piece`, clear of every score in `scores`: across into the
    gap beside the bar (towards the piece), straight up it until its foot is above the scores
    (its head no higher than the frame's top), then into the piece's shape and place."""
    side = 1.0 if piece.get_x() > bar.get_x() else -1.0
    gap_x = bar.get_x() + side * GAP
    foot = min(scores.get_top()[1] + 0.05, config.frame_height / 2 - bar.height)
    stops = [np.array([gap_x, bar.get_y(), 0.0]), np.array([gap_x, foot + bar.height / 2, 0.0])]
    copy = bar.copy()
    return ReplacementTransform(copy, piece, path_func=upright_until_last(copy, piece, stops))


def upright_until_last(start: Mobject, end: Mobject, stops: list[np.ndarray]):
    """A morph's path on which `start`, its shape kept, runs from stop to stop at one speed, and
    takes `end`'s shape only on the last leg, from the last stop to `end`."""
    a, b = start.get_center(), end.get_center()
    corners = [a, *stops]
    legs = [float(np.linalg.norm(q - p)) for p, q in zip(corners, corners[1:])]
    last = float(np.linalg.norm(b - corners[-1]))
    share = sum(legs) / ((sum(legs) + last) or 1.0)

    def path(p0: np.ndarray, p1: np.ndarray, alpha: float) -> np.ndarray:
        if alpha < share:
            way = alpha / share * sum(legs)
            for p, q, leg in zip(corners, corners[1:], legs):
                if way <= leg:
                    return p0 - a + p + (q - p) * (way / leg if leg else 1.0)
                way -= leg
            return p0 - a + corners[-1]
        s = (alpha - share) / ((1 - share) or 1.0)
        return p0 + (p1 - p0) * s + (corners[-1] - a) * (1 - s)

    return path


def through(start: Mobject, end: Mobject, stops: list[np.ndarray]):
    """A morph's path (a Transform's `path_func`) on which the centre of `start` runs straight
    from stop to stop to the centre of `end`, at one speed, while its shape morphs as usual."""
    a, b = start.get_center(), end.get_center()
    corners = [a, *stops, b]
    legs = [float(np.linalg.norm(q - p)) for p, q in zip(corners, corners[1:])]
    total = sum(legs) or 1.0

    def centre(alpha: float) -> np.ndarray:
        way = alpha * total
        for p, q, leg in zip(corners, corners[1:], legs):
            if way <= leg:
                return p + (q - p) * (way / leg if leg else 1.0)
            way -= leg
        return b

    return lambda p0, p1, alpha: p0 + (p1 - p0) * alpha + centre(alpha) - (a + (b - a) * alpha)


def through_copy(start: Mobject, end: Mobject, stops: list[np.ndarray]):
    """`through` for a TransformFromCopy(start, end): Manim runs that one as a Transform of `end`
    into `start` played backwards, so its path is given from `end` back through the stops."""
    return through(end, start, stops[::-1])
