"""Hostile text in the lesson YAML, through the real command line: what no page, caption file or
XML may carry, and words no voice can say, are refused with one line naming the file and the line
before any work; what may stay (non-ASCII, '&', '<', '-->', quotes, emoji, right-to-left text)
comes out as valid WebVTT and a manifest valid against the SCORM 1.2 schemas. (A refusal is asked
of the command line's `main` in this process, as in test_hostile_input.py; a FIFO or a device given
as the lesson, and the allowed text's narration, run `render.py` in a process of its own.)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from shared import seed_voices
from strict_webvtt import InvalidVTT, parse_strict
from test_hostile_input import COURSE, refused_lesson, render
from test_transcript import GOOD, line_of, write_variant

from player.clip_plan import plan
from player.preview.rendering import describe
from player.scorm import manifest_xml
from transcript import TranscriptError, load_script
from transcript.captions import captions_vtt
from transcript.manifest import read_manifest

TITLE = 'title: "Attention: words talking to each other"'
SCENE_TITLE = "    title: The phrase"
FIRST = 'text: "Take the phrase: a fluffy blue creature."'
QUESTION = "question: \"Which word's key will creature's query score highest against?\""


# --- what no page, caption or XML may carry -----------------------------------------------------

@pytest.mark.parametrize("escape, said", [
    (r"\x01", "a control character (U+0001)"), (r"\uFFFF", "a noncharacter (U+FFFF)"),
    (r"\uFDD0", "a noncharacter (U+FDD0)"), (r"\x85", "a line break (U+0085)"),
    (r"\t", "a control character (U+0009)"), (r"\e", "a control character (U+001B)"),
])
def test_a_character_no_xml_may_carry_escaped_in_the_title_is_refused(tmp_path, escape, said):
    lesson = write_variant(tmp_path, TITLE, f'title: "Attention{escape} words"')
    message = refused_lesson(tmp_path, lesson, line_of(lesson, 'title: "Attention'))
    assert f"title has {said}" in message


@pytest.mark.parametrize("old, new, needle, what", [
    (TITLE, r'title: "Attention \uD800 words"', 'title: "Attention', "title"),
    (FIRST, r'text: "Take the phrase \uD83D\uDE42."', "Take the phrase", "the text of sentence"),
    (QUESTION, r'question: "Which \uDC00 key?"', "question: ", "the question of"),
], ids=["title", "sentence-pair", "question"])
def test_a_lone_surrogate_is_refused_at_its_line(tmp_path, old, new, needle, what):
    lesson = write_variant(tmp_path, old, new)
    message = refused_lesson(tmp_path, lesson, line_of(lesson, needle))
    assert what in message and "surrogate" in message and "\\U0001F642" in message


def test_the_preview_describes_a_lone_surrogate_as_the_loaders_line(tmp_path):
    lesson = write_variant(tmp_path, TITLE, r'title: "Attention \uD800 words"')
    with pytest.raises(TranscriptError) as e:
        load_script(lesson)
    assert describe(e.value) == str(e.value)
    assert str(e.value).startswith(f"{lesson}:{line_of(lesson, 'title: ')}: title has half")


@pytest.mark.parametrize("new", [r'    title: "The\n\nphrase"', r'    title: "The\nphrase"',
                                 r'    title: "The\rphrase"', r'    title: "The\u2028phrase"'],
                         ids=["blank-line", "line-break", "return", "line-separator"])
def test_a_scene_title_with_an_escaped_line_break_is_refused(tmp_path, new):
    lesson = write_variant(tmp_path, SCENE_TITLE, new)
    message = refused_lesson(tmp_path, lesson, line_of(lesson, '    title: "The'))
    assert "scene title has a line break" in message and "one line" in message


# --- words no voice can say ---------------------------------------------------------------------

@pytest.mark.parametrize("word", ["GPT4", "y06", "cafe\u0301", "re\u0301sume\u0301", "café",
                                  "שלום", "n²", "WebVTT"])
def test_a_word_the_voices_cannot_say_is_refused_before_any_sentence_is_voiced(tmp_path, word):
    lesson = write_variant(tmp_path, FIRST, f'text: "Take the phrase: a fluffy {word} creature."')
    message = refused_lesson(tmp_path, lesson, line_of(lesson, "Take the phrase"))
    assert f"cannot say {word!r} in sentence 'take-the-phrase'" in message
    assert "'GPT four', not 'GPT4'" in message


# --- unreadable lesson paths --------------------------------------------------------------------

def _proc_mem(tmp_path: Path) -> Path:
    return Path("/proc/self/mem")


def _folder(tmp_path: Path) -> Path:
    (tmp_path / "lessons").mkdir()
    return tmp_path / "lessons"


def _missing(tmp_path: Path) -> Path:
    return tmp_path / "nowhere.yaml"


def _fifo(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "pipe.yaml")
    return tmp_path / "pipe.yaml"


def _not_utf8(tmp_path: Path) -> Path:
    (tmp_path / "latin1.yaml").write_bytes(GOOD.read_bytes().replace(b"Take the phrase",
                                                                      b"Tak\xe9 the phrase"))
    return tmp_path / "latin1.yaml"


@pytest.mark.parametrize("make, line, said", [
    (_proc_mem, 0, "cannot be read (Input/output error): it is no lesson script"),
    (_folder, 0, "is a folder, not a lesson file"), (_missing, 0, "does not exist"),
    (_fifo, 0, "not a regular file"),
    (_not_utf8, line_of(GOOD, "Take the phrase"), "is not UTF-8 text (byte 0xe9"),
], ids=["proc-self-mem", "folder", "missing", "fifo", "not-utf8"])
def test_an_unreadable_lesson_path_is_named_with_what_is_wrong(tmp_path, make, line, said):
    """A FIFO or a device (which could hang a process) is given to `render.py` in one of its own."""
    lesson = make(tmp_path)
    assert said in refused_lesson(tmp_path, lesson, line, own_process=make in (_fifo, _proc_mem))


# --- what may stay comes out valid --------------------------------------------------------------

ALLOWED = r'& <b> --> \"quoted\" ‘curly’ 🙂 👩‍👩‍👧 שלום عالم café'  # as in a quoted YAML string


def test_the_strict_reader_refuses_what_webvtt_does_not_allow():
    good = "WEBVTT\n\nc1\n00:00:00.000 --> 00:00:01.000\nA &amp; B &lt;i&gt;\n"
    assert parse_strict(good)[0].text == "A & B <i>"
    for broken in (
        good.replace("c1\n", "The\n\nphrase\n"),  # a chapter title with a blank line
        good.replace("A &amp;", "A --> B"), good.replace("&amp;", "& "),
        good.replace("&amp;", "&bogus;"), good.replace("WEBVTT\n\n", "WEBVTT\n"),
        good.replace("01.000", "00.000"), good.replace("WEBVTT", "WEBVTT-->"),
        good + "\nc1\n00:00:02.000 --> 00:00:03.000\nagain\n",
        good.replace("00:00:01.000", "00:00:61.000"),
    ):
        with pytest.raises(InvalidVTT):
            parse_strict(broken)
    with pytest.raises(InvalidVTT):
        parse_strict(good.replace("A &amp;", "<i>A</i> &amp;"), chapters=True)
    assert parse_strict(good.replace("A &amp;", "<i>A</i> &amp;"))[0].text == "A & B <i>"


def test_allowed_hostile_text_makes_valid_captions_chapters_and_scorm_manifest(tmp_path, flite_build):
    """`render.py audio` with flite on a lesson whose titles, tagline, question and first sentence
    carry every kind of allowed hostile text (the sentence a blank line too, which captions
    re-flow); its VTT files, a clip's captions and the SCORM manifest are read by their grammars."""
    from lxml import etree
    from test_scorm import schema

    text = GOOD.read_text(encoding="utf-8")
    for old, new in (
        (TITLE, f'title: "Attention {ALLOWED}"'), (SCENE_TITLE, f'    title: "The phrase {ALLOWED}"'),
        ("tagline: \"", f'tagline: "{ALLOWED} '), (QUESTION, f'question: "Which key? {ALLOWED}"'),
        (FIRST, r'text: "Take the phrase: a & <fluffy> --> \"blue\" 🙂 creature.\n\nReally."'),
    ):
        assert old in text, old
        text = text.replace(old, new, 1)
    lesson = tmp_path / "lesson.yaml"
    lesson.write_text(text, encoding="utf-8")
    course = tmp_path / "course.yaml"  # the course's title, in course.yaml
    course.write_text(COURSE.read_text(encoding="utf-8").replace(
        "title: How language models work", f'title: "How models work {ALLOWED}"', 1), encoding="utf-8")
    script = load_script(lesson, course=course)
    assert script.course.title.startswith("How models work & <b>")
    build = tmp_path / "build" / "attention"
    seed_voices(flite_build.cache, build / "cache")  # the sentences it leaves as they were
    done = render("audio", "--lesson", str(lesson), "--course", str(course), "--build", str(build.parent),
                  "--voice", "flite", timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]

    chapters = parse_strict((build / "chapters.vtt").read_text(encoding="utf-8"), chapters=True)
    assert [c.text for c in chapters] == [p.title for p in script.paragraphs]
    captions = parse_strict((build / "captions.vtt").read_text(encoding="utf-8"))
    first = [c.text for c in captions if c.id.startswith("take-the-phrase")]
    assert " ".join(" ".join(first).split()) == " ".join(script.sentences[0].text.split())
    manifest = read_manifest(build / "lesson.json")
    clips = plan(manifest) + plan(manifest, [(script.sentences[0].id, script.sentences[1].id)])
    for clip in clips:
        assert parse_strict(captions_vtt(manifest, clip.span))

    xml = manifest_xml(manifest, clips).encode("utf-8")
    check, doc = schema(), etree.fromstring(xml)
    assert check.validate(doc), check.error_log
    ns = {"cp": "http://www.imsproject.org/xsd/imscp_rootv1p1p2"}
    titles = [t.text for t in doc.iterfind(".//cp:item/cp:title", ns)]
    assert script.title in titles and script.paragraphs[0].title in titles
