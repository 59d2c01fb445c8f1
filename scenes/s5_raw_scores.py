"""Scene 5: raw scores on a scale with no ceiling; they are not yet percentages."""

from manim import DOWN, LEFT, RIGHT, UP, Arrow, Create, FadeIn, GrowFromEdge, Line, Rectangle, VGroup

from attention import lesson, score_figure
from scenes import style
from scenes.base import LessonScene, Play
from scenes.widgets import caption, label

UNIT = 0.5  # frame units per score point


class RawScoresScene(LessonScene):
    scene_id = "raw-scores"

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
            numbers.add(label(score_figure(score), size=style.BODY_SIZE, color=style.WEIGHT)
                        .next_to(bar, UP, buff=0.15))
            names.add(label(word, size=style.SMALL_SIZE).next_to(bar, DOWN, buff=0.2)
                      .set_x(x))
        title = label("creature's raw scores", size=style.BODY_SIZE, color=style.INK)
        title.to_corner(UP + RIGHT, buff=0.5)

        with self.beat("raw-scores-no-ceiling"):
            self.fit(Play(Create(floor), Create(axis), FadeIn(names), FadeIn(title), run_time=0.6),
                     Play(*(GrowFromEdge(b, DOWN) for b in bars), run_time=1.0),
                     Play(FadeIn(numbers, shift=0.2 * UP), run_time=0.5), until="no")
            self.until("no")
            self.fit(Play(FadeIn(ceiling), run_time=0.4))

        with self.beat("behave-like-percentages"):
            summary = VGroup(
                label("scores: any size at all", size=style.BODY_SIZE, color=style.WEIGHT),
                label("weights: shares that add up to 100%", size=style.BODY_SIZE, color=style.INK),
            ).arrange(DOWN, aligned_edge=RIGHT, buff=0.25)
            summary.next_to(title, DOWN, buff=0.5).align_to(title, RIGHT)
            self.fit(Play(FadeIn(summary[0], shift=0.2 * LEFT), run_time=0.6), until="percentages")
            self.until("percentages")
            self.fit(Play(FadeIn(summary[1], shift=0.2 * LEFT), run_time=0.6))
