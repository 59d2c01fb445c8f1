"""The script as data: word for word the lesson page, numbers from the core, clear errors."""

import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest

from attention import attend
from attention.attention.lesson import lesson
from attention.attention.spoken import PLACEHOLDERS
from common.number_words import decimal_words, integer_words
from transcript import TranscriptError, load_script
from transcript.spoken import fill

SOURCE_PAGE = Path(__file__).with_name("data") / "source-page.txt"  # the lesson page, kept in the repo
GOOD = Path(__file__).resolve().parents[1] / "transcript" / "attention" / "lesson.yaml"


def source_narration() -> list[str]:
    """The nine narration paragraphs of the page, as the learner sees them."""
    lines = SOURCE_PAGE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("Take the phrase"))
    return [l.strip() for l in lines[start:] if l.strip()]


def test_narration_is_the_source_page_word_for_word():
    script = load_script()
    paragraphs = [" ".join(s.text for s in p.sentences) for p in script.paragraphs]
    assert paragraphs == source_narration()


def test_page_parts_match_the_source_page():
    script = load_script()
    page = SOURCE_PAGE.read_text(encoding="utf-8")
    assert page.splitlines()[0] == script.title
    assert page.splitlines()[1] == script.tagline
    assert script.course.title == "How language models work"
    assert f"stop {script.course.stop} of {script.course.stops}" in page
    assert script.course.next.title in page


def test_ids_are_unique_kebab_case_and_each_paragraph_is_a_scene():
    script = load_script()
    ids = [s.id for s in script.sentences]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert len(script.scenes) == len(set(script.scenes)) == 9
    assert all(s.scene == script.paragraphs[s.paragraph].scene for s in script.sentences)


def test_spoken_numbers_follow_the_core():
    """Change the core and the narration changes with it: the words are not typed in."""
    base = lesson()
    w_k = np.array(base.w_k)
    w_k[base.features.index("blue colour"), base.qk_dims.index("colour?")] = 3.0  # blue scores higher
    changed = dataclasses.replace(base, w_k=w_k, result=attend(base.embeddings, base.w_q, w_k, base.w_v))
    template = "Raw scores: {score:fluffy}, {score:blue}; {percent:blue} to blue."
    assert fill(template, PLACEHOLDERS, base) == "Raw scores: six point one, five point eight; forty-one to blue."
    blue = changed.focus_scores[changed.index("blue")]
    assert round(blue, 1) == 6.0
    assert fill(template, PLACEHOLDERS, changed).startswith("Raw scores: six point one, six point zero;")


def test_number_words():
    assert integer_words(55) == "fifty-five"
    assert integer_words(41) == "forty-one"
    assert integer_words(13) == "thirteen"
    assert integer_words(40) == "forty"
    assert decimal_words("6.1") == "six point one"
    assert decimal_words("0.75") == "zero point seven five"
    with pytest.raises(ValueError):
        integer_words(101)


def test_sentence_start_numbers_are_capitalised():
    assert fill("{percent:fluffy} percent", PLACEHOLDERS, lesson()) == "Fifty-five percent"


# --- bad input: each names the file, the line and the fix ------------------------------------

def write_variant(tmp_path, old: str, new: str, count: int = 1) -> Path:
    text = GOOD.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / "lesson.yaml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def line_of(path: Path, needle: str, nth: int = 1) -> int:
    hits = [i + 1 for i, l in enumerate(path.read_text().splitlines()) if needle in l]
    return hits[nth - 1]


def expect_error(path: Path, line: int, *words: str) -> TranscriptError:
    with pytest.raises(TranscriptError) as e:
        load_script(path)
    err = e.value
    assert err.path == path and err.line == line, str(err)
    message = str(err)
    assert f"{path}:{line}:" in message and "fix:" in message
    for w in words:
        assert w in message
    return err


def test_duplicate_id(tmp_path):
    p = write_variant(tmp_path, "id: key-contains", "id: query-looking-for")
    expect_error(p, line_of(p, "id: query-looking-for", 2), "used twice", "first at line")


def test_missing_id(tmp_path):
    p = write_variant(tmp_path, "- id: key-contains\n        text:", "- text:")
    expect_error(p, line_of(p, 'text: "A key: what do I contain."'), "has no 'id'")


def test_empty_text(tmp_path):
    p = write_variant(tmp_path, 'text: "It needs a way to ask them."', 'text: "  "')
    expect_error(p, line_of(p, 'text: "  "'), "is empty", "needs-a-way-to-ask")


def test_unknown_key(tmp_path):
    p = write_variant(tmp_path, "- id: key-contains", "- id: key-contains\n        speaker: me")
    expect_error(p, line_of(p, "speaker: me"), "unknown key 'speaker'", "id, text")


def test_wrong_type(tmp_path):
    p = write_variant(tmp_path, 'text: "It needs a way to ask them."', "text: [1, 2]")
    expect_error(p, line_of(p, "text: [1, 2]"), "must be text")


def test_id_not_kebab_case_suggests_one(tmp_path):
    p = write_variant(tmp_path, "id: key-contains", "id: Key Contains")
    expect_error(p, line_of(p, "id: Key Contains"), "'key-contains'")


def test_unknown_number_placeholder(tmp_path):
    p = write_variant(tmp_path, "{score:blue}", "{score:purple}")
    expect_error(p, line_of(p, "{score:purple}"), "names no token", "creature")


def test_broken_yaml_points_at_the_line(tmp_path):
    p = write_variant(tmp_path, "  - scene: softmax", "  - scene: softmax\n   bad: [")
    err = expect_error(p, err_line := line_of(p, "bad: ["), "not valid YAML")
    assert err.line == err_line


def test_missing_file(tmp_path):
    with pytest.raises(TranscriptError, match="does not exist"):
        load_script(tmp_path / "nope.yaml")


def test_completion_threshold_and_poster_are_read_and_checked(tmp_path):
    script = load_script()
    assert 0 < script.completion_threshold <= 1
    assert script.poster in {s.id for s in script.sentences}
    p = write_variant(tmp_path, "completion_threshold: 0.9", "completion_threshold: 0.75")
    assert load_script(p).completion_threshold == 0.75
    for bad in ("90", "0", "'most'", "1.5"):
        p = write_variant(tmp_path, "completion_threshold: 0.9", f"completion_threshold: {bad}")
        expect_error(p, line_of(p, "completion_threshold:"), "completion_threshold", "e.g. 0.9")
    p = write_variant(tmp_path, "poster: every-symbol-is-a-step", "poster: the-formula")
    expect_error(p, line_of(p, "poster: the-formula"), "'the-formula'", "not a sentence id")


def test_each_beat_names_the_step_it_shows():
    script = load_script()
    steps = {s.id: s.step for s in script.sentences}
    assert steps["take-the-phrase"] == "embeddings"
    assert steps["raw-scores-no-ceiling"] == "scores"
    assert steps["weights-for-fluffy-and-blue"] == "softmax"
    assert steps["because-it-got-to-ask"] == "all-at-once"


def test_unknown_step_names_the_line_and_the_steps(tmp_path):
    p = write_variant(tmp_path, "    step: softmax", "    step: squash")
    err = expect_error(p, line_of(p, "step: squash"), "unknown step 'squash'")
    assert "embeddings, qkv, scores, softmax, weighted-sum, formula, all-at-once" in str(err)


def test_missing_step(tmp_path):
    p = write_variant(tmp_path, "    step: softmax\n", "")
    expect_error(p, line_of(p, "- scene: softmax"), "has no 'step'")


def test_a_sentence_can_name_its_own_step(tmp_path):
    p = write_variant(tmp_path, "      - id: behave-like-percentages\n",
                      "      - id: behave-like-percentages\n        step: softmax\n")
    steps = {s.id: s.step for s in load_script(p).sentences}
    assert steps["behave-like-percentages"] == "softmax"
    assert steps["raw-scores-no-ceiling"] == "scores"
    q = write_variant(tmp_path, "      - id: behave-like-percentages\n",
                      "      - id: behave-like-percentages\n        step: 7\n")
    expect_error(q, line_of(q, "step: 7"), "must be text")


def test_a_sentence_can_ask_for_a_pause_after_it(tmp_path):
    from pause_fixtures import lesson_with_pauses
    p = lesson_with_pauses(tmp_path / "lesson.yaml", {"key-contains": "1.5", "needs-a-way-to-ask": "2",
                                                      "all-in-parallel": ".25"})
    pauses = {s.id: s.pause for s in load_script(p).sentences}
    assert (pauses["key-contains"], pauses["needs-a-way-to-ask"], pauses["all-in-parallel"]) == (1.5, 2.0, 0.25)
    assert sum(pauses.values()) == 1.5 + 2.0 + 0.25  # every other sentence: no pause


@pytest.mark.parametrize("written", ["0", "0.0", "-1", "10.5", "11", "'long'", "1.5s", "[1]", ".inf",
                                     ".nan", "1e1", "0x2", "1:30", "''"])
def test_a_pause_that_is_no_plain_number_of_seconds_up_to_the_most_is_refused(tmp_path, written):
    from pause_fixtures import lesson_with_pauses

    from transcript.loader import MAX_PAUSE
    p = lesson_with_pauses(tmp_path / "lesson.yaml", {"key-contains": written})
    err = expect_error(p, line_of(p, "pause:"), "the pause after sentence 'key-contains'",
                       f"at most {MAX_PAUSE:g}", "e.g. pause: 1.5")
    assert err.fix.startswith("write it as a decimal number of seconds")


def test_the_longest_pause_allowed_is_read(tmp_path):
    from pause_fixtures import lesson_with_pauses

    from transcript.loader import MAX_PAUSE
    p = lesson_with_pauses(tmp_path / "lesson.yaml", {"key-contains": f"{MAX_PAUSE:g}"})
    assert load_script(p).sentence("key-contains").pause == MAX_PAUSE
