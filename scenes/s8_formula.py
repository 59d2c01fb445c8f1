"""Scene 8: the whole procedure as softmax(QKᵀ/√d)·V, every symbol tied back to its step."""

from manim import DOWN, RIGHT, UP, Create, FadeIn, FadeOut, MathTex, SurroundingRectangle, VGroup

from attention import lesson
from scenes import style
from scenes.base import LessonScene, Play
from scenes.prebuilt import built
from scenes.widgets import label

# The formula as separately addressable TeX pieces, with each piece's role colour.
PIECES = (
    (r"\mathrm{softmax}", style.WEIGHT),
    (r"\Big(", style.INK),
    (r"Q", style.QUERY),
    (r"K^{\top}", style.KEY),
    (r"/", style.MUTED),
    (r"\sqrt{d}", style.MUTED),
    (r"\Big)", style.INK),
    (r"\cdot", style.INK),
    (r"V", style.VALUE),
)


def piece(name: str) -> list[int]:
    """Indices of the pieces that make up one spoken symbol of the formula."""
    groups = {"softmax": [0, 1, 6], "Q": [2], "K": [3], "scale": [4, 5], "√d": [5], "V": [7, 8]}
    return groups[name]


GHOST = 0.2  # opacity of the formula's pieces before the voice reaches them


class FormulaScene(LessonScene):
    scene_id = "formula"
    follows = "weighted-sum"

    def beats(self) -> None:
        L = lesson()
        formula = built(MathTex, *(tex for tex, _ in PIECES), font_size=96)
        for sub, (_, color) in zip(formula, PIECES):
            sub.set_color(color)
        formula.move_to(1.5 * UP)
        intro = label("the whole procedure, in one line", size=style.BODY_SIZE,
                      color=style.MUTED).to_edge(UP, buff=0.6)

        def part(name: str) -> VGroup:
            return VGroup(*(formula[i] for i in piece(name)))

        # The steps in the order they happened, each with the colour the learner saw it in.
        steps = [
            ("Q", "Q", "each token's query", style.QUERY),
            ("K", "Kᵀ", "every key", style.KEY),
            ("scale", "/√d", f"scale, d = {L.d_k}", style.MUTED),
            ("softmax", "softmax", "weights that sum to 1", style.WEIGHT),
            ("V", "·V", "weighted sum of values", style.VALUE),
        ]
        rows = VGroup()
        for _, symbol, text, color in steps:  # one Text per row keeps a common baseline
            row = label(f"{symbol}: {text}", size=style.BODY_SIZE)
            colon = row[len(symbol)]  # glyphs exclude spaces: the symbol, then its colon
            row[:len(symbol) + 1].set_color(color)
            baseline = -0.4 - 0.55 * len(rows)
            # colons on one column, every row's baseline (the colon's foot) on its own line
            row.shift((-0.7 - colon.get_right()[0]) * RIGHT
                      + (baseline - colon.get_bottom()[1]) * UP)
            rows.add(row)
        rows.set_x(0)

        with self.beat("formula-in-one-line") as b:
            # the weighted sum leaves (nothing of it is in the formula's picture), then the title
            b.fit(self.scene_change(run_time=0.5), Play(FadeIn(intro, shift=0.2 * DOWN), run_time=0.6),
                  until="line")
            # "one line": the line shows faintly; each piece lights up as the voice says it.
            b.fit(Play(FadeIn(formula.set_opacity(GHOST), shift=0.15 * UP), run_time=0.6),
                  until="softmax")
            # ("...the square root of d": √d, lit on "divided", is outlined)
            root = SurroundingRectangle(part("√d"), color=style.MUTED, buff=0.08, stroke_width=3)
            spoken = [("softmax", "softmax"), ("Q", "Q"), ("K", "K"), ("scale", "divided"),
                      ("√d", "root"), ("V", "V")]
            for k, (name, word) in enumerate(spoken):
                b.until(word)
                after = spoken[k + 1][1] if k + 1 < len(spoken) else None
                lights = ([Create(root)] if name == "√d" else
                          [part(name).animate.set_opacity(1), *([FadeOut(root)] if name == "V" else [])])
                b.fit(Play(*lights, run_time=0.5), until=after)

        with self.beat("every-symbol-is-a-step") as b:
            b.play(FadeOut(intro), run_time=0.2)
            plays = []
            for (name, _, _, color), row in zip(steps, rows):
                ring = SurroundingRectangle(part(name), color=color, buff=0.08, stroke_width=3)
                plays += [Play(Create(ring), FadeIn(row, shift=0.15 * UP), run_time=0.5),
                          Play(FadeOut(ring), run_time=0.25)]
            b.fit(*plays)
