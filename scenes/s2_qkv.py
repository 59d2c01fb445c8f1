"""Scene 2: one token's embedding turned into a query, a key and a value by W_Q, W_K, W_V."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    Create,
    FadeIn,
    FadeOut,
    GrowArrow,
    GrowFromPoint,
    LaggedStart,
    MathTex,
    SurroundingRectangle,
    VGroup,
)

from attention import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.widgets import caption, keep_in_frame, label, token_box, vector

EXAMPLE = "fluffy"  # its key and value say the most: an adjective that hands over its texture


class QueriesKeysValuesScene(LessonScene):
    scene_id = "queries-keys-values"
    follows = "phrase"

    def beats(self) -> None:
        L = lesson()
        i = L.index(EXAMPLE)
        token = token_box(EXAMPLE).move_to(4.6 * LEFT + 3.0 * UP)
        embedding = vector(L.embeddings[i], style.EMBEDDING, width=0.95, cell=0.55,
                           size=style.BODY_SIZE - 2).next_to(token, DOWN, buff=0.5)
        names = VGroup(*(caption(f).next_to(cell, LEFT, buff=0.15) for f, cell in
                         zip(L.features, embedding)))
        emb_caption = caption("embedding", color=style.EMBEDDING).next_to(embedding, DOWN, buff=0.2)
        keep_in_frame(VGroup(token, embedding, names, emb_caption))

        rows, arrows, maps, titles, questions = VGroup(), VGroup(), VGroup(), VGroup(), VGroup()
        specs = [
            ("query", L.result.queries[i], style.QUERY, "W_Q", "what am I looking for?"),
            ("key", L.result.keys[i], style.KEY, "W_K", "what do I contain?"),
            ("value", L.result.values[i], style.VALUE, "W_V", "what I'll hand over"),
        ]
        for n, (name, values, color, matrix, question) in enumerate(specs):
            width = 1.2 if name == "value" else 1.5  # query and key cells carry a heading
            row = vector(values, color, width=width, cell=0.55, size=style.BODY_SIZE - 2)
            row.arrange(RIGHT, buff=0).move_to((2.2 - 2.1 * n) * UP).align_to(0.9 * LEFT, LEFT)
            rows.add(row)
            titles.add(label(name, size=style.BODY_SIZE, color=color).next_to(row, UP, buff=0.12)
                       .align_to(row, LEFT))
            questions.add(caption(question, color=color).next_to(row, DOWN, buff=0.15)
                          .align_to(row, LEFT))
            arrow = Arrow(embedding.get_right(), row.get_left(), buff=0.2, color=style.MUTED,
                          stroke_width=3, max_tip_length_to_length_ratio=0.08)
            arrows.add(arrow)
            maps.add(built(MathTex, matrix, color=color, font_size=34)
                     .move_to(arrow.point_from_proportion(0.45)).shift(0.3 * UP))

        dims = VGroup(*(caption(d).next_to(cell, UP, buff=0.12) for d, cell in
                        zip(L.qk_dims, rows[0])))
        titles[0].next_to(dims, UP, buff=0.12).align_to(rows[0], LEFT)

        down = Arrow(token.get_bottom(), embedding.get_top(), buff=0.06, color=style.MUTED,
                     stroke_width=3, max_tip_length_to_length_ratio=0.3)

        with self.beat("three-small-vectors") as b:
            # The word stays; its embedding grows below it, then each vector from its W's arrow.
            b.fit(
                Play(self.from_previous("fluffy", token, FadeIn(token, shift=0.2 * DOWN)),
                  run_time=0.5),
                Play(GrowArrow(down), run_time=0.3),
                Play(GrowFromPoint(embedding, down.get_end()), FadeIn(names), FadeIn(emb_caption),
                  run_time=0.7), until="three")
            b.fit(
                Play(LaggedStart(*(GrowArrow(a) for a in arrows), lag_ratio=0.25), FadeIn(maps),
                  run_time=0.8),
                Play(LaggedStart(*(GrowFromPoint(r, a.get_end()) for r, a in zip(rows, arrows)),
                              lag_ratio=0.3), FadeIn(titles), FadeIn(dims), run_time=1.2))

        for n, sentence in enumerate(("query-looking-for", "key-contains", "value-hands-over")):
            with self.beat(sentence) as b:
                color = specs[n][2]
                ring = SurroundingRectangle(rows[n], color=color, buff=0.06, stroke_width=4)
                b.fit(Play(FadeIn(questions[n], shift=0.15 * DOWN), Create(ring), run_time=1.0),
                      Play(FadeOut(ring), run_time=0.4), until="anyone" if n == 2 else None)
                if n == 2:  # "...if anyone decides": a copy of the value is handed over
                    b.fit(Play(FadeOut(rows[2].copy(), shift=1.5 * RIGHT), run_time=1.5))
        self.keep(fluffy=token)  # every token builds its vectors next
