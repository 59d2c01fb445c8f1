"""Stop 8's page (multi-head attention + the MLP) in real headless Chromium, its scenes not yet all
drawn: its player built from its script, timed on the grid, over a test-pattern video (as
tests/player_fixtures.py makes stop 7's), once for the module. The explore panel switches heads,
moves the AND neuron's bias and swaps words, every figure it shows checked against numpy; its three
checks are asked as their sentences end and answered, right and wrong, the task by editing the
panel; each answer is told to the page (`lesson:answer`, what scorm.js and host-api.js report).
Every expected figure is worked out here with numpy from the lesson's inputs, never read from the
page. Screenshots of the panel and each check, at desktop and phone sizes, go to SCREENSHOTS."""

from __future__ import annotations

import math
import re
import shutil
import zipfile

import numpy as np
import pytest
from player_fixtures import (  # noqa: F401
    REPO,
    SCREENSHOTS,
    axe,
    browser,
    copied_build,
    encode_narration,
    encode_video,
    page_factory,
    serve,
    shared_lesson,
)
from test_namespacing import VIDEO_READY, answer_predict, kept_answer
from test_scorm import NODE_MODULES, need_npm_packages, sco

from attention import mlp, multi_head, percent_figure, relu, short_figure
from attention.example import EXTRA_WORDS
from attention.multihead_mlp.explore import ENTRY_STEP
from attention.multihead_mlp.lesson import lesson
from cli.options import BuildPaths
from player.page import build_player
from player.scorm import build_package
from transcript import load_script
from transcript.manifest import GRID_FPS, TimedSentence, new_manifest, write_manifest
from transcript.words import TimedWord, words_of

SCRIPT = REPO / "transcript" / "multihead-mlp" / "lesson.yaml"
COURSE = REPO / "tests" / "lessons" / "stop8_course.yaml"
CHECK, EXPLORE = "#check", "#explore"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
RECORD = """window.answers = []; document.addEventListener('lesson:answer',
    e => window.answers.push(JSON.parse(JSON.stringify(e.detail))));"""
L = lesson()
N = L.neuron


def block(x=None, on=(True, True), w_up=None, b_up=None):
    """The block in numpy on the given inputs; a head switched off hands on zeros (its W_V zero)."""
    x = L.embeddings if x is None else x
    w_v = [w if keep else np.zeros_like(w) for w, keep in zip(L.w_v, on)]
    a = multi_head(x, L.w_q, L.w_k, w_v, L.w_o)
    m = mlp(a.residual, L.w_up if w_up is None else w_up, L.b_up if b_up is None else b_up, L.w_down, L.b_down)
    return a, m


def firing(m, words) -> list[str]:
    """The tokens the AND neuron's output shows above 0 for."""
    return [w for i, w in enumerate(words) if float(short_figure(relu(m.pre_activation[i, N]))) > 0]


def timed(script):
    """The script's sentences on the 1/15 s grid, 2-4 s each, words spread evenly."""
    sentences, frame = [], 0
    for i, s in enumerate(script.sentences):
        beat = 30 + (i * 7) % 31
        start, end = frame / GRID_FPS, (frame + beat - 5) / GRID_FPS
        tokens = words_of(s.text)
        each = (end - start) / max(1, len(tokens))
        words = tuple(TimedWord(w, round(start + k * each, 4), round(start + (k + 0.8) * each, 4))
                      for k, w in enumerate(tokens))
        sentences.append(TimedSentence(s.id, s.paragraph, s.scene, s.text, start, end, s.step, words))
        frame += beat
    return new_manifest(script, sentences, frame / GRID_FPS, "narration.wav", {})


@pytest.fixture(scope="module")
def script():
    return load_script(SCRIPT, course=COURSE)


@pytest.fixture(scope="module")
def built(tmp_path_factory, script):
    """Stop 8's player over a test-pattern video and its SCORM package (no clips), built once."""
    build = BuildPaths(tmp_path_factory.mktemp("stop8") / "build")
    build.root.mkdir(parents=True)
    manifest = timed(script)
    write_manifest(manifest, build.manifest)
    encode_narration(manifest, build.narration)
    encode_video(manifest, build.narration, build.video)
    build_player(manifest, build)
    build_package(manifest, build, [])
    return build


@pytest.fixture(scope="module")
def site(built):
    """The player served: yields the base URL."""
    base, server = serve(built.root)
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def platform(built, tmp_path_factory):
    """What a platform serves: the unpacked package in course/, beside the tests' host page and
    the real SCORM 1.2 run-time (scorm-again, tests/js)."""
    need_npm_packages()
    root = tmp_path_factory.mktemp("stop8-platform")
    zipfile.ZipFile(built.scorm).extractall(root / "course")
    (root / "scorm-host.html").symlink_to(REPO / "tests" / "js" / "scorm-host.html")
    (root / "node_modules").symlink_to(NODE_MODULES)
    base, server = serve(root)
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def checks(script):
    found = {c.kind: c for c in script.checks}
    assert set(found) == {"predict", "what-if", "task"}
    return found


def open_page(page_factory, url: str, size: str = "desktop"):
    width, height = SIZES[size]
    page = page_factory(width, height)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(RECORD)
    page.goto(url)
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


def cell(page, key: str) -> str:
    return page.inner_text(f'{EXPLORE} [data-cell="{key}"]')


def shot(page, selector: str, name: str, within: str | None = None) -> None:
    """A screenshot of `selector` once nothing animates, after axe finds no violation on the
    page in this state (with `within`, in that part of it: the rest is as a full pass found it
    just before) and the page does not scroll sideways at this width."""
    results = axe(page, within)  # (waits for the page's animations to end)
    assert results.violations_count == 0, (name, results.generate_report())
    width = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width, name
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).screenshot(path=str(SCREENSHOTS / f"stop8-{name}.png"))


# --- the explore panel ---------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_the_panel_shows_the_block_as_numpy_computes_it(site, page_factory, size):
    page = open_page(page_factory, f"{site}/index.html#s=several-heads&x=heads", size)
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    a, m = block()
    f = L.focus
    for h in range(len(L.heads)):
        assert [cell(page, f"weights.{h}-{f}-{j}") for j in range(len(L.tokens))] == [
            percent_figure(w) for w in a.heads[h].weights[f]]
    shot(page, EXPLORE, f"panel-heads-{size}")
    for step in ("phrase", "concat", "mlp", "neuron", "block"):  # a step changes the panel alone
        page.click(f'{EXPLORE} button[data-step="{step}"]')
        shot(page, EXPLORE, f"panel-{step}-{size}", within=EXPLORE)
    # the last step, the block: every token's output after attention and the MLP
    for i in range(len(L.tokens)):
        assert [cell(page, f"out-{i}-{c}") for c in range(len(L.features))] == [
            short_figure(v) for v in m.residual[i]]
    assert page.inner_text("#explore-fires") == f"Fires for: {', '.join(firing(m, L.tokens))}"
    assert page.errors == []


def test_a_head_switched_off_changes_creatures_update_and_the_neuron(site, page_factory):
    page = open_page(page_factory, f"{site}/index.html#s=several-heads&x=concat")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    f, d = L.focus, len(L.features)
    for on in ((False, True), (True, False), (False, False)):
        for k, keep in enumerate(on):
            page.set_checked(f"#explore-head-{k}", keep)
        a, m = block(on=on)
        assert [cell(page, f"projected-{f}-{c}") for c in range(d)] == [short_figure(v) for v in a.projected[f]]
        assert [cell(page, f"after-{f}-{c}") for c in range(d)] == [short_figure(v) for v in a.residual[f]]
        assert page.inner_text("#explore-fires") == (
            f"Fires for: {', '.join(firing(m, L.tokens))}" if firing(m, L.tokens) else "Fires for no token")
        off = f"off={'~'.join(str(k + 1) for k, keep in enumerate(on) if not keep)}"
        page.wait_for_function("off => location.hash.includes(off)", arg=off)  # the address follows
    # head 1 (the adjectives) off: creature has no texture, so the AND neuron stays silent for it
    _, m = block(on=(False, True))
    assert L.tokens[f] not in firing(m, L.tokens)
    page.set_checked("#explore-head-0", False)
    page.set_checked("#explore-head-1", True)
    page.click(f'{EXPLORE} button[data-step="neuron"]')
    assert cell(page, f"act-{f}-{N}") == short_figure(m.activation[f, N]) == "0"
    assert "explore-changed-cell" in page.get_attribute(f'{EXPLORE} [data-cell="act-{f}-{N}"]', "class")
    assert page.errors == []


def test_the_bias_slider_shows_which_tokens_fire(site, page_factory):
    page = open_page(page_factory, f"{site}/index.html#s=weighs-two-features&x=neuron")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    seen = set()
    for bias in (-6.0, -4.5, -3.0, -1.5, 0.0, 2.0):
        page.eval_on_selector("#explore-bias", """(e, v) => { e.value = String(v);
            e.dispatchEvent(new Event('input', {bubbles: true})); }""", bias)
        b_up = np.array(L.b_up)
        b_up[N] = bias
        _, m = block(b_up=b_up)
        fire = firing(m, L.tokens)
        seen.add(tuple(fire))
        assert page.inner_text("#explore-bias-value") == short_figure(bias)
        assert page.inner_text("#explore-fires") == (f"Fires for: {', '.join(fire)}" if fire else "Fires for no token")
        assert [cell(page, f"pre-{i}-{N}") for i in range(len(L.tokens))] == [
            short_figure(v) for v in m.pre_activation[:, N]]
        assert page.input_value(f'{EXPLORE} input[data-m="b_up"]') == short_figure(bias)
    assert len(seen) >= 3  # the slider's range moves the neuron from no token to several


def test_swapping_a_word_recomputes_the_block(site, page_factory):
    page = open_page(page_factory, f"{site}/index.html#s=weighs-two-features&x=neuron")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    words, x = list(L.tokens), np.array(L.embeddings)
    for index, word in ((L.index("fluffy"), "furry"), (L.index("creature"), "dog"), (L.index("blue"), "navy")):
        page.select_option(f'{EXPLORE} select[data-word="{index}"]', word)
        words[index] = word
        x[index] = [EXTRA_WORDS[word].get(f, 0.0) for f in L.features]
        _, m = block(x=x)
        assert [cell(page, f"pre-{i}-{N}") for i in range(len(words))] == [short_figure(v) for v in m.pre_activation[:, N]]
        assert page.inner_text("#explore-fires") == (
            f"Fires for: {', '.join(firing(m, words))}" if firing(m, words) else "Fires for no token")
    page.wait_for_function("() => location.hash.includes('words=a~furry~navy~dog')")
    page.click(f"{EXPLORE} .explore-reset")
    _, m = block()
    assert page.inner_text("#explore-fires") == f"Fires for: {', '.join(firing(m, L.tokens))}"
    assert page.errors == []


# --- the checks ----------------------------------------------------------------------------------

def play_into(page, sentence_id: str, check_id: str) -> None:
    """Play from a second before the check's sentence's beat ends, until the check opens."""
    end = page.evaluate("""id => { const d = JSON.parse(document.getElementById('lesson-data').textContent);
        const i = d.sentences.findIndex(s => s.id === id), next = d.sentences[i + 1];
        return Math.max(d.sentences[i].end, (next ? next.start : d.duration) - 0.25); }""", sentence_id)
    page.evaluate("""t => { const v = document.querySelector('video'); v.muted = true;
        v.currentTime = t; return v.play(); }""", end - 1.0)
    page.wait_for_selector(f"{CHECK}:not([hidden])", timeout=15_000)
    state = page.evaluate("""() => ({t: document.querySelector('video').currentTime, open: LessonChecks.open,
        paused: document.querySelector('video').paused})""")
    assert state["open"] == check_id and state["paused"] and state["t"] >= end


def answer_with(page, option: str) -> None:
    page.check(f'{CHECK} input[name=check-option][value="{option}"]')
    page.click(f"{CHECK} .check-answer")
    page.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")


@pytest.mark.parametrize("size", SIZES)
def test_the_prediction_and_the_what_if_are_asked_and_judged(site, page_factory, checks, size):
    page = open_page(page_factory, f"{site}/index.html", size)
    predict, what_if = checks["predict"], checks["what-if"]
    # predict: creature's weights in head two (the article), highest by numpy
    row = L.head("article").weights[L.index("creature")]
    right = L.tokens[int(np.argmax(row))]
    wrong = next(t for t in L.tokens if t != right)
    play_into(page, predict.sentence, predict.id)
    assert page.eval_on_selector_all(f"{CHECK} input[name=check-option]", "es => es.map(e => e.value)") == list(L.tokens)
    shot(page, CHECK, f"check-predict-{size}")
    answer_with(page, wrong)
    assert page.inner_text(f"{CHECK} .check-verdict") == "Not quite."
    assert percent_figure(row[L.index(right)]) in page.inner_text(f"{CHECK} .check-why")
    page.click(f"{CHECK} .check-retry")
    answer_with(page, right)
    assert page.inner_text(f"{CHECK} .check-verdict") == "Right."
    page.click(f"{CHECK} .check-on")
    # what-if: the neuron's bias set to the check's; does its token fire? (numpy)
    bias = float(what_if.swap[1])
    b_up = np.array(L.b_up)
    b_up[N] = bias
    _, m = block(b_up=b_up)
    fires = what_if.query in firing(m, L.tokens)
    play_into(page, what_if.sentence, what_if.id)
    assert page.inner_text(f"{CHECK} .check-context") == (
        f"The neuron's bias goes from {short_figure(L.b_up[N])} to {short_figure(bias)}; its weights stay as they are.")
    shot(page, CHECK, f"check-what-if-{size}")
    answer_with(page, "fires" if fires else "stays silent")
    assert page.inner_text(f"{CHECK} .check-verdict") == "Right."
    assert short_figure(m.pre_activation[L.index(what_if.query), N]) in page.inner_text(f"{CHECK} .check-why")
    shot(page, CHECK, f"check-what-if-right-{size}")
    told = page.evaluate("() => window.answers")
    assert [(a["check"], a["kind"], a["response"], a["correct"]) for a in told] == [
        (predict.id, "predict", wrong, False), (predict.id, "predict", right, True),
        (what_if.id, "what-if", "fires" if fires else "stays silent", True)]
    assert told[-1]["score"] == {"raw": 1, "max": 3}  # the prediction counts by its first answer
    assert page.errors == []


def one_entry(token: str) -> tuple[int, float]:
    """A row of the AND neuron's W_up column and a value on the entry grid that makes it fire for
    `token` (numpy): the feature the token has most of after attention, just enough."""
    i = L.index(token)
    x = L.after_attention[i]
    w = L.w_up[:, N]
    row = int(np.argmax(np.where(w == 0, x, 0)))  # a feature the neuron does not weigh yet
    rest = float(x @ w - x[row] * w[row] + L.b_up[N])
    value = math.ceil((-rest / x[row] + 0.05) / ENTRY_STEP) * ENTRY_STEP
    return row, round(value, 6)


@pytest.mark.parametrize("size", SIZES)
def test_the_task_is_done_by_editing_the_neurons_weights(site, page_factory, checks, size):
    page = open_page(page_factory, f"{site}/index.html", size)
    task = checks["task"]
    token = task.query
    play_into(page, task.sentence, task.id)
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert page.get_attribute(f'{EXPLORE} button[data-step="neuron"]', "aria-current") == "step"
    _, m = block()
    now = page.inner_text("#check-now")
    assert now.startswith(f"Now: {token}'s sum is {short_figure(m.pre_activation[L.index(token), N])}")
    assert now.endswith("Not yet.") and page.get_attribute("#check-now", "data-met") == "false"
    shot(page, CHECK, f"check-task-{size}")
    row, value = one_entry(token)
    w_up = np.array(L.w_up)
    w_up[row, N] = value
    _, m = block(w_up=w_up)
    assert token in firing(m, L.tokens)
    page.fill(f'{EXPLORE} input[data-m="w_up"][data-i="{row}"][data-j="{N}"]', str(value))
    page.wait_for_selector('#check-now[data-met="true"]')
    assert page.inner_text("#check-now").startswith(
        f"Now: {token}'s sum is {short_figure(m.pre_activation[L.index(token), N])}, after ReLU "
        f"{short_figure(m.activation[L.index(token), N])} (it fires); 1 of 1 entry of W_up changed.")
    shot(page, "body", f"check-task-met-{size}")
    # a second entry changed is one too many; put back, the goal is met again
    other = next(r for r in range(len(L.features)) if r != row)
    cell_of = f'{EXPLORE} input[data-m="w_up"][data-i="{other}"][data-j="{N}"]'
    page.fill(cell_of, "1")
    page.wait_for_selector('#check-now[data-met="false"]')
    assert "2 of 1 entry of W_up changed, too many" in page.inner_text("#check-now")
    page.fill(cell_of, short_figure(L.w_up[other, N]))
    page.wait_for_selector('#check-now[data-met="true"]')
    page.click(f"{CHECK} .check-answer")
    page.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")
    assert page.inner_text(f"{CHECK} .check-verdict") == "Right."
    told = page.evaluate("() => window.answers")
    assert [(a["check"], a["kind"], a["correct"]) for a in told] == [(task.id, "task", True)]
    assert told[0]["response"] == f"wup_{row}_{N}_{value:g}"
    shot(page, CHECK, f"check-task-right-{size}")
    assert page.errors == []


def tab_to(page, test: str, limit: int = 300) -> None:
    """Press Tab until the focused element passes `test` (a JS function of it)."""
    for _ in range(limit):
        if page.evaluate(f"() => ({test})(document.activeElement)"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{limit} Tabs never reached {test}")


def test_the_task_and_the_bias_by_keyboard_alone(site, page_factory, checks):
    """The task from its transcript mark, its edit in the panel, its answer and the bias slider,
    with keys only: Tab, typing, Enter, the arrow keys and Escape."""
    task = checks["task"]
    page = open_page(page_factory, f"{site}/index.html")
    page.focus(f"#s-{task.sentence}")
    tab_to(page, f"e => e.dataset.check === {task.id!r}", limit=5)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "check-title"
    row, value = one_entry(task.query)
    tab_to(page, f"e => e.dataset.m === 'w_up' && e.dataset.i === '{row}' && e.dataset.j === '{N}'")
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))
    page.wait_for_selector('#check-now[data-met="true"]')
    tab_to(page, "e => e.classList.contains('check-answer')")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")
    assert page.inner_text(f"{CHECK} .check-verdict") == "Right."
    # the bias slider moves by its step with the arrow keys, and says which tokens fire (numpy)
    tab_to(page, "e => e.id === 'explore-bias'")
    step = float(page.get_attribute("#explore-bias", "step"))
    start = float(page.input_value("#explore-bias"))
    w_up = np.array(L.w_up)
    w_up[row, N] = value
    for presses in (3, -5):
        for _ in range(abs(presses)):
            page.keyboard.press("ArrowRight" if presses > 0 else "ArrowLeft")
        start += presses * step
        b_up = np.array(L.b_up)
        b_up[N] = start
        _, m = block(w_up=w_up, b_up=b_up)
        assert float(page.input_value("#explore-bias")) == pytest.approx(start)
        fire = firing(m, L.tokens)
        assert page.inner_text("#explore-fires") == (f"Fires for: {', '.join(fire)}" if fire else "Fires for no token")
    page.keyboard.press("Escape")
    page.wait_for_selector(CHECK, state="hidden")
    assert page.errors == []


def test_in_a_platform_each_answer_is_an_interaction(platform, page_factory, checks):
    """Answered in the SCORM package under scorm-again: the platform receives each answer as
    cmi.interactions (the task's correct response in the lesson's words) and the score."""
    page = page_factory(1200, 900)
    page.goto(platform + "/scorm-host.html")
    frame = sco(page, platform)
    predict, task = checks["predict"], checks["task"]
    row = L.head("article").weights[L.index("creature")]
    right = L.tokens[int(np.argmax(row))]
    play_into(frame, predict.sentence, predict.id)
    answer_with(frame, right)
    frame.click(f"{CHECK} .check-on")
    frame.evaluate("id => LessonChecks.ask(id)", task.id)
    frame.wait_for_selector(f"{EXPLORE}:not([hidden])")
    r, value = one_entry(task.query)
    frame.fill(f'{EXPLORE} input[data-m="w_up"][data-i="{r}"][data-j="{N}"]', str(value))
    frame.wait_for_selector('#check-now[data-met="true"]')
    frame.click(f"{CHECK} .check-answer")
    frame.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")
    received = page.evaluate("window.received")
    got: dict[int, dict] = {}
    for name, v in received.items():
        m = re.fullmatch(r"cmi\.interactions\.(\d+)\.(.+)", name)
        if m:
            got.setdefault(int(m[1]), {})[m[2]] = v
    letter = "abcdefghijklmnopqrstuvwxyz"[list(L.tokens).index(right)]
    assert [{k: v for k, v in got[n].items() if k not in ("latency", "time")} for n in sorted(got)] == [
        {"id": predict.id, "type": "choice", "correct_responses.0.pattern": letter,
         "student_response": letter, "result": "correct"},
        {"id": task.id, "type": "performance",
         "correct_responses.0.pattern": f"{L.hidden[N]} fires for {task.query}, editing at most 1 of w_up",
         "student_response": f"wup_{r}_{N}_{value:g}", "result": "correct"}]
    assert float(page.evaluate("API.cmi.core.score.raw")) == round(100 * 2 / 3, 2)  # 2 of the 3 checks right


# --- stop 7 and stop 8 on one origin -------------------------------------------------------------

EIGHT = "multihead-mlp"


@pytest.fixture(scope="module")
def both(built, tmp_path_factory):
    """Stop 7's page and package (the shared test lesson) and stop 8's, side by side on one
    server, as a course's build puts them: BUILD/attention/ and BUILD/multihead-mlp/."""
    manifest, shared = shared_lesson(tmp_path_factory)
    root = tmp_path_factory.mktemp("two-stops")
    seven = copied_build(shared, root / manifest.lesson)
    build_player(manifest, seven)
    build_package(manifest, seven, [])
    shutil.copytree(built.root, root / EIGHT)
    base, server = serve(root)
    yield manifest.lesson, base, root
    server.shutdown()
    server.server_close()


def test_stop_7_and_stop_8_on_one_origin_keep_their_answers_apart(both, page_factory):
    """Each lesson keeps its own prediction under its own key: answered in stop 7, not seen by
    stop 8; answered in stop 8, stop 7's is still its own. Their SCORM packages share no
    identifier."""
    from lxml import etree

    seven, base, root = both
    one, two = f"{base}/{seven}/index.html", f"{base}/{EIGHT}/index.html"
    page = page_factory(1280, 900)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(one)
    page.wait_for_function(VIDEO_READY)
    first = answer_predict(page, 0)
    assert kept_answer(page, two) is None  # the same origin, the same localStorage: not stop 7's
    second = answer_predict(page, 1)
    assert kept_answer(page, one)["first"]["response"] == first
    assert kept_answer(page, two)["first"]["response"] == second
    stored = page.evaluate("() => Object.keys(localStorage).sort()")
    assert [k for k in stored if k.endswith(":checks")] == sorted([f"lesson:{seven}:checks",
                                                                    f"lesson:{EIGHT}:checks"])
    assert errors == []

    def identifiers(folder: str) -> set[str]:
        xml = zipfile.ZipFile(root / folder / "lesson-scorm12.zip").read("imsmanifest.xml")
        return {e.get("identifier") for e in etree.fromstring(xml).iter() if e.get("identifier")}

    assert identifiers(seven) and identifiers(EIGHT) and not identifiers(seven) & identifiers(EIGHT)
