"""A scene's code change redraws that scene and, of the scene that opens on its last picture,
only the beats whose start picture changed: that scene's first beat starts from what the
followed scene hands over (`LessonScene.handover`), not from the followed scene's code."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from test_hardening import tracked_copy

from scenes import scene_follows, scene_modules

DRAW = """
import json, sys
from pathlib import Path
from common.paths import BuildPaths
from common.settings import QUALITIES
from transcript.manifest import read_manifest
from video.pipeline import render_beats_needed
build = BuildPaths(Path(sys.argv[1]))
jobs = render_beats_needed(read_manifest(build.manifest), QUALITIES["low"], build.cache, jobs=2,
                           progress=lambda line: None)
print(json.dumps([[j.scene_id, j.sentence_id, j.cached] for j in jobs]))
"""

# Appended to a scene's module: one more dot on its last picture, after its last beat.
A_DOT_AT_THE_END = """

def _one_more_dot(cls):
    from manim import DL, Dot
    beats = cls.beats

    def with_a_dot(self):
        beats(self)
        self.add(Dot(color="#ff00ff").to_corner(DL, buff=1.5))
    cls.beats = with_a_dot


_one_more_dot(next(c for c in list(globals().values())
                   if isinstance(c, type) and getattr(c, "scene_id", None) == {scene!r}))
"""

def clean_environment() -> dict[str, str]:
    """This process's environment without a lesson chosen by an earlier test in it: the copy
    draws the lesson its manifest names, as a fresh command would."""
    from transcript.lessons import CHOSEN_ENV, MODULES_ENV

    return {k: v for k, v in os.environ.items() if k not in (CHOSEN_ENV, MODULES_ENV)}


# edited: a comment; one more dot on its last picture (scenes quick to draw: both are drawn
# whole, and of the scene after the dot its first beat)
QUIET, DOTTED = "softmax", "phrase"


def test_a_code_edit_redraws_the_next_scene_only_where_the_picture_it_opens_on_changed(
        tmp_path, rendered_lesson):
    follows = scene_follows()
    after_quiet = next(s for s, f in follows.items() if f == QUIET)
    after_dot = next(s for s, f in follows.items() if f == DOTTED)
    assert len({QUIET, after_quiet, DOTTED, after_dot}) == 4
    copy = tracked_copy(tmp_path / "project")
    build = rendered_lesson.copy(tmp_path / "build")

    def source(scene_id: str):
        return copy / (scene_modules()[scene_id][0].replace(".", "/") + ".py")

    with open(source(QUIET), "a", encoding="utf-8") as f:
        f.write("\n# an edit that changes no picture\n")
    with open(source(DOTTED), "a", encoding="utf-8") as f:
        f.write(A_DOT_AT_THE_END.format(scene=DOTTED))
    done = subprocess.run([sys.executable, "-c", DRAW, str(build)], cwd=copy, capture_output=True,
                          text=True, env={**clean_environment(), "PYTHONPATH": str(copy)}, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    jobs = json.loads(done.stdout)
    beats = {scene: [sid for s, sid, _ in jobs if s == scene] for scene, _, _ in jobs}
    drawn = [sid for _, sid, cached in jobs if not cached]
    # the two edited scenes whole; of the scene after the dot, its first beat (the dot leaves in
    # its change of scene); nothing of the scene after the comment, nor of any other
    assert sorted(drawn) == sorted(beats[QUIET] + beats[DOTTED] + beats[after_dot][:1])
    assert len(beats[after_dot]) > 1
