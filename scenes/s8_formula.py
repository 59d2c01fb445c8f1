"""Scene 8: the whole procedure as softmax(QKᵀ/√d)·V, every symbol tied back to its step."""

from manim import (
    DOWN,
    RIGHT,
    UP,
    Create,
    FadeIn,
    FadeOut,
    FadeTransform,
    Indicate,
    LaggedStart,
    Line,
    MathTex,
    SurroundingRectangle,
    Transform,
    VGroup,
)

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


def formula_tex(size: int = 96) -> MathTex:
    """softmax(QKᵀ/√d)·V as its coloured pieces (`PIECES`)."""
    formula = built(MathTex, *(tex for tex, _ in PIECES), font_size=size)
    for sub, (_, color) in zip(formula, PIECES):
        sub.set_color(color)
    return formula


class FormulaScene(LessonScene):
    scene_id = "formula"
    follows = "weighted-sum"

    def beats(self) -> None:
        L = lesson()
        formula = formula_tex().move_to(1.5 * UP)
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
            # "Written down": the weighted sum's cells move up into the formula's "·V" as the
            # rest of the picture leaves, and the other pieces write themselves round it, dim
            # but readable; on "line" a rule underlines it. Then the rule runs under each piece
            # as the voice reads it, and the piece takes its step's colour ("/√d" flashes in its
            # grey, and "·V", there already, in its green).
            rule_y = formula.get_bottom()[1] - 0.25

            def under(mob) -> Line:
                return Line([mob.get_left()[0], rule_y, 0], [mob.get_right()[0], rule_y, 0],
                            color=style.MUTED, stroke_width=3)

            rule = under(formula)
            v = part("V")
            others = [formula[i] for i in range(len(PIECES)) if i not in piece("V")]
            for p in others:
                p.set_color(style.DIM)
            b.fit(self.scene_change(self.from_previous("sum", v, FadeIn(v), by=FadeTransform,
                                                       stretch=False, dim_to_match=0)),
                  Play(LaggedStart(*(FadeIn(p, shift=0.15 * UP) for p in others), lag_ratio=0.1),
                       FadeIn(intro, shift=0.2 * DOWN), run_time=0.6),
                  until="line")
            b.fit(Play(Create(rule), run_time=0.5), until="softmax")
            # ("...the square root of d": √d, lit on "divided", is outlined)
            root = SurroundingRectangle(part("√d"), color=style.MUTED, buff=0.08, stroke_width=3)
            spoken = [("softmax", "softmax"), ("Q", "Q"), ("K", "K"), ("scale", "divided"),
                      ("√d", "root"), ("V", "V")]
            for k, (name, word) in enumerate(spoken):
                b.until(word)
                after = spoken[k + 1][1] if k + 1 < len(spoken) else None
                if name == "√d":
                    lights = [Create(root)]
                elif name == "V":
                    lights = [Indicate(v, color=style.VALUE, scale_factor=1.15), FadeOut(root)]
                elif name == "scale":  # its grey set on the word, then a flash
                    lights = [Indicate(part(name).set_color(style.MUTED), color=style.INK,
                                       scale_factor=1.15)]
                else:
                    lights = [formula[i].animate.set_color(PIECES[i][1]) for i in piece(name)]
                if name != "√d":
                    lights.append(Transform(rule, under(part(name))))
                b.fit(Play(*lights, run_time=0.5), until=after)

        with self.beat("every-symbol-is-a-step") as b:
            b.play(FadeOut(intro), FadeOut(rule), run_time=0.2)
            plays = []
            for (name, _, _, color), row in zip(steps, rows):
                ring = SurroundingRectangle(part(name), color=color, buff=0.08, stroke_width=3)
                plays += [Play(Create(ring), FadeIn(row, shift=0.15 * UP), run_time=0.5),
                          Play(FadeOut(ring), run_time=0.25)]
            b.fit(*plays)
        self.keep(formula=formula)  # the next scene keeps it as its header
