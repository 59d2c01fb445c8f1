"""The tiny lesson's second scene: the sum of the counts."""

from manim import UP, FadeIn

from scenes.base import LessonScene, Play
from scenes.widgets import label
from tests.lessons.tiny.numbers import counts


class TotalScene(LessonScene):
    scene_id = "total"

    def beats(self) -> None:
        total = label(f"{counts().total} fruit", size=60)
        with self.beat("together-they-make") as b:
            b.fit(Play(FadeIn(total, shift=0.3 * UP), run_time=0.8))
