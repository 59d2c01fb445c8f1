"""Scene 6: softmax squashes creature's raw scores into weights that sum to one."""

import numpy as np
from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    AnimationGroup,
    Brace,
    Create,
    FadeIn,
    FadeOut,
    GrowFromCenter,
    GrowFromEdge,
    Indicate,
    LaggedStart,
    Line,
    MathTex,
    Rectangle,
    SurroundingRectangle,
    Transform,
    TransformFromCopy,
    VGroup,
)

from attention import Lesson, lesson
from attention.figures import exact_score_figure, exp_figure, percent_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.rules import during
from scenes.s5_raw_scores import through_copy
from scenes.widgets import caption, label, mono, spelled, token_row
from transcript.spoken import spoken_value

BASE_Y = -1.9  # where the bars stand, just above the token boxes
TALLEST = 3.0  # height of the tallest score bar, as the previous scene's chart
WEIGHT_TALLEST = 1.15  # height of the tallest weight bar: low, so softmax's working fits above
BAR_W = 1.2
POWERS_Y, SUM_Y = 2.75, 2.15  # the working's rows: e to each score; their sum
NUM_Y, RULE_Y, DEN_Y = 1.6, 1.37, 1.14  # each fraction: its term over its rule over the sum


def bars(heights: np.ndarray, xs: list[float], opacity: float = 0.85) -> VGroup:
    """One bar per token, standing on BASE_Y, in the weights' colour."""
    out = VGroup()
    for h, x in zip(heights, xs):
        bar = Rectangle(width=BAR_W, height=max(float(h), 0.02), fill_color=style.WEIGHT,
                        fill_opacity=opacity, stroke_color=style.WEIGHT, stroke_width=2)
        bar.move_to([x, BASE_Y, 0], aligned_edge=DOWN)
        out.add(bar)
    return out


def bar_labels(texts: list[str], targets: VGroup, color=style.INK) -> VGroup:
    return VGroup(*(label(t, size=style.BODY_SIZE, color=color).next_to(b, UP, buff=0.15)
                    for t, b in zip(texts, targets)))


class SoftmaxScene(LessonScene):
    scene_id = "softmax"
    follows = "raw-scores"

    def beats(self) -> None:
        L = lesson()
        scores, weights = L.focus_scores, L.focus_weights
        tokens = token_row(L.tokens).move_to(2.45 * DOWN)
        xs = [float(t.get_center()[0]) for t in tokens]
        # Heights ∝ value on each side of softmax: the scores as the previous chart stood, the
        # weights lower, so that softmax's working fits above them.
        score_bars = bars(np.maximum(scores, 0) * TALLEST / float(np.max(np.abs(scores))), xs)
        weight_bars = bars(weights * WEIGHT_TALLEST / float(np.max(weights)), xs)
        score_nums = bar_labels([exact_score_figure(s) for s in scores], score_bars)
        weight_nums = bar_labels([percent_figure(w) for w in weights], weight_bars)

        steps = VGroup(label("raw scores", size=style.TITLE_SIZE, color=style.MUTED),
                       label("→", size=style.TITLE_SIZE, color=style.MUTED),
                       label("softmax", size=style.TITLE_SIZE, color=style.WEIGHT),
                       label("→", size=style.TITLE_SIZE, color=style.MUTED),
                       label("weights", size=style.TITLE_SIZE))
        steps.arrange(buff=0.3).to_edge(UP, buff=0.45)

        top = max(n.get_top()[1] for n in weight_nums)
        brace = Brace(VGroup(tokens[0], tokens[-1]), UP, color=style.MUTED)
        brace.stretch_to_fit_height(0.3).move_to([0, top + 0.35, 0], aligned_edge=DOWN)
        total = label(f"together: {percent_figure(float(np.sum(weights)))}", size=style.BODY_SIZE,
                      color=style.WEIGHT).next_to(brace, UP, buff=0.12)
        powers, values, working = self._working(L, xs)

        with self.beat("softmax-squashes") as b:
            # The chart moves into this layout, its words down into token boxes, as the rest
            # (the old title with it) leaves; the boxes build round the words as the steps,
            # softmax lit, arrive on "Softmax".
            words = VGroup(*(t.word for t in tokens))
            for t in tokens:
                t.box.set_z_index(-1)  # a box arriving round its word stays behind it
            b.fit(
                self.scene_change(self.from_previous("bars", score_bars, LaggedStart(
                                      *(GrowFromEdge(b, DOWN) for b in score_bars), lag_ratio=0.1)),
                                  self.from_previous("numbers", score_nums, FadeIn(score_nums)),
                                  self.from_previous("names", words, FadeIn(words)),
                                  FadeIn(steps, shift=0.2 * UP, rate_func=during(0.45, 0.8))),
                Play(*(FadeIn(t.box) for t in tokens), run_time=0.4),
                Play(Indicate(steps[2], color=style.WEIGHT, scale_factor=1.1), run_time=0.4),
                until="scores")
            # e to each score rises out of it, above its bar
            b.fit(Play(LaggedStart(*(AnimationGroup(Indicate(n, color=style.WEIGHT),
                                                    FadeIn(p, shift=0.3 * UP))
                                     for n, p in zip(score_nums, powers)), lag_ratio=0.2),
                       run_time=0.45),
                  Play(LaggedStart(*(FadeIn(v) for v in values), lag_ratio=0.2), run_time=0.25),
                  until="weights")
            # the bars squash into the weights, each score giving way to its share on its bar
            b.fit(Play(Transform(score_bars, weight_bars), FadeOut(score_nums, shift=0.2 * UP),
                       run_time=0.35),
                  Play(FadeIn(weight_nums, shift=0.1 * DOWN), run_time=0.2), until="sum")
            # ...that sum to one; then how: the exponentials summed, each divided by the sum,
            # held together to the end of the pause
            b.fit(Play(GrowFromCenter(brace), FadeIn(total, shift=0.15 * DOWN), run_time=0.5),
                  *working, rest=2.2)

        with self.beat("weights-for-fluffy-and-blue") as b:
            # Each weight is outlined as the voice says it, its token as the voice names it.
            for token in ("fluffy", "blue"):
                i = L.index(token)
                number = spoken_value("percent", token, L).split()[0]  # "fifty-five"
                ring = SurroundingRectangle(weight_nums[i], color=style.WEIGHT, buff=0.08)
                b.until(number)
                b.fit(Play(Create(ring), weight_nums[i].animate.set_color(style.WEIGHT),
                           run_time=0.6), until="attention" if token == "fluffy" else token)
                bar = SurroundingRectangle(score_bars[i], color=style.WEIGHT, buff=0.06)
                if token == "fluffy":  # "...of the attention": its bar is that share
                    b.fit(Play(Create(bar), run_time=0.6), until=token)
                b.fit(Play(tokens[i].box.animate.set_stroke(style.WEIGHT, width=4),
                           FadeOut(ring), *([FadeOut(bar)] if token == "fluffy" else []),
                           run_time=0.8),
                      until="scraps" if token == "blue"
                      else spoken_value("percent", "blue", L).split()[0])
            scraps = [i for i in range(len(L.tokens)) if L.tokens[i] not in ("fluffy", "blue")]
            notes = VGroup(*(caption("scraps").next_to(weight_nums[i], UP, buff=0.15)
                             for i in scraps))
            b.fit(Play(*(score_bars[i].animate.set_fill(opacity=0.35) for i in scraps),
                       *(weight_nums[i].animate.set_color(style.MUTED) for i in scraps),
                       FadeIn(notes, shift=0.1 * DOWN), run_time=1.2))
        # the weighted sum collects each token's value, scaled by these very weights
        self.keep(tokens=tokens, weights=weight_nums)

    def _working(self, L: Lesson, xs: list[float]) -> tuple[VGroup, VGroup, list[Play]]:
        """Softmax worked out above the chart, a column per token: e to its score ≈ its
        exponential; the exponentials copied down into their sum; then, one token after
        another, its exponential over the sum = its share, a fraction of its own under each
        bar's column. Returns the powers and their values (shown as the voice says "scores")
        and the plays that build the rest."""
        exps, total = L.focus_exponentials, L.focus_exp_sum
        size = style.BODY_SIZE + 2
        powers, values = VGroup(), VGroup()
        for score, e, x in zip(L.focus_scores, exps, xs):
            power = built(MathTex, f"e^{{{exact_score_figure(score)}}}", font_size=44,
                          color=style.WEIGHT)
            value = spelled([("≈ ", style.MUTED), (exp_figure(e), style.INK)], size=size)
            value.next_to(power, RIGHT, buff=0.12)
            value.shift((power[0][0].get_bottom()[1] - value[-1].get_bottom()[1]) * UP)
            VGroup(power, value).set_y(POWERS_Y).shift((x - value[-1].get_x()) * RIGHT)  # value on x
            powers.add(power)
            values.add(value)
        # The sum's line: each term straight under its exponential, "+" between, "= sum" after.
        terms = VGroup(*(mono(exp_figure(e), style.INK, size).move_to([x, SUM_Y, 0])
                         for e, x in zip(exps, xs)))
        plus = VGroup(*(mono("+", style.MUTED, size).move_to([(a.get_right()[0] + b.get_left()[0]) / 2,
                                                              SUM_Y, 0])
                        for a, b in zip(terms, terms[1:])))
        equals = mono("=", style.MUTED, size).next_to(terms[-1], RIGHT, buff=0.25).set_y(SUM_Y)
        result = mono(exp_figure(total), style.WEIGHT, size).next_to(equals, RIGHT, buff=0.2)
        result.align_to(terms[-1], DOWN)
        # One fraction per token, on its column, its share after "=".
        plays = [
            # each exponential is copied down into the sum's line, "+" between them
            Play(LaggedStart(*(TransformFromCopy(v[-1], t) for v, t in zip(values, terms)),
                             lag_ratio=0.35), FadeIn(plus), run_time=1.0),
            Play(FadeIn(equals), FadeIn(result, shift=0.2 * LEFT), run_time=0.35),
        ]
        lane = result.get_right()[0] + 0.1  # the sums' copies go down right of every fraction
        for term, e, w, x in zip(terms, exps, L.focus_weights, xs):
            over = mono(exp_figure(e), style.INK, size).move_to([x, NUM_Y, 0])
            rule = Line([x - 0.45, RULE_Y, 0], [x + 0.45, RULE_Y, 0], color=style.MUTED,
                        stroke_width=2)
            under = mono(exp_figure(total), style.WEIGHT, size).move_to([x, DEN_Y, 0])
            share = mono(f"= {percent_figure(w)}", style.WEIGHT, size)  # the column's own share: on its bar
            share.next_to(rule, RIGHT, buff=0.15).set_y(RULE_Y)
            stops = [np.array([lane, SUM_Y, 0.0]), np.array([lane, DEN_Y, 0.0])]
            plays += [
                # its exponential comes down from the sum's line over a new rule...
                Play(TransformFromCopy(term, over), GrowFromCenter(rule), run_time=0.35),
                # ...the sum goes round, right of the fractions, and along under it...
                Play(TransformFromCopy(result, under, path_func=through_copy(result, under, stops)),
                     run_time=0.45),
                # ...and its share follows
                Play(FadeIn(share, shift=0.15 * LEFT), run_time=0.25),
            ]
        return powers, values, plays
