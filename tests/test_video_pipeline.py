"""The whole lesson video at low quality: the session's one real render (`rendered_lesson`), then
the cache and its promises."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import wave
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

from common.paths import ROOT
from common.settings import QUALITIES
from scenes import scene_source
from scenes.timing import scene_timing
from transcript.manifest import Manifest, read_manifest
from video.pipeline import BeatStore, beat_folder, plan, render_beats_needed, render_lesson_video
from video.scene_render import CodeChanged, render_beats

LOW = QUALITIES["low"]
FPS = 15


def ffprobe(*args: str) -> str:
    return subprocess.run(["ffprobe", "-v", "error", *args], capture_output=True, text=True,
                          check=True).stdout


class Rendered(NamedTuple):
    build: Path
    out: Path  # the lesson video
    manifest: Manifest
    narration: Path


def rendered_in(build: Path) -> Rendered:
    return Rendered(build, build / "lesson.mp4", read_manifest(build / "lesson.json"),
                    build / "narration.wav")


@pytest.fixture
def rendered(rendered_lesson) -> Rendered:
    """The session's rendered lesson, shared: read it, do not write into it."""
    return rendered_in(rendered_lesson.root)


@pytest.fixture
def own_copy(rendered_lesson, tmp_path) -> Rendered:
    """A copy of the rendered lesson, for a test that writes into its build or cache."""
    return rendered_in(rendered_lesson.copy(tmp_path / "build"))


def test_lesson_video_matches_the_manifest(rendered, rendered_lesson):
    build, out, m, _ = rendered
    assert [j.sentence_id for j in plan(m, LOW, build / "cache")] == [s.id for s in m.sentences]
    for i, sc in enumerate(m.scenes):  # a render into a new folder draws every beat
        n = len(m.sentences_of(sc.id))
        assert f"scene {i + 1} of {len(m.scenes)} {sc.id}: drew {n} of {n} beats" in rendered_lesson.printed
    probe = json.loads(ffprobe("-count_frames", "-show_streams", "-of", "json", str(out)))
    video = next(s for s in probe["streams"] if s["codec_type"] == "video")
    audio = next(s for s in probe["streams"] if s["codec_type"] == "audio")
    assert int(video["nb_read_frames"]) == round(m.duration * FPS)
    assert (video["codec_name"], video["pix_fmt"], video.get("has_b_frames", 0)) == ("h264", "yuv420p", 0)
    assert (audio["codec_name"], audio["sample_rate"]) == ("aac", "48000")
    assert abs(float(audio["duration"]) - m.duration) < 0.05


def test_keyframe_at_every_sentence_start(rendered):
    """Keyframes as a cutter sees them: sync samples in the MP4 index, at the sentence's time."""
    _, out, m, _ = rendered
    rows = ffprobe("-select_streams", "v", "-show_entries", "packet=pts_time,flags", "-of",
                   "csv=p=0", str(out)).split()
    keyframes = [float(r.split(",")[0]) for r in rows if "K" in r.split(",")[1]]
    for s in m.sentences:
        assert min(abs(k - s.start) for k in keyframes) < 1e-3, s.id


def test_faststart_puts_the_index_first(rendered):
    out = rendered.out
    head = out.read_bytes()[:4096]
    assert 0 <= head.find(b"moov") < max(head.find(b"mdat"), 4096)


def test_a_cached_rerender_draws_nothing_and_gives_the_same_bytes(own_copy):
    build, out, m, narration = own_copy
    first = out.read_bytes()
    again = render_lesson_video(m, narration, out, LOW, build / "cache", jobs=2,
                                progress=lambda line: None)
    assert again.rendered == []
    assert out.read_bytes() == first
    assert not [p for p in build.iterdir() if p.name.startswith(".")], "no temporary files left"


def shift_sentence(m: Manifest, sentence_id: str, seconds: float) -> Manifest:
    """The manifest as if `sentence_id` were spoken `seconds` longer: later sentences move too."""
    i = [s.id for s in m.sentences].index(sentence_id)
    def later(s):
        words = tuple(dataclasses.replace(w, start=w.start + seconds, end=w.end + seconds)
                      for w in s.words)
        return dataclasses.replace(s, start=s.start + seconds, end=s.end + seconds, words=words)

    moved = [later(s) if n > i else dataclasses.replace(s, end=s.end + seconds) if n == i else s
             for n, s in enumerate(m.sentences)]
    return dataclasses.replace(m, sentences=tuple(moved), duration=m.duration + seconds)


def test_a_longer_sentence_redraws_only_its_own_beat(rendered, rendered_lesson, tmp_path):
    """The later beats of its scene start from the same picture, only later: their videos are
    reused, and the lesson still has every frame of the longer timeline."""
    build, _, m, _ = rendered
    cache = tmp_path / "cache"
    shutil.copytree(build / "cache" / "beats", cache / "beats")
    rendered_lesson.warm_media(cache / "manim")
    edited = shift_sentence(m, "depends-on-fluffy-and-blue", 4 / FPS)  # quick beats to draw
    before = plan(edited, LOW, cache)
    assert [j.sentence_id for j in before if not j.cached] == [
        "depends-on-fluffy-and-blue", "needs-a-way-to-ask"]  # unknown until the scene runs
    older = cache / "beats" / "low" / "phrase" / f"depends-on-fluffy-and-blue-{'0' * 20}.mp4"
    older.write_bytes(b"a beat as caches before the start picture kept it")
    beats = render_beats_needed(edited, LOW, cache, jobs=1, progress=lambda line: None)
    assert not older.exists()  # the cache keeps one version per beat, older names included
    assert [j.sentence_id for j in beats if not j.cached] == ["depends-on-fluffy-and-blue"]
    after = next(j for j in beats if j.sentence_id == "needs-a-way-to-ask")
    assert after.path is not None and after.path.parent == cache / "beats" / "low" / "phrase"
    assert sum(j.seconds for j in beats) == pytest.approx(
        sum(scene_timing(edited, sc.id, FPS).frames for sc in edited.scenes) / FPS)


def test_a_run_ends_once_the_rest_of_its_scene_is_in_the_cache(rendered, rendered_lesson, tmp_path):
    """Redrawing a scene's first beat does not run its later beats when they start from the
    picture their cached videos start from: the run ends where the next beat begins, and the
    beat it drew is the one a whole run draws, ending on the same recorded picture. (The first
    scene: its beats are the quickest to draw.)"""
    build, _, m, _ = rendered
    cache = tmp_path / "cache"
    shutil.copytree(build / "cache" / "beats", cache / "beats")
    edited = shift_sentence(m, "take-the-phrase", 3 / FPS)
    todo = [j for j in plan(edited, LOW, cache) if j.scene_id == "phrase"]
    store = BeatStore(beat_folder(cache, LOW, "phrase"),
                      {j.sentence_id: j.key for j in todo}, frozenset(j.sentence_id for j in todo))
    assert not store.done("take-the-phrase", todo[0].start)
    media = rendered_lesson.warm_media(tmp_path / "media")
    run = render_beats(todo[0].timing, LOW, store, media)
    scene = run.scene
    assert run.beats == ("take-the-phrase",)
    assert [r.sentence_id for r in scene.timeline] == ["take-the-phrase"]
    assert scene.frame == todo[0].timing.beat("creature-is-ambiguous").start
    drawn = plan(edited, LOW, cache, ["phrase"])
    assert all(j.cached for j in drawn)
    whole = tmp_path / "whole.mp4"  # the beat drawn by a run without a cache to end it early
    full = render_beats(todo[0].timing, LOW, {"take-the-phrase": whole}, media)
    assert [r.sentence_id for r in full.scene.timeline] == [j.sentence_id for j in todo]  # all run
    assert drawn[0].path.read_bytes() == whole.read_bytes()


def test_a_scene_saved_while_the_render_runs_keeps_none_of_its_beats(rendered, rendered_lesson, tmp_path):
    """The keys were made with a scene's code as it was, then the author saved it: the run, which
    imports the code as it is now, fails before drawing with one line naming the saved file, and
    nothing of it is cached. (A paused copy imported before the keys is refused as it publishes.)"""
    build, _, m, _ = rendered
    cache = tmp_path / "cache"
    shutil.copytree(build / "cache" / "beats", cache / "beats")
    edited = shift_sentence(m, "dotted-against-every-key", 3 / FPS)
    todo = [j for j in plan(edited, LOW, cache) if j.scene_id == "dot-products"]
    module = str(scene_source("dot-products").relative_to(ROOT))
    assert module in dict(todo[0].code)  # what its keys were made with
    before = tuple((f, "0" * 20 if f == module else d) for f, d in todo[0].code)  # before the save
    folder = beat_folder(cache, LOW, "dot-products")
    store = BeatStore(folder, {j.sentence_id: j.key for j in todo},
                      frozenset(j.sentence_id for j in todo), code=before)
    kept = sorted(folder.iterdir())
    with pytest.raises(CodeChanged) as raised:
        render_beats(todo[0].timing, LOW, store, rendered_lesson.warm_media(tmp_path / "media"))
    assert str(raised.value) == (f"{module} changed while scene 'dot-products' was being drawn: "
                                 "nothing it drew was kept; render again")
    assert sorted(folder.iterdir()) == kept  # nothing new, no temporaries


def test_a_store_is_done_only_when_its_part_is_found_along_the_chain(rendered):
    build, _, m, _ = rendered
    beats = [j for j in plan(m, LOW, build / "cache")
             if j.scene_id == "all-at-once"]
    keys = {j.sentence_id: j.key for j in beats}
    folder = beat_folder(build / "cache", LOW, "all-at-once")
    every = BeatStore(folder, keys, frozenset(keys))
    assert every.done(beats[1].sentence_id, beats[1].start)  # the rest is in the cache
    assert not every.done(beats[1].sentence_id, "0" * 16)  # not for another picture
    first_two = BeatStore(folder, keys, frozenset(j.sentence_id for j in beats[:2]))
    assert first_two.done(beats[2].sentence_id, "0" * 16)  # what is left is another run's
    assert not first_two.done(beats[1].sentence_id, "0" * 16)


def test_a_beat_whose_start_picture_changed_is_not_taken_from_the_cache(rendered, tmp_path):
    """A cached beat is found under the picture the beat before it ended on: should that
    picture change (its .end says so), the later beat is drawn again."""
    build, _, m, _ = rendered
    cache = tmp_path / "cache"
    shutil.copytree(build / "cache" / "beats", cache / "beats")
    first = next(j for j in plan(m, LOW, cache) if j.sentence_id == "softmax-squashes")
    assert first.path is not None
    first.path.with_suffix(".end").write_text("0" * 32 + "\n", encoding="utf-8")
    todo = [j.sentence_id for j in plan(m, LOW, cache) if not j.cached]
    assert todo == ["weights-for-fluffy-and-blue"]


def test_beats_redrawn_alone_give_the_bytes_of_the_full_render(own_copy):
    """Drawing each scene's last beat after running the earlier ones without pixels (where
    fades jump straight to their end) changes no byte."""
    build, out, m, narration = own_copy
    first = out.read_bytes()
    beats = plan(m, LOW, build / "cache")
    last = {j.scene_id: j for j in beats}  # the last beat of each scene
    for j in last.values():
        j.path.unlink()
    again = render_lesson_video(m, narration, out, LOW, build / "cache", jobs=2,
                                progress=lambda line: None)
    assert sorted(again.rendered) == sorted(j.sentence_id for j in last.values())
    assert out.read_bytes() == first


def test_other_quality_is_not_taken_from_this_cache(rendered):
    build, _, m, _ = rendered
    assert all(not j.cached for j in plan(m, QUALITIES["default"], build / "cache"))


def test_scene_clips_cut_from_the_real_lesson_are_frame_exact(own_copy):
    from cli.options import BuildPaths
    from player.clips import build_clips

    build, _, m, _ = own_copy
    shutil.rmtree(build / "clips")  # cut here again, from the lesson video
    shutil.rmtree(build / "cache" / "clips")
    clips = build_clips(m, BuildPaths(build))
    assert len(clips) == len(m.scenes)
    for scene in m.scenes:
        frames = ffprobe("-count_frames", "-select_streams", "v", "-show_entries",
                         "stream=nb_read_frames", "-of", "csv=p=0", str(build / "clips" / f"{scene.id}.mp4"))
        assert int(frames) == round(m.scene_span(scene.id).duration * FPS), scene.id


def test_a_clips_sound_is_its_span_of_the_narration_to_the_sample(rendered):
    """The clip's sound, decoded, lines up with the narration WAV from the clip's first sample."""
    build, _, m, narration = rendered
    span = m.scene_span("softmax")
    clip = build / "clips" / "softmax.mp4"
    assert clip.exists()  # cut by the render
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", str(clip), "-map", "0:a", "-f", "s16le",
                              "-ac", "1", "-ar", "48000", "-"], capture_output=True, check=True).stdout
    heard = np.frombuffer(decoded, np.int16).astype(float)
    with wave.open(str(narration)) as w:
        source = np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(float)
    said = source[round(span.start * 48000):round(span.end * 48000)]
    assert 0 <= len(heard) - len(said) <= 2048  # AAC pads the end to whole frames
    window = slice(48000, 96000)  # a second of speech, one second in
    offsets = range(-480, 481)
    best = max(offsets, key=lambda k: float(np.dot(heard[window.start + k:window.stop + k], said[window])))
    assert best == 0
    a, b = heard[window], said[window]
    assert np.corrcoef(a, b)[0, 1] > 0.95  # the same speech, not just aligned noise


def test_each_beat_keeps_its_last_frame_as_a_poster_for_clips(own_copy):
    """A drawn beat's JPEG is the picture its video ends on, and a clip made with the drawn
    posters shows its last beat's."""
    from PIL import Image

    from cli.options import BuildPaths
    from player.clips import build_clips

    build, _, m, _ = own_copy
    beats = plan(m, LOW, build / "cache")
    scene_end = m.sentences_of("softmax")[-1].id  # the last beat of the softmax scene
    last = next(j for j in beats if j.sentence_id == scene_end)
    decoded = subprocess.run(["ffmpeg", "-v", "error", "-sseof", "-0.1", "-i", str(last.path),
                              "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                             capture_output=True, check=True).stdout
    with Image.open(last.poster) as poster:
        drawn = np.asarray(poster.convert("RGB"), dtype=float)
    video = np.frombuffer(decoded, np.uint8).reshape(drawn.shape).astype(float)
    assert np.abs(drawn - video).mean() < 3  # the same picture, up to JPEG and H.264 losses
    assert drawn.std() > 10  # and not a blank one

    paths = BuildPaths(build)
    for stamp in (build / "cache" / "clips").glob("*.key"):
        stamp.unlink()  # made again, with the drawn posters
    build_clips(m, paths, posters={j.sentence_id: j.poster for j in beats})
    assert (build / "clips" / "softmax.jpg").read_bytes() == last.poster.read_bytes()


def test_every_beat_changes_the_picture_within_90ms_of_its_speech(rendered, rendered_lesson,
                                                                   tmp_path):
    """From decoded frames and the narration's samples: the first visible change after each cue
    (a beat's start, or a word it waits for) comes at most 90 ms after the voice starts it."""
    from sync_check import measure

    from video.scene_render import rehearse

    _, out, m, narration = rendered
    media = rendered_lesson.warm_media(tmp_path / "media")
    cues = {r.sentence_id: [c.word for c in r.cues]
            for sc in m.scenes
            for r in rehearse(scene_timing(m, sc.id, FPS), LOW, media).timeline}
    assert all(cues[s.id] for s in m.sentences), "a beat without a cue"
    assert sum(len(c) for c in cues.values()) > len(m.sentences), "no beat waits for a word"
    found = measure(out, narration, m, cues)
    late = [(x.sentence_id, x.word, round(x.lag * 1000)) for x in found if x.lag > 0.090]
    assert late == []


def test_a_beats_key_follows_the_word_timings_it_waits_for(flite_narration):
    """A word moved within its sentence (same start and length) redraws that beat and the later
    beats of its scene, nothing else."""
    from video.cache import beat_keys

    m = flite_narration.manifest
    s = m.sentence("weights-for-fluffy-and-blue")
    k = next(i for i, w in enumerate(s.words) if w.text.startswith("blue"))
    moved = dataclasses.replace(s.words[k], start=s.words[k].start + 0.2)
    edited = dataclasses.replace(m, sentences=tuple(
        dataclasses.replace(x, words=(*x.words[:k], moved, *x.words[k + 1:])) if x.id == s.id else x
        for x in m.sentences))
    def keys(manifest: Manifest, scene_id: str) -> dict[str, str]:
        return beat_keys(scene_timing(manifest, scene_id, FPS), LOW)

    before, after = keys(m, "softmax"), keys(edited, "softmax")
    assert before["softmax-squashes"] == after["softmax-squashes"]
    assert before[s.id] != after[s.id]
    assert keys(m, "formula") == keys(edited, "formula")


def test_an_encoder_that_fails_mid_beat_neither_hangs_the_drawing_nor_passes(tmp_path):
    import threading

    from video.frames import Encoder, PipeTarget

    target = PipeTarget(tmp_path / "beat.mp4", 64, 48, 15, ("-c:v", "no-such-codec"))
    encoder = Encoder(target)
    frame = np.zeros((48, 64, 4), np.uint8)
    fed = threading.Thread(target=lambda: [encoder.put(frame, 3) for _ in range(200)], daemon=True)
    fed.start()
    fed.join(timeout=60)
    assert not fed.is_alive(), "the drawing waited on an encoder that is gone"
    encoder.end()
    with pytest.raises(RuntimeError, match="no-such-codec"):
        encoder.wait()



def test_a_pause_renders_as_room_in_its_beat_and_silence_under_the_picture(flite_narration, tmp_path):
    """A scene rendered, then rendered again with a `pause:` after its first sentence: only that
    sentence's beat is drawn again, longer by the pause, and the scene's sound is silent over it
    while its picture runs on."""
    import sys

    from pause_fixtures import lesson_with_pauses

    from audio.assemble import SENTENCE_PAUSE
    repo = Path(__file__).resolve().parent.parent
    build = tmp_path / "build" / "attention"
    shutil.copytree(flite_narration.paths.cache, build / "cache")  # voice clips, timings, levels

    def render_scene(pauses: dict[str, float]) -> tuple[Manifest, str]:
        lesson = lesson_with_pauses(tmp_path / f"lesson-{len(pauses)}.yaml", dict(pauses))
        printed = ""
        for command in (["audio"], ["video", "--scene", scene]):
            done = subprocess.run([sys.executable, str(repo / "render.py"), *command, "--lesson",
                                   str(lesson), "--build", str(build.parent), "--quality", "low",
                                   "--voice", "flite"], cwd=repo, capture_output=True, text=True,
                                  timeout=900)
            assert done.returncode == 0, done.stderr[-3000:]
            printed += done.stdout
        return read_manifest(build / "lesson.json"), printed

    def frames_and_sound(m: Manifest) -> tuple[int, np.ndarray]:
        video = build / "scenes" / f"{scene}.mp4"
        frames = ffprobe("-count_frames", "-select_streams", "v", "-show_entries",
                         "stream=nb_read_frames", "-of", "csv=p=0", str(video))
        decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-map", "0:a", "-f",
                                  "s16le", "-ac", "1", "-ar", "48000", "-"],
                                 capture_output=True, check=True).stdout
        return int(frames), np.abs(np.frombuffer(decoded, np.int16).astype(float))

    first = flite_narration.manifest.sentences[0]
    scene, pause = first.scene, 1.5
    plain, _ = render_scene({})
    plain_frames, _ = frames_and_sound(plain)
    paused, printed = render_scene({first.id: pause})
    n = len(paused.sentences_of(scene))
    assert f"{scene}: drew 1 of {n} beats" in printed, printed[-2000:]  # the later ones are reused
    frames, heard = frames_and_sound(paused)
    assert pause * FPS - 1 < frames - plain_frames < pause * FPS + 1
    a, b = paused.sentences[0], paused.sentences[1]
    assert a.id == first.id and b.scene == scene
    beat = scene_timing(paused, scene, FPS).beat(a.id)
    assert beat.end - beat.start >= (a.end - a.start + SENTENCE_PAUSE + pause) * FPS - 1e-6
    assert beat.end == round(b.start * FPS)  # the scene starts at 0, on the lesson's first frame
    start = paused.scene_span(scene).start
    quiet = heard[round((a.end - start + 0.05) * 48000):round((b.start - start - 0.05) * 48000)]
    assert len(quiet) > pause * 48000 and quiet.max() < 32768 * 10 ** (-60 / 20)
    said = heard[round((a.start - start) * 48000):round((a.end - start) * 48000)]
    assert said.max() > 32768 * 10 ** (-30 / 20)
