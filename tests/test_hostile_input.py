"""Hostile lesson YAMLs and recorded takes, through the real command line: each is refused with
one line naming the file and the line (and a fix line), at once, never with a traceback or a hang.

A refusal that comes before any work is asked of the command line's own `main` in this process
(`render_here`: what a new interpreter would print and exit with, without the 0.4 s of CPU its
imports take); what could hang or crash a process (a FIFO, a device, nesting thousands deep, a
preview, a render) runs `render.py` in a process of its own (`render`)."""

from __future__ import annotations

import io
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import chdir, redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from pydub import AudioSegment
from test_transcript import GOOD, line_of, write_variant

import render as render_py
from audio.recordings import load_recordings
from cli.options import BuildPaths
from common.notes import PROJECT_LOGGER
from common.settings import QUALITIES
from common.stopping import STOP_SIGNALS
from player.preview.renderer import PreviewOptions
from player.preview.rendering import describe
from player.preview.session import Preview
from player.preview_server import PreviewStatus
from transcript import TranscriptError, load_script
from transcript.lessons import CHOSEN_ENV, MODULES_ENV

LOW = QUALITIES["low"]
REPO = Path(__file__).resolve().parent.parent
COURSE = REPO / "course.yaml"
SENTENCE = "key-contains"
TEXT = "A key: what do I contain."
LONG_LINE = 400  # characters: a path or two and a short message


def render(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """`render.py ARGS` in a subprocess (the timeout fails a hang, not a slow machine)."""
    return subprocess.run([sys.executable, str(REPO / "render.py"), *args], cwd=REPO,
                          capture_output=True, text=True, timeout=timeout)


def render_here(*args: str) -> subprocess.CompletedProcess:
    """`render.py ARGS` as `render` runs it, but by `render.main` in this process, from the
    checkout: its exit code (a SystemExit's, as the interpreter ends on it) and what it printed.
    What the run sets for its process (signal handlers, the project's log handler, the chosen
    lesson in the environment) is put back."""
    logger = logging.getLogger(PROJECT_LOGGER)
    handlers, propagate = list(logger.handlers), logger.propagate
    handled = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS[1:]}
    environ = {k: os.environ.get(k) for k in (CHOSEN_ENV, MODULES_ENV)}
    out, err = io.StringIO(), io.StringIO()
    try:
        with chdir(REPO), redirect_stdout(out), redirect_stderr(err):
            try:
                code = render_py.main(list(args))
            except SystemExit as e:  # the interpreter prints a message and exits 1 on it
                code = e.code if isinstance(e.code, int) else 0 if e.code is None else 1
                if not isinstance(e.code, int | None):
                    print(e.code, file=sys.stderr)
    finally:
        logger.handlers[:], logger.propagate = handlers, propagate
        for signum, handler in handled.items():
            signal.signal(signum, handler)
        for k, v in environ.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    return subprocess.CompletedProcess(["render.py", *args], code, out.getvalue(), err.getvalue())


def refusal(done: subprocess.CompletedProcess) -> str:
    """The one error line of a refused run (its "  fix:" line checked), after checking it is all
    stderr says, without a traceback."""
    assert done.returncode == 1, (done.returncode, done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = done.stderr.rstrip("\n").split("\n")
    assert len(lines) == 2 and lines[1].startswith("  fix: "), done.stderr[:2000]
    assert all(len(line) <= LONG_LINE for line in lines), lines
    return lines[0]


def written(build: Path) -> list[str]:
    """Every file under the build folder but the lock a run takes on it."""
    if not build.exists():
        return []
    return sorted(str(p.relative_to(build)) for p in build.rglob("*")
                  if p.is_file() and not _lock(p.relative_to(build)))


def _lock(path: Path) -> bool:
    """`path` is the lock a run takes on a build folder, or on a lesson's folder in it (a script
    whose id does not read is built under its file's name)."""
    return path.parts[-2:] == ("cache", "render.lock") and len(path.parts) <= 3


def refused_lesson(tmp_path: Path, lesson: Path, line: int, command: str = "audio",
                   own_process: bool = False) -> str:
    """`render.py COMMAND` with flite refuses `lesson` at `line` in one line and a fix line, before
    writing anything into the build: the two lines. Run in this process (`render_here`), or in
    one of its own (`render`) with `own_process`, for a lesson that could hang or crash one."""
    build = tmp_path / "build"
    run = render if own_process else render_here
    done = run(command, "--lesson", str(lesson), "--build", str(build), "--voice", "flite")
    message = refusal(done)
    assert message.startswith(f"render.py {command}: {lesson}:{line}: "), message
    assert written(build) == []
    return message + "\n" + done.stderr.rstrip("\n").split("\n")[1]


# --- the lesson YAML ----------------------------------------------------------------------------

@pytest.mark.parametrize("typed, fix", [
    ("0x7", "e.g. 7"), ("0b111", "e.g. 7"), ("0o7", "e.g. 7"), ("1:30", "e.g. 90"),
    ("1_000", "e.g. 1000"), ("010", "e.g. 8"),
])
def test_a_whole_number_not_in_plain_digits_is_refused_saying_what_to_write(tmp_path, typed, fix):
    """In the course file, whose stops are numbered (test_course_file.py has its other mistakes)."""
    course = tmp_path / "course.yaml"
    course.write_text(COURSE.read_text(encoding="utf-8").replace("stop: 7", f"stop: {typed}"),
                      encoding="utf-8")
    build = tmp_path / "build"
    done = render_here("audio", "--course", str(course), "--build", str(build), "--voice", "flite")
    message = refusal(done)
    assert message.startswith(f"render.py audio: {course}:{line_of(course, f'stop: {typed}')}: stop ")
    assert fix in done.stderr.split("fix:")[1] and written(build) == []


@pytest.mark.parametrize("written", [".inf", ".nan", "-.inf", "0:0.5", "1e400", "1.0e+400", ".NaN"])
def test_a_share_that_is_no_plain_decimal_is_refused(tmp_path, written):
    lesson = write_variant(tmp_path, "completion_threshold: 0.9", f"completion_threshold: {written}")
    message = refused_lesson(tmp_path, lesson, line_of(lesson, "completion_threshold:"))
    assert f"not '{written}'" in message and "a decimal, e.g. 0.9" in message


@pytest.mark.parametrize("written", ["-0.5", "1e9", "99999999999", ".inf", "1.5 s"])
def test_a_pause_out_of_range_or_no_plain_decimal_is_refused(tmp_path, written):
    from pause_fixtures import lesson_with_pauses
    lesson = lesson_with_pauses(tmp_path / "lesson.yaml", {SENTENCE: written})
    message = refused_lesson(tmp_path, lesson, line_of(lesson, "pause:"))
    assert f"the pause after sentence '{SENTENCE}'" in message and "e.g. pause: 1.5" in message


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\x7f"], ids=["nul", "escape", "delete"])
def test_a_control_character_is_refused_at_its_line(tmp_path, character):
    lesson = write_variant(tmp_path, "text: \"A query: what", f"text: \"A query:{character} what")
    message = refused_lesson(tmp_path, lesson, line_of(lesson, f"A query:{character} what"))
    assert f"U+{ord(character):04X}" in message


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{a: " * 5000 + "1" + "}" * 5000],
                         ids=["lists", "mappings"])
def test_nesting_thousands_deep_is_refused_at_its_line(tmp_path, value):
    lesson = write_variant(tmp_path, "voice: piper", f"voice: {value}")
    message = refused_lesson(tmp_path, lesson, line_of(lesson, "voice: "), own_process=True)
    assert "nested more than 50 deep" in message


def test_nesting_over_many_lines_is_refused_where_it_gets_too_deep(tmp_path):
    lesson = write_variant(tmp_path, "voice: piper", "voice:\n" + "  [\n" * 5000 + "  ]\n" * 5000)
    first = line_of(lesson, "  [")
    # The lesson's top mapping is one level, so the 50th bracket opens the 51st.
    refused_lesson(tmp_path, lesson, first + 49, own_process=True)


def test_a_list_as_a_key_is_refused_as_a_key_that_must_be_text(tmp_path):
    lesson = write_variant(tmp_path, "voice: piper", "? [a, b]\n: 1")
    message = refused_lesson(tmp_path, lesson, line_of(lesson, "? [a, b]"))
    assert "a key must be plain text" in message and "Node" not in message


@pytest.mark.parametrize("old, new, needle, said", [
    ("voice: piper", "voice: *nowhere", "voice: *nowhere", "undefined alias"),
    ("voice: piper", "voice: &v piper\nposter2: &v x", "poster2: &v x", "duplicate anchor"),
    ("completion_threshold: 0.9", "completion_threshold: 0.9: 8", "0.9: 8", "not valid YAML"),
    ("voice: piper", "voice: piper\n---\nvoice: again", "---", "single document"),
], ids=["undefined-alias", "duplicate-anchor", "scanner", "two-documents"])
def test_other_yaml_errors_are_one_line_at_theirs(tmp_path, old, new, needle, said):
    lesson = write_variant(tmp_path, old, new)
    assert said in refused_lesson(tmp_path, lesson, line_of(lesson, needle))


def test_a_python_tag_is_refused_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    lesson = write_variant(tmp_path, "voice: piper",
                           f"voice: !!python/object/apply:os.system ['touch {marker}']")
    assert "voice must be text" in refused_lesson(tmp_path, lesson, line_of(lesson, "voice: !!python"))
    assert not marker.exists()


def test_a_file_over_a_mebibyte_is_refused_before_parsing(tmp_path):
    lesson = tmp_path / "lesson.yaml"
    lesson.write_text(GOOD.read_text(encoding="utf-8") + "# " + "x" * (1 << 20) + "\n",
                      encoding="utf-8")
    message = refused_lesson(tmp_path, lesson, 0)
    assert f"is {lesson.stat().st_size:,} bytes" in message and "1,048,576 at most" in message


def test_a_fifo_given_as_the_lesson_is_refused_not_waited_on(tmp_path):
    lesson = tmp_path / "lesson.yaml"
    os.mkfifo(lesson)
    assert "not a regular file" in refused_lesson(tmp_path, lesson, 0, own_process=True)


def test_two_thousand_sentences_without_beats_make_one_short_line(tmp_path):
    anchor = '      - id: needs-a-way-to-ask\n        text: "It needs a way to ask them."\n'
    extra = "".join(f'      - id: extra-{i}\n        text: "One more sentence."\n' for i in range(2000))
    lesson = write_variant(tmp_path, anchor, anchor + extra)
    done = render("render", "--lesson", str(lesson), "--build", str(tmp_path / "build"),
                  "--quality", "low", "--voice", "flite")
    message = refusal(done)
    assert message.startswith(f"render.py render: {lesson}:{line_of(lesson, 'id: extra-0')}: ")
    assert f"extra-4 (line {line_of(lesson, 'id: extra-4')})" in message
    assert "extra-5 " not in message and "and 1995 more" in message


def test_the_preview_shows_a_hostile_lesson_as_its_error_line_and_keeps_counting(tmp_path):
    """The preview's error for a render is the loader's own line; its status thread, which loads
    the lesson twice a second, outlives every hostile save and counts the beats of the next good one."""
    good = GOOD.read_text(encoding="utf-8")
    hostile = [good.replace("id: attention", "id: 0x7"), good.replace('title: "', 'title: "\x00'),
               good.replace("voice: piper", "voice: " + "[" * 5000 + "]" * 5000),
               good.replace("completion_threshold: 0.9", "completion_threshold: .nan")]
    lesson = tmp_path / "lesson.yaml"
    lesson.write_text(hostile[0], encoding="utf-8")
    with pytest.raises(TranscriptError) as e:
        load_script(lesson)
    assert describe(e.value) == str(e.value)
    assert str(e.value).startswith(f"{lesson}:{line_of(lesson, 'id: 0x7')}: ")

    status = PreviewStatus()
    preview = Preview(PreviewOptions(lesson, BuildPaths(tmp_path / "build"), LOW), status)
    try:
        beats = len(load_script(GOOD).sentences)
        for text in hostile:
            lesson.write_text(text, encoding="utf-8")
            wait_for_beats(status, None)
            lesson.write_text(good, encoding="utf-8")
            wait_for_beats(status, beats)
        assert any(t.name == "preview-copies" and t.is_alive() for t in threading.enumerate())
    finally:
        preview._stopping.set()
        shutil.rmtree(preview.copies, ignore_errors=True)


def wait_for_beats(status: PreviewStatus, beats: int | None) -> None:
    deadline = time.monotonic() + 120  # fails a preview that never counts them, not a slow one
    while status.snapshot().get("beats", "unset") != beats:
        assert time.monotonic() < deadline, status.snapshot()
        time.sleep(0.05)


# --- recorded takes -----------------------------------------------------------------------------

@pytest.fixture
def takes(tmp_path) -> Path:
    folder = tmp_path / "takes"
    folder.mkdir()
    return folder


def refused_take(tmp_path: Path, takes: Path, take: Path, own_process: bool = False) -> str:
    """`render.py audio --recordings` refuses `take`, naming it, at once; the error line. Run in
    this process (`render_here`), or in one of its own with `own_process`, for a take that could
    hang or crash one."""
    run = render if own_process else render_here
    done = run("audio", "--lesson", "attention", "--build", str(tmp_path / "build"), "--voice", "flite",
               "--recordings", str(takes))
    message = refusal(done)
    assert message.startswith(f"render.py audio: {take}: "), message
    assert not (tmp_path / "build" / "attention" / "narration.wav").exists()
    return message


def flite_take(path: Path, text: str = TEXT) -> AudioSegment:
    subprocess.run(["flite", "-voice", "slt", "-t", text, "-o", str(path)], check=True)
    return AudioSegment.from_wav(path)


def test_a_fifo_named_like_a_take_is_refused_not_waited_on(tmp_path, takes):
    os.mkfifo(takes / f"{SENTENCE}.wav")
    assert "named pipe" in refused_take(tmp_path, takes, takes / f"{SENTENCE}.wav", own_process=True)


def test_a_link_to_dev_zero_is_refused_not_read(tmp_path, takes):
    (takes / f"{SENTENCE}.wav").symlink_to("/dev/zero")
    message = refused_take(tmp_path, takes, takes / f"{SENTENCE}.wav", own_process=True)
    assert "/dev/zero" in message and "device" in message


def test_a_folder_named_like_a_take_is_refused(tmp_path, takes):
    (takes / f"{SENTENCE}.flac").mkdir()
    assert "is a folder" in refused_take(tmp_path, takes, takes / f"{SENTENCE}.flac")


def test_a_take_over_200_mib_is_refused_before_it_is_read(tmp_path, takes):
    huge = takes / f"{SENTENCE}.wav"
    with huge.open("wb") as f:
        f.truncate(201 << 20)  # sparse: nothing is written
    assert "201 MiB" in refused_take(tmp_path, takes, huge, own_process=True)


def test_a_looped_take_is_refused_by_its_length_before_any_recognition(tmp_path, takes):
    """30 readings of the sentence (a minute of speech; recognising it takes about 25 s here)."""
    once = flite_take(tmp_path / "once.wav")
    looped = takes / f"{SENTENCE}.wav"
    (once * 30).export(looped, format="wav")
    message = refused_take(tmp_path, takes, looped)
    said = re.search(r"is (\d+) s of sound", message)
    assert said and abs(int(said[1]) - len(once) * 30 / 1000) <= 1 and TEXT in message
    assert "heard" not in message


def test_a_take_with_long_silences_around_it_is_not_too_long(tmp_path, takes):
    silence = AudioSegment.silent(duration=15_000, frame_rate=48000)
    (silence + flite_take(tmp_path / "once.wav") + silence).export(takes / f"{SENTENCE}.wav",
                                                                     format="wav")
    found = load_recordings(takes, {SENTENCE: TEXT}, tmp_path / "cache")
    assert list(found) == [SENTENCE]


def test_what_was_heard_in_a_wrong_take_is_cut_in_its_line(tmp_path, takes):
    """A take of three other sentences (about 9 s, within its sentence's length) is refused for
    what it says, and what pocketsphinx heard in it is cut to a short part of the line."""
    script = load_script(GOOD)
    other = " ".join(script.sentence(sid).text
                     for sid in ("three-small-vectors", "value-hands-over", "all-in-parallel"))
    take = takes / "creature-broadcasts.wav"
    flite_take(take, other)
    done = render("audio", "--lesson", "attention", "--build", str(tmp_path / "build"), "--voice", "flite",
                  "--recordings", str(takes))
    message = refusal(done)
    assert message.startswith(f"render.py audio: {take}: does not say its sentence"), message
    heard = re.search(r"\(heard: (['\"])(.*)\1\)$", message)
    assert heard and heard[2].endswith(" …") and 60 < len(heard[2]) <= 120, message


@pytest.mark.parametrize("below", ["", "takes"])
def test_a_recordings_folder_behind_a_symlink_loop_is_refused_in_one_line(tmp_path, below):
    loop = tmp_path / "loop"
    loop.symlink_to(loop.name)
    given = loop / below if below else loop
    done = render_here("audio", "--lesson", "attention", "--build", str(tmp_path / "build"), "--voice", "flite",
                  "--recordings", str(given))
    message = refusal(done)
    assert message.startswith(f"render.py audio: {given}: ") and "loop" in message, message
    assert not (tmp_path / "build" / "attention" / "narration.wav").exists()


@pytest.mark.parametrize("option", ["--recordings", "--lesson"])
def test_the_preview_given_a_symlink_loop_says_so_in_one_line(tmp_path, option):
    loop = tmp_path / "loop"
    loop.symlink_to(loop.name)
    lesson = () if option == "--lesson" else ("--lesson", "attention")
    done = render("preview", *lesson, "--build", str(tmp_path / "build"), "--voice", "flite", "--port", "0",
                  option, str(loop))
    message = refusal(done)
    assert message.startswith(f"render.py preview: {loop}: ") and "loop" in message, message
    assert option in done.stderr.splitlines()[1]
    assert written(tmp_path / "build") == []


def test_a_take_that_is_a_symlink_loop_is_named_as_one(tmp_path, takes):
    take = takes / f"{SENTENCE}.wav"
    take.symlink_to(take.name)
    message = refused_take(tmp_path, takes, take)
    assert "loop" in message and "does not exist" not in message, message


def data_chunk(wav: bytes) -> tuple[int, int]:
    """Where a WAV's data chunk starts (its header's offset) and the size its header gives."""
    pos = 12
    while wav[pos:pos + 4] != b"data":
        pos += 8 + int.from_bytes(wav[pos + 4:pos + 8], "little")
    return pos, int.from_bytes(wav[pos + 4:pos + 8], "little")


def probed_seconds(path: Path) -> float:
    return float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                                 "-of", "csv=p=0", str(path)], capture_output=True, text=True,
                                check=True).stdout)


def test_a_take_whose_wav_header_understates_it_is_named_with_the_fix_that_works(tmp_path, takes):
    """A recorder that stopped before writing the final sizes: ffmpeg reads a few milliseconds of
    the take, which was called silent ("record it again with the microphone on")."""
    whole = tmp_path / "whole.wav"
    flite_take(whole)
    wav = bytearray(whole.read_bytes())
    at, size = data_chunk(bytes(wav))
    wav[at + 4:at + 8] = (size // 128 * 2).to_bytes(4, "little")  # its first few milliseconds
    take = takes / f"{SENTENCE}.wav"
    take.write_bytes(bytes(wav))
    said = probed_seconds(take)
    done = render("audio", "--lesson", "attention", "--build", str(tmp_path / "build"), "--voice", "flite",
                  "--recordings", str(takes))
    message = refusal(done)
    assert message.startswith(f"render.py audio: {take}: ") and "silent" not in message, message
    assert f"{probed_seconds(whole):.2f} s" in message and f"header says {said:.2f} s" in message
    fix = re.search(r"`(ffmpeg [^`]+)`", done.stderr.split("\n")[1])
    assert fix, done.stderr
    subprocess.run(fix[1].split(), cwd=takes, check=True, capture_output=True)
    os.replace(takes / "fixed.wav", take)
    assert probed_seconds(take) == pytest.approx(probed_seconds(whole), abs=0.01)
    assert list(load_recordings(takes, {SENTENCE: TEXT}, tmp_path / "cache")) == [SENTENCE]


def test_a_wav_cut_short_of_its_header_is_named_as_cut(tmp_path, takes):
    whole = tmp_path / "whole.wav"
    flite_take(whole)
    take = takes / f"{SENTENCE}.wav"
    take.write_bytes(whole.read_bytes()[:len(whole.read_bytes()) // 2])
    message = refused_take(tmp_path, takes, take)
    assert "cut short" in message and f"header says {probed_seconds(whole):.2f} s" in message


def test_a_wav_with_tags_after_its_sound_is_read(tmp_path, takes):
    """Chunks after the sound (a LIST of tags, as some editors write) are no sign of a bad header."""
    flite_take(tmp_path / "once.wav")
    wav = bytearray((tmp_path / "once.wav").read_bytes())
    tags = b"INFOISFT" + (6).to_bytes(4, "little") + b"flite\0"
    wav += b"LIST" + len(tags).to_bytes(4, "little") + tags
    wav[4:8] = (len(wav) - 8).to_bytes(4, "little")
    (takes / f"{SENTENCE}.wav").write_bytes(bytes(wav))
    assert list(load_recordings(takes, {SENTENCE: TEXT}, tmp_path / "cache")) == [SENTENCE]
