"""Scene 3: every token builds its vectors at once; creature broadcasts its query."""

from manim import (
    DOWN,
    RIGHT,
    UP,
    Broadcast,
    Circle,
    Create,
    FadeIn,
    FadeOut,
    SurroundingRectangle,
    VGroup,
)

from attention import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.widgets import caption, label, token_row, vector


def mini(values, color):
    """A vector as coloured cells, its numbers hidden: its shape, not its digits (the numbers
    stay, unseen, so the vector morphs to and from one that shows them)."""
    v = vector(values, color, width=0.42, cell=0.36)
    for number in v.numbers:
        number.set_opacity(0)
    return v


def cells(vectors):
    """The cells of some vectors without their numbers, grouped as the vectors are."""
    return VGroup(*(VGroup(*(c[0] for c in v)) for v in vectors))


class BroadcastScene(LessonScene):
    scene_id = "broadcast"
    follows = "queries-keys-values"

    def beats(self) -> None:
        L = lesson()
        tokens = token_row(L.tokens, width=2.6, gap=0.7).move_to(2.6 * UP)
        trios = VGroup()
        for n, t in enumerate(tokens):
            trio = VGroup(mini(L.result.queries[n], style.QUERY), mini(L.result.keys[n], style.KEY),
                          mini(L.result.values[n], style.VALUE)).arrange(RIGHT, buff=0.18,
                                                                         aligned_edge=UP)
            trios.add(trio.next_to(t, DOWN, buff=0.35))
        legend = VGroup(*(label(n, size=style.SMALL_SIZE, color=c) for n, c in
                          (("query", style.QUERY), ("key", style.KEY), ("value", style.VALUE))))
        legend.arrange(RIGHT, buff=0.6).next_to(trios, DOWN, buff=0.45)

        with self.beat("all-in-parallel") as b:
            together = caption("all four at once", color=style.INK).next_to(legend, DOWN, buff=0.4)
            fluffy = tokens[L.index("fluffy")]
            others = VGroup(*(t for t in tokens if t is not fluffy))
            f = L.index("fluffy")
            # fluffy and its three vectors take their places in the row as the rest leaves;
            # then the other tokens and their vectors arrive
            b.fit(self.scene_change(self.from_previous("fluffy", fluffy, FadeIn(fluffy)),
                                    self.from_previous("vectors", cells(trios[f]), FadeIn(trios[f]))),
                  Play(FadeIn(others), *(FadeIn(t, shift=0.2 * DOWN) for n, t in enumerate(trios)
                                         if n != f), FadeIn(legend), run_time=0.8),
                  Play(FadeIn(together), run_time=0.5))

        with self.beat("creature-broadcasts") as b:
            c = L.focus
            others = [m for n in range(len(tokens)) if n != c for m in (tokens[n], cells(trios[n]))]
            query = trios[c][0]
            ask = label("“any adjectives around here describing me?”", size=style.BODY_SIZE,
                        color=style.QUERY).move_to(together)
            rings = lambda: Broadcast(Circle(radius=2.6, color=style.QUERY, stroke_width=3),
                                      focal_point=query.get_center(), n_mobs=4)
            b.fit(Play(*(m.animate.set_opacity(0.35) for m in others), FadeOut(together),
                       query.animate.scale(1.4), run_time=0.7), until="broadcasts")
            # the query goes out as the voice says so, and again on the question
            b.fit(Play(lambda: [rings()], run_time=2.2), until="specific")
            # "...the question is specific": the query itself is outlined
            ring = SurroundingRectangle(query, color=style.QUERY, buff=0.08, stroke_width=3)
            b.fit(Play(Create(ring), run_time=0.6), until="any")
            b.fit(Play(lambda: [rings(), FadeOut(ring), FadeIn(ask, shift=0.2 * UP, run_time=1.0)],
                       run_time=2.2))
        # the tokens, creature's query and every key take their places in the dot products
        self.keep(tokens=tokens, query=trios[L.focus][0], keys=VGroup(*(t[1] for t in trios)))
