"""Clips cut from the lesson video: frame-exact spans, captions from 0, embed pages and the gallery."""

from __future__ import annotations

import json
import os
import subprocess
import wave

import pytest
from player_fixtures import (  # noqa: F401
    SCREENSHOTS,
    axe,
    browser,
    clipped_lesson,
    copied_build,
    lesson,
    page_factory,
    serve,
)

import render
from common.paths import NotBuilt
from player.clip_plan import ClipError, check_range
from player.clips import build_clips
from player.embed import iframe_snippet, video_snippet
from transcript.captions import parse_vtt
from transcript.manifest import GRID_FPS

RANGE = ("creature-is-ambiguous", "three-small-vectors")


@pytest.fixture(scope="module")
def clips(tmp_path_factory):
    """Every scene's clip plus one sentence range, in a copy of the shared lesson and its clips."""
    manifest, shared = clipped_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path_factory.mktemp("clips") / "build", clips=True)
    made = build_clips(manifest, build) + build_clips(manifest, build, [RANGE])
    return manifest, build, made


def ffprobe_video(path) -> dict:
    out = subprocess.run(["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-of", "json",
                          str(path)], capture_output=True, text=True, check=True).stdout
    streams = json.loads(out)["streams"]
    return {s["codec_type"]: s for s in streams}


def test_every_scene_and_the_range_has_its_files(clips):
    manifest, build, made = clips
    assert [c.id for c in made] == [sc.id for sc in manifest.scenes] + ["--".join(RANGE)]
    for clip in made:
        for suffix in (".mp4", ".vtt", ".srt", ".jpg", ".html", ".oembed.json"):
            assert (build.clips / f"{clip.id}{suffix}").stat().st_size > 0
        assert (build.clips / f"{clip.id}.jpg").read_bytes()[:2] == b"\xff\xd8"  # a JPEG
    assert not list(build.clips.glob(".*"))  # no temporary files left behind


def test_clips_are_frame_exact(clips):
    manifest, build, made = clips
    for clip in made:
        streams = ffprobe_video(build.clips / f"{clip.id}.mp4")
        video = streams["video"]
        fps = eval(video["avg_frame_rate"])  # noqa: S307 - ffprobe's "15/1"
        frame = 1 / fps
        assert int(video["nb_read_frames"]) == round(clip.span.duration * fps), clip.id
        assert abs(float(video["duration"]) - clip.span.duration) < frame / 2, clip.id
        assert float(video["start_time"]) < frame / 2
        assert "audio" in streams and streams["audio"]["codec_name"] == "aac"
        assert video["codec_name"] == "h264"  # copied, not re-encoded


def test_clip_captions_start_at_zero_and_cover_its_sentences(clips):
    manifest, build, made = clips
    for clip in made:
        cues = parse_vtt((build.clips / f"{clip.id}.vtt").read_text(encoding="utf-8"))
        assert cues[0].start == 0.0, clip.id
        assert cues[0].id == clip.first
        assert max(c.end for c in cues) <= clip.span.duration + 1e-3
        said = [s for s in manifest.sentences
                if clip.span.start <= s.start < clip.span.end]
        assert said[-1].id == clip.last
        assert {c.id for c in cues} >= {s.id for s in said}


def test_unknown_range_ids_are_refused_before_any_work(lesson, tmp_path, capsys):
    manifest, build = lesson
    with pytest.raises(ClipError) as e:
        check_range(manifest, "no-such-sentence", "three-small-vectors")
    assert "no-such-sentence" in str(e.value) and "take-the-phrase" in str(e.value)
    with pytest.raises(ClipError, match="comes before"):
        check_range(manifest, "three-small-vectors", "take-the-phrase")
    # Through the command line, against a copy of the build with no clips folder yet.
    empty = tmp_path / "build" / "attention"
    empty.mkdir(parents=True)
    (empty / "lesson.json").write_bytes(build.manifest.read_bytes())
    with pytest.raises(SystemExit) as e:
        render.main(["clips", "--lesson", "attention", "--build", str(empty.parent), "--from", "take-the-phrase", "--to", "nope"])
    message = str(e.value)
    assert "'nope'" in message and "valid ids" in message
    assert all(s.id in message for s in manifest.sentences)
    assert not (empty / "clips").exists()


def test_cli_cuts_a_single_range(lesson, tmp_path, capsys):
    manifest, build = lesson
    folder = tmp_path / "build" / "attention"
    folder.mkdir(parents=True)
    for name in ("lesson.json", "lesson.mp4", "narration.wav"):
        (folder / name).symlink_to(build.root / name)
    assert render.main(["clips", "--lesson", "attention", "--build", str(folder.parent), "--from", "key-contains"]) == 0
    assert sorted(p.name for p in (folder / "clips").glob("*.mp4")) == ["key-contains--key-contains.mp4"]
    assert "gallery" in capsys.readouterr().out


def test_embed_page_plays_the_clip_with_its_transcript(clips, page_factory):
    manifest, build, made = clips
    clip = next(c for c in made if c.id == "--".join(RANGE))
    said = [s for s in manifest.sentences if clip.span.start <= s.start < clip.span.end]
    for url in (build.clips.joinpath(f"{clip.id}.html").as_uri(),):
        page = page_factory(width=640, height=600)
        page.goto(url)
        page.wait_for_function("document.querySelector('video').readyState >= 1")
        spans = page.eval_on_selector_all(".sentence", "els => els.map(e => e.dataset.sentence)")
        assert spans == [s.id for s in said]
        target = said[2]
        page.click(f"#s-{target.id}")
        page.wait_for_function(
            """id => { const on = document.querySelectorAll('.sentence[aria-current="true"]');
                       return on.length === 1 && on[0].dataset.sentence === id; }""", arg=target.id)
        t = page.evaluate("document.querySelector('video').currentTime")
        assert abs(t - (target.start - clip.span.start)) < 1 / 15
        first_cue = page.evaluate("""() => { const t = Array.from(document.querySelector('video').textTracks)
                                       .find(t => t.kind === 'captions'); return t.cues[0].startTime; }""")
        assert first_cue == 0
        assert axe(page).violations_count == 0


def test_gallery_lists_clips_with_posters_and_snippets(clips, page_factory):
    manifest, build, made = clips
    text = (build.clips / "index.html").read_text(encoding="utf-8")
    for clip in made:
        assert f'src="{clip.id}.jpg"' in text
        assert f'href="{clip.id}.html"' in text
    snippet = iframe_snippet(manifest, made[0])
    assert snippet.startswith('<iframe src="clips/phrase.html"')
    assert '<track kind="captions" src="clips/phrase.vtt"' in video_snippet(made[0])
    base, server = serve(build.root)
    try:
        page = page_factory(width=1280, height=900)
        page.goto(base + "/clips/index.html")
        page.wait_for_function("Array.from(document.images).slice(0, 3)"
                               ".every(i => i.complete && i.naturalWidth > 0)")
        code = page.inner_text("#iframe-phrase")
        assert code.startswith(f'<iframe src="{base}/clips/phrase.html"')  # absolute when served
        assert axe(page).violations_count == 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "clip-gallery.png"))
    finally:
        server.shutdown()
        server.server_close()


def test_only_clips_whose_frames_or_sound_changed_are_made_again(tmp_path_factory, tmp_path):
    manifest, shared = clipped_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path / "build", clips=True)
    build_clips(manifest, build)
    made = {p.name: p.stat().st_ino for p in build.clips.glob("*.mp4")}

    # hush half a second of the narration inside one scene
    span = manifest.scene_span("softmax")
    with wave.open(str(build.narration)) as w:
        params, data = w.getparams(), bytearray(w.readframes(w.getnframes()))
    start = round((span.start + 0.5) * params.framerate) * 2
    data[start:start + params.framerate] = bytes(params.framerate)
    with wave.open(str(build.narration), "wb") as w:
        w.setparams(params)
        w.writeframes(bytes(data))
    os.utime(build.video)  # the video is as new as its sound, as after a render

    build_clips(manifest, build)
    again = {p.name: p.stat().st_ino for p in build.clips.glob("*.mp4")}
    assert again.keys() == made.keys()
    assert {name for name in made if again[name] != made[name]} == {"softmax.mp4"}
    listed = (build.clips / "index.html").read_text(encoding="utf-8")
    assert all(f"{sc.id}.mp4" in listed for sc in manifest.scenes)  # the kept ones stay listed


def test_clips_refuse_a_narration_newer_than_the_video(lesson, tmp_path):
    manifest, shared = lesson
    build = copied_build(shared, tmp_path / "build")
    later = build.video.stat().st_mtime + 10
    os.utime(build.narration, (later, later))
    with pytest.raises(NotBuilt, match="older than") as e:
        build_clips(manifest, build)
    assert e.value.step == "video"
    assert not build.clips.exists()


# --- a lesson with pauses -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def paused_clips(paused_narration, tmp_path_factory):
    """The real narration with pauses, a test picture of its length with a keyframe at every
    sentence start (encoded once per test run: player_fixtures.paused_build), and clips of: every
    scene, the paused sentence alone, and it with the next."""
    from player_fixtures import paused_build

    m = paused_narration.manifest
    build = paused_build(tmp_path_factory, paused_narration, tmp_path_factory.mktemp("paused-clips") / "build")
    ids = [s.id for s in m.sentences]
    within = paused_narration.within
    after = ids[ids.index(within) + 1]
    made = build_clips(m, build) + build_clips(m, build, [(within, within), (within, after)])
    return paused_narration, build, {c.id: c for c in made}


def clip_sound(path):
    from pydub import AudioSegment
    return AudioSegment.from_file(path, format="mp4")


def test_a_clip_of_a_paused_sentence_keeps_its_pause_to_the_next_start(paused_clips):
    """A clip runs to the end of its last sentence's beat: the pause after it is part of the beat
    (the picture plays on over it), so it is kept, silent, and so is every pause inside."""
    from audio.assemble import SENTENCE_PAUSE
    paused, build, made = paused_clips
    a = paused.manifest.sentence(paused.within)
    pause = paused.pauses[a.id]
    clip = made[f"{a.id}--{a.id}"]
    video = ffprobe_video(build.clips / f"{clip.id}.mp4")["video"]
    room = (a.end - a.start) + SENTENCE_PAUSE + pause  # its speech, the gap and its pause
    frames = int(video["nb_read_frames"])
    assert room * GRID_FPS - 1e-6 <= frames < room * GRID_FPS + 1, (frames, room)
    sound = clip_sound(build.clips / f"{clip.id}.mp4")
    spoken = (a.end - a.start) * 1000
    assert sound[:spoken].max_dBFS > -30  # the sentence is heard
    assert sound[spoken + 50:].max_dBFS < -60  # and then the pause, silent to the clip's end
    assert len(sound[spoken + 50:]) >= (SENTENCE_PAUSE + pause) * 1000 - 100
    cues = parse_vtt((build.clips / f"{clip.id}.vtt").read_text(encoding="utf-8"))
    assert max(c.end for c in cues) == pytest.approx(a.end - a.start, abs=0.0011)  # no cue over it


def test_a_clip_across_a_pause_holds_it_between_its_sentences(paused_clips):
    paused, build, made = paused_clips
    a = paused.manifest.sentence(paused.within)
    ids = [s.id for s in paused.manifest.sentences]
    b = paused.manifest.sentences[ids.index(a.id) + 1]
    clip = made[f"{a.id}--{b.id}"]
    sound = clip_sound(build.clips / f"{clip.id}.mp4")
    assert b.start - a.end >= paused.pauses[a.id]
    assert sound[(a.end - a.start) * 1000 + 50:(b.start - a.start) * 1000 - 50].max_dBFS < -60
    assert sound[(b.start - a.start) * 1000:(b.end - a.start) * 1000].max_dBFS > -30
    cues = parse_vtt((build.clips / f"{clip.id}.vtt").read_text(encoding="utf-8"))
    assert min(c.start for c in cues if c.start > a.end - a.start) == pytest.approx(b.start - a.start, abs=0.0011)


def test_a_scene_clip_ends_after_the_pause_of_its_last_sentence(paused_clips):
    from audio.assemble import PARAGRAPH_PAUSE
    paused, build, made = paused_clips
    m = paused.manifest
    last = next(s for s in m.sentences if s.id in paused.pauses and s.scene != m.sentences[-1].scene
                and m.sentences[[x.id for x in m.sentences].index(s.id) + 1].scene != s.scene)
    clip = made[last.scene]
    start = m.sentences_of(last.scene)[0].start if m.scenes[0].id != last.scene else 0.0
    room = (last.end - start) + PARAGRAPH_PAUSE + paused.pauses[last.id]
    frames = int(ffprobe_video(build.clips / f"{clip.id}.mp4")["video"]["nb_read_frames"])
    assert room * GRID_FPS - 1e-6 <= frames < room * GRID_FPS + 1, (frames, room)
    sound = clip_sound(build.clips / f"{clip.id}.mp4")
    assert sound[(last.end - start) * 1000 + 50:].max_dBFS < -60
