"""The fast mobject copy gives what Manim's own `copy.deepcopy` gives, part for part.

Each mobject is copied twice from the same original with an empty memo: once by Manim's own
`Mobject.__deepcopy__`, once by `scenes.fastcopy`'s. The two copies are walked side by side:
same classes, same atoms (the original's own where it has one), arrays equal to the byte and sharing no memory with
the original, the same parts shared in both, and the memos hold the same originals in the order
`copy` keeps them alive.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from manim import Circle, Dot, MathTex, Mobject, Square, Text, VGroup

from attention import score_figure
from attention.attention.lesson import lesson
from common.settings import QUALITIES
from scenes import fastcopy, style, widgets
from scenes.grid import Grid, texts_of
from video.scene_render import manim_config

LOW = QUALITIES["low"]
ATOMS = (type(None), bool, int, float, str, bytes)


@contextmanager
def manims_own_copy() -> Iterator[None]:
    fastcopy.uninstall()
    try:
        yield
    finally:
        fastcopy.install()


def shared_parts_of(original) -> list:
    """The attributes the fast copy shares with the original (`fastcopy.SHARED`) in its family."""
    return [getattr(m, name) for m in original.get_family() for name in fastcopy.SHARED
            if getattr(m, name, None) is not None]


def both_copies(original):
    """Manim's copy (told to keep the parts the fast copy shares, and then its memo as if it
    had never seen them) and the fast one, each with its memo."""
    shared = shared_parts_of(original)
    with manims_own_copy():
        memo_manim: dict = {id(p): p for p in shared}
        manims = copy.deepcopy(original, memo_manim)
        for p in shared:
            del memo_manim[id(p)]
    memo_fast: dict = {}
    fast = copy.deepcopy(original, memo_fast)
    return manims, memo_manim, fast, memo_fast


def assert_same_copies(original, manims, fast) -> dict[int, object]:
    """Walk the original and its two copies side by side; returns id(Manim's part) -> fast part."""
    pairs: dict[int, object] = {}
    back: dict[int, object] = {}
    todo = [(original, manims, fast, "copy")]
    while todo:
        o, a, b, where = todo.pop()
        assert type(a) is type(b), where
        if isinstance(a, ATOMS) or isinstance(a, type):
            assert repr(a) == repr(b) and (a is o) == (b is o), where  # atoms come back as they are
            continue
        if id(a) in pairs:
            assert pairs[id(a)] is b, f"{where}: shared in Manim's copy, not in the fast one"
            continue
        assert id(b) not in back, f"{where}: shared in the fast copy, not in Manim's"
        pairs[id(a)], back[id(b)] = b, a
        assert (a is o) == (b is o), where
        if isinstance(a, np.ndarray):
            assert (a.dtype, a.shape, a.strides) == (b.dtype, b.shape, b.strides), where
            if a.dtype != object:
                assert a.tobytes() == b.tobytes(), where
                assert not np.shares_memory(a, o) and not np.shares_memory(b, o), where
                continue
        if isinstance(a, (list, tuple, np.ndarray)):
            assert len(a) == len(b), where
            todo += [(oi, ai, bi, f"{where}[{i}]") for i, (oi, ai, bi) in enumerate(zip(o, a, b))]
        elif isinstance(a, dict):
            assert list(a) == list(b), where
            todo += [(o[k], a[k], b[k], f"{where}[{k!r}]") for k in a]
        elif hasattr(a, "__dict__"):
            assert list(vars(a)) == list(vars(b)), where
            todo += [(vars(o).get(k), v, vars(b)[k], f"{where}.{k}") for k, v in vars(a).items()]
        elif isinstance(a, np.generic):
            assert a.tobytes() == b.tobytes(), where
        else:
            assert a == b, where
    return pairs


def assert_same_memos(memo_manim: dict, memo_fast: dict, pairs: dict[int, object]) -> None:
    alive_manim, alive_fast = memo_manim.pop(id(memo_manim)), memo_fast.pop(id(memo_fast))
    assert [id(x) for x in alive_manim] == [id(x) for x in alive_fast]
    assert list(memo_manim) == list(memo_fast)
    for key, value in memo_manim.items():
        assert pairs.get(id(value), memo_fast[key]) is memo_fast[key]
        assert type(value) is type(memo_fast[key])


def assert_copies_alike(original) -> None:
    manims, memo_manim, fast, memo_fast = both_copies(original)
    assert fast is not original and fast.original_id == manims.original_id == str(id(original))
    assert_same_memos(memo_manim, memo_fast, assert_same_copies(original, manims, fast))


@pytest.fixture(scope="module")
def media(tmp_path_factory):
    """Manim writes its LaTeX and the prebuilt texts into a folder of the test's own."""
    with manim_config(LOW, tmp_path_factory.mktemp("media")):
        yield


class Note:
    """A plain object: `copy.deepcopy` copies it by its `__dict__`."""


def shared_parts() -> VGroup:
    """A group whose parts are shared: one square in two subgroups, aliases, a cycle, a target,
    and values only `copy.deepcopy` knows (a tuple, an array of objects, numpy scalars), an array
    in Fortran order, and a plain object whose `__dict__` is held on its own too."""
    square = Square()
    left, right = VGroup(square, Circle()), VGroup(Dot(), square)
    group = VGroup(left, right)
    group.square, group.both = square, [square, square]
    square.group = group  # a cycle back to the top
    points = square.points
    group.extra = (points, {"scale": np.float64(1.5), "steps": np.arange(3)})
    group.objects = np.array([square, None], dtype=object)
    group.columns = np.arange(6.0).reshape(2, 3).T  # Fortran order, as deepcopy keeps it
    note = Note()
    note.points, note.label = points, "side"
    group.note_state, group.note = vars(note), note  # its __dict__ copied before the note
    left.generate_target()
    return group


@pytest.mark.parametrize("build", [
    pytest.param(lambda: widgets.label("fluffy blue creature"), id="text"),
    pytest.param(lambda: Text("42%", font=style.MONO), id="text-unprebuilt"),
    pytest.param(lambda: MathTex(r"\mathrm{softmax}\!\left(\frac{QK^T}{\sqrt{d}}\right)V"),
                 id="mathtex"),
    pytest.param(lambda: widgets.vector(lesson().result.output[0], style.VALUE), id="vector"),
    pytest.param(lambda: widgets.token_row(lesson().tokens), id="token-row"),
    pytest.param(lambda: Grid(texts_of(lesson().result.scores, score_figure), style.KEY,
                              row_labels=lesson().tokens, col_labels=lesson().tokens), id="grid"),
    pytest.param(shared_parts, id="shared-parts"),
])
def test_the_fast_copy_is_manims_copy(media, build):
    assert_copies_alike(build())


def test_copies_of_copies_and_targets_stay_alike(media):
    """What a Transform copies: a mobject that was copied before and given a target."""
    word = widgets.label("cat").copy()
    word.generate_target()
    word.target.shift(np.array([1.0, 0.0, 0.0]))
    assert_copies_alike(word)


def test_every_scene_copies_the_fast_way():
    import scenes.base  # noqa: F401  (what every scene imports)

    assert Mobject.__deepcopy__ is fastcopy.mobject_deepcopy
    assert Text.__deepcopy__ is fastcopy.mobject_deepcopy


def test_the_copy_leaves_the_collector_as_it_found_it(media):
    import gc

    word = widgets.label("dog")
    word.copy()
    assert gc.isenabled()
    gc.disable()
    try:
        word.copy()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_copied_text_shares_its_glyphs_parsed_paths_and_copies_the_rest(media):
    text = Text("fluffy")
    twin = text.copy()
    glyphs = [(a, b) for a, b in zip(text.get_family(), twin.get_family()) if hasattr(a, "path_obj")]
    assert glyphs and all(b.path_obj is a.path_obj for a, b in glyphs)
    assert all(not np.shares_memory(a.points, b.points) for a, b in glyphs)
