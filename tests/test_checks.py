"""The checks the lesson asks back, as the page data carries them: every right answer and every
number of their feedback recomputed here with plain numpy from the core's inputs, a core with other
weights moving the answers, the task met by a one-entry edit of W_K found by a numpy search, and
each clip's page carrying the checks inside its sentences."""

from __future__ import annotations

import dataclasses
import json
import re

import numpy as np
import pytest
from player_fixtures import timed_manifest
from test_transcript import expect_error, line_of, write_variant

from attention import attend, exact_score_figure, percent_figure
from attention.attention.explore import ENTRY_LIMIT, ENTRY_STEP
from attention.attention.lesson import lesson
from attention.attention.vocabulary import vocabulary
from player.clip_plan import plan
from player.data import cue_data, lines_in
from player.embed import clip_page_html
from player.page import player_html
from transcript import load_script


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def scores_of(x, w_q, w_k) -> np.ndarray:
    """Every query against every key, ÷ √d_k: (n, n)."""
    return (x @ w_q) @ (x @ w_k).T / np.sqrt(w_q.shape[1])


def with_weights(core, **arrays):
    """A scratch copy of the core with other inputs, attention run again."""
    new = dataclasses.replace(core, **arrays)
    return dataclasses.replace(new, result=attend(new.embeddings, new.w_q, new.w_k, new.w_v))


def numbers(text: str) -> list[str]:
    return re.findall(r"-?\d+(?:\.\d+)?%?", text)


@pytest.fixture(scope="module")
def manifest():
    return timed_manifest()


def by_id(data: dict) -> dict:
    return {c["id"]: c for c in data["checks"]}


def test_the_lesson_asks_three_checks_where_the_script_puts_them(manifest):
    data = cue_data(manifest)
    assert [(c["kind"], c["sentence"]) for c in data["checks"]] == [
        ("predict", "creature-broadcasts"), ("what-if", "weights-for-fluffy-and-blue"),
        ("task", "encodes-a-fluffy-blue-one")]
    ids = {s.id for s in manifest.sentences}
    for c in data["checks"]:
        assert c["show"] in ids and c["question"].strip()
        assert c["step"] == manifest.sentence(c["sentence"]).step
    assert data["mastery_score"] is None  # the lesson completes by watching
    # the page carries them in its lesson data, as JSON
    page = player_html(manifest)
    block = re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', page, re.S)
    assert json.loads(block.group(1))["checks"] == data["checks"]


WORKING = re.compile(r"(\S+)'s query · (\S+)'s key = (.+?) = (-?[\d.]+), and (-?[\d.]+) ÷ √(\d+) = "
                     r"(-?[\d.]+) ÷ (-?[\d.]+) = (-?[\d.]+)")


def check_working(text: str, tokens, x, w_q, w_k) -> str:
    """The score worked out in `text` ("q's query · k's key = 3.0×3.8 + … = 12.2, and 12.2 ÷ √4 =
    12.2 ÷ 2 = 6.1"), each number checked against numpy on the inputs; returns the rest of `text`."""
    m = WORKING.search(text)
    assert m, f"no score worked out in {text!r}"
    query, key, products, raw, raw_again, d, raw_thrice, root, score = m.groups()
    q, k = x[tokens.index(query)] @ w_q, x[tokens.index(key)] @ w_k
    pairs = [p.split("×") for p in products.split(" + ")]
    assert len(pairs) == len(q) == w_q.shape[1]  # a product for every entry, as the video writes them
    for (a, b), qa, kb in zip(pairs, q, k):
        assert abs(float(a) - qa) <= 0.05 + 1e-9 and abs(float(b) - kb) <= 0.05 + 1e-9
    assert raw == raw_again == raw_thrice and abs(float(raw) - q @ k) <= 0.005 + 1e-9
    assert int(d) == w_q.shape[1] and abs(float(root) - np.sqrt(int(d))) <= 0.005 + 1e-9  # says 2 = √4
    assert abs(float(score) - q @ k / np.sqrt(w_q.shape[1])) <= 0.005 + 1e-9
    return text[:m.start()] + text[m.end():]


def test_predict_the_answer_and_its_feedback_are_the_cores_numbers(manifest):
    core = lesson()
    check = by_id(cue_data(manifest))["whose-key-matches"]
    me = core.tokens.index("creature")
    q, keys = core.embeddings[me] @ core.w_q, core.embeddings @ core.w_k
    scores = keys @ q / np.sqrt(core.w_q.shape[1])  # (n,) creature's query · every key, ÷ √d_k
    best = int(np.argmax(scores))
    assert check["options"] == list(core.tokens)
    assert check["answer"] == core.tokens[best] == "fluffy"  # the narration's first figure
    rest = check_working(check["feedback"], list(core.tokens), core.embeddings, core.w_q, core.w_k)
    assert check["feedback"].startswith(f"creature's query · {core.tokens[best]}'s key = ")
    others = [(t, s) for t, s in zip(core.tokens, scores) if t != core.tokens[best]]
    then = ", ".join(f"{t} {exact_score_figure(s)}" for t, s in sorted(others, key=lambda p: -p[1]))
    assert rest == f", the highest (then {then})."


def test_what_if_red_for_blue_is_computed_with_reds_embedding(manifest):
    core = lesson()
    check = by_id(cue_data(manifest))["red-instead-of-blue"]
    red = vocabulary()["red"]
    blue = core.embeddings[core.tokens.index("blue")]
    features = list(core.features)
    # red is blue without its blue-colour feature: the same adjective
    assert red[features.index("blue colour")] == 0 and blue[features.index("blue colour")] > 0
    assert np.array_equal(np.delete(red, features.index("blue colour")),
                          np.delete(blue, features.index("blue colour")))
    x = np.array(core.embeddings)
    x[core.tokens.index("blue")] = red
    me, fluffy = core.tokens.index("creature"), core.tokens.index("fluffy")
    before = softmax(scores_of(core.embeddings, core.w_q, core.w_k))[me, fluffy]
    after_scores = scores_of(x, core.w_q, core.w_k)
    after = softmax(after_scores)[me, fluffy]
    assert check["options"] == ["up", "down", "no change"]
    assert check["answer"] == ("up" if round(100 * after) > round(100 * before) else "down") == "up"
    assert (check["before"], check["after"]) == (percent_figure(before), percent_figure(after))
    assert check["words"] == ["a", "fluffy", "red", "creature"]
    assert (check["swap"]["from"], check["swap"]["to"]) == ("blue", "red")
    words = ["a", "fluffy", "red", "creature"]
    rest = check_working(check["feedback"], words, x, core.w_q, core.w_k)
    old_score = scores_of(core.embeddings, core.w_q, core.w_k)[me, core.tokens.index("blue")]
    assert numbers(rest) == [exact_score_figure(old_score), percent_figure(before), percent_figure(after)]


@pytest.mark.parametrize("word", sorted(set(vocabulary()) - set(lesson().tokens)))
def test_what_a_swap_says_of_a_word_is_what_its_embedding_has(word):
    """The check's words on the swap name every feature where the two embeddings differ, with the
    core's values, and no other feature."""
    from attention.attention.checks import swap_difference
    core = lesson()
    was, now = core.embeddings[core.tokens.index("blue")], vocabulary()[word]
    said = swap_difference(core, "blue", word)
    assert said.startswith(f"{word}'s embedding is blue's")
    for f, a, b in zip(core.features, was, now):
        named = f in said
        assert named == (a != b), (f, said)
        if named and b:
            assert f"{f} {b:g}" in said
        if named and not b:
            assert re.search(rf"without its (\w+ )*(and )?{f}", said)


def test_no_question_says_what_a_word_is_made_of():
    """What a word has (its features) is generated from the core beside the question; a question
    the author writes names the check's own tokens and matrices, never a feature."""
    core = lesson()
    feature_words = {w for f in core.features for w in f.split()} - set(vocabulary())
    for check in load_script().checks:
        said = set(re.findall(r"[a-z]+", check.question.lower()))
        assert not said & feature_words, (check.id, said & feature_words)
        named = {w for w in said if w in vocabulary()}
        own = {check.query, check.key, check.greater, check.than, *check.swap, *check.options}
        assert named <= own, (check.id, named - own)
        if check.kind == "task":
            shown_as = next(k for k, v in SHOWN_AS.items() if v == check.edit)
            assert shown_as in check.question
            assert ("one entry" in check.question) == (check.edits == 1)


def weights_after(core, matrix: str, row: int, col: int, value: float) -> np.ndarray:
    """Creature's weights, (n,), with one entry of a matrix set, in plain numpy."""
    arrays = {"x": core.embeddings, "w_q": core.w_q, "w_k": core.w_k}
    m = np.array(arrays[matrix])
    m[row, col] = value
    arrays[matrix] = m
    return softmax(scores_of(arrays["x"], arrays["w_q"], arrays["w_k"]))[core.tokens.index("creature")]


def shown_greater(weights: np.ndarray, core, greater: str, than: str) -> bool:
    pct = np.round(100 * weights)  # the whole percents the page shows (round half to even, as Python)
    return bool(pct[core.tokens.index(greater)] > pct[core.tokens.index(than)])


def test_a_one_entry_edit_of_w_k_meets_the_task_found_by_numpy(manifest):
    core = lesson()
    check = by_id(cue_data(manifest))["listen-to-blue"]
    goal = check["goal"]
    assert goal == {"quantity": "weight", "query": "creature", "greater": "blue", "than": "fluffy",
                    "edit": "w_k", "edits": 1}
    me = core.tokens.index("creature")
    lesson_weights = softmax(scores_of(core.embeddings, core.w_q, core.w_k))[me]
    assert not shown_greater(lesson_weights, core, "blue", "fluffy")  # not met before any edit
    # a search of our own: every entry of W_K, every value on the entry grid within the limit
    values = np.round(np.arange(-ENTRY_LIMIT, ENTRY_LIMIT + ENTRY_STEP / 2, ENTRY_STEP), 6)
    q, x = core.embeddings[me] @ core.w_q, core.embeddings
    found = []
    for i in range(core.w_k.shape[0]):
        for j in range(core.w_k.shape[1]):
            stack = np.repeat(core.w_k[None], len(values), axis=0)  # (m, d_model, d_k)
            stack[:, i, j] = values
            scores = np.einsum("nd,mdk,k->mn", x, stack, q) / np.sqrt(core.w_q.shape[1])
            pct = np.round(100 * softmax(scores))
            ok = pct[:, core.tokens.index("blue")] > pct[:, core.tokens.index("fluffy")]
            found += [(abs(v - core.w_k[i, j]), i, j, v) for v in values[ok]]
    assert found, "no one-entry edit of W_K meets the goal"
    smallest = min(found)[0]
    ex = check["example"]
    assert (ex["matrix"], ex["row_name"], ex["col_name"]) == ("w_k", core.features[ex["row"]], core.qk_dims[ex["col"]])
    assert shown_greater(weights_after(core, "w_k", ex["row"], ex["col"], ex["value"]), core, "blue", "fluffy")
    assert abs(ex["value"] - core.w_k[ex["row"], ex["col"]]) == pytest.approx(smallest)
    assert ex["address"] == f"wk_{ex['row']}_{ex['col']}_{ex['value']:g}"
    after = weights_after(core, "w_k", ex["row"], ex["col"], ex["value"])
    b, f = core.tokens.index("blue"), core.tokens.index("fluffy")
    assert numbers(check["feedback"]) == [percent_figure(lesson_weights[b]), percent_figure(lesson_weights[f]),
                                          f"{core.w_k[ex['row'], ex['col']]:.2f}", f"{ex['value']:.2f}",
                                          percent_figure(after[b]), percent_figure(after[f])]


def test_other_weights_in_a_scratch_copy_of_the_core_move_the_answers(manifest, tmp_path):
    core = lesson()
    w_k = np.array(core.w_k)
    noun, asks_noun = core.features.index("noun"), core.qk_dims.index("noun?")
    w_k[noun, asks_noun] = 9.0  # creature's own key now matches its query best
    other = with_weights(core, w_k=w_k)
    load_script(core=other)  # the script's checks still make sense with it
    checks = by_id(cue_data(manifest, core=other))
    me = core.tokens.index("creature")
    scores = scores_of(core.embeddings, core.w_q, w_k)[me]
    assert checks["whose-key-matches"]["answer"] == core.tokens[int(np.argmax(scores))] == "creature"
    assert f"= {exact_score_figure(scores[me])}, the highest" in checks["whose-key-matches"]["feedback"]
    lesson_checks = by_id(cue_data(manifest))
    assert checks["red-instead-of-blue"]["before"] != lesson_checks["red-instead-of-blue"]["before"]
    # and a core where blue's key already wins leaves the task nothing to do: refused at load
    w_k = np.array(core.w_k)
    w_k[core.features.index("blue colour"), core.qk_dims.index("colour?")] = 6.0
    from transcript import TranscriptError
    with pytest.raises(TranscriptError, match="done before it starts") as e:
        load_script(core=with_weights(core, w_k=w_k))
    assert e.value.line > 0 and "goal:" in load_script().path.read_text().splitlines()[e.value.line - 1]


def test_each_clip_page_carries_the_checks_inside_its_sentences(manifest):
    asked = {c.sentence: c.id for c in manifest.checks}
    seen = []
    for clip in plan(manifest):
        data = cue_data(manifest, clip.span)
        here = {ln.id for ln in lines_in(manifest, clip.span)}
        assert [c["id"] for c in data["checks"]] == [asked[s] for s in asked if s in here]
        for c in data["checks"]:
            whole = by_id(cue_data(manifest))[c["id"]]
            assert c["show"] == (whole["show"] if whole["show"] in here else None)
            assert {k: v for k, v in c.items() if k != "show"} == {k: v for k, v in whole.items() if k != "show"}
        seen += [c["id"] for c in data["checks"]]
    assert sorted(seen) == sorted(asked.values())  # each check on exactly one scene's clip
    clip = next(c for c in plan(manifest) if c.id == "weighted-sum")
    weighted = cue_data(manifest, clip.span)
    assert by_id(weighted)["listen-to-blue"]["show"] is None  # key-contains is another scene's
    page = clip_page_html(manifest, clip)  # and the clip's page carries them
    block = re.search(r'<script type="application/json" id="lesson-data">(.*?)</script>', page, re.S)
    assert json.loads(block.group(1))["checks"] == weighted["checks"]


GOAL = "goal: {quantity: weight, query: creature, greater: blue, than: fluffy, edit: W_K, edits: 1}"
SHOWN_AS = {"embedding": "x", "W_Q": "w_q", "W_K": "w_k", "W_V": "w_v"}  # as the YAML names them


def one_entry_reach(core, matrix: str, quantity: str) -> np.ndarray:
    """Whether some one-entry edit of `matrix` (every value on the entry grid within the limit)
    shows creature's `quantity` on token g above token t: (n, n) booleans, in plain numpy."""
    values = np.round(np.arange(-ENTRY_LIMIT, ENTRY_LIMIT + ENTRY_STEP / 2, ENTRY_STEP), 6)
    me, n = core.tokens.index("creature"), len(core.tokens)
    reach = np.zeros((n, n), dtype=bool)
    base = {"x": core.embeddings, "w_q": core.w_q, "w_k": core.w_k}
    for i, j in np.ndindex(base[matrix].shape):
        arrays = {k: np.repeat(np.array(v)[None], len(values), axis=0) for k, v in base.items()}
        arrays[matrix][:, i, j] = values
        q = np.einsum("md,mdk->mk", arrays["x"][:, me], arrays["w_q"])  # (m, d_k)
        keys = np.einsum("mnd,mdk->mnk", arrays["x"], arrays["w_k"])  # (m, n, d_k)
        scores = np.einsum("mnk,mk->mn", keys, q) / np.sqrt(core.w_q.shape[1])
        shown = np.round(100 * softmax(scores)) if quantity == "weight" else np.round(scores, 1)
        reach |= (shown[:, :, None] > shown[:, None, :]).any(axis=0)
    return reach


def test_a_task_on_w_v_is_refused_for_any_number_of_edits(tmp_path):
    """W_V makes the values: with any W_V at all, creature's scores and weights are the lesson's."""
    core = lesson()
    rng = np.random.default_rng(6)
    for _ in range(5):
        w_v = rng.uniform(-ENTRY_LIMIT, ENTRY_LIMIT, core.w_v.shape)
        other = attend(core.embeddings, core.w_q, core.w_k, w_v)
        assert np.array_equal(other.weights, core.result.weights)
    for edits in (1, 2, core.w_v.size):
        path = write_variant(tmp_path, GOAL, GOAL.replace("edit: W_K, edits: 1", f"edit: W_V, edits: {edits}"))
        err = expect_error(path, line_of(path, "    goal:"), "W_V makes the values", "edit one of embedding, W_Q, W_K")
        assert "\n" not in err.problem and "\n" not in err.fix


def test_a_task_no_one_entry_edit_meets_is_refused_with_more_edits(tmp_path):
    """Whether two or more entries can meet a goal one entry cannot is not worked out: refused,
    so that every task the page asks has an answer (and its feedback an example)."""
    core = lesson()
    me = core.tokens.index("creature")
    found = None
    for name, matrix in SHOWN_AS.items():
        for quantity in ("weight", "score"):
            if matrix == "w_v" or found:
                continue
            row = (core.result.weights if quantity == "weight" else core.result.scores)[me]
            shown = np.round(100 * row) if quantity == "weight" else np.round(row, 1)
            reach = one_entry_reach(core, matrix, quantity)
            for g, t in zip(*np.nonzero(~reach)):
                if g != t and not shown[g] > shown[t]:  # not met already, and no one entry meets it
                    found = name, quantity, core.tokens[g], core.tokens[t]
                    break
    assert found, "every goal is met by one entry: nothing to refuse"
    name, quantity, greater, than = found
    goal = (f"goal: {{quantity: {quantity}, query: creature, greater: {greater}, than: {than}, "
            f"edit: {name}, edits: 2}}")
    path = write_variant(tmp_path, GOAL, goal)
    expect_error(path, line_of(path, "    goal:"), f"no change of one entry of {name}",
                 "whether 2 entries can is not worked out", "set a goal one entry meets")
    # the lesson's goal with two edits allowed: one entry meets it, so it loads, with its example
    path = write_variant(tmp_path, GOAL, GOAL.replace("edits: 1", "edits: 2"))
    script = load_script(path)
    task = next(c for c in script.checks if c.kind == "task")
    assert task.edits == 2
