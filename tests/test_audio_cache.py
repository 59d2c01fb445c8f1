"""The clip cache: a re-run synthesises nothing, a changed sentence is the only one made again."""

import dataclasses
import shutil

from audio import build_narration
from cli.options import BuildPaths


def copy_cache(src: BuildPaths, dst: BuildPaths, part: str = "voice") -> None:
    shutil.copytree(src.cache / part, dst.cache / part)


def test_rerun_synthesises_nothing_and_gives_the_same_track(flite_narration, lesson_script, tmp_path):
    paths = BuildPaths(tmp_path)
    copy_cache(flite_narration.paths, paths)
    copy_cache(flite_narration.paths, paths, "loudness")  # as a re-run in the same build folder
    manifest, report = build_narration(lesson_script, paths, voice="flite")
    assert report.synthesized == 0
    assert report.cached == len(lesson_script.sentences)
    assert manifest == flite_narration.manifest
    assert paths.narration.read_bytes() == flite_narration.paths.narration.read_bytes()


def test_a_changed_sentence_is_the_only_clip_made_again(flite_narration, lesson_script, tmp_path):
    first, *rest = lesson_script.paragraphs
    changed = dataclasses.replace(first.sentences[0], text="Take the phrase: a small green creature.")
    first = dataclasses.replace(first, sentences=(changed, *first.sentences[1:]))
    script = dataclasses.replace(lesson_script, paragraphs=(first, *rest))
    paths = BuildPaths(tmp_path)
    copy_cache(flite_narration.paths, paths)
    copy_cache(flite_narration.paths, paths, "loudness")  # an edit re-run in its build folder
    manifest, report = build_narration(script, paths, voice="flite")
    assert report.synthesized == 1 and report.sources[changed.id] == "synthesized"
    assert manifest.sentence(changed.id).text == changed.text


def test_an_edit_leaves_every_other_sentence_sounding_the_same(flite_narration, lesson_script, tmp_path):
    """Sentences are levelled one by one: the final track of the others is untouched, sample for sample.
    The lesson's last two paragraphs, their first sentence edited, are voiced from the flite
    narration's clips and every sentence levelled afresh (no levelling cache): each other sentence
    sounds in the new track as it does in the whole lesson's."""
    import wave

    def sentence_samples(path, s) -> bytes:
        with wave.open(str(path)) as w:
            w.setpos(round(s.start * w.getframerate()))
            return w.readframes(round((s.end - s.start) * w.getframerate()))

    before_last, last = lesson_script.paragraphs[-2:]
    changed = dataclasses.replace(last.sentences[0], text="All of it, at once, is one product.")
    last = dataclasses.replace(last, sentences=(changed, *last.sentences[1:]))
    script = dataclasses.replace(lesson_script, paragraphs=(before_last, last))
    paths = BuildPaths(tmp_path)
    copy_cache(flite_narration.paths, paths)
    manifest, report = build_narration(script, paths, voice="flite")
    assert report.synthesized == 1 and len(manifest.sentences) > 2
    for b in manifest.sentences:
        a = flite_narration.manifest.sentence(b.id)
        before = sentence_samples(flite_narration.paths.narration, a)
        after = sentence_samples(paths.narration, b)
        if a.id == changed.id:
            assert before != after
        else:
            assert before == after, f"{a.id} sounds different though only {changed.id} changed"


def test_a_changed_sentence_is_the_only_one_aligned_again(flite_narration, lesson_script, tmp_path):
    """Word timings are cached by the clip's sound: an edit re-aligns its sentence only, and every
    other sentence keeps its words where they were within it."""
    first, *rest = lesson_script.paragraphs
    changed = dataclasses.replace(first.sentences[1], text="On its own, creature could be anything.")
    first = dataclasses.replace(first, sentences=(first.sentences[0], changed, *first.sentences[2:]))
    script = dataclasses.replace(lesson_script, paragraphs=(first, *rest))
    paths = BuildPaths(tmp_path)
    copy_cache(flite_narration.paths, paths)
    copy_cache(flite_narration.paths, paths, "loudness")  # an edit re-run in its build folder
    manifest, report = build_narration(script, paths, voice="flite")
    assert report.aligned == [changed.id]
    assert [w.text for w in manifest.sentence(changed.id).words][-2:] == ["be", "anything."]
    for old, new in zip(flite_narration.manifest.sentences, manifest.sentences):
        if old.id != changed.id:
            assert [w.text for w in old.words] == [w.text for w in new.words], old.id
            assert all(abs((a.start - old.start) - (b.start - new.start)) < 2e-4
                       for a, b in zip(old.words, new.words)), old.id
