"""Scene 2: one token's embedding turned into a query, a key and a value by W_Q, W_K, W_V."""

from manim import (
    DOWN,
    LEFT,
    RIGHT,
    UP,
    Arrow,
    FadeIn,
    GrowArrow,
    Indicate,
    MathTex,
    TransformFromCopy,
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

        with self.beat("three-small-vectors"):
            self.fit(
                Play(FadeIn(token, shift=0.2 * DOWN), run_time=0.5),
                Play(TransformFromCopy(token.word, embedding), FadeIn(names), FadeIn(emb_caption),
                     run_time=0.9),
                Play(*(GrowArrow(a) for a in arrows), FadeIn(maps), run_time=0.8),
                Play(*(TransformFromCopy(embedding, r) for r in rows), FadeIn(titles),
                     FadeIn(dims), run_time=1.0))

        for n, sentence in enumerate(("query-looking-for", "key-contains", "value-hands-over")):
            with self.beat(sentence):
                color = specs[n][2]
                self.fit(Play(FadeIn(questions[n], shift=0.15 * DOWN),
                              Indicate(rows[n], color=color, scale_factor=1.06), run_time=1.0))
