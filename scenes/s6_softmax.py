"""Scene 6: softmax squashes creature's raw scores into weights that sum to one."""

import numpy as np
from manim import (
    DOWN,
    UP,
    AnimationGroup,
    Brace,
    Create,
    FadeIn,
    FadeOut,
    GrowFromEdge,
    Indicate,
    LaggedStart,
    Rectangle,
    Succession,
    SurroundingRectangle,
    Transform,
    VGroup,
    Write,
)

from attention import lesson
from attention.figures import percent_figure, score_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.widgets import caption, crossfade, label, token_row
from transcript.spoken import spoken_value

BASE_Y = -1.9  # where the bars stand, just above the token boxes
TALLEST = 3.0  # height of the tallest bar, before and after softmax
BAR_W = 1.2


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
        score_nums = bar_labels([score_figure(s) for s in scores], score_bars)
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
            b.fit(
                Play(FadeIn(tokens), *self._chart_arrives(heading, score_bars, score_nums),
                  run_time=0.8),
                Play(crossfade(heading, steps[0]), FadeIn(steps[1:], shift=0.2 * UP),
                  run_time=0.7),
                Play(Indicate(steps[2], color=style.WEIGHT, scale_factor=1.1), run_time=0.4),
                # The numbers ride down with their bars and fade; the weights appear once they land.
                Play(Transform(score_bars, weight_bars),
                  Succession(AnimationGroup(*(FadeOut(a, target_position=b) for a, b in
                                              zip(score_nums, weight_nums))),
                             FadeIn(weight_nums, shift=0.1 * UP)), run_time=1.4),
                Play(FadeIn(brace), Write(total), run_time=0.7))

        with self.beat("weights-for-fluffy-and-blue") as b:
            # Each weight is outlined as the voice says it, its token as the voice names it.
            for token in ("fluffy", "blue"):
                i = L.index(token)
                number = spoken_value("percent", token, L).split()[0]  # "fifty-five"
                ring = SurroundingRectangle(weight_nums[i], color=style.WEIGHT, buff=0.08)
                b.until(number)
                b.fit(Play(Create(ring), weight_nums[i].animate.set_color(style.WEIGHT),
                           run_time=0.6), until=token)
                b.fit(Play(tokens[i].box.animate.set_stroke(style.WEIGHT, width=4),
                           FadeOut(ring), run_time=0.8),
                      until="scraps" if token == "blue"
                      else spoken_value("percent", "blue", L).split()[0])
            scraps = [i for i in range(len(L.tokens)) if L.tokens[i] not in ("fluffy", "blue")]
            notes = VGroup(*(caption("scraps").next_to(weight_nums[i], UP, buff=0.15)
                             for i in scraps))
            b.fit(Play(*(score_bars[i].animate.set_fill(opacity=0.35) for i in scraps),
                       *(weight_nums[i].animate.set_color(style.MUTED) for i in scraps),
                       FadeIn(notes, shift=0.1 * DOWN), run_time=1.2))
        self.keep(tokens=tokens)  # the weighted sum collects each token's value

    def _chart_arrives(self, heading, score_bars: VGroup, score_nums: VGroup) -> list:
        """The raw-score chart the previous scene ended on moves into this layout (or, without
        it, grows here)."""
        return [self.from_previous("title", heading, FadeIn(heading)),
                self.from_previous("bars", score_bars, LaggedStart(
                    *(GrowFromEdge(b, DOWN) for b in score_bars), lag_ratio=0.1)),
                self.from_previous("numbers", score_nums, FadeIn(score_nums))]
