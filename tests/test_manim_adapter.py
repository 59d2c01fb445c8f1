"""What `scenes/adapter.py` assumes of Manim, one test per assumption, on plain Manim scenes: a
Manim release that breaks one fails here, by name, before any lesson scene misbehaves."""

from __future__ import annotations

import numpy as np
import pytest
from manim import BLACK, FadeIn, Square, tempconfig

from scenes.adapter import (
    EndSceneEarlyException,
    FrameSink,
    FrameTimes,
    Scene,
    on_own_targets,
    prepare_animation,
    renderer,
)

FPS = 15


class Counting(FrameSink):
    """Counts frames and the calls Manim makes at the scene's end."""

    finished = 0

    def emit(self, frame: np.ndarray, repeat: int) -> None:
        self.last = frame

    def finish(self) -> None:
        type(self).finished += 1


def run(construct, *, skip: bool = False, window=None, setup=None) -> Scene:
    """A plain Manim scene (not a lesson scene) on the adapter's renderer, rendered."""
    class Plain(Scene):
        def construct(self) -> None:
            construct(self)

    with tempconfig({"frame_rate": FPS, "pixel_width": 160, "pixel_height": 90,
                     "background_color": BLACK, "disable_caching": True, "progress_bar": "none",
                     "write_to_movie": True, "format": "mp4", "verbosity": "WARNING"}):
        r = renderer(skip, Counting)
        r.window = window
        scene = Plain(renderer=r, skip_animations=skip)
        if setup:
            setup(scene)
        scene.render()
    return scene


def play_and_hold(scene: Scene) -> None:
    scene.renderer.frame_no = 0
    scene.play(FadeIn(Square()), run_time=0.5)  # Manim's own progression: 8 frames at 15 fps
    scene.wait(1.0)  # a still picture: 15 frames, held


def test_a_sampler_sees_every_frame_as_it_stands_and_no_pixel_is_drawn():
    """Manim updates the mobjects to each frame's time before `render`: a sampler there reads
    each moving frame's layout (the square fading in, frame by frame), a hold once, and no
    frame reaches the sink."""
    seen = []

    def setup(scene: Scene) -> None:
        scene.renderer.sampler = lambda frame, n: seen.append(
            (frame, n, round(float(scene.mobjects[0].get_stroke_opacity()), 3)))

    scene = run(play_and_hold, setup=setup)
    assert [(f, n) for f, n, _ in seen] == [(f, 1) for f in range(8)] + [(8, 15)]
    opacities = [o for _, _, o in seen]
    assert 0 == opacities[0] < opacities[3] < opacities[7] < opacities[8] == 1.0  # Manim's times
    assert scene.renderer.sink.frames == 0


def test_every_frame_goes_through_the_two_overridden_paths():
    """Moving frames through `render`, held ones through `freeze_current_frame`: a window on
    the frame numbers restricts what is written only if Manim uses both."""
    whole = run(play_and_hold)
    assert whole.renderer.sink.frames == whole.renderer.frame_no == 8 + 15
    part = run(play_and_hold, window=(5, 12))  # 3 moving frames and 4 held ones
    assert part.renderer.sink.frames == 7
    assert part.renderer.frame_no == 8 + 15


def test_manim_restores_skipping_from_the_original_status_after_each_play():
    seen = []

    def construct(scene):
        scene.renderer.set_drawing(False)
        scene.play(FadeIn(Square()), run_time=0.5)
        seen.append((scene.renderer.sink.frames, scene.renderer.skip_animations))
        scene.renderer.set_drawing(True)
        with scene.renderer.not_drawing():
            scene.play(FadeIn(Square()), run_time=0.5)
        seen.append((scene.renderer.sink.frames, scene.renderer.drawing))
        scene.play(FadeIn(Square()), run_time=0.5)
        seen.append((scene.renderer.sink.frames, scene.renderer.skip_animations))

    run(construct)
    assert seen == [(0, True), (0, True), (8, False)]


def test_a_play_advances_the_renderers_time_and_count_of_plays():
    seen = []

    def construct(scene):
        scene.play(FadeIn(Square()), run_time=0.5)
        seen.append((scene.renderer.time, scene.renderer.num_plays))
        scene.renderer.count_play(0.25)  # what a play jumped to its end must do instead
        seen.append((scene.renderer.time, scene.renderer.num_plays))
        scene.renderer.set_clock(2.0)
        scene.play(FadeIn(Square()), run_time=0.5)
        seen.append((scene.renderer.time, scene.renderer.num_plays))

    run(construct)
    moved = 8 / FPS  # a play's time is the frames it drew, each 1/fps (Manim's own progression)
    assert seen == [(pytest.approx(moved), 1), (pytest.approx(moved + 0.25), 2),
                    (pytest.approx(2.0 + moved), 3)]


def test_the_stand_in_file_writer_is_all_manim_calls():
    Counting.finished = 0
    scene = run(play_and_hold)
    assert isinstance(scene.renderer.sink, Counting)  # made from file_writer_class
    assert Counting.finished == 1
    assert scene.renderer.sink.last.shape == (90, 160, 4)


def test_manim_plays_the_times_a_scene_gives_and_closes_them():
    closed = []

    class Times(FrameTimes):
        def close(self) -> None:
            closed.append(len(self))

    def setup(scene):
        scene.get_time_progression = lambda run_time, *a, **k: Times(
            np.arange(1, int(round(run_time * FPS)) + 1) / FPS)

    def construct(scene):
        scene.play(FadeIn(Square()), run_time=0.4)

    scene = run(construct, setup=setup)
    assert closed == [6] and scene.renderer.sink.frames == 6


def test_ending_a_scene_early_ends_its_render_as_if_it_had_played_out():
    Counting.finished = 0

    def construct(scene):
        scene.play(FadeIn(Square()), run_time=0.5)
        raise EndSceneEarlyException()

    scene = run(construct)
    assert scene.renderer.sink.frames == 8 and Counting.finished == 1


def test_the_picture_is_drawn_after_a_run_without_pixels():
    def construct(scene):
        scene.play(FadeIn(Square(fill_opacity=1, color="#ffffff")), run_time=0.5)

    scene = run(construct, skip=True)
    assert scene.renderer.sink.frames == 0
    pixels = np.asarray(scene.renderer.picture(scene).convert("L"))
    assert pixels.shape == (90, 160) and (pixels > 200).sum() > 100


def test_an_animate_play_not_drawn_moves_towards_its_own_target_to_the_same_bits(tmp_path):
    """`Transform.begin` copies the target and aligns the mobject with the copy: an `.animate`
    play not drawn (in a group too) that moves towards its builder's target itself ends on the
    very bytes Manim's own run ends on, signed zeros included, without that copy."""
    from manim import LEFT, UP, LaggedStart, Text, VGroup

    def played(own_targets: bool) -> tuple[list[bytes], bool]:
        ends: list[bytes] = []
        shared: list[bool] = []

        def construct(scene: Scene) -> None:
            group = VGroup(Square().shift(0.3 * LEFT), Text("6.1 × 0.0")).arrange()
            scene.add(group)
            for _ in range(2):  # the second play starts where the first left the mobjects
                plays = [prepare_animation(group.animate.set_opacity(0.35).shift(UP).scale(1.3)),
                         prepare_animation(LaggedStart(group[0].animate.rotate(0.3),
                                                       group[1].animate.set_color("#ff0000"),
                                                       lag_ratio=0.5))]
                if own_targets:
                    on_own_targets(plays)
                scene.play(*plays, run_time=0.4)
                shared.append(plays[0].target_copy is group.target)
            ends.extend(b for m in group.get_family() for b in (
                m.points.tobytes(), m.fill_rgbas.tobytes(), m.stroke_rgbas.tobytes(),
                np.asarray(m.stroke_width).tobytes()))

        run(construct, skip=True)
        return ends, all(shared)

    with tempconfig({"media_dir": str(tmp_path)}):  # the Text's SVG goes there, not into ./media
        mine, manims = played(True), played(False)
    assert mine[0] == manims[0]
    assert mine[1] and not manims[1]  # the copy is what it spares
