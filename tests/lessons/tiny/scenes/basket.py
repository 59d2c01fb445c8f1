"""The tiny lesson's first scene: the two counts, one after the other as the voice says them."""

from manim import DOWN, LEFT, RIGHT, FadeIn

from scenes.base import LessonScene, Play
from scenes.widgets import label
from tests.lessons.tiny.numbers import counts


class BasketScene(LessonScene):
    scene_id = "basket"

    def beats(self) -> None:
        c = counts()
        apples = label(f"{c.count('apples')} apples", size=48).shift(2.5 * LEFT)
        pears = label(f"{c.count('pears')} pears", size=48).shift(2.5 * RIGHT)
        with self.beat("there-are-apples") as b:
            b.fit(Play(FadeIn(apples, shift=0.3 * DOWN), run_time=0.6), by="pears")
            b.fit(Play(FadeIn(pears, shift=0.3 * DOWN), run_time=0.6))
