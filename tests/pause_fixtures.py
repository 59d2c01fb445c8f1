"""A lesson whose sentences carry `pause:` values, narrated for real: the lesson YAML with its own
pauses taken out and a few put in where the tests want them (within a paragraph, at a paragraph's
end, after the last sentence), and the same lesson without any, both voiced by flite.
Imported by the tests of timing, captions and clips (not a conftest)."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from audio import build_narration
from cli.options import BuildPaths
from transcript import Script, load_script
from transcript.manifest import Manifest

GOOD = Path(__file__).resolve().parents[1] / "transcript" / "attention" / "lesson.yaml"
PAUSE_LINE = re.compile(r"^[ \t]+pause:.*\n", re.M)
WITHIN, BETWEEN, LAST = 1.5, 2.0, 1.25  # seconds; 1.5 and 1.25 are no whole number of grid frames


def lesson_with_pauses(path: Path, pauses: dict[str, float | str]) -> Path:
    """The project's lesson YAML at `path`, with no `pause:` but those of `pauses` (sentence id ->
    what is written after `pause:`), each on the line after its sentence's id."""
    text = PAUSE_LINE.sub("", GOOD.read_text(encoding="utf-8"))
    for sid, value in pauses.items():
        line = f"      - id: {sid}\n"
        assert text.count(line) == 1, sid
        text = text.replace(line, f"{line}        pause: {value}\n")
    path.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True)
class Paused:
    script: Script  # with the pauses
    pauses: dict[str, float]  # sentence id -> seconds
    manifest: Manifest  # narrated with the pauses
    paths: BuildPaths
    plain: Manifest  # the same lesson narrated without any pause

    @property
    def within(self) -> str:
        """The sentence with a pause before another of its paragraph."""
        return next(iter(self.pauses))


def pause_places(script: Script) -> dict[str, float]:
    """Where the tests pause: after a sentence followed by one of its paragraph, after the last
    sentence of a paragraph, and after the last sentence of the lesson."""
    sentences = script.sentences
    within = next(a.id for a, b in zip(sentences, sentences[1:]) if a.paragraph == b.paragraph)
    between = script.paragraphs[1].sentences[-1].id
    return {within: WITHIN, between: BETWEEN, sentences[-1].id: LAST}


def narrate_with_pauses(root: Path, voice_cache: Path) -> Paused:
    """Both narrations under `root`, their voice clips, timings and levels taken from a copy of
    `voice_cache` (a build's cache folder), so only the laying out is done again."""
    pauses = pause_places(load_script())
    out = {}
    for name, wanted in (("plain", {}), ("paused", pauses)):
        paths = BuildPaths(root / name)
        shutil.copytree(voice_cache, paths.cache)
        script = load_script(lesson_with_pauses(root / f"{name}.yaml", dict(wanted)))
        out[name] = script, paths, build_narration(script, paths, voice="flite")[0]
    script, paths, manifest = out["paused"]
    return Paused(script, pauses, manifest, paths, out["plain"][2])
