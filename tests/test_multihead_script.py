"""Stop 8 (multi-head attention + the MLP) as a declared lesson: its script loads through the real
loader with the tests' course for it (tests/lessons/stop8_course.yaml) and is stop 8 of the
project's course.yaml, every spoken number is the core's and follows
it, its checks are answered by the core, its explore data is the core's inputs, and the scenes it
has are registered and readable on every frame."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
import yaml
from shared import seed_voices

from attention import mlp, percent_figure, short_figure
from attention.multihead_mlp import LESSON
from attention.multihead_mlp.checks import edited, one_entry_edit, with_bias
from attention.multihead_mlp.lesson import lesson
from attention.multihead_mlp.spoken import spoken_value
from attention.multihead_mlp.steps import STEPS
from transcript import TranscriptError, load_script
from transcript.lessons import CHOSEN_ENV, MODULES_ENV
from transcript.spoken import PLACEHOLDER

REPO = Path(__file__).resolve().parent.parent
COURSE = REPO / "tests" / "lessons" / "stop8_course.yaml"
SCRIPT = REPO / "transcript" / "multihead-mlp" / "lesson.yaml"
DRAWN = ("one-question", "heads", "concat", "mlp", "neuron", "block")  # in the script's order


@pytest.fixture(scope="module")
def script():
    return load_script(SCRIPT, course=COURSE)


def said(template: str, core) -> str:
    """A sentence's template with every placeholder the core's words, worked out here."""
    return PLACEHOLDER.sub(lambda m: spoken_value(m["kind"], m["token"], core), template)


def test_the_script_is_the_declared_lessons_and_stop_8_of_the_projects_course(script):
    assert script.id == LESSON.id == "multihead-mlp" and script.lesson is LESSON
    assert LESSON.script == SCRIPT and LESSON.scenes == "scenes.multihead_mlp"
    assert (script.course.stop, script.course.stops) == (1, 1) and script.voice == "piper"
    project = yaml.safe_load((REPO / "course.yaml").read_text(encoding="utf-8"))
    assert {stop["stop"]: stop.get("lesson") for stop in project["stops"]}[8] == "multihead-mlp"


def test_every_paragraph_has_a_step_and_its_scene(script):
    assert [p.scene for p in script.paragraphs] == ["one-question", "heads", "concat", "mlp", "neuron",
                                                     "block"]
    assert all(s.step in STEPS for p in script.paragraphs for s in p.sentences)
    assert [p.sentences[0].step for p in script.paragraphs] == list(STEPS)


def test_the_last_paragraph_says_a_model_stacks_dozens_of_blocks(script):
    last = script.paragraphs[-1].sentences[-1]
    assert "dozens" in last.text and "blocks" in last.text


def test_every_spoken_number_is_the_cores(script):
    L = lesson()
    numbers = 0
    for p in script.paragraphs:
        for s in p.sentences:
            assert s.text == said(s.template, L), s.id
            numbers += len(PLACEHOLDER.findall(s.template))
            assert not any(ch.isdigit() for ch in s.text), s.id  # every number is said in words
    assert numbers >= 15


def test_the_sentences_follow_a_changed_core():
    """The AND neuron's bias changed (its MLP run again): the sentences that say the bias and the
    sums it enters say the new ones, the others are unchanged."""
    from common.number_words import decimal_words
    L = lesson()
    new_bias = L.b_up[L.neuron] - 0.5
    other = with_bias(L, new_bias)
    before = {s.id: s.text for p in load_script(SCRIPT, course=COURSE).paragraphs for s in p.sentences}
    after = {s.id: s.text for p in load_script(SCRIPT, core=other, course=COURSE).paragraphs
             for s in p.sentences}
    said = lambda v: decimal_words(short_figure(v))  # noqa: E731
    assert f"adds a bias of {said(new_bias)}." in after["weighs-two-features"]
    assert f"adds a bias of {said(L.b_up[L.neuron])}." in before["weighs-two-features"]
    # creature's sum worked here from its vector after attention, the neuron's weights, the new bias
    pre = float(L.attention.residual[L.focus] @ L.w_up[:, L.neuron] + new_bias)
    assert f"comes to {said(pre)}." in after["creature-fires"]
    changed = {k for k in before if before[k] != after[k]}
    assert changed == {"weighs-two-features", "creature-fires", "fluffy-alone", "noun-alone",
                       "soft-to-the-touch"}


def _page(script, check_id: str) -> dict:
    check = next(c for c in script.checks if c.id == check_id)
    return LESSON.checks[check.kind].page(check, LESSON.numbers())


def test_it_asks_a_predict_a_what_if_and_a_task(script):
    assert [(c.id, c.kind) for c in script.checks] == [
        ("head-two-looks-at", "predict"), ("a-smaller-bias", "what-if"), ("make-blue-fire", "task")]
    shows = {c.id: c.show for c in script.checks}
    assert shows == {"head-two-looks-at": "head-two-article", "a-smaller-bias": "fluffy-alone",
                     "make-blue-fire": "weighs-two-features"}


def test_the_predicts_answer_is_the_token_head_two_weighs_most_for_creature(script):
    L = lesson()
    page = _page(script, "head-two-looks-at")
    w = L.head("article").weights[L.focus]
    assert page["options"] == list(L.tokens) and page["answer"] == L.tokens[int(np.argmax(w))]
    assert f"on {page['answer']} is {percent_figure(w.max())}, the highest" in page["feedback"]
    json.dumps(page)


def test_the_what_ifs_answer_is_the_mlp_run_with_that_bias(script):
    L = lesson()
    page = _page(script, "a-smaller-bias")
    b = np.array(L.b_up)
    b[L.neuron] = -3.0
    out = mlp(L.after_attention, L.w_up, b, L.w_down, L.b_down).activation[L.index("fluffy"), L.neuron]
    assert page["options"] == ["fires", "stays silent"]
    assert page["answer"] == ("fires" if out > 0 else "stays silent")
    assert f"= {short_figure(out)}, above zero" in page["feedback"]
    assert f"bias of {short_figure(L.neuron_bias)} it came to " \
           f"{short_figure(L.mlp.pre_activation[L.index('fluffy'), L.neuron])}" in page["feedback"]


def test_the_tasks_example_makes_the_neuron_fire_for_blue(script):
    L = lesson()
    page = _page(script, "make-blue-fire")
    blue = L.index("blue")
    assert L.mlp.activation[blue, L.neuron] == 0.0  # silent in the lesson
    example = page["example"]
    assert example["matrix"] == "w_up" and example["col"] == L.neuron
    w = np.array(L.w_up)
    w[example["row"], L.neuron] = example["value"]
    fired = mlp(L.after_attention, w, L.b_up, L.w_down, L.b_down).activation[blue, L.neuron]
    assert fired > 0
    assert one_entry_edit(L, "blue", "w_up") == one_entry_edit(L, "blue", "w_up")  # deterministic
    # the smallest change: no entry of the neuron's column moved by less reaches it
    change = abs(example["value"] - L.w_up[example["row"], L.neuron])
    for row in range(len(L.features)):
        for value in (L.w_up[row, L.neuron] + d for d in (change - 0.1, -(change - 0.1))):
            w = np.array(L.w_up)
            w[row, L.neuron] = value
            assert mlp(L.after_attention, w, L.b_up, L.w_down, L.b_down).activation[blue, L.neuron] \
                < 0.005, (row, value)
    # each line of working adds up in its shown figures
    for line in page["feedback"].split("gives ")[1:]:
        left, right = line.split(", and ")
        terms = [p.split("×") for p in left.split(" = ")[0].split(" + ")]
        assert short_figure(sum(float(a) * float(b) for a, b in terms)) in (left.split(" = ")[1],)
    assert edited(L, one_entry_edit(L, "blue", "w_up")).mlp.activation[blue, L.neuron] > 0


@pytest.mark.parametrize("old, new, words", [
    ("head: article", "head: nouns", ("head 'nouns'", "adjectives, article")),
    ("bias: -3", "bias: -4", ("the lesson's own (-4)",)),
    ("bias: -3", "bias: lots", ("must be a number",)),
    ("goal: {fires: blue,", "goal: {fires: creature,", ("already fires for creature",)),
    ("edit: W_up,", "edit: W_down,", ("'W_down' is no weight",)),
], ids=["unknown-head", "same-bias", "bias-not-a-number", "task-already-met", "unknown-matrix"])
def test_a_check_the_core_cannot_answer_is_refused_at_its_line(tmp_path, old, new, words):
    text = SCRIPT.read_text(encoding="utf-8")
    assert text.count(old) == 1
    bad = tmp_path / "lesson.yaml"
    bad.write_text(text.replace(old, new), encoding="utf-8")
    line = text[:text.index(old)].count("\n") + 1
    with pytest.raises(TranscriptError) as e:
        load_script(bad, course=COURSE)
    assert e.value.line == line, str(e.value)
    for w in words:
        assert w in str(e.value)


def test_the_explore_data_is_the_cores_inputs():
    L = lesson()
    data = json.loads(json.dumps(LESSON.explore()))
    assert data["tokens"] == list(L.tokens) and data["features"] == list(L.features)
    np.testing.assert_array_equal(data["embeddings"], L.embeddings)
    assert [h["name"] for h in data["heads"]] == list(L.heads)
    for h, w_q, w_k, w_v, (qk, v) in zip(data["heads"], L.w_q, L.w_k, L.w_v, L.head_dims):
        np.testing.assert_array_equal(h["w_q"], w_q)
        np.testing.assert_array_equal(h["w_k"], w_k)
        np.testing.assert_array_equal(h["w_v"], w_v)
        assert (h["qk_dims"], h["v_dims"]) == (list(qk), list(v))
    for name in ("w_o", "w_up", "b_up", "w_down", "b_down"):
        np.testing.assert_array_equal(data[name], getattr(L, name))
    assert data["neuron"] == L.hidden[L.neuron] and data["focus"] == "creature"
    assert [s["id"] for s in data["steps"]] == list(STEPS)


def test_the_digest_follows_the_numbers():
    assert LESSON.digest() == LESSON.digest() and len(LESSON.digest()) == 32


# --- its scenes ----------------------------------------------------------------------------------

@pytest.fixture
def chosen(monkeypatch):
    """Stop 8 as the lesson this process works on (the environment put back after the test)."""
    monkeypatch.setenv(CHOSEN_ENV, LESSON.id)
    monkeypatch.setenv(MODULES_ENV, f"{LESSON.id}=attention.multihead_mlp")


def test_its_scenes_are_registered_and_each_draws_a_paragraph(chosen, script):
    from scenes import scene_modules
    drawn = scene_modules()
    assert tuple(drawn) == DRAWN
    assert set(drawn) <= {p.scene for p in script.paragraphs}
    assert all(module.startswith("scenes.multihead_mlp.") for module, _ in drawn.values())


@pytest.fixture(scope="module")
def narration(tmp_path_factory, script, narrated_with_flite):
    """The script narrated with flite, its voices taken from the run's own flite narration of the
    lesson (tests/conftest.py)."""
    from audio import build_narration
    from cli.options import BuildPaths
    build = BuildPaths(tmp_path_factory.mktemp("stop8") / "build")
    seed_voices(narrated_with_flite(LESSON.id).paths.cache, build.cache)
    manifest, _ = build_narration(script, build, voice="flite")
    return manifest


@pytest.fixture(scope="module")
def inspected(narration, tmp_path_factory, rendered_lesson):
    """Each drawn scene run once frame by frame without a pixel (as tests/test_readability.py runs
    stop 7's), at low quality, shared by the tests below: scene id -> (scene, FrameReader). Its
    Manim folder starts with the LaTeX, texts and pictures the run's render of the lesson built."""
    from inspected import inspect_frames

    from common.files import linked_tree
    from scenes import scene_class
    runs = {}
    media = tmp_path_factory.mktemp("stop8-media")
    linked_tree(rendered_lesson.root.parent / LESSON.id / "cache" / "manim", media)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(CHOSEN_ENV, LESSON.id)
        mp.setenv(MODULES_ENV, f"{LESSON.id}=attention.multihead_mlp")
        for scene_id in DRAWN:
            runs[scene_id] = inspect_frames(scene_class(scene_id), scene_id, narration, media)
    shutil.rmtree(media, ignore_errors=True)
    return runs


@pytest.mark.parametrize("scene_id", DRAWN)
def test_each_drawn_scene_is_readable_on_every_frame(narration, inspected, scene_id):
    """No text over another or hidden, every play changes the picture, no still picture over 1.5 s
    while the voice speaks, every number readable long enough, and every beat asks only words its
    sentence says."""
    from common.settings import QUALITIES
    fps = QUALITIES["low"].fps
    scene, reader = inspected[scene_id]
    assert reader.finish() == []
    assert reader.idle == []
    assert reader.glimpses == []
    assert all(r.out_of_frame == [] for r in scene.timeline), scene_id
    start = narration.scene_span(scene_id).start
    speech = {s.id: (round((s.start - start) * fps), round((s.end - start) * fps))
              for s in narration.sentences_of(scene_id)}
    covered = 0
    for sentence, first, frames, _ in reader.pictures:
        assert first == covered
        covered += frames
        if sentence not in speech:  # the scene's first frame, before its first beat
            continue
        said_from, said_to = speech[sentence]
        still = (min(first + frames, said_to) - max(first, said_from)) / fps
        assert still <= 1.5, f"{scene_id}/{sentence}: {still:.1f} s still"
    assert covered == scene.timing.frames


def test_no_text_of_any_scene_enters_the_caption_band(inspected):
    """Every text any of stop 8's beats shows, at any play's end, stays above the captions' band
    (the check tests/test_scenes.py makes of stop 7's scenes)."""
    from scenes import style
    low = [(scene_id, r.sentence_id, key.split(" @ ")[0], round(float(corners[0][1]), 2))
           for scene_id, (scene, _) in inspected.items() for r in scene.timeline
           for key, corners in r.shown.items() if corners[0][1] < style.CAPTION_BAND_TOP - 1e-6]
    assert low == []


def beat(inspected, scene_id: str, sentence_id: str):
    scene, _ = inspected[scene_id]
    return next(r for r in scene.timeline if r.sentence_id == sentence_id)


def texts_at_end(inspected, scene_id: str, sentence_id: str) -> list[str]:
    return beat(inspected, scene_id, sentence_id).texts


def test_every_beat_starts_on_its_sentence_and_each_cue_on_its_word(inspected):
    for scene_id in DRAWN[2:]:
        scene, _ = inspected[scene_id]
        for record in scene.timeline:
            assert record.start == scene.timing.beat(record.sentence_id).start, record.sentence_id
            assert record.cues, record.sentence_id
            for cue in record.cues:
                assert cue.frame - cue.wanted in (0, 1), (record.sentence_id, cue)
        assert not any(r.squeezed for r in scene.timeline), [r.squeezed for r in scene.timeline]


def test_heads_work_each_query_from_w_q_and_each_weight_through_softmax(inspected):
    """Head 2's query, worked here with numpy from creature's embedding and its W_Q, is on screen
    with W_Q's entries, and head 1's first query entry's terms; W_K⁽¹⁾'s entries while head 1's
    keys are worked from it, a key as the sum of the rows of it its features pick; then each
    head's query, keys, dot products, scores ÷ √d, exponentials, their sum and weights (softmax
    written out here: e^s / Σ e^s), one entry's product and division each; at the end what both
    heads give each token."""
    from attention.figures import exp_figure
    L = lesson()
    f = L.focus
    x = np.asarray(L.embeddings)
    shown = texts_at_end(inspected, "heads", "smaller-weights")
    for v in np.unique(L.w_q[1]):
        assert short_figure(v) in shown
    for v in x[f] @ L.w_q[1]:
        assert short_figure(v) in shown
    assert shown.count("×") >= x.shape[1]  # head 1's first query entry: a product per feature
    weights = []
    for h, sentence in enumerate(("head-one-softmax", "head-two-article")):
        q, keys = x[f] @ L.w_q[h], x @ L.w_k[h]
        raw = keys @ q
        scores = raw / np.sqrt(len(q))
        e = np.exp(scores)
        weights.append(e / e.sum())
        end = texts_at_end(inspected, "heads", sentence)
        for v in (*q, *keys.ravel()):
            assert short_figure(v) in end
        if h == 0:  # W_K⁽¹⁾'s entries (each as often as in it) beside the keys worked from it
            both = Counter(short_figure(v) for v in (*L.w_k[0].ravel(), *keys.ravel()))
            plays = beat(inspected, "heads", "head-one-keys").plays
            assert any(not both - Counter(t for t, _ in play) for play in plays)
            # and a key worked as the sum of the rows of W_K⁽¹⁾ its token's features pick: those
            # rows written a second time, under W_K, and under them their sum, that key, again
            summed = [Counter(short_figure(v) for v in (*L.w_k[0][np.flatnonzero(x[k])].ravel(), *keys[k]))
                      for k in range(len(x)) if np.count_nonzero(x[k]) > 1]
            assert summed and any(not (both + extra) - Counter(t for t, _ in play)
                                  for extra in summed for play in plays)
        for column in (raw, scores):
            for v in column:
                assert short_figure(v) in end
        for v in e:
            assert exp_figure(v) in end
        # √d to three decimals, so the division shown works by hand (12.2 ÷ 1.732 = 7.04)
        assert exp_figure(e.sum()) in end and f"{np.sqrt(len(q)):.3f}" in end
        for v in weights[-1]:
            assert percent_figure(v) in end
        assert end.count("÷") >= 2 and end.count("×") >= len(q)  # the division, twice; one product
    both = np.minimum(*weights)
    end = texts_at_end(inspected, "heads", "rows-side-by-side")
    for v in both:
        assert percent_figure(v) in end
    assert f"= {percent_figure(both.sum())}" in end


def test_concat_shows_w_o_times_the_heads_and_the_residual_entry_by_entry(inspected, script):
    """W_O's product for creature, worked here with numpy from the heads' weights and values,
    is on screen with its one worked entry's terms; the new vector (embedding + that product)
    is on screen at the end; and each figure the voice reads in creature-gains appears on the
    frame the voice starts it."""
    L = lesson()
    f = L.focus
    heads = [L.head(name) for name in L.heads]
    concat = np.concatenate([h.weights[f] @ h.values for h in heads])
    moved = concat @ np.asarray(L.w_o)
    new = L.embeddings[f] + moved
    shown = texts_at_end(inspected, "concat", "w-o-mixes")
    for v in moved:
        assert short_figure(v) in shown
    r = L.features.index("fluffy texture")
    for k in range(len(concat)):  # its terms: W_O's entry and the heads' number, each a piece
        assert short_figure(L.w_o[k, r]) in shown and short_figure(concat[k]) in shown
    assert short_figure(concat @ np.asarray(L.w_o)[:, r]) in shown
    end = texts_at_end(inspected, "concat", "creature-gains")
    for v in new:
        assert short_figure(v) in end
    # the figures land as they are said: a cue on the first word of each, on its frame
    record = beat(inspected, "concat", "creature-gains")
    sentence = next(s for p in script.paragraphs for s in p.sentences if s.id == "creature-gains")
    firsts = [spoken_value("moved", feature, L).split()[0]
              for feature in ("fluffy texture", "blue colour", "article")]
    assert firsts[0] in sentence.text
    cued = [c for c in record.cues if c.word and c.word.lower() == firsts[0]]
    assert len(cued) >= 3 and all(c.frame - c.wanted in (0, 1) for c in cued)


def test_mlp_bends_every_negative_sum_to_zero_and_adds_the_result_back(inspected):
    """Every token's hidden layer, worked here with numpy (x · W_up + b_up through max(0, .)),
    is on screen after the bend; the pre-activations before it; creature's worked neuron; and
    every token's vector plus the MLP's output at the end."""
    L = lesson()
    x = L.after_attention
    pre = x @ L.w_up + L.b_up
    act = np.maximum(pre, 0)
    new = x + act @ L.w_down + L.b_down
    assert (pre < 0).any() and (pre > 0).any()
    end = texts_at_end(inspected, "mlp", "added-back")
    assert end.count(short_figure(0.0)) >= int((act == 0).sum())  # every bent sum reads 0
    for v in act[act > 0]:
        assert short_figure(v) in end
    for v in new.ravel():
        assert short_figure(v) in end
    for v in pre[pre < 0]:  # the negative sums were shown before they bent, and are gone after
        assert short_figure(v) not in end
    scene, _ = inspected["mlp"]
    shown = set(beat(inspected, "mlp", "goes-up").shown)
    assert any(k.startswith(short_figure(pre[L.index("blue"), L.neuron]) + " @") for k in shown)
    # no arrow between the lanes: the MLP's picture has no arrow at all
    from manim import Arrow, CurvedArrow
    assert not [m for m in scene.get_mobject_family_members() if isinstance(m, (Arrow, CurvedArrow))]


def test_neuron_sums_are_the_weighted_sums_and_the_graph_bends_the_negative_ones(inspected):
    """Each token's line reads its two terms, the bias and a total worked here from the
    embeddings and the heads; its dot ends on the ReLU's graph at (sum, max(0, sum))."""
    from manim import Axes, Dot
    L = lesson()
    cols = [L.features.index("fluffy texture"), L.features.index("noun")]
    w, bias = L.w_up[cols, L.neuron], L.b_up[L.neuron]
    after = L.embeddings + np.concatenate([h.output for h in L.attention.heads], axis=-1) @ L.w_o
    sums = [after[L.focus, cols] @ w + bias, after[L.index("fluffy"), cols] @ w + bias,
            after[L.index("blue"), cols] @ w + bias, L.embeddings[L.focus, cols] @ w + bias]
    assert sums[0] > 0 and all(s < 0 for s in sums[1:])
    end = texts_at_end(inspected, "neuron", "soft-to-the-touch")
    for s in sums:
        assert short_figure(s) in end
    scene, _ = inspected["neuron"]
    axes = next(m for m in scene.get_mobject_family_members() if isinstance(m, Axes))
    dots = [m for m in scene.get_mobject_family_members() if isinstance(m, Dot)]
    where = sorted(tuple(np.round(axes.p2c(d.get_center())[:2], 2)) for d in dots)
    assert where == sorted((round(float(s), 2), round(max(0.0, float(s)), 2)) for s in sums)
    assert short_figure(max(0.0, sums[0]) * L.w_down[L.neuron, L.features.index("soft")]) in end


def test_block_has_arrows_between_tokens_a_box_per_token_and_is_the_poster(inspected, script):
    L = lesson()
    assert script.poster == "one-block"
    poster = texts_at_end(inspected, "block", "one-block")
    assert "one transformer block" in poster and poster.count("MLP") == len(L.tokens)
    assert "attention" in poster
    end = texts_at_end(inspected, "block", "dozens-of-blocks")
    assert "dozens of blocks" in end and end.count("block") >= 3
    assert "MLP" not in end




@pytest.mark.parametrize("scene_id", DRAWN[:-1])
def test_each_scene_hands_over_the_picture_its_frames_end_on(chosen, narration, inspected, tmp_path,
                                                              scene_id):
    """The next scene's beats are drawn from and found by the picture this one hands over, worked
    out by running it with every play jumped to its end: that picture's digest must be the one
    its frame-by-frame run ends on (a count that ended a few ulps off, reached through other
    figures, once made the render fail with the next scene's beats lost)."""
    from common.settings import QUALITIES
    from scenes import scene_class
    from scenes.plan import RunPlan
    from scenes.timing import scene_timing
    from video.scene_render import manim_config
    low = QUALITIES["low"]
    with manim_config(low, tmp_path, scene_id):
        jumped = scene_class(scene_id)(scene_timing(narration, scene_id, low.fps), RunPlan.last_picture())
        jumped.construct()
    scene, _ = inspected[scene_id]
    assert jumped.handover() == scene.handover()
