"""The lesson tried as a careless or hostile user would: a bare clone, a web server, a killed or
doubled render, odd paths, a voice that cannot read its text, wrong takes, a crowd of requests."""

from __future__ import annotations

import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from pydub.generators import Sine

import render
from audio import VoiceError, build_narration
from audio.narration import check_said
from audio.recordings import RecordingError, load_recordings
from audio.voices import FliteVoice
from common.files import atomic_write_bytes, sweep_temporaries, temp_folder, temp_path
from common.paths import BuildPaths
from player.server import make_server
from transcript import TranscriptError, load_script
from video.lesson_video import concat_video

REPO = Path(__file__).resolve().parent.parent
LESSON = REPO / "transcript" / "attention" / "lesson.yaml"
FAST = ["--quality", "low", "--voice", "flite"]


def tracked_copy(dest: Path) -> Path:
    """The repository's tracked files, as a fresh clone has them, in `dest` (nothing beside it)."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                           check=True).stdout.decode().split("\0")
    for name in filter(None, names):
        if (REPO / name).is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, dest / name)
    return dest


def run_render(*args: str, cwd: Path = REPO, **popen) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(cwd / "render.py"), *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)


def descendants(pid: int) -> set[int]:
    """Every live process below `pid`."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def debris(root: Path) -> list[Path]:
    """What a killed run leaves: its temporaries and the stage of its unpublished outputs."""
    stage = [root / "cache" / "stage"] if (root / "cache" / "stage").exists() else []
    return stage + [p for p in root.rglob(".*")
                    if "lesson-tmp" in p.name or p.name.startswith((".join", ".beats"))]


def wait_for(predicate, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


# 1. a fresh clone ------------------------------------------------------------------------------

def test_the_tests_need_nothing_outside_the_checkout(tmp_path):
    clone = tracked_copy(tmp_path / "clone")
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
                           "tests/test_transcript.py"], cwd=clone, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(clone)})
    assert done.returncode == 0, done.stdout[-2000:]


# 2. published files get the umask's mode -------------------------------------------------------

@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o027, 0o640)])
def test_written_files_get_the_mode_the_umask_gives(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        atomic_write_bytes(tmp_path / "a" / "index.html", b"<!doctype html>")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a" / "index.html").stat().st_mode) == mode


# 3. the beat cache follows every module a scene imports ----------------------------------------

KEYS = """
import json, sys
from transcript.manifest import read_manifest
from scenes.timing import scene_timing
from video.cache import beat_keys
from common.settings import QUALITIES
m = read_manifest(sys.argv[1])
print(json.dumps({s.id: beat_keys(scene_timing(m, s.id, 15), QUALITIES["low"]) for s in m.scenes}))
"""


def test_editing_the_number_formatting_redraws_every_beat(tmp_path, flite_build):
    copy = tracked_copy(tmp_path / "copy")

    def keys() -> dict:
        out = subprocess.run([sys.executable, "-c", KEYS, str(flite_build.manifest)], cwd=copy,
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(copy)})
        assert out.returncode == 0, out.stderr
        return json.loads(out.stdout)

    before = keys()
    with open(copy / "player" / "page.py", "a") as f:  # nothing a scene draws with
        f.write("\n# an edit of the page\n")
    assert keys() == before
    figures = copy / "attention" / "figures.py"
    figures.write_text(figures.read_text() + "\n# a changed rounding rule\n")
    after = keys()
    for scene, beats in before.items():
        assert all(after[scene][sid] != key for sid, key in beats.items()), scene


# 4. the script and the scenes agree before any voice is heard ----------------------------------

def edited_lesson(tmp_path: Path, old: str, new: str) -> Path:
    text = LESSON.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lesson.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def line_of(path: Path, fragment: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if fragment in line)


@pytest.mark.parametrize("old, new, expect", [
    # (a sentence no check shows: the script's own check of `show` would speak first)
    ("      - id: value-hands-over\n        text: \"A value: what I'll hand over if anyone decides I'm worth listening to.\"\n"
     "        pause: 1.2\n", "",
     ["s2_qkv.py", "'value-hands-over'", "lesson.yaml:"]),
    ("      - id: needs-a-way-to-ask\n", "      - id: one-more-sentence\n        text: \"And one more.\"\n"
     "      - id: needs-a-way-to-ask\n", ["lesson.yaml:", "one-more-sentence (line", "s1_phrase.py"]),
    ("  - scene: phrase\n", "  - scene: phrase-typo\n", ["lesson.yaml:", "'phrase-typo'", "no module"]),
], ids=["scene-uses-a-removed-id", "sentence-without-a-beat", "unknown-scene"])
def test_script_and_scenes_disagreeing_fails_before_any_narration(tmp_path, old, new, expect):
    lesson = edited_lesson(tmp_path, old, new)
    build = tmp_path / "build"
    with pytest.raises(SystemExit) as e:
        render.main(["render", "--build", str(build), "--lesson", str(lesson), *FAST])
    message = str(e.value)
    assert "Traceback" not in message and len(message.splitlines()) <= 2, message
    for part in expect:
        assert part in message, message
    if "lesson.yaml:" in expect:
        assert re.search(r"lesson\.yaml:\d+", message)
    assert not (build / "attention" / "cache" / "voice").exists(), "a voice was synthesised before the check"


# 5. two renders into one folder ----------------------------------------------------------------

def to_redraw(rendered, dest: Path, *scenes: str) -> Path:
    """A copy of the session's rendered lesson without the beats of `scenes`: a render into it
    voices nothing (the narration is cached) and draws those scenes again, in worker processes."""
    build = rendered.copy(dest)  # the lesson's folder, dest/attention/
    for scene in scenes:
        shutil.rmtree(build / "cache" / "beats" / "low" / scene)
    return build


def held_by(build: Path, pid: int) -> bool:
    lock = build / "cache" / "render.lock"
    return lock.exists() and lock.read_text().startswith(f"pid {pid} ")


def test_a_second_render_into_the_same_folder_is_refused_and_the_first_is_whole(tmp_path,
                                                                                 rendered_lesson):
    build = to_redraw(rendered_lesson, tmp_path / "build", "phrase")  # its shortest scene
    first = run_render("render", "--lesson", "attention", "--build", str(build.parent), *FAST,
                       start_new_session=True)
    try:
        wait_for(lambda: held_by(build, first.pid), 60, "the first render to start")
        os.killpg(first.pid, signal.SIGSTOP)  # mid-render while the second tries, however busy
        try:
            second = run_render("render", "--build", str(build.parent), *FAST,
                                "--lesson", str(edited_lesson(tmp_path, "Take the phrase", "Take a phrase")))
            out, err = second.communicate(timeout=120)
        finally:
            os.killpg(first.pid, signal.SIGCONT)
        assert second.returncode == 1
        assert f"{build} is being written by pid {first.pid}" in err and "--build" in err
        assert len(err.strip().splitlines()) == 1
        assert first.wait(timeout=600) == 0, first.stderr.read()
    finally:
        first.kill()
    streams = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,duration", "-of", "json",
         str(build / "lesson.mp4")], capture_output=True, text=True, check=True).stdout)["streams"]
    durations = {s["codec_type"]: float(s["duration"]) for s in streams}
    assert durations["video"] == pytest.approx(durations["audio"], abs=0.1)
    said = json.loads((build / "lesson.json").read_text())
    assert said["sentences"][0]["text"].startswith("Take the phrase")


# 6. a killed render ----------------------------------------------------------------------------

SHORT = ("broadcast", "raw-scores")  # two short scenes to redraw: long enough to interrupt
# Two scenes (so two drawing workers) of about a second a beat, both drawn again by the run after
# the kill: long enough to be killed mid-drawing, at a third of SHORT's drawing.
QUICK = ("softmax", "formula")


def test_a_killed_render_leaves_no_workers_and_the_next_run_sweeps_its_debris(tmp_path, rendered_lesson):
    build = to_redraw(rendered_lesson, tmp_path / "build", *QUICK)
    proc = run_render("render", "--lesson", "attention", "--build", str(build.parent), *FAST,
                      "--jobs", "2")
    try:
        beats = build / "cache" / "beats"
        wait_for(lambda: beats.exists() and any(p.name.startswith(".") for p in beats.rglob("*")),
                 300, "beats to be drawn")
        workers = descendants(proc.pid)
        assert workers, "no worker processes seen"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        wait_for(lambda: not any(alive(p) for p in workers), 20, "the workers to die with their parent")
    finally:
        proc.kill()
    assert debris(build), "the kill left nothing to sweep: the test did not kill mid-drawing"
    again = run_render("render", "--lesson", "attention", "--build", str(build.parent), *FAST)
    assert again.wait(timeout=600) == 0, again.stderr.read()
    assert debris(build) == []


def test_ctrl_c_prints_one_line_and_leaves_no_temporaries(tmp_path, rendered_lesson):
    build = to_redraw(rendered_lesson, tmp_path / "build", *SHORT)
    # As a terminal's foreground job: a test run started in the background (`cmd &` in a script)
    # ignores SIGINT, and a render started from it would inherit that and rightly ignore Ctrl-C.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        proc = run_render("render", "--lesson", "attention", "--build", str(build.parent), *FAST,
                          start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, before)
    beats = build / "cache" / "beats"
    wait_for(lambda: beats.exists() and any(p.name.startswith(".") for p in beats.rglob("*")),
             300, "beats to be drawn")
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal sends to the whole foreground group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out[-1500:], err[-1500:])
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "interrupted" in err
    wait_for(lambda: not descendants(proc.pid), 10, "every child to end")


def test_a_ctrl_c_while_the_aligner_loads_is_not_swallowed():
    """pocketsphinx's compiled module swallows a KeyboardInterrupt raised while it sets itself up:
    a Ctrl-C as a render read its script was lost. It loads with Ctrl-C held, so one that comes
    then (sent here from inside the import) arrives as the import ends and stops the run."""
    code = textwrap.dedent("""
        import os, signal, sys
        # as a terminal's foreground job: a suite started in the background (`cmd &` in a script)
        # ignores SIGINT, and this run would inherit that and rightly ignore the Ctrl-C
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sent = []
        def hook(event, args):  # (the module's import may be announced more than once)
            if event == "import" and args[0] == "pocketsphinx._pocketsphinx":
                held = signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, [])
                print("held" if held else "not held", flush=True)
                if held and not sent:
                    sent.append(True)
                    os.kill(os.getpid(), signal.SIGINT)  # pending until the import ends
        sys.addaudithook(hook)
        from transcript.sayable import decoder
        decoder()
        print("went on", flush=True)
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    said = done.stdout.split()
    assert said and set(said) == {"held"}, done.stdout  # and never "went on"
    assert done.returncode == -signal.SIGINT and "KeyboardInterrupt" in done.stderr, done.stderr


# (signal, sent to the whole process group as a terminal sends it; a plain `kill` names the pid)
STOPPING = [(signal.SIGTERM, False), (signal.SIGHUP, True), (signal.SIGQUIT, True),
            (signal.SIGINT, True)]


def outputs(build: Path) -> dict[str, bytes]:
    """Every file of the build but its working files (cache/), and its bytes."""
    return {str(p.relative_to(build)): p.read_bytes() for p in sorted(build.rglob("*"))
            if p.is_file() and p.relative_to(build).parts[0] != "cache"}


@pytest.mark.parametrize("signum, group", STOPPING, ids=[s.name for s, _ in STOPPING])
def test_a_signal_mid_drawing_prints_one_line_and_leaves_no_workers_or_temporaries(
        tmp_path, rendered_lesson, signum, group):
    """`kill` (SIGTERM) printed nothing and exited 143; a hang-up or Ctrl-\\ killed the render
    outright with a multiprocessing warning; Ctrl-C left the killed workers' half-drawn beats.
    (A rendered lesson with two scenes to draw again: its video stays as it was.)"""
    build = to_redraw(rendered_lesson, tmp_path / "build", *SHORT)
    before = outputs(build)
    default = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a foreground job
    try:
        proc = run_render("video", "--lesson", "attention", "--build", str(build.parent), "--quality", "low", "--jobs", "2",
                          start_new_session=True)
    finally:
        signal.signal(signal.SIGINT, default)
    try:
        beats = build / "cache" / "beats"
        wait_for(lambda: beats.exists() and any(p.name.startswith(".") for p in beats.rglob("*")),
                 300, "beats to be drawn")
        below = descendants(proc.pid)
        assert len(below) >= 2, "no worker processes seen"
        if group:
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        out, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    assert proc.returncode == 128 + signum, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "interrupted" in err and "every output is as it was" in err, err
    wait_for(lambda: not any(alive(p) for p in below), 20, "every worker to end with the render")
    assert debris(build) == []
    assert outputs(build) == before


def test_a_worker_still_starting_when_ctrl_c_comes_does_not_see_it():
    """Drawing workers start with Ctrl-C blocked (a worker still importing printed a traceback
    of its own under the render's one line); the render itself still takes it."""
    import multiprocessing

    from video.workers import TiedPool

    with TiedPool(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        blocked = pool.submit(signal.pthread_sigmask, signal.SIG_BLOCK, []).result(timeout=120)
    assert signal.SIGINT in blocked
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


def test_sweeping_keeps_the_temporaries_of_live_runs(tmp_path):
    mine = temp_path(tmp_path / "a.mp4")
    mine.write_bytes(b"x")
    dead = tmp_path / ".b.999999999-0123abcd.lesson-tmp.mp4"  # no such process
    dead.write_bytes(b"x")
    assert sweep_temporaries(tmp_path) == [dead]
    assert mine.exists() and not dead.exists()


def test_an_encoder_that_outlives_its_killed_worker_writes_nothing_once_the_run_is_swept(tmp_path):
    """A drawing worker killed before its beat's ffmpeg had read a frame (ffmpeg makes its file
    only then) left that ffmpeg to write the file after the render had swept the cache: a
    `.…lesson-tmp.mp4` in the beat folder, about one killed render in ten. A run writes its
    beats in a working folder of its own (video.scene_render.BeatRun), which a sweep removes."""
    import numpy as np

    from common.settings import QUALITIES
    from video.encode import video_args
    from video.frames import Encoder, PipeTarget

    low = QUALITIES["low"]
    beats = tmp_path / "beats"
    beats.mkdir()
    working = temp_folder(beats / "drawing")
    encoder = Encoder(PipeTarget(working / temp_path(beats / "b.mp4").name, low.width, low.height,
                                 low.fps, tuple(video_args(low))))
    # the render, its worker dead, sweeps the cache (as a process other than the worker)
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                    "from common.files import sweep_temporaries as s; s(Path(sys.argv[1]), all_runs=True)",
                    str(beats)], cwd=REPO, check=True)
    encoder.put(np.zeros((low.height, low.width, 4), np.uint8), 3)  # the encoder goes on
    encoder.end()
    with pytest.raises(RuntimeError, match="No such file"):
        encoder.wait()
    assert list(beats.rglob("*")) == []


# 7. paths and input the tools choke on ---------------------------------------------------------

def test_a_quote_in_the_build_path_joins_fine(tmp_path):
    folder = tmp_path / "it's a build"
    folder.mkdir()
    parts = []
    for i, color in enumerate(("red", "blue")):
        parts.append(folder / f"{i}.mp4")
        subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"color={color}:s=64x64:r=15:d=1",
                        "-c:v", "libx264", "-pix_fmt", "yuv420p", str(parts[-1])], check=True)
    out = concat_video(parts, [1.0, 1.0], folder / "joined.mp4")
    seconds = float(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration",
                                    "-of", "csv=p=0", str(out)], capture_output=True, text=True,
                                   check=True).stdout)
    assert seconds == pytest.approx(2.0, abs=0.1)


def one_line_exit(argv: list[str]) -> str:
    with pytest.raises(SystemExit) as e:
        render.main(argv)
    message = str(e.value)
    assert "Traceback" not in message and len(message.strip().splitlines()) <= 2, message
    return message


def test_bad_paths_get_one_clear_line(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    message = one_line_exit(["player", "--lesson", "attention", "--build", str(a_file)])
    assert str(a_file) in message and "is a file, not a folder" in message
    message = one_line_exit(["player", "--lesson", "attention", "--build", str(a_file / "below")])
    assert str(a_file / "below") in message and "cannot be written" in message
    message = one_line_exit(["audio", "--build", str(tmp_path / "b"), "--lesson", str(tmp_path)])
    assert f"{tmp_path}:0: is a folder" in message and "fix:" in message
    latin1 = tmp_path / "latin1.yaml"
    latin1.write_bytes(LESSON.read_bytes().replace(b'title: "Attention', 'title: "Atténtion'.encode("latin-1"), 1))
    message = one_line_exit(["audio", "--build", str(tmp_path / "b"), "--lesson", str(latin1)])
    title = 'title: "Attention'
    assert f"{latin1}:{line_of(LESSON, title)}: is not UTF-8" in message


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_build_folder_gets_one_clear_line(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o555)
    message = one_line_exit(["player", "--lesson", "attention", "--build", str(folder)])
    assert str(folder) in message and "cannot be written" in message


def test_a_port_out_of_range_is_refused_by_the_option(capsys):
    with pytest.raises(SystemExit):
        render.main(["serve", "--port", "99999"])
    assert "99999 is not a port (0 to 65535)" in capsys.readouterr().err


# 8. a voice that cannot say its text -----------------------------------------------------------

def test_a_sentence_the_voice_cannot_read_is_an_error_naming_it():
    said = FliteVoice().synthesize("注意力就是词语之间的对话。")
    with pytest.raises(VoiceError) as e:
        check_said(said, "in-chinese", "注意力就是词语之间的对话。", "flite")
    message = str(e.value)
    assert "'in-chinese'" in message and "flite" in message
    assert "--voice piper" in message and "--recordings" in message
    check_said(FliteVoice().synthesize("A key: what do I contain."), "key", "A key: what do I contain.",
               "flite")  # English it reads


def test_a_script_the_voice_cannot_read_is_refused_before_any_narration(tmp_path):
    lesson = edited_lesson(tmp_path, "It needs a way to ask them.", "الانتباه: الكلمات تتحدث مع بعضها")
    with pytest.raises(TranscriptError, match="needs-a-way-to-ask"):
        build_narration(load_script(lesson), BuildPaths(tmp_path / "build"), voice="flite")
    assert not (tmp_path / "build").exists()


# 9. recordings ---------------------------------------------------------------------------------

def test_a_take_far_longer_than_its_text_is_refused_before_it_is_heard(tmp_path):
    takes = tmp_path / "takes"
    takes.mkdir()
    Sine(300).to_audio_segment(duration=60_000, volume=-12).export(takes / "key-contains.wav", format="wav")
    with pytest.raises(RecordingError) as refused:  # load_recordings decodes and measures; it recognises nothing
        load_recordings(takes, {"key-contains": "A key: what do I contain."}, tmp_path / "cache", [])
    message = str(refused.value)
    assert "key-contains.wav" in message and "60 s of sound" in message and "fix:" in message


def test_symlinked_takes_are_named_for_what_they_are(tmp_path):
    takes, elsewhere = tmp_path / "takes", tmp_path / "elsewhere"
    takes.mkdir()
    elsewhere.mkdir()
    Sine(300).to_audio_segment(duration=1500, volume=-12).export(elsewhere / "take.wav", format="wav")
    (takes / "key-contains.wav").symlink_to(elsewhere / "take.wav")
    notes: list[str] = []
    load_recordings(takes, {"key-contains": "A key: what do I contain."}, tmp_path / "cache", notes)
    assert any("symlink" in n and "outside the recordings folder" in n for n in notes)
    (elsewhere / "take.wav").unlink()
    with pytest.raises(RecordingError) as e:
        load_recordings(takes, {"key-contains": "A key: what do I contain."}, tmp_path / "cache")
    assert "dangling" in str(e.value) and "permission" not in str(e.value)


# 10. the preview server ------------------------------------------------------------------------

@pytest.fixture
def served(tmp_path):
    root = tmp_path / "build"
    (root / "cache" / "voice").mkdir(parents=True)
    (root / "cache" / "voice" / "clip.wav").write_bytes(b"RIFF")
    (root / "clips").mkdir()
    (root / ".hidden").write_text("no")
    (root / "index.html").write_text("<!doctype html><title>x</title>")
    (root / "lesson.mp4").write_bytes(os.urandom(2_000_000))
    server = make_server(root, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def status(port: int, path: str, headers: dict | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def test_the_server_serves_pages_but_not_the_cache_listings_or_hidden_files(served):
    assert status(served, "/index.html") == 200
    assert status(served, "/lesson.mp4", {"Range": "bytes=0-99"}) == 206
    for path in ("/cache/voice/clip.wav", "/cache/", "/%63ache/voice/clip.wav", "/clips/", "/.hidden"):
        assert status(served, path) == 404, path


def test_a_nul_in_the_path_is_a_bad_request_not_a_traceback(served, capfd):
    assert status(served, "/index%00.html") == 400
    assert "Traceback" not in capfd.readouterr().err


def test_a_class_arriving_at_once_is_queued_not_dropped(tmp_path):
    """150 connections before the server accepts any: the kernel queues them all, none is dropped
    to retry seconds later."""
    (tmp_path / "index.html").write_text("x")
    server = make_server(tmp_path, 0)  # listening, not yet accepting
    socks = []
    try:
        for _ in range(150):
            sock = socket.socket()
            sock.setblocking(False)
            sock.connect_ex(server.server_address)
            socks.append(sock)
        _, connected, _ = select.select([], socks, [], 3.0)
        assert len(connected) == len(socks)
    finally:
        for sock in socks:
            sock.close()
        server.server_close()


def test_an_idle_connection_is_closed_after_the_time_out(tmp_path):
    (tmp_path / "index.html").write_text("x")
    server = make_server(tmp_path, 0, idle_timeout=0.5)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        sock = socket.create_connection(server.server_address, timeout=10)
        assert sock.recv(1) == b"", "the server kept a silent connection open"
        sock.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_class_opening_the_video_at_once_is_served(served):
    """200 connections at once, each asking for the whole video: every one is answered."""
    results: list[object] = []

    def fetch() -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", served), timeout=20)
            sock.sendall(b"GET /lesson.mp4 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            got = 0
            while chunk := sock.recv(1 << 16):
                got += len(chunk)
            sock.close()
            results.append(got)
        except OSError as e:
            results.append(e)

    threads = [threading.Thread(target=fetch) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    failed = [r for r in results if not isinstance(r, int) or r < 2_000_000]
    assert not failed, f"{len(failed)} of 200 requests failed: {failed[:3]}"


def test_a_missing_or_damaged_manifest_names_the_step_that_makes_it(tmp_path, capsys):
    build = tmp_path / "build" / "attention"
    for command in (["video"], ["player"], ["still", "take-the-phrase"], ["clips"]):
        assert render.main([*command, "--lesson", "attention", "--build", str(build.parent)]) == 1
        err = capsys.readouterr().err.strip()
        assert err == f"render.py {command[0]}: {build / 'lesson.json'} does not exist; run `./lesson audio` first"
    (build / "lesson.json").write_text('{"version": 1,\n  "title": ')
    assert render.main(["player", "--lesson", "attention", "--build", str(build.parent)]) == 1
    err = capsys.readouterr().err.strip()
    assert f"{build / 'lesson.json'}:2: not valid JSON" in err and err.endswith("run `./lesson audio` first")
