"""A check in the lesson YAML that the core cannot answer, or that is written wrong, is refused
before anything renders: one line with the file, the line and the fix."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest
from test_hostile_input import refused_lesson
from test_transcript import GOOD, expect_error, line_of, write_variant

from attention import attend
from attention.attention.lesson import lesson
from transcript import load_script

PREDICT = """          quantity: score
          query: creature
          show: dotted-against-every-key"""
PREDICT_CHECK = """        check:
          id: whose-key-matches
          kind: predict
          question: "Which word's key will creature's query score highest against?"
""" + PREDICT
GOAL = "goal: {quantity: weight, query: creature, greater: blue, than: fluffy, edit: W_K, edits: 1}"


def test_the_lessons_checks_load_with_their_lines():
    script = load_script()
    assert [c.id for c in script.checks] == ["whose-key-matches", "red-instead-of-blue", "listen-to-blue"]
    lines = GOOD.read_text().splitlines()
    for c in script.checks:
        assert lines[c.line - 1].strip() == f"id: {c.id}"
    assert script.mastery_score is None


@pytest.mark.parametrize("old, new, needle, words", [
    # an unknown token, wherever a token is named
    ("          query: creature\n          show: dotted", "          query: dog\n          show: dotted",
     "query: dog", ["'dog'", "no token of the phrase", "a, fluffy, blue, creature"]),
    (PREDICT, PREDICT + "\n          options: [fluffy, blu]", "options:", ["'blu'", "fluffy, blue"]),
    ("swap: {blue: red}", "swap: {blue: purple}", "    swap:", ["'purple'", "no word of the vocabulary", "red"]),
    ("swap: {blue: red}", "swap: {green: red}", "    swap:", ["'green'", "no token"]),
    ("key: fluffy", "key: blue", "key: blue", ["'blue'", "left after the swap", "a, fluffy, creature"]),  # swapped out
    (GOAL, GOAL.replace("greater: blue", "greater: bleu"), "    goal:", ["'bleu'"]),
    # a quantity the core has not got
    (GOAL, GOAL.replace("quantity: weight", "quantity: attention"), "    goal:",
     ["'attention'", "quantity the attention core has not got", "score, weight"]),
    ("quantity: score", "quantity: probability", "quantity: probability", ["score, weight"]),
    # a matrix the learner cannot edit, a goal no edit reaches, a goal met already
    (GOAL, GOAL.replace("edit: W_K", "edit: W_O"), "    goal:", ["'W_O'", "embedding, W_Q, W_K, W_V"]),
    (GOAL, GOAL.replace("edit: W_K", "edit: W_V"), "    goal:", ["W_V makes the values"]),
    (GOAL, GOAL.replace("greater: blue, than: fluffy", "greater: fluffy, than: blue"), "    goal:",
     ["already shows", "swap greater and than"]),
    (GOAL, GOAL.replace("edits: 1", "edits: 0"), "    goal:", ["outside 1..20"]),
    # a check that asks after, or shows, no sentence of the lesson
    ("show: dotted-against-every-key", "show: dotted-against-every-keys", "show: dotted",
     ["'dotted-against-every-keys'", "not a sentence id"]),
    # malformed
    ("          kind: predict\n", "          kind: guess\n", "kind: guess", ["'guess'", "predict, what-if, task"]),
    ("          kind: predict\n", "          kind: predict\n          goal: {}\n", "goal: {}",
     ["a predict check has no 'goal'", "quantity, query, options"]),
    ("swap: {blue: red}", "swap: [blue, red]", "    swap:", ["one 'token: word' pair"]),
    (PREDICT_CHECK, '        check: "Which word?"', "check: \"Which", ["must be a mapping"]),
    ("          question: \"Which word's key", "          questin: \"Which word's key", "questin",
     ["unknown key 'questin'"]),
    ("id: red-instead-of-blue", "id: whose-key-matches", "id: whose-key-matches",
     ["used twice", "first at line"]),
    ("id: listen-to-blue", "id: Listen To Blue", "id: Listen", ["kebab-case"]),
    # the lesson's mastery score
    ("completion_threshold: 0.9\n", "completion_threshold: 0.9\nmastery_score: 150\n", "mastery_score: 150",
     ["outside 0..100"]),
    ("completion_threshold: 0.9\n", "completion_threshold: 0.9\nmastery_score: high\n", "mastery_score: high",
     ["whole number"]),
])
def test_a_check_the_core_cannot_answer_or_written_wrong_is_refused_at_its_line(tmp_path, old, new, needle, words):
    path = write_variant(tmp_path, old, new)
    line = line_of(path, needle, 2 if needle == "id: whose-key-matches" else 1)
    err = expect_error(path, line, *words)
    assert "\n" not in err.problem and "\n" not in err.fix


def without_checks() -> str:
    return re.sub(r"\n        check:\n(          .*\n)+", "\n", GOOD.read_text())


def test_a_mastery_score_needs_checks_and_otherwise_is_kept(tmp_path):
    path = tmp_path / "lesson.yaml"
    path.write_text(without_checks().replace("completion_threshold: 0.9\n",
                                             "completion_threshold: 0.9\nmastery_score: 80\n"))
    assert "\n        check:" not in path.read_text()
    expect_error(path, line_of(path, "mastery_score: 80"), "no sentence has a check", "remove mastery_score")
    path = write_variant(tmp_path, "completion_threshold: 0.9\n", "completion_threshold: 0.9\nmastery_score: 80\n")
    assert load_script(path).mastery_score == 80


def test_a_predict_check_whose_options_tie_in_the_core_is_refused(tmp_path):
    core = lesson()
    w_k = np.array(core.w_k)
    w_k[core.features.index("blue colour"), core.qk_dims.index("colour?")] = 4.0  # blue's score = fluffy's
    tied = dataclasses.replace(core, w_k=w_k, result=attend(core.embeddings, core.w_q, w_k, core.w_v))
    assert round(tied.focus_scores[1], 1) == round(tied.focus_scores[2], 1)
    with pytest.raises(Exception, match="tie for creature's highest score") as e:
        load_script(GOOD, core=tied)
    assert "quantity: score" in GOOD.read_text().splitlines()[e.value.line - 1]


def test_the_command_line_refuses_a_bad_check_with_one_line_before_any_work(tmp_path):
    lesson_path = write_variant(tmp_path, "swap: {blue: red}", "swap: {blue: crimson}")
    message = refused_lesson(tmp_path, lesson_path, line_of(lesson_path, "    swap:"))
    assert "'crimson'" in message and "red" in message.split("fix:")[1]
    assert not (tmp_path / "build" / "attention" / "lesson.json").exists()
