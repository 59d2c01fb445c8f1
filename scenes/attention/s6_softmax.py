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
    MathTex,
    Rectangle,
    ReplacementTransform,
    SurroundingRectangle,
    Text,
    Transform,
    TransformFromCopy,
    VGroup,
)
from manim.utils.rate_functions import ease_in_cubic

from attention.attention.lesson import Lesson, lesson
from attention.attention.spoken import spoken_value
from attention.figures import exact_score_figure, exp_figure, percent_figure
from scenes import style
from scenes.attention.parts import through_copy
from scenes.attention.s6_fractions import COPY_LEAVES, Fractions
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.rules import during
from scenes.widgets import caption, label, mono, spelled, token_row

BASE_Y = -1.9  # where the bars stand, just above the token boxes
SCORE_TALLEST = 1.35  # height of the tallest score bar: low, so e to each score grows out of it
EXP_TALLEST = 1.9  # height of the tallest bar of e to the scores, its label under the fractions
WEIGHT_TALLEST = 1.15  # height of the tallest weight bar: the exponentials squashed
BAR_W = 1.2
SUM_Y = 2.65  # the working's rows: the exponentials' sum; the brace under it, "together: 100%"
RISE = 0.15  # a bar's label stands this far above its bar


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
    """A number over each bar."""
    return VGroup(*(label(t, size=style.BODY_SIZE, color=color).next_to(b, UP, buff=RISE)
                    for t, b in zip(texts, targets)))


class Exponentials:
    """e to each score over its bar of that height ("e^6.1": a typeset "e", the score as its
    exponent), then "≈" and the exponential's value straight over the bar's middle."""

    def __init__(self, L: Lesson, exp_bars: VGroup):
        size = style.BODY_SIZE + 2
        self.powers, self.values = VGroup(), VGroup()
        for score, e, bar in zip(L.focus_scores, L.focus_exponentials, exp_bars):
            value = spelled([("≈ ", style.MUTED), (exp_figure(e), style.INK)], size=size)
            value.shift((bar.get_x() - value[-1].get_x()) * RIGHT
                        + (bar.get_top()[1] + RISE - value[-1].get_bottom()[1]) * UP)
            typeset = built(MathTex, f"e^{{{exact_score_figure(score)}}}", font_size=44,
                            color=style.WEIGHT)
            typeset.next_to(value[0], LEFT, buff=0.12)
            typeset.shift((value[-1].get_bottom()[1] - typeset[0][0].get_bottom()[1]) * UP)
            # "e" as typeset; the exponent a text like the score it is made from, in its slot
            e = built(MathTex, "e", font_size=44, color=style.WEIGHT).move_to(typeset[0][0])
            exponent = label(exact_score_figure(score), color=style.WEIGHT)
            exponent.scale_to_fit_height(typeset[0][1:].height).move_to(typeset[0][1:])
            self.powers.add(VGroup(e, exponent))
            self.values.add(value)

    def numbers(self) -> VGroup:
        """The exponentials' values, as the working copies them."""
        return VGroup(*(v[-1] for v in self.values))


class SoftmaxScene(LessonScene):
    scene_id = "softmax"
    follows = "raw-scores"

    def beats(self) -> None:
        L = lesson()
        scores, weights = L.focus_scores, L.focus_weights
        tokens = token_row(L.tokens).move_to(2.45 * DOWN)
        xs = [float(t.get_center()[0]) for t in tokens]
        # Heights ∝ value at each step of softmax: the scores low, e to them growing out of them
        # (the big ones up, the small ones down to nothing), then squashed into the weights.
        score_bars = bars(np.maximum(scores, 0) * SCORE_TALLEST / float(np.max(np.abs(scores))), xs)
        exps = L.focus_exponentials
        exp_bars = bars(exps * EXP_TALLEST / float(np.max(exps)), xs)
        weight_bars = bars(weights * WEIGHT_TALLEST / float(np.max(weights)), xs)
        score_nums = bar_labels([exact_score_figure(s) for s in scores], score_bars)
        weight_nums = bar_labels([percent_figure(w) for w in weights], weight_bars)
        powers = Exponentials(L, exp_bars)
        fractions = Fractions(L, xs)

        steps = VGroup(label("raw scores", size=style.TITLE_SIZE, color=style.MUTED),
                       label("→", size=style.TITLE_SIZE, color=style.MUTED),
                       label("softmax", size=style.TITLE_SIZE, color=style.WEIGHT),
                       label("→", size=style.TITLE_SIZE, color=style.MUTED),
                       label("weights", size=style.TITLE_SIZE))
        steps.arrange(buff=0.3).to_edge(UP, buff=0.45)
        terms, plus, equals, result = self._sum_line(L, xs)
        brace = Brace(terms, DOWN, color=style.MUTED)
        brace.stretch_to_fit_height(0.25).next_to(terms, DOWN, buff=0.12)
        total = label(f"together: {percent_figure(float(np.sum(weights)))}", size=style.BODY_SIZE,
                      color=style.WEIGHT).next_to(brace, DOWN, buff=0.1)

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
                by="scores")
            # each bar grows to e to its score, its score rising into the exponent's slot as the
            # "e" grows in; then each exponential is copied straight up its column into the sum
            b.fit(Play(*(AnimationGroup(Transform(bar, tall), ReplacementTransform(number, power[1]),
                                        GrowFromCenter(power[0], rate_func=during(0.3, 1.0)),
                                        FadeIn(value, shift=0.1 * UP, rate_func=during(0.55, 1.0)))
                         for bar, tall, number, power, value in zip(
                             score_bars, exp_bars, score_nums, powers.powers, powers.values)),
                       run_time=0.7),
                  Play(LaggedStart(*(TransformFromCopy(v, t, rate_func=COPY_LEAVES)
                                     for v, t in zip(powers.numbers(), terms)), lag_ratio=0.1),
                       FadeIn(plus, rate_func=during(0.5, 1.0)), run_time=0.9),
                  by="sum")
            # ...that sum to one: the whole is 100%; then each exponential over the sum, the
            # strongest worked first, then the other three in turn; they stay through the next sentence
            b.fit(Play(FadeIn(equals), FadeIn(result, shift=0.2 * LEFT), GrowFromCenter(brace),
                       FadeIn(total, shift=0.15 * DOWN), run_time=0.6),
                  *fractions.plays(powers.numbers(), [powers.powers, powers.values], result))

        with self.beat("weights-for-fluffy-and-blue") as b:
            # Each weight is outlined as the voice says it, its token as the voice names it.
            # On its first words the bars squash into the shares, each share copied down from its
            # fraction (down beside its bar, then in over it) to label its bar.
            for token in ("fluffy", "blue"):
                i = L.index(token)
                number = spoken_value("percent", token, L).split()[0]  # "fifty-five"
                ring = SurroundingRectangle(weight_nums[i], color=style.WEIGHT, buff=0.08)
                b.until(number)
                arrive = [] if token != "fluffy" else [
                    Play(Transform(score_bars, weight_bars), run_time=0.4),
                    Play(*(TransformFromCopy(pct, num, rate_func=ease_in_cubic,  # see COPY_LEAVES
                                             path_func=through_copy(pct, num, [
                                                 np.array([pct.get_x(), num.get_y(), 0.0])]))
                           for pct, num in zip(fractions.percents(), weight_nums)), run_time=0.8)]
                b.fit(*arrive, Play(FadeIn(ring), weight_nums[i].animate.set_color(style.WEIGHT),
                                    run_time=0.4 if arrive else 0.6),
                      by="attention" if token == "fluffy" else token)
                bar = SurroundingRectangle(score_bars[i], color=style.WEIGHT, buff=0.06)
                if token == "fluffy":  # "...of the attention": its bar is that share
                    b.fit(Play(Create(bar), run_time=0.6), by=token)
                b.fit(Play(tokens[i].box.animate.set_stroke(style.WEIGHT, width=4),
                           FadeOut(ring), *([FadeOut(bar)] if token == "fluffy" else []),
                           run_time=0.8),
                      by="scraps" if token == "blue"
                      else spoken_value("percent", "blue", L).split()[0])
            scraps = [i for i in range(len(L.tokens)) if L.tokens[i] not in ("fluffy", "blue")]
            notes = VGroup(*(caption("scraps").next_to(weight_nums[i], UP, buff=0.15)
                             for i in scraps))
            b.fit(Play(*(score_bars[i].animate.set_fill(opacity=0.35) for i in scraps),
                       *(weight_nums[i].animate.set_color(style.MUTED) for i in scraps),
                       FadeIn(notes, shift=0.1 * DOWN), run_time=1.2))
        # the weighted sum collects each token's value, scaled by these very weights
        self.keep(tokens=tokens, weights=weight_nums)

    def _sum_line(self, L: Lesson, xs: list[float]) -> tuple[VGroup, VGroup, Text, Text]:
        """The exponentials' sum as one line on top: each term straight over its bar, "+"
        between, "= sum" after."""
        size = style.BODY_SIZE + 2
        terms = VGroup(*(mono(exp_figure(e), style.INK, size).move_to([x, SUM_Y, 0])
                         for e, x in zip(L.focus_exponentials, xs)))
        plus = VGroup(*(mono("+", style.MUTED, size).move_to([(a.get_right()[0] + b.get_left()[0]) / 2,
                                                              SUM_Y, 0])
                        for a, b in zip(terms, terms[1:])))
        equals = mono("=", style.MUTED, size).next_to(terms[-1], RIGHT, buff=0.25).set_y(SUM_Y)
        result = mono(exp_figure(L.focus_exp_sum), style.WEIGHT, size).next_to(equals, RIGHT,
                                                                               buff=0.2)
        result.align_to(terms[-1], DOWN)
        return terms, plus, equals, result
