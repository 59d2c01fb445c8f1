"""The lesson script as typed, validated objects."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


def few(items: Iterable[T], shown: int = 5, name: Callable[[T], str] = str) -> str:
    """The first `shown` of `items` (each as `name` gives it) joined by commas, then how many
    more: an error line that lists sentences stays one short line, however long the lesson."""
    every = list(items)
    head = ", ".join(name(i) for i in every[:shown])
    return head if len(every) <= shown else f"{head} and {len(every) - shown} more"


@dataclass(frozen=True)
class Link:
    title: str
    href: str


@dataclass(frozen=True)
class Course:
    title: str
    stop: int
    stops: int
    before: Link
    next: Link


@dataclass(frozen=True)
class Sentence:
    id: str
    text: str  # as spoken, numbers filled in from the core
    template: str  # as written in the YAML, with {score:...} placeholders
    paragraph: int  # 0-based
    scene: str
    line: int  # 1-based line of the sentence in the YAML, for error messages
    step: str = "embeddings"  # the step of attention its beat shows (attention.steps.STEPS)
    pause: float = 0.0  # seconds of silence after it, added to the usual gap (its beat's room)


@dataclass(frozen=True)
class Paragraph:
    scene: str
    title: str
    sentences: tuple[Sentence, ...]
    line: int = 0  # 1-based line of its `scene:` in the YAML, for error messages


@dataclass(frozen=True)
class Script:
    path: Path
    title: str
    tagline: str
    course: Course
    voice: str
    paragraphs: tuple[Paragraph, ...]
    poster: str = ""  # the sentence whose beat's last frame is the lesson's poster ("": the first)
    completion_threshold: float = 0.9  # share of the lesson watched for an LMS to record completion

    @property
    def sentences(self) -> tuple[Sentence, ...]:
        return tuple(s for p in self.paragraphs for s in p.sentences)

    @property
    def scenes(self) -> tuple[str, ...]:
        return tuple(p.scene for p in self.paragraphs)

    def sentence(self, sentence_id: str) -> Sentence:
        for s in self.sentences:
            if s.id == sentence_id:
                return s
        raise KeyError(
            f"unknown sentence id {sentence_id!r}; the ids are listed in {self.path}"
        )

    def paragraph(self, scene: str) -> Paragraph:
        for p in self.paragraphs:
            if p.scene == scene:
                return p
        raise KeyError(f"unknown scene {scene!r}; the scenes are {few(self.scenes)}")
