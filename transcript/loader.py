"""Load and validate the lesson YAML before anything renders.

Every error names the file, the line and the fix, so an author can correct the script without
reading this code.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import yaml
from yaml.composer import Composer
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from common.choices import few
from common.declaration import LessonDeclaration, Numbers
from common.paths import DEFAULT_COURSE, DEFAULT_LESSON
from common.settings import VOICES
from transcript.checks import MAX_CHECKS, read_check
from transcript.course import CourseFile, read_course
from transcript.lessons import conventional_ids, declared, known_ids
from transcript.sayable import first_unsayable
from transcript.script import Check, Course, Paragraph, Script, Sentence
from transcript.spoken import PLACEHOLDER, fill

DEFAULT_PATH = DEFAULT_LESSON
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")  # an id (a plain folder name too)
MAX_BYTES = 1 << 20  # a lesson's script is a few KB: anything past this is another file
MAX_DEPTH = 50  # nodes inside each other (lists, mappings, their values); a lesson needs six
MAX_PAUSE = 10.0  # seconds: a longer silence after a sentence reads as the lesson having stopped
WHOLE = re.compile(r"-?(0|[1-9][0-9]{0,8})")  # what YAML 1.1 and an author both read as one number
DECIMAL = re.compile(r"[0-9]{1,9}(\.[0-9]{0,12})?|\.[0-9]{1,12}")
INT, FLOAT, STR = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:str")


@dataclass(frozen=True)
class _Kind:
    """Which file an error is about, in the words its messages use."""

    file: str  # "lesson file"
    yaml: str  # "lesson YAML"
    script: str  # "lesson script"
    example: str  # the project's own, to start from


LESSON = _Kind("lesson file", "lesson YAML", "lesson script", "transcript/attention/lesson.yaml")
COURSE = _Kind("course file", "course YAML", "course file", "course.yaml")


class TranscriptError(ValueError):
    """A problem in the lesson YAML, located at a line, with what to do about it."""

    def __init__(self, path: Path, line: int, problem: str, fix: str):
        self.path, self.line, self.problem, self.fix = path, line, problem, fix
        super().__init__(f"{path}:{line}: {problem}\n  fix: {fix}")

    def __reduce__(self):  # pickled whole across processes (a drawing worker's error)
        return type(self), (self.path, self.line, self.problem, self.fix)


class _TooDeep(Exception):
    """The document nests lists and mappings deeper than MAX_DEPTH, at `mark`."""

    def __init__(self, mark):
        super().__init__(mark)
        self.mark = mark


class _Composer(Reader, Scanner, Parser, Composer, Resolver):
    """PyYAML's composer (nodes with their lines, nothing constructed), with nesting bounded:
    its recursion would overflow Python's stack on a few thousand brackets."""

    def __init__(self, source: str):
        Reader.__init__(self, source)
        Scanner.__init__(self)
        Parser.__init__(self)
        Composer.__init__(self)
        Resolver.__init__(self)
        self.depth = 0

    def compose_node(self, parent, index):
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _cut(text: str, most: int = 60) -> str:
    """`text` cut to `most` characters: a pasted paragraph keeps an error line short."""
    return text if len(text) <= most else text[:most] + "…"


def _quoted(value: object) -> str:
    """`value` as an error line quotes it: in quotes, and cut."""
    return repr(_cut(str(value)))


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
            if not isinstance(key_node, ScalarNode):
                raise self.error(key_node, f"a key in {what} is a list or mapping; a key must be "
                                 "plain text", "write the key as a word followed by ':', e.g. title:")
            key = key_node.value
            if key not in required and key not in optional:
                allowed = ", ".join((*required, *optional))
                raise self.error(key_node, f"unknown key {_quoted(key)} in {what}",
                                 f"remove it or use one of: {allowed}")
            if key in out:
                raise self.error(key_node, f"key {_quoted(key)} appears twice in {what}",
                                 "keep one of them")
            out[key] = value_node
        for key in required:
            if key not in out:
                raise self.error(node, f"{what} has no {key!r}", f"add '{key}: ...' to {what}")
        return out

    def text(self, node: Node, what: str, lines: bool = False) -> str:
        """Text of printable characters on one line (several, with `lines`: a sentence's line
        breaks are spaces to its captions), as every page, caption file and XML may carry."""
        if not isinstance(node, ScalarNode) or node.tag != STR:
            raise self.error(node, f"{what} must be text", f"write {what} as a quoted string")
        if not node.value.strip():
            raise self.error(node, f"{what} is empty", f"write the {what}")
        for ch in node.value:
            if not (lines and ch == "\n") and (bad := _unprintable(ch)):
                name, why, fix = bad
                raise self.error(node, f"{what} has {name} (U+{ord(ch):04X}){why}", fix)
        return node.value

    def integer(self, node: Node, what: str) -> int:
        """A whole number in plain digits: YAML 1.1 also reads 0x7, 0b111, 010 (8) and 1:30 (90)
        as numbers, which an author rarely means."""
        if not isinstance(node, ScalarNode) or node.tag != INT:
            raise self.error(node, f"{what} must be a whole number", f"write {what} as e.g. 7")
        if not WHOLE.fullmatch(node.value):
            meant = _yaml_int(node)
            raise self.error(node, f"{what} {_quoted(node.value)} is not written in plain digits"
                             + (f" (YAML reads it as {meant})" if meant is not None else ""),
                             f"write {what} in plain decimal digits, e.g. {meant or 7}")
        return int(node.value)

    def fraction(self, node: Node, what: str) -> float:
        """A share above 0 and at most 1, written as a decimal (0.9 for 90%)."""
        plain = (isinstance(node, ScalarNode) and node.tag in (FLOAT, INT)
                 and DECIMAL.fullmatch(node.value))
        if not plain or not 0 < float(node.value) <= 1:
            shown = _quoted(node.value) if isinstance(node, ScalarNode) else "a list or mapping"
            raise self.error(node, f"{what} must be a share of the lesson above 0 and at most 1, "
                             f"not {shown}", f"write {what} as a decimal, e.g. 0.9 for 90%")
        return float(node.value)

    def pause(self, node: Node, what: str) -> float:
        """Seconds of silence, above 0 and at most MAX_PAUSE, written as a plain decimal."""
        plain = (isinstance(node, ScalarNode) and node.tag in (FLOAT, INT)
                 and DECIMAL.fullmatch(node.value))
        if not plain or not 0 < float(node.value) <= MAX_PAUSE:
            shown = _quoted(node.value) if isinstance(node, ScalarNode) else "a list or mapping"
            raise self.error(node, f"{what} must be seconds above 0 and at most {MAX_PAUSE:g}, "
                             f"not {shown}", "write it as a decimal number of seconds, e.g. "
                             "pause: 1.5, or remove it for the usual gap")
        return float(node.value)

    def sequence(self, node: Node, what: str) -> list[Node]:
        if not isinstance(node, SequenceNode) or not node.value:
            raise self.error(node, f"{what} must be a non-empty list",
                             f"write {what} as lines starting with '- '")
        return node.value

    def kebab(self, node: Node, what: str) -> str:
        value = self.text(node, what)
        if not KEBAB.match(value):
            suggestion = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")[:60].strip("-")
            raise self.error(node, f"{what} {_quoted(value)} is not kebab-case",
                             f"use lower-case words joined by hyphens, e.g. {suggestion or 'my-id'!r}")
        return value


def _unprintable(ch: str) -> tuple[str, str, str] | None:
    """What `ch` is, why it may not stay and the fix, when a text a learner reads may not carry it.
    YAML's escapes ("\\x01", "\\uFFFF") decode to characters its reader refuses in the file."""
    code, kind = ord(ch), unicodedata.category(ch)
    if ch in "\n\r\x85\u2028\u2029":
        return ("a line break", "", "write it on one line (an escape such as \\n is a line break "
                "too): a chapter's title or a page's heading has one line")
    if kind == "Cc":
        return ("a control character", "", "delete it, or write the character itself in place of "
                "its escape")
    if kind == "Cs":
        return ("half of a UTF-16 surrogate pair", ", which is no character",
                "write the character itself (e.g. 🙂), or escape it whole as \\U0001F642")
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
        return ("a noncharacter", ", which no text file may carry", "delete it")
    return None


def _yaml_int(node: ScalarNode) -> int | None:
    """What YAML 1.1 makes of an int-tagged scalar, when that is a modest number."""
    if len(node.value) > 20:
        return None
    try:
        value = yaml.SafeLoader("").construct_yaml_int(node)
    except ValueError:
        return None
    return value if abs(value) < 10**9 else None


def source_line(data: bytes, offset: int) -> int:
    """The 1-based line of byte `offset` in `data`."""
    return data.count(b"\n", 0, offset) + 1


def _read(path: Path, k: _Kind) -> bytes:
    """The file's bytes, refused before reading when it is no regular file (a FIFO would
    block, /dev/zero never end) or too large to be a lesson's script (or a course file)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise TranscriptError(path, 0, f"the {k.file} does not exist",
                              f"pass the path of the {k.yaml}, e.g. {k.example}") from None
    except PermissionError:
        raise TranscriptError(path, 0, "cannot be read (permission denied)",
                              "make the file readable, or pass a copy you can read") from None
    except OSError as e:
        raise TranscriptError(path, 0, f"cannot be read ({e.strerror or e})",
                              f"pass the path of the {k.yaml}, e.g. {k.example}") from None
    try:
        info = os.fstat(fd)
        mode, size = info.st_mode, info.st_size
        if stat.S_ISDIR(mode):
            raise TranscriptError(path, 0, f"is a folder, not a {k.file}",
                                  f"pass the YAML file inside it, e.g. {path / Path(k.example).name}")
        if not stat.S_ISREG(mode):
            raise TranscriptError(path, 0, "is not a regular file (a pipe, socket or device)",
                                  f"pass the {k.yaml} file itself, e.g. {k.example}")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1) if size <= MAX_BYTES else b""
    except OSError as e:  # /proc/self/mem opens as a regular file, then fails to read
        raise TranscriptError(path, 0, f"cannot be read ({e.strerror or e}): it is no {k.script} "
                              "but a special file (such as /proc/self/mem) or on a failing disk",
                              f"pass the {k.yaml} file itself, e.g. {k.example}") from None
    finally:
        os.close(fd)
    if size > MAX_BYTES or len(data) > MAX_BYTES:
        raise TranscriptError(path, 0, f"is {max(size, len(data)):,} bytes, larger than a "
                              f"{k.script} can be ({MAX_BYTES:,} at most)",
                              f"pass the {k.yaml} (a few KB, like {k.example}), not another file")
    return data


def _source(path: Path, k: _Kind = LESSON) -> str:
    """The file as text, its line ends made \\n as a text-mode read makes them."""
    data = _read(path, k)
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TranscriptError(path, source_line(data, e.start), "is not UTF-8 text (byte "
                              f"0x{e.object[e.start]:02x} at offset {e.start})",
                              "save the file as UTF-8 in your editor") from None
    return source.replace("\r\n", "\n").replace("\r", "\n")


def _compose(path: Path, source: str) -> Node | None:
    """The YAML's node tree; any YAML problem is a TranscriptError at its line."""
    try:
        composer = _Composer(source)
        try:
            return composer.get_single_node()
        finally:
            composer.dispose()
    except yaml.reader.ReaderError as e:
        code = e.character if isinstance(e.character, int) else ord(e.character)
        raise TranscriptError(path, source.count("\n", 0, e.position) + 1,
                              f"has a control character (U+{code:04X}) YAML does not allow",
                              "delete it: most editors do not show it, so retype the line") from None
    except _TooDeep as e:
        raise TranscriptError(path, e.mark.line + 1, f"lists or mappings are nested more than "
                              f"{MAX_DEPTH} deep", "close the brackets opened here, or undo the "
                              "indentation: a lesson nests six deep") from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        problem = _cut(", ".join(filter(None, (e.context, e.problem))), 160)
        raise TranscriptError(path, (mark.line + 1) if mark else 1, f"not valid YAML: {problem}",
                              "check the indentation and quoting around this line") from None
    except yaml.YAMLError as e:
        raise TranscriptError(path, 1, f"not valid YAML: {_cut(str(e), 120)}",
                              "check the indentation and quoting of the file") from None


def load_script(path: Path | str = DEFAULT_PATH, core: Numbers | None = None,
                course: Path | str = DEFAULT_COURSE, lesson: LessonDeclaration | None = None) -> Script:
    """Parse and validate the lesson YAML at `path`, and its place in the course file `course`;
    raises TranscriptError on any problem in either. The lesson's declaration (its numbers,
    placeholders, steps and checks) is the one the course finds for the script's id, or `lesson`;
    its numbers are `core` when given (a test's other numbers)."""
    path = Path(path)
    root = _compose(path, _source(path))
    if root is None:
        raise TranscriptError(path, 1, "the lesson file is empty",
                              "start from transcript/attention/lesson.yaml in the project")
    r = _Reader(path)
    top = r.mapping(root, "the lesson", ("id", "title", "tagline", "paragraphs"),
                    ("voice", "poster", "completion_threshold", "mastery_score"))
    lesson_id, title = r.kebab(top["id"], "the lesson's id"), r.text(top["title"], "title")
    place, lesson = _place(Path(course), lesson_id, title, lesson)
    core = core if core is not None else lesson.numbers()
    voice = "piper"
    if "voice" in top:
        voice = r.text(top["voice"], "voice")
        if voice not in VOICES:
            raise r.error(top["voice"], f"unknown voice {_quoted(voice)}",
                          f"use one of: {', '.join(VOICES)}")

    paragraphs: list[Paragraph] = []
    seen_ids: dict[str, int] = {}
    seen_scenes: dict[str, int] = {}
    checks: list[tuple[Check, Node | None]] = []
    for p_index, p_node in enumerate(r.sequence(top["paragraphs"], "paragraphs")):
        p = r.mapping(p_node, f"paragraph {p_index + 1}", ("scene", "title", "step", "sentences"))
        scene = r.kebab(p["scene"], "scene")
        step = _step(r, p["step"], f"the step of scene {_quoted(scene)}", lesson)
        if scene in seen_scenes:
            raise r.error(p["scene"], f"scene {_quoted(scene)} is used by two paragraphs "
                          f"(first at line {seen_scenes[scene]})", "give each paragraph its own scene")
        seen_scenes[scene] = p["scene"].start_mark.line + 1
        sentences = []
        for s_node in r.sequence(p["sentences"], f"the sentences of scene {_quoted(scene)}"):
            s = r.mapping(s_node, "a sentence", ("id", "text"), ("step", "pause", "check"))
            sid = r.kebab(s["id"], "sentence id")
            line = s["id"].start_mark.line + 1
            if sid in seen_ids:
                raise r.error(s["id"], f"sentence id {_quoted(sid)} is used twice (first at line "
                              f"{seen_ids[sid]})", "give every sentence its own id")
            seen_ids[sid] = line
            template = r.text(s["text"], f"the text of sentence {_quoted(sid)}", lines=True)
            _check_placeholders(r, s["text"], template, lesson, core)
            spoken = fill(template, lesson.placeholders, core)
            if (word := first_unsayable(spoken)) is not None:
                raise r.error(s["text"], f"the voices cannot say {_quoted(word)} in sentence "
                              f"{_quoted(sid)}: the word aligner has no pronunciation for it",
                              "write it as the voice should say it, in the letters a to z: "
                              "e.g. 'GPT four', not 'GPT4'; 'cafe', not 'café'")
            beat_step = (_step(r, s["step"], f"the step of sentence {_quoted(sid)}", lesson) if "step" in s
                         else step)
            pause = r.pause(s["pause"], f"the pause after sentence {_quoted(sid)}") if "pause" in s else 0.0
            if "check" in s:
                checks.append(read_check(r, s["check"], sid, lesson, core))
            sentences.append(Sentence(id=sid, text=spoken, template=template,
                                      paragraph=p_index, scene=scene, line=line, step=beat_step,
                                      pause=pause))
        paragraphs.append(Paragraph(scene=scene, title=r.text(p["title"], "scene title"),
                                    sentences=tuple(sentences), line=seen_scenes[scene]))
    poster = paragraphs[0].sentences[0].id
    if "poster" in top:
        poster = r.text(top["poster"], "poster")
        if poster not in seen_ids:
            raise r.error(top["poster"], f"poster {_quoted(poster)} is not a sentence id of the lesson",
                          f"name the sentence whose last frame shows what the lesson is, e.g. "
                          f"{paragraphs[-1].sentences[0].id!r}")
    threshold = 0.9
    if "completion_threshold" in top:
        threshold = r.fraction(top["completion_threshold"], "completion_threshold")
    _check_checks(r, checks, seen_ids)
    mastery = None
    if "mastery_score" in top:
        mastery = _mastery(r, top["mastery_score"], len(checks))
    tagline = r.text(top["tagline"], "tagline")
    return Script(path=path, id=lesson_id, title=title, tagline=tagline,
                  course=place, voice=voice,
                  paragraphs=tuple(paragraphs), poster=poster, completion_threshold=threshold,
                  checks=tuple(c for c, _ in checks), mastery_score=mastery, lesson=lesson)


def _check_checks(r: _Reader, checks: list[tuple[Check, Node | None]], sentences: dict[str, int]) -> None:
    """Check ids are unique, each `show` names a sentence of the lesson, and they are not too many."""
    seen: dict[str, int] = {}
    for check, show in checks:
        if check.id in seen:
            raise TranscriptError(r.path, check.line, f"check id {_quoted(check.id)} is used twice "
                                  f"(first at line {seen[check.id]})", "give every check its own id")
        seen[check.id] = check.line
        if show is not None and check.show not in sentences:
            raise r.error(show, f"show {_quoted(check.show)} of check {_quoted(check.id)} is not a "
                          "sentence id of the lesson", "name the sentence whose beat explains the "
                          f"answer, e.g. {check.sentence!r}")
    if len(checks) > MAX_CHECKS:
        raise TranscriptError(r.path, checks[MAX_CHECKS][0].line, f"the lesson has {len(checks)} "
                              f"checks, more than a platform keeps answers for ({MAX_CHECKS})",
                              f"keep at most {MAX_CHECKS} checks")


def _mastery(r: _Reader, node: Node, checks: int) -> int:
    """The score (0..100) a learner needs to pass; it needs checks to score."""
    score = r.integer(node, "mastery_score")
    if not 0 <= score <= 100:
        raise r.error(node, f"mastery_score {score} is outside 0..100",
                      "write the share of checks to answer right, in percent, e.g. 80")
    if not checks:
        raise r.error(node, "mastery_score is set but no sentence has a check to score",
                      "add a check: to a sentence, or remove mastery_score")
    return score


def _place(path: Path, lesson_id: str, title: str,
           given: LessonDeclaration | None) -> tuple[Course, LessonDeclaration]:
    """The lesson's place in the course file at `path` (transcript.course), its errors naming
    that file, and its declaration: `given`, else the one its stop finds (its `module:`, or
    attention.ID)."""
    found: dict[str, LessonDeclaration] = {}

    def title_of(stop_id: str, module: str | None) -> str | None:
        if stop_id == lesson_id:
            found[stop_id] = given or declared(stop_id, module)
            return title
        if module is None and stop_id not in {*conventional_ids(), *known_ids()}:
            return None
        return _title(declared(stop_id, module).script) or stop_id

    root = _course_root(path)
    ids = sorted({*conventional_ids(), *known_ids(), lesson_id})
    course = read_course(_Reader(path), root, title_of, lesson_id, ids)
    return course.place(lesson_id), found[lesson_id]


def load_course(path: Path | str = DEFAULT_COURSE) -> CourseFile:
    """The course file at `path` read alone (for the commands that choose among its lessons and
    the course page), every lesson stop's declaration found; TranscriptError on any problem."""
    path = Path(path)

    def title_of(stop_id: str, module: str | None) -> str | None:
        if module is None and stop_id not in {*conventional_ids(), *known_ids()}:
            return None
        return _title(declared(stop_id, module).script) or stop_id

    root = _course_root(path)
    ids = sorted({*conventional_ids(), *known_ids()})
    return read_course(_Reader(path), root, title_of, None, ids)


def _course_root(path: Path) -> Node:
    """The course file at `path` composed (its lines kept for errors); an empty one refused."""
    root = _compose(path, _source(path, COURSE))
    if root is None:
        raise TranscriptError(path, 1, "the course file is empty",
                              f"start from {COURSE.example} in the project")
    return root


def _title(script: Path) -> str | None:
    """The title a lesson's script declares: only its top lines are read (a lesson that does not
    load says why when it is the one loaded)."""
    return _top_text(script, "title")


def script_id(script: Path) -> str | None:
    """The id a lesson's script declares, read alone (the file read as the loader reads it: no
    pipe blocks, no huge file is read), or None when it has none that reads."""
    return _top_text(script, "id")


def _top_text(script: Path, key: str) -> str | None:
    """The plain text at `key` at the top of the YAML file `script`, or None."""
    try:
        root = _compose(script, _source(script))
    except TranscriptError:
        return None
    if isinstance(root, MappingNode):
        top = {k.value: v for k, v in root.value if isinstance(k, ScalarNode)}
        value = top.get(key)
        if isinstance(value, ScalarNode):
            return str(value.value)
    return None


def _step(r: _Reader, node: Node, what: str, lesson: LessonDeclaration) -> str:
    """Which step of the lesson a beat shows: one of its declaration's `steps`."""
    value = r.text(node, what)
    if value not in lesson.steps:
        raise r.error(node, f"unknown step {_quoted(value)} in {what}",
                      f"use one of: {', '.join(lesson.steps)}")
    return value


def _check_placeholders(r: _Reader, node: Node, template: str, lesson: LessonDeclaration,
                        core: Numbers) -> None:
    """Each `{KIND:NAME}` of `template` is a kind of number the lesson says and a name its numbers
    have; a brace outside one is refused."""
    kinds = lesson.placeholders.kinds
    name = lesson.placeholders.name
    forms = " or ".join(f"{{{k}:{name}}}" for k in kinds) or "no placeholder: this lesson says no numbers"
    names = lesson.placeholders.names(core)
    for m in PLACEHOLDER.finditer(template):
        if m["kind"] not in kinds:
            raise r.error(node, f"unknown number {_quoted(m[0])}", f"use {forms}")
        if m["token"] not in names:
            raise r.error(node, f"{_quoted(m[0])} names no {lesson.placeholders.what}",
                          f"use one of: {few(names, near=m['token'])}")
    if "{" in PLACEHOLDER.sub("", template) or "}" in PLACEHOLDER.sub("", template):
        raise r.error(node, "a '{' or '}' that is not a number placeholder",
                      f"write numbers as {forms}, or remove the brace")
