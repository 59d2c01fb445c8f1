"""The lesson script checked against the scenes before any narration is voiced: every paragraph's
scene has a module, every module a paragraph, and each scene opens a beat for exactly the
sentences of its paragraph. The beats are found by running each scene without drawing a pixel,
on stand-in timings; the result is cached by the scenes' code and the sentence ids, so an edit
of a sentence's words costs nothing here."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from common.files import atomic_write_text
from scenes import SceneRegistryError, scene_modules, scene_source
from transcript.manifest import TimedSentence, new_manifest
from transcript.script import Script
from transcript.words import TimedWord, words_of
from video.cache import beat_sources

STAND_IN_SECONDS = 10.0  # per sentence: long enough that no animation is squeezed


class ScriptSceneError(ValueError):
    """The lesson YAML and the scenes disagree; the message names both files and the ids."""


def check_script(script: Script, cache_dir: Path) -> None:
    """Raise ScriptSceneError where the script and the scenes disagree (see the module)."""
    modules = scene_modules()
    for p in script.paragraphs:
        if p.scene not in modules:
            raise ScriptSceneError(
                f"{script.path}:{p.line}: scene {p.scene!r} has no module in scenes/\n  fix: add a "
                f"scene class with scene_id = {p.scene!r}, or use one of: {', '.join(modules)}")
    for sid, (module, _) in modules.items():
        if sid not in script.scenes:
            raise ScriptSceneError(
                f"{scene_source(sid)}: draws scene {sid!r}, which no paragraph of {script.path} "
                f"has\n  fix: add a paragraph with scene: {sid}, or remove {module}")
    stamp = _stamp(script, cache_dir)
    if stamp.exists():
        return
    from video.scene_render import scene_timeline  # Manim loads only when something changed

    manifest = _stand_in_manifest(script)
    for scene in script.scenes:
        _check_scene(script, scene, lambda scene=scene: scene_timeline(
            scene, manifest, "low", cache_dir / "manim", inspect=False))
    atomic_write_text(stamp, "ok\n")
    for old in stamp.parent.glob("scenes-*.ok"):  # one is kept: the check of what is there now
        if old != stamp:
            old.unlink(missing_ok=True)


def _check_scene(script: Script, scene_id: str, run) -> None:
    from scenes.base import MissingBeats
    from scenes.timing import UnknownBeat, WordNotFound

    paragraph = script.paragraph(scene_id)
    try:
        run()
    except UnknownBeat as e:
        raise ScriptSceneError(
            f"{scene_source(scene_id)}: scene {scene_id!r} has a beat for sentence "
            f"{e.sentence_id!r}, which its paragraph in {script.path}:{paragraph.line} does not "
            f"have (it has: {', '.join(e.known)})\n  fix: add that sentence to the paragraph, "
            "or change the scene's beat to one of its ids") from None
    except WordNotFound as e:
        raise ScriptSceneError(
            f"{scene_source(scene_id)}: {e}\n  fix: wait for a word the sentence says, or say it "
            f"in the sentence at {script.path}:{script.sentence(e.args[1]).line}") from None
    except MissingBeats as e:
        lines = ", ".join(f"{sid} (line {script.sentence(sid).line})" for sid in e.missing)
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


def _stamp(script: Script, cache_dir: Path) -> Path:
    """A file whose presence says this very script structure and scene code were checked."""
    h = hashlib.sha256()
    h.update(json.dumps([[p.scene, [[s.id, s.text] for s in p.sentences]]
                         for p in script.paragraphs]).encode())
    for sid in sorted(scene_modules()):
        for path in beat_sources(sid):
            h.update(str(path).encode() + b"\0" + path.read_bytes())
    return cache_dir / "checks" / f"scenes-{h.hexdigest()[:24]}.ok"


__all__ = ["SceneRegistryError", "ScriptSceneError", "check_script"]
