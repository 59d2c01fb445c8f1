"""The script check, scene by scene: an edit that keeps the words a scene waits for runs no
scene; one that drops such a word fails, naming the word, the scene file and the YAML line."""

from __future__ import annotations

from pathlib import Path

import pytest

from transcript import DEFAULT_PATH, load_script
from video.script_check import ScriptSceneError, check_script

SENTENCE = "to blue, and scraps for everyone else."


def lesson_with(tmp_path: Path, old: str, new: str) -> Path:
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lesson.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def stamps(cache: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in (cache / "checks").glob("*.json")}


def test_an_edit_keeping_the_waited_for_words_runs_no_scene_and_one_dropping_one_fails(rendered_lesson,
                                                                                       tmp_path):
    cache = tmp_path / "cache"
    rendered_lesson.warm_media(cache / "manim")  # a build that rendered before: its texts are built
    check_script(load_script(DEFAULT_PATH), cache)
    first = stamps(cache)
    assert len(first) == len(load_script(DEFAULT_PATH).scenes)  # one per scene

    reworded = lesson_with(tmp_path, SENTENCE, "to blue, and only scraps for the rest.")
    check_script(load_script(reworded), cache)
    assert stamps(cache) == first  # nothing ran again: every stamp is the one written first

    dropped = lesson_with(tmp_path, SENTENCE, "to the colour, and scraps for everyone else.")
    with pytest.raises(ScriptSceneError) as failure:
        check_script(load_script(dropped), cache)
    message = str(failure.value)
    assert "'blue'" in message and "scenes/attention/s6_softmax.py" in message
    line = next(i for i, text in enumerate(dropped.read_text().splitlines(), 1)
                if "id: weights-for-fluffy-and-blue" in text)
    assert f"{dropped}:{line}" in message
