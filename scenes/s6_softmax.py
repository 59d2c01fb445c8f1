"""Scene 6: softmax squashes creature's raw scores into weights that sum to one."""

import numpy as np
from manim import (
    DOWN,
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
    ReplacementTransform,
    SurroundingRectangle,
    Transform,
    TransformFromCopy,
    VGroup,
    Write,
)

from attention import Lesson, lesson
from attention.figures import exact_score_figure, exp_figure, percent_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.s5_raw_scores import through
from scenes.widgets import caption, crossfade, label, mono, spelled, token_row
from transcript.spoken import spoken_value

BASE_Y = -1.9  # where the bars stand, just above the token boxes
TALLEST = 3.0  # height of the tallest bar, before and after softmax
BAR_W = 1.2
EXP_TALLEST = 1.8  # the tallest bar as the exponentials, under softmax's working
POWERS_Y, SUM_Y, SHARES_Y = 2.45, 1.5, 0.4  # the working's rows: e to each score; their
# sum, each term over the rule with the sum under it; each share, under its term


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
        # Heights ∝ value on each side of softmax; both scaled so the tallest bar is TALLEST.
        score_bars = bars(np.maximum(scores, 0) * TALLEST / float(np.max(np.abs(scores))), xs)
        weight_bars = bars(weights * TALLEST / float(np.max(weights)), xs)
        score_nums = bar_labels([exact_score_figure(s) for s in scores], score_bars)
        weight_nums = bar_labels([percent_figure(w) for w in weights], weight_bars)

        heading = label(f"{L.focus_token}'s raw scores", size=style.TITLE_SIZE)
        heading.to_edge(UP, buff=0.45)
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

        with self.beat("softmax-squashes") as b:
            # The chart moves into this layout, its words down into token boxes, as the rest
            # leaves; the boxes build round the words; the title gives way to the steps.
            words = VGroup(*(t.word for t in tokens))
            for t in tokens:
                t.box.set_z_index(-1)  # a box arriving round its word stays behind it
            b.fit(
                self.scene_change(*self._chart_arrives(heading, score_bars, score_nums),
                                  self.from_previous("names", words, FadeIn(words))),
                Play(*(FadeIn(t.box) for t in tokens), run_time=0.4),
                Play(crossfade(heading, steps, shift=0.2), run_time=0.8),
                Play(Indicate(steps[2], color=style.WEIGHT, scale_factor=1.1), run_time=0.4),
                until="scores")
            # Softmax worked out above the chart, in a column over each bar: e to each score,
            # which the bar becomes; their sum; each divided by it; the bars then grow into the
            # shares, each share moving onto its bar's top in step with it (so none is ever
            # drawn on its orange bar).
            worked, (working, shares) = self._worked(L, xs, score_bars, score_nums)
            b.fit(
                *worked,
                Play(FadeOut(working), run_time=0.3),
                Play(lambda: [Transform(score_bars, weight_bars),
                              *(ReplacementTransform(s, w) for s, w in zip(shares, weight_nums))],
                     run_time=1.5),
                Play(FadeIn(brace), Write(total), run_time=0.7))

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

    def _chart_arrives(self, heading, score_bars: VGroup, score_nums: VGroup) -> list:
        """The raw-score chart the previous scene ended on moves into this layout (or, without
        it, grows here)."""
        return [self.from_previous("title", heading, FadeIn(heading)),
                self.from_previous("bars", score_bars, LaggedStart(
                    *(GrowFromEdge(b, DOWN) for b in score_bars), lag_ratio=0.1)),
                self.from_previous("numbers", score_nums, FadeIn(score_nums))]

    def _worked(self, L: Lesson, xs: list[float], score_bars: VGroup,
                score_nums: VGroup) -> tuple[list[Play], tuple]:
        """Softmax as it is computed, in one column per token, over its bar: e to its score,
        that exponential dropped into the sum's line; the sum goes under a rule beneath the
        terms, each term over it; each share appears under its term. Returns the plays and what
        they leave: the working to clear and the shares. The bars become the exponentials as
        they appear, their score labels leaving."""
        exps, total = L.focus_exponentials, L.focus_exp_sum
        exp_bars = bars(exps * EXP_TALLEST / float(np.max(exps)), xs)
        size = style.BODY_SIZE + 2
        powers, values = VGroup(), VGroup()
        for score, e, x in zip(L.focus_scores, exps, xs):
            power = built(MathTex, f"e^{{{exact_score_figure(score)}}}", font_size=52,
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
        # The line's terms over one rule, the sum under it: each term over the sum; each share
        # then under its term.
        rule = Line([xs[0] - 0.7, SUM_Y - 0.3, 0], [xs[-1] + 0.7, SUM_Y - 0.3, 0],
                    color=style.MUTED, stroke_width=2)
        under = np.array([0.0, SUM_Y - 0.66, 0.0])  # the sum's place, under the rule's middle
        shares = VGroup(*(label(percent_figure(w), size=style.BODY_SIZE).move_to([x, SHARES_Y, 0])
                          for w, x in zip(L.focus_weights, xs)))

        def rises(n, power):  # the score lights up as e to it rises out of it
            return AnimationGroup(Indicate(n, color=style.WEIGHT), FadeIn(power, shift=0.25 * UP))

        def divided(term, share):  # the term lights up as its share appears under it
            return AnimationGroup(Indicate(term, color=style.WEIGHT, scale_factor=1.1),
                                  FadeIn(share, shift=0.15 * DOWN))

        plays = [
            Play(LaggedStart(*(rises(n, p) for n, p in zip(score_nums, powers)),
                             lag_ratio=0.25), run_time=0.6),
            Play(LaggedStart(*(FadeIn(v) for v in values), lag_ratio=0.25), run_time=0.4),
            # the bars become the exponentials: the gaps between them stretch, the small ones
            # all but vanish (their scores have gone up into the exponents)
            Play(Transform(score_bars, exp_bars), FadeOut(score_nums), run_time=0.9),
            # each exponential drops straight down into the sum
            Play(LaggedStart(*(TransformFromCopy(v[-1], t) for v, t in zip(values, terms)),
                             lag_ratio=0.3), FadeIn(plus), run_time=0.8),
            Play(FadeIn(VGroup(equals, result), shift=0.1 * UP), run_time=0.3),
            Play(FadeOut(powers), FadeOut(values), run_time=0.3),
            # the sum goes down, clear of the terms, and along under them to the middle
            Play(FadeOut(plus), FadeOut(equals), result.animate(path_func=through(
                result, result.copy().move_to(under),
                [np.array([result.get_x(), under[1], 0.0])])).move_to(under), run_time=0.8),
            Play(GrowFromCenter(rule), Indicate(result, color=style.WEIGHT, scale_factor=1.1),
                 run_time=0.5),
            Play(LaggedStart(*(divided(t, s) for t, s in zip(terms, shares)), lag_ratio=0.3),
                 run_time=1.0),
        ]
        return plays, (VGroup(terms, rule, result), shares)
