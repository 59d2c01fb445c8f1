"""Load and validate the lesson YAML before anything renders.

Every error names the file, the line and the fix, so an author can correct the script without
reading this code.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from attention import Lesson, lesson
from attention.steps import STEPS
from common.settings import VOICES
from transcript.script import Course, Link, Paragraph, Script, Sentence
from transcript.spoken import KINDS, PLACEHOLDER, fill

DEFAULT_PATH = Path(__file__).with_name("lesson.yaml")
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class TranscriptError(ValueError):
    """A problem in the lesson YAML, located at a line, with what to do about it."""

    def __init__(self, path: Path, line: int, problem: str, fix: str):
        self.path, self.line, self.problem, self.fix = path, line, problem, fix
        super().__init__(f"{path}:{line}: {problem}\n  fix: {fix}")


class _Reader:
    def __init__(self, path: Path):
        self.path = path

    def error(self, node: Node, problem: str, fix: str) -> TranscriptError:
        return TranscriptError(self.path, node.start_mark.line + 1, problem, fix)

    def mapping(self, node: Node, what: str, required: tuple[str, ...], optional=()) -> dict:
        if not isinstance(node, MappingNode):
            raise self.error(node, f"{what} must be a mapping of keys to values",
                             f"write {what} as 'key: value' lines")
        out: dict[str, Node] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            if key not in required and key not in optional:
                allowed = ", ".join((*required, *optional))
                raise self.error(key_node, f"unknown key {key!r} in {what}",
                                 f"remove it or use one of: {allowed}")
            if key in out:
                raise self.error(key_node, f"key {key!r} appears twice in {what}",
                                 "keep one of them")
            out[key] = value_node
        for key in required:
            if key not in out:
                raise self.error(node, f"{what} has no {key!r}", f"add '{key}: ...' to {what}")
        return out

    def text(self, node: Node, what: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:str":
            raise self.error(node, f"{what} must be text", f"write {what} as a quoted string")
        if not node.value.strip():
            raise self.error(node, f"{what} is empty", f"write the {what}")
        return node.value

    def integer(self, node: Node, what: str) -> int:
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:int":
            raise self.error(node, f"{what} must be a whole number", f"write {what} as e.g. 7")
        return int(node.value)

    def fraction(self, node: Node, what: str) -> float:
        """A share above 0 and at most 1, written as a decimal (0.9 for 90%)."""
        numeric = isinstance(node, ScalarNode) and node.tag in ("tag:yaml.org,2002:float",
                                                                "tag:yaml.org,2002:int")
        if not numeric or not 0 < float(node.value) <= 1:
            raise self.error(node, f"{what} must be a share of the lesson above 0 and at most 1, "
                             f"not {getattr(node, 'value', node)!r}",
                             f"write {what} as a decimal, e.g. 0.9 for 90%")
        return float(node.value)

    def sequence(self, node: Node, what: str) -> list[Node]:
        if not isinstance(node, SequenceNode) or not node.value:
            raise self.error(node, f"{what} must be a non-empty list",
                             f"write {what} as lines starting with '- '")
        return node.value

    def kebab(self, node: Node, what: str) -> str:
        value = self.text(node, what)
        if not KEBAB.match(value):
            suggestion = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-") or "my-id"
            raise self.error(node, f"{what} {value!r} is not kebab-case",
                             f"use lower-case words joined by hyphens, e.g. {suggestion!r}")
        return value


def source_line(data: bytes, offset: int) -> int:
    """The 1-based line of byte `offset` in `data`."""
    return data.count(b"\n", 0, offset) + 1


def load_script(path: Path | str = DEFAULT_PATH, core: Lesson | None = None) -> Script:
    """Parse and validate the lesson YAML at `path`; raises TranscriptError on any problem."""
    path = Path(path)
    core = core or lesson()
    try:
        source = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TranscriptError(path, 0, "the lesson file does not exist",
                              "pass the path of the lesson YAML, e.g. transcript/lesson.yaml") from None
    except IsADirectoryError:
        raise TranscriptError(path, 0, "is a folder, not a lesson file",
                              f"pass the YAML file inside it, e.g. {path / 'lesson.yaml'}") from None
    except PermissionError:
        raise TranscriptError(path, 0, "cannot be read (permission denied)",
                              "make the file readable, or pass a copy you can read") from None
    except UnicodeDecodeError as e:
        line = source_line(path.read_bytes(), e.start)
        raise TranscriptError(path, line, f"is not UTF-8 text (byte 0x{e.object[e.start]:02x} "
                              f"at offset {e.start})",
                              "save the file as UTF-8 in your editor") from None
    try:
        root = yaml.compose(source)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise TranscriptError(path, (mark.line + 1) if mark else 0, f"not valid YAML: {e.problem}",
                              "check the indentation and quoting around this line") from None
    if root is None:
        raise TranscriptError(path, 1, "the lesson file is empty",
                              "start from transcript/lesson.yaml in the project")
    r = _Reader(path)
    top = r.mapping(root, "the lesson", ("title", "tagline", "course", "paragraphs"),
                    ("voice", "poster", "completion_threshold"))
    course = _course(r, top["course"])
    voice = "piper"
    if "voice" in top:
        voice = r.text(top["voice"], "voice")
        if voice not in VOICES:
            raise r.error(top["voice"], f"unknown voice {voice!r}", f"use one of: {', '.join(VOICES)}")

    paragraphs: list[Paragraph] = []
    seen_ids: dict[str, int] = {}
    seen_scenes: dict[str, int] = {}
    for p_index, p_node in enumerate(r.sequence(top["paragraphs"], "paragraphs")):
        p = r.mapping(p_node, f"paragraph {p_index + 1}", ("scene", "title", "step", "sentences"))
        scene = r.kebab(p["scene"], "scene")
        step = _step(r, p["step"], f"the step of scene {scene!r}")
        if scene in seen_scenes:
            raise r.error(p["scene"], f"scene {scene!r} is used by two paragraphs "
                          f"(first at line {seen_scenes[scene]})", "give each paragraph its own scene")
        seen_scenes[scene] = p["scene"].start_mark.line + 1
        sentences = []
        for s_node in r.sequence(p["sentences"], f"the sentences of scene {scene!r}"):
            s = r.mapping(s_node, "a sentence", ("id", "text"), ("step",))
            sid = r.kebab(s["id"], "sentence id")
            line = s["id"].start_mark.line + 1
            if sid in seen_ids:
                raise r.error(s["id"], f"sentence id {sid!r} is used twice (first at line "
                              f"{seen_ids[sid]})", "give every sentence its own id")
            seen_ids[sid] = line
            template = r.text(s["text"], f"the text of sentence {sid!r}")
            _check_placeholders(r, s["text"], template, core)
            beat_step = _step(r, s["step"], f"the step of sentence {sid!r}") if "step" in s else step
            sentences.append(Sentence(id=sid, text=fill(template, core), template=template,
                                      paragraph=p_index, scene=scene, line=line, step=beat_step))
        paragraphs.append(Paragraph(scene=scene, title=r.text(p["title"], "scene title"),
                                    sentences=tuple(sentences), line=seen_scenes[scene]))
    poster = paragraphs[0].sentences[0].id
    if "poster" in top:
        poster = r.text(top["poster"], "poster")
        if poster not in seen_ids:
            raise r.error(top["poster"], f"poster {poster!r} is not a sentence id of the lesson",
                          f"name the sentence whose last frame shows what the lesson is, e.g. "
                          f"{paragraphs[-1].sentences[0].id!r}")
    threshold = 0.9
    if "completion_threshold" in top:
        threshold = r.fraction(top["completion_threshold"], "completion_threshold")
    return Script(path=path, title=r.text(top["title"], "title"),
                  tagline=r.text(top["tagline"], "tagline"), course=course, voice=voice,
                  paragraphs=tuple(paragraphs), poster=poster, completion_threshold=threshold)


def _course(r: _Reader, node: Node) -> Course:
    c = r.mapping(node, "course", ("title", "stop", "stops", "before", "next"))
    links = {}
    for key in ("before", "next"):
        link = r.mapping(c[key], f"course.{key}", ("title", "href"))
        links[key] = Link(r.text(link["title"], f"course.{key}.title"),
                          r.text(link["href"], f"course.{key}.href"))
    stop, stops = r.integer(c["stop"], "course.stop"), r.integer(c["stops"], "course.stops")
    if not 1 <= stop <= stops:
        raise r.error(c["stop"], f"stop {stop} is outside 1..{stops}",
                      "set course.stop to this lesson's place in the course")
    return Course(r.text(c["title"], "course.title"), stop, stops, links["before"], links["next"])


def _step(r: _Reader, node: Node, what: str) -> str:
    """Which step of attention a beat shows: one of attention.steps.STEPS."""
    value = r.text(node, what)
    if value not in STEPS:
        raise r.error(node, f"unknown step {value!r} in {what}", f"use one of: {', '.join(STEPS)}")
    return value


def _check_placeholders(r: _Reader, node: Node, template: str, core: Lesson) -> None:
    for m in PLACEHOLDER.finditer(template):
        if m["kind"] not in KINDS:
            raise r.error(node, f"unknown number {m[0]!r}",
                          "use {score:TOKEN} or {percent:TOKEN}")
        if m["token"] not in core.tokens:
            raise r.error(node, f"{m[0]!r} names no token of the phrase",
                          f"use one of: {', '.join(core.tokens)}")
    if "{" in PLACEHOLDER.sub("", template) or "}" in PLACEHOLDER.sub("", template):
        raise r.error(node, "a '{' or '}' that is not a number placeholder",
                      "write numbers as {score:TOKEN} or {percent:TOKEN}, or remove the brace")
