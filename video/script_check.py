"""The lesson script checked against the scenes before any narration is voiced: every paragraph's
scene has a module, every module a paragraph, and each scene opens a beat for exactly the
sentences of its paragraph. The beats are found by running each scene without drawing a pixel,
on stand-in timings. Each scene's result is cached by its code and its sentence ids with the
words its beats wait for: an edit of a sentence that keeps those words costs no scene run, and
one that drops one runs that scene alone, for its error."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from common.choices import few
from common.files import atomic_write_text
from common.paths import ROOT
from common.settings import QUALITIES
from scenes import SceneRegistryError, scene_modules, scene_source, scenes_dir, scenes_package
from scenes.timing import scene_timing
from transcript.manifest import TimedSentence, new_manifest
from transcript.script import Script
from transcript.words import TimedWord, word_key, words_of
from video.cache import beat_sources

if TYPE_CHECKING:
    from scenes.base import LessonScene

# Per sentence: long enough that no beat's plays are sped up (the longest take about 15 s): these
# timings are not the voice's, and a warning about them would be about nothing.
STAND_IN_SECONDS = 60.0
STAND_IN_FPS = 15


class ScriptSceneError(ValueError):
    """The lesson YAML and the scenes disagree; the message names both files and the ids."""


def check_script(script: Script, cache_dir: Path) -> None:
    """Raise ScriptSceneError where the script and the scenes disagree (see the module)."""
    package = script.lesson.scenes if script.lesson is not None else scenes_package()
    modules = scene_modules(package)
    folder = scenes_dir(package)
    shown = f"{folder.relative_to(ROOT) if folder.is_relative_to(ROOT) else folder}/"
    for p in script.paragraphs:
        if p.scene not in modules:
            raise ScriptSceneError(
                f"{script.path}:{p.line}: scene {p.scene!r} has no module in {shown}\n  fix: add a "
                f"scene class with scene_id = {p.scene!r}, or use one of: {few(modules, near=p.scene)}")
    for sid, (module, _) in modules.items():
        if sid not in script.scenes:
            raise ScriptSceneError(
                f"{scene_source(sid)}: draws scene {sid!r}, which no paragraph of {script.path} "
                f"has\n  fix: add a paragraph with scene: {sid}, or remove {module}")
    manifest = None
    for scene in script.scenes:
        stamp = _stamp(script, scene, cache_dir)
        asked = _asked(stamp)
        if asked is not None and _all_said(script, asked):
            continue
        from video.scene_render import rehearse  # Manim loads only when something changed

        manifest = manifest or _stand_in_manifest(script)
        timing = scene_timing(manifest, scene, STAND_IN_FPS)
        ran = _check_scene(script, scene, partial(rehearse, timing, QUALITIES["low"], cache_dir / "manim"))
        atomic_write_text(stamp, json.dumps(ran.asked))
        for old in stamp.parent.glob(f"{scene}-*.json"):  # one is kept: of the code there now
            if old != stamp:
                old.unlink(missing_ok=True)


def _asked(stamp: Path) -> dict[str, list[tuple[str, int]]] | None:
    """The words each beat waits for, as the last check of this scene found them."""
    try:
        return {sid: [(w, n) for w, n in words]
                for sid, words in json.loads(stamp.read_text(encoding="utf-8")).items()}
    except (OSError, ValueError, TypeError):
        return None


def _all_said(script: Script, asked: dict[str, list[tuple[str, int]]]) -> bool:
    for sid, words in asked.items():
        said = [word_key(w) for w in words_of(script.sentence(sid).text)]
        if any(said.count(word_key(w)) < n for w, n in words):
            return False
    return True


def _check_scene(script: Script, scene_id: str, run: Callable[[], LessonScene]) -> LessonScene:
    from scenes.base import MissingBeats
    from scenes.timing import UnknownBeat, WordNotFound

    paragraph = script.paragraph(scene_id)
    try:
        return run()
    except UnknownBeat as e:
        raise ScriptSceneError(
            f"{scene_source(scene_id)}: scene {scene_id!r} has a beat for sentence "
            f"{e.sentence_id!r}, which its paragraph in {script.path}:{paragraph.line} does not "
            f"have (it has: {few(e.known, near=e.sentence_id)})\n  fix: add that sentence to the paragraph, "
            "or change the scene's beat to one of its ids") from None
    except WordNotFound as e:
        raise ScriptSceneError(
            f"{scene_source(scene_id)}: {e}\n  fix: wait for a word the sentence says, or say it "
            f"in the sentence at {script.path}:{script.sentence(e.args[1]).line}") from None
    except MissingBeats as e:
        lines = few(e.missing, name=lambda sid: f"{sid} (line {script.sentence(sid).line})")
        raise ScriptSceneError(
            f"{script.path}:{script.sentence(e.missing[0]).line}: "
            f"sentence{'s' if len(e.missing) > 1 else ''} {lines} of scene "
            f"{scene_id!r} {'have' if len(e.missing) > 1 else 'has'} no beat in "
            f"{scene_source(scene_id)}\n  fix: animate each with `with self.beat(id):` there, "
            "or remove the sentence from the YAML") from None


def _stand_in_manifest(script: Script):
    timed, t = [], 0.0
    for s in script.sentences:
        words = words_of(s.text)  # spread over the sentence: scenes can wait for any of them
        each = (STAND_IN_SECONDS - 1) / max(1, len(words))
        timed.append(TimedSentence(s.id, s.paragraph, s.scene, s.text, t, t + STAND_IN_SECONDS - 1,
                                   s.step, tuple(TimedWord(w, t + k * each, t + (k + 1) * each)
                                                 for k, w in enumerate(words))))
        t += STAND_IN_SECONDS
    return new_manifest(script, timed, t, "narration.wav", {})


def _stamp(script: Script, scene_id: str, cache_dir: Path) -> Path:
    """Where the check of this scene's code and sentence ids keeps the words its beats wait for."""
    h = hashlib.sha256()
    h.update(json.dumps([s.id for s in script.paragraph(scene_id).sentences]).encode())
    for path in beat_sources(scene_id):
        h.update(str(path).encode() + b"\0" + path.read_bytes())
    return cache_dir / "checks" / f"{scene_id}-{h.hexdigest()[:24]}.json"


__all__ = ["SceneRegistryError", "ScriptSceneError", "check_script"]
