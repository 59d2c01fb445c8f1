"""The timed lesson manifest, `build/lesson.json`: the single timing source for everything after audio.

Sentence starts lie on a grid of 1/GRID_FPS s. Every quality preset's frame rate is a multiple of
GRID_FPS, so a sentence start is a frame boundary at every quality.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from common.choices import few
from common.files import atomic_write_text
from common.paths import NotBuilt
from transcript.script import Check, Course, Link, Script
from transcript.words import TimedWord

GRID_FPS = 15
MANIFEST_VERSION = 4


@dataclass(frozen=True)
class TimedSentence:
    id: str
    paragraph: int
    scene: str
    text: str
    start: float  # seconds, on the 1/GRID_FPS grid
    end: float  # seconds, where the speech ends (before the pause)
    step: str = ""  # the step of the lesson its beat shows (its declaration's `steps`)
    words: tuple[TimedWord, ...] = ()  # the sentence's words (`words_of(text)`), in lesson time


@dataclass(frozen=True)
class Span:
    start: float
    end: float

    @property
    def duration(self) -> float:
        return self.end - self.start


@dataclass(frozen=True)
class SceneInfo:
    id: str
    title: str
    index: int  # 0-based, also the paragraph index


@dataclass(frozen=True)
class Manifest:
    title: str
    tagline: str
    course: Course
    grid_fps: int
    duration: float  # seconds of narration audio, on the grid
    audio: str  # narration track, relative to the manifest's folder
    scenes: tuple[SceneInfo, ...]
    sentences: tuple[TimedSentence, ...]
    loudness: dict  # measured integrated LUFS, true peak, ...
    poster: str = ""  # the sentence whose beat's last frame is the lesson's poster
    completion_threshold: float = 0.9  # share watched for an LMS to record the lesson completed
    checks: tuple[Check, ...] = ()  # the script's checks, in lesson order
    mastery_score: int | None = None  # 0..100, the score an LMS records as passed
    # The lesson's id (its YAML's `id:`): every name a page shares with other lessons on one origin
    # or in one course page (storage keys, host messages, SCORM identifiers) derives from it.
    lesson: str = ""

    def sentence(self, sentence_id: str) -> TimedSentence:
        for s in self.sentences:
            if s.id == sentence_id:
                return s
        raise KeyError(f"unknown sentence id {sentence_id!r}; known ids: "
                       + few((s.id for s in self.sentences), near=sentence_id))

    def sentences_of(self, scene: str) -> tuple[TimedSentence, ...]:
        return tuple(s for s in self.sentences if s.scene == scene)

    def scene_span(self, scene: str) -> Span:
        """A scene runs from its first sentence's start (0 for the first) to the next scene's."""
        ids = [sc.id for sc in self.scenes]
        if scene not in ids:
            raise KeyError(f"unknown scene {scene!r}; scenes: {few(ids, near=scene)}")
        i = ids.index(scene)
        start = 0.0 if i == 0 else self.sentences_of(scene)[0].start
        end = self.duration if i == len(ids) - 1 else self.sentences_of(ids[i + 1])[0].start
        return Span(start, end)

    def beat_span(self, sentence_id: str) -> Span:
        """A sentence's beat: from its start to the next sentence's start (or the lesson's end)."""
        ids = [s.id for s in self.sentences]
        i = ids.index(self.sentence(sentence_id).id)
        end = self.sentences[i + 1].start if i + 1 < len(ids) else self.duration
        return Span(self.sentences[i].start, end)

    def range_span(self, first: str, last: str) -> Span:
        """From `first`'s start to the end of `last`'s beat; raises if `last` comes before `first`."""
        ids = [s.id for s in self.sentences]
        a, b = ids.index(self.sentence(first).id), ids.index(self.sentence(last).id)
        if b < a:
            raise ValueError(f"sentence {last!r} comes before {first!r}; give the first one first")
        return Span(self.beat_span(first).start, self.beat_span(last).end)


def new_manifest(script: Script, sentences: list[TimedSentence], duration: float,
                 audio: str, loudness: dict) -> Manifest:
    scenes = tuple(SceneInfo(p.scene, p.title, i) for i, p in enumerate(script.paragraphs))
    return Manifest(script.title, script.tagline, script.course, GRID_FPS, duration, audio,
                    scenes, tuple(sentences), loudness, script.poster or sentences[0].id,
                    script.completion_threshold, script.checks, script.mastery_score, script.id)


def write_manifest(manifest: Manifest, path: Path) -> None:
    """Write atomically: a reader never sees half a manifest."""
    data = {"version": MANIFEST_VERSION, **asdict(manifest)}
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def read_manifest(path: Path) -> Manifest:
    """Read `build/lesson.json`; a missing or stale file gives an error that says how to make it."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise NotBuilt(f"{path} does not exist", "audio") from None
    except json.JSONDecodeError as e:
        raise NotBuilt(f"{path}:{e.lineno}: not valid JSON ({e.msg})", "audio") from None
    if data.get("version") != MANIFEST_VERSION:
        raise NotBuilt(f"{path}: manifest version {data.get('version')!r}, expected "
                       f"{MANIFEST_VERSION}", "audio")
    try:
        return _manifest_from(data)
    except (KeyError, TypeError) as e:
        raise NotBuilt(f"{path}: manifest is missing or has a wrong field ({e})", "audio") from None


def _manifest_from(data: dict) -> Manifest:
    c = data["course"]
    before, after = (Link(**c[k]) if c.get(k) else None for k in ("before", "next"))
    course = Course(c["title"], c["stop"], c["stops"], before, after)
    return Manifest(
        title=data["title"], tagline=data["tagline"], course=course, grid_fps=data["grid_fps"],
        duration=data["duration"], audio=data["audio"],
        scenes=tuple(SceneInfo(**s) for s in data["scenes"]),
        sentences=tuple(TimedSentence(**{**s, "words": tuple(TimedWord(**w) for w in s["words"])})
                        for s in data["sentences"]),
        loudness=data.get("loudness", {}),
        poster=data.get("poster") or data["sentences"][0]["id"],
        completion_threshold=data.get("completion_threshold", 0.9),
        checks=tuple(Check(**{**c, "options": tuple(c["options"]), "swap": tuple(c["swap"])})
                     for c in data.get("checks", ())),
        mastery_score=data.get("mastery_score"),
        lesson=data["lesson"],
    )
