"""The lesson script as typed, validated objects."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from common.choices import few
from common.declaration import LessonDeclaration


@dataclass(frozen=True)
class Link:
    title: str
    href: str


@dataclass(frozen=True)
class Course:
    """A lesson's place in its course, derived from `course.yaml`: the first stop has no
    `before`, the last no `next`."""

    title: str
    stop: int
    stops: int
    before: Link | None = None
    next: Link | None = None


@dataclass(frozen=True)
class Sentence:
    id: str
    text: str  # as spoken, numbers filled in from the core
    template: str  # as written in the YAML, with {score:...} placeholders
    paragraph: int  # 0-based
    scene: str
    line: int  # 1-based line of the sentence in the YAML, for error messages
    step: str = ""  # the step of the lesson its beat shows (its declaration's `steps`)
    pause: float = 0.0  # seconds of silence after it, added to the usual gap (its beat's room)


@dataclass(frozen=True)
class Check:
    """A question the lesson asks when its sentence ends; its answer is the core's, never typed.

    predict: which of `options` `query`'s `quantity` is highest on. what-if: with `swap` (a token,
    the word replacing it), does `query`'s `quantity` on `key` go up or down. task: edit `edit`
    (at most `edits` entries) until `query`'s `quantity` on `greater` shows larger than on `than`.
    """

    id: str
    sentence: str  # asked when this sentence ends
    kind: str  # "predict" | "what-if" | "task"
    question: str
    show: str  # the sentence whose beat explains the answer ("Show me")
    # The fields below are those the lesson's kinds of check fill (its declaration's `checks`);
    # the attention lesson's: quantity "score" | "weight", query the token whose row it is about.
    quantity: str = ""
    query: str = ""
    options: tuple[str, ...] = ()  # predict: the tokens offered
    swap: tuple[str, ...] = ()  # what-if: (token of the phrase, vocabulary word in its place)
    key: str = ""  # what-if: the token whose figure is asked about
    greater: str = ""  # task: the token that must end up above `than`
    than: str = ""
    edit: str = ""  # task: the matrix edited, a key of the explore data ("w_k")
    edits: int = 1  # task: the most entries of `edit` the learner may change
    line: int = 0  # 1-based line of the check in the YAML, for error messages


@dataclass(frozen=True)
class Paragraph:
    scene: str
    title: str
    sentences: tuple[Sentence, ...]
    line: int = 0  # 1-based line of its `scene:` in the YAML, for error messages


@dataclass(frozen=True)
class Script:
    path: Path
    id: str  # the lesson's id, as it declares it: course.yaml names its stop by it
    title: str
    tagline: str
    course: Course
    voice: str
    paragraphs: tuple[Paragraph, ...]
    poster: str = ""  # the sentence whose beat's last frame is the lesson's poster ("": the first)
    completion_threshold: float = 0.9  # share of the lesson watched for an LMS to record completion
    checks: tuple[Check, ...] = ()  # in lesson order, at most one per sentence
    mastery_score: int | None = None  # 0..100: a platform records passed or failed by the score
    lesson: LessonDeclaration | None = field(default=None, compare=False, repr=False)  # declared

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
        raise KeyError(f"unknown scene {scene!r}; the scenes are {few(self.scenes, near=scene)}")
