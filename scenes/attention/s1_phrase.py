"""Scene 1: the phrase, and why "creature" needs to ask its neighbours."""

from manim import (
    DOWN,
    RIGHT,
    UP,
    ArcBetweenPoints,
    Create,
    FadeIn,
    FadeOut,
    LaggedStart,
    Line,
    VGroup,
    Write,
)

from attention.attention.lesson import lesson
from scenes import style
from scenes.attention.parts import GUESSES
from scenes.base import LessonScene, Play
from scenes.widgets import Wiggle, caption, keep_in_frame, label, token_row


class PhraseScene(LessonScene):
    scene_id = "phrase"

    def beats(self) -> None:
        L = lesson()
        tokens = token_row(L.tokens).move_to(0.3 * DOWN)
        creature = tokens[L.focus]
        adjectives = [tokens[L.index("fluffy")], tokens[L.index("blue")]]

        with self.beat("take-the-phrase") as b:
            heading = label("Take the phrase", size=style.TITLE_SIZE).to_edge(UP, buff=0.8)
            b.fit(Play(FadeIn(heading, shift=0.2 * DOWN), run_time=0.6), by="a")
            b.fit(Play(LaggedStart(*(FadeIn(t, shift=0.3 * UP) for t in tokens), lag_ratio=0.25),
                       run_time=1.4))

        with self.beat("creature-is-ambiguous") as b:
            guesses = [caption(g, color=style.INK, size=style.TITLE_SIZE) for g in GUESSES]
            keep_in_frame(VGroup(*guesses).arrange(RIGHT, buff=0.7).next_to(creature, DOWN, buff=1.0),
                          margin=0.6)
            # each guess hangs from creature by a thin line: one word, several readings
            ties = [Line(creature.get_bottom() + 0.08 * DOWN, g.get_top() + 0.12 * UP,
                         color=style.MUTED, stroke_width=2) for g in guesses]
            b.fit(Play(creature.box.animate.set_stroke(style.QUERY, width=4), run_time=0.5),
                  by="ambiguous")
            # each guess appears as the voice says it
            said = [g.rstrip("?") for g in GUESSES]
            b.fit(Play(Wiggle(creature, scale_value=1.12), run_time=0.8), by=said[0])
            for guess, tie, then in zip(guesses, ties, [*said[1:], None]):
                b.fit(Play(Create(tie), FadeIn(guess, shift=0.2 * DOWN), run_time=0.4), by=then)

        with self.beat("depends-on-fluffy-and-blue") as b:
            arcs = [ArcBetweenPoints(a.get_top() + 0.05 * UP, creature.get_top() + 0.05 * UP,
                                     angle=-1.2, color=style.MUTED, stroke_width=3)
                    for a in adjectives]
            # Each adjective lights up and reaches for creature as the voice names it.
            for word, adjective, arc in zip(("fluffy", "blue"), adjectives, arcs):
                b.until(word)
                b.fit(Play(adjective.box.animate.set_stroke(style.KEY, width=4), Create(arc),
                           adjective.word.animate.set_color(style.KEY), run_time=1.0),
                      by="blue" if word == "fluffy" else None)

        with self.beat("needs-a-way-to-ask") as b:
            question = label("?", size=60, color=style.QUERY).next_to(creature, UP, buff=1.1)
            # under creature, its right edge at the box's: clear of the frame's edge
            ask = keep_in_frame(caption("creature needs a way to ask them", color=style.QUERY,
                                        size=style.BODY_SIZE).next_to(creature, DOWN, buff=0.9)
                                .align_to(creature, RIGHT))
            # the guesses leave before the sentence takes their place
            b.fit(Play(FadeOut(*guesses, *ties), Write(question), run_time=0.6),
                  Play(FadeIn(ask, shift=0.2 * UP), run_time=0.6))
        self.keep(creature=creature)  # the next scene builds its vectors
