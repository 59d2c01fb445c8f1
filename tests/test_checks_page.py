"""The checks in the rendered lesson, in real headless Chromium, driven as a learner would: the
video plays into a check and pauses, the learner answers right and wrong by mouse and by
keyboard, does the task by editing the explore panel, skips and comes back, reloads and finds
the answers kept; axe finds nothing at desktop and phone widths. Every right answer is worked
out here from the numpy core, not read from the page."""

from __future__ import annotations

import re

import numpy as np
import pytest
from player_fixtures import axe, browser, copied_build, page_factory, serve, shared_lesson  # noqa: F401
from playwright.sync_api import expect
from test_checks import check_working

from attention import attend, percent, percent_figure, score_figure
from attention.attention.lesson import lesson
from attention.attention.vocabulary import vocabulary
from player.data import lesson_names
from player.page import build_player
from transcript.manifest import read_manifest

CHECK = "#check"
EXPLORE = "#explore"
STORE = lesson_names("attention")["checks"]  # where the lesson keeps its answers: lesson:attention:checks
MATRICES = {"x": "embeddings", "w_q": "w_q", "w_k": "w_k", "w_v": "w_v"}  # explore data key -> Lesson field
NAMES = {"x": "the embeddings", "w_q": "W_Q", "w_k": "W_K", "w_v": "W_V"}  # as the check names them
RECORD = """window.answers = []; document.addEventListener('lesson:answer',
    e => window.answers.push(JSON.parse(JSON.stringify(e.detail))));"""  # every answer the page tells


@pytest.fixture(scope="module")
def site(rendered_lesson):
    """The rendered lesson served over HTTP (its own origin, so each page's localStorage is real)."""
    base, server = serve(rendered_lesson.root)
    yield base
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def checks(lesson_script):
    """The script's checks by kind (one of each in the lesson)."""
    found = {c.kind: c for c in lesson_script.checks}
    assert set(found) == {"predict", "what-if", "task"}
    return found


def row_of(core, quantity: str, values) -> np.ndarray:
    return values.weights if quantity == "weight" else values.scores


def predicted(check, options: list[str]) -> str:
    """The option the core ranks highest for a predict check."""
    L = lesson()
    row = row_of(L, check.quantity, L.result)[L.index(check.query)]
    return max(options, key=lambda t: row[L.index(t)])


def what_if(check) -> tuple[str, int, int]:
    """("up" | "down" | "no change", before, after) for a what-if check, from the core."""
    L = lesson()
    old, new = check.swap
    x = np.array(L.embeddings, dtype=float)
    x[L.index(old)] = vocabulary()[new]
    after = attend(x, L.w_q, L.w_k, L.w_v)
    q, k = L.index(check.query), L.index(check.key)
    if check.quantity == "weight":
        a, b = percent(L.result.weights[q][k]), percent(after.weights[q][k])
    else:
        a, b = float(score_figure(L.result.scores[q][k])), float(score_figure(after.scores[q][k]))
    return ("up" if b > a else "down" if b < a else "no change"), a, b


def one_edit(check) -> tuple[int, int, float]:
    """An entry of the task's matrix and a value for it (tenths up to ±3) that meet its goal."""
    L = lesson()
    q, hi, lo = L.index(check.query), L.index(check.greater), L.index(check.than)
    base = {m: np.array(getattr(L, f), dtype=float) for m, f in MATRICES.items()}
    for v in sorted(np.round(np.arange(-3, 3.05, 0.1), 1), key=abs):
        for i, j in np.ndindex(base[check.edit].shape):
            m = {k: a.copy() for k, a in base.items()}
            m[check.edit][i, j] = v
            r = attend(m["x"], m["w_q"], m["w_k"], m["w_v"])
            shown = row_of(L, check.quantity, r)[q]
            if check.quantity == "weight" and percent(shown[hi]) > percent(shown[lo]):
                return i, j, float(v)
            if check.quantity == "score" and float(score_figure(shown[hi])) > float(score_figure(shown[lo])):
                return i, j, float(v)
    raise AssertionError("no one-entry edit meets the goal")


def edited_on(check) -> str:
    """The explore step where a task's matrix is edited: the embeddings, or W_Q, W_K, W_V."""
    return "embeddings" if check.edit == "x" else "qkv"


def open_lesson(page_factory, base: str, path: str = "index.html", without: str | None = None, **options):
    """The page, its errors and answers recorded; `without`: an asset that never arrives."""
    page = page_factory(**options)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(RECORD)
    if without:
        page.route(f"**/{without}", lambda route: route.abort())
    page.goto(f"{base}/{path}")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


def sentence(page, sentence_id: str) -> dict:
    return page.evaluate("""id => JSON.parse(document.getElementById('lesson-data').textContent)
        .sentences.find(s => s.id === id)""", sentence_id)


def asked_at(page, sentence_id: str) -> float:
    """When a check on `sentence_id` is asked (and "Show me" of its beat ends): at the end of its
    beat, a pause included, a quarter second before the next sentence starts; never before its
    speech ends."""
    return page.evaluate("""id => { const d = JSON.parse(document.getElementById('lesson-data').textContent);
        const i = d.sentences.findIndex(s => s.id === id), next = d.sentences[i + 1];
        return Math.max(d.sentences[i].end, (next ? next.start : d.duration) - 0.25); }""", sentence_id)


def play_into(page, check, lead: float = 1.2) -> None:
    """Play the lesson from `lead` seconds before the check is asked until it opens."""
    end = asked_at(page, check.sentence)
    page.evaluate("""t => { const v = document.querySelector('video'); v.muted = true;
        v.currentTime = t; return v.play(); }""", end - lead)
    page.wait_for_selector(f"{CHECK}:not([hidden])", timeout=15_000)
    state = page.evaluate("""() => ({t: document.querySelector('video').currentTime,
        paused: document.querySelector('video').paused, focus: document.activeElement.id,
        open: LessonChecks.open})""")
    assert state["open"] == check.id and state["paused"]
    assert end <= state["t"] < end + 0.25  # asked as its beat ends, before the next voice starts
    assert state["focus"] == "check-title"  # focus moved into the check


def pin_of(page, check):
    """The check's pin (on the seek bar), found by the name a screen reader hears."""
    return page.get_by_role("button", name=re.compile(rf"^Check \d+ of \d+: {re.escape(check.question)} \("))


def options(page) -> list[str]:
    return page.eval_on_selector_all(f"{CHECK} input[name=check-option]", "els => els.map(e => e.value)")


def answers(page) -> list[dict]:
    return page.evaluate("() => window.answers")


def test_a_prediction_by_mouse_wrong_then_right_then_show_me(site, page_factory, checks):
    check = checks["predict"]
    page = open_lesson(page_factory, site)
    play_into(page, check)
    assert page.inner_text("#check-title") == check.question
    right = predicted(check, options(page))
    wrong = next(o for o in options(page) if o != right)
    page.click(f"{CHECK} label.check-option:has-text('{wrong}')")
    page.click(f"{CHECK} .check-answer")
    assert page.inner_text(".check-verdict") == "Not quite."
    L = lesson()
    q = L.index(check.query)
    why = page.inner_text(".check-why")  # the build's explanation, with the core's figures
    assert score_figure(L.result.scores[q][L.index(right)]) in why
    assert page.evaluate("() => document.activeElement.className") == "check-feedback"
    assert f"{right}" in page.inner_text(".check-mine")
    page.wait_for_function("() => document.querySelector('.check-live').textContent.startsWith('Not quite.')")
    first = answers(page)
    assert [(a["check"], a["kind"], a["response"], a["correct"]) for a in first] == [
        (check.id, "predict", wrong, False)]
    assert first[0]["score"] == {"raw": 0, "max": 3} and first[0]["latencyMs"] >= 0

    page.click(f"{CHECK} .check-retry")
    page.click(f"{CHECK} label.check-option:has-text('{right}')")
    page.click(f"{CHECK} .check-answer")
    assert page.inner_text(".check-verdict") == "Right."
    last = answers(page)[-1]
    assert (last["response"], last["correct"]) == (right, True)
    assert last["score"] == {"raw": 0, "max": 3}  # a prediction counts by its first answer
    mark = page.locator(f'.transcript .check-mark[data-check="{check.id}"]')
    assert mark.get_attribute("data-state") == "wrong"

    # "Show me" plays the beat that explains it, then the check comes back
    shown = sentence(page, check.show)
    page.click(f"{CHECK} .check-show")
    page.wait_for_selector(CHECK, state="hidden")
    page.wait_for_function("() => !document.querySelector('video').paused")
    t = page.evaluate("() => document.querySelector('video').currentTime")
    assert shown["start"] - 0.05 <= t < shown["end"]
    page.wait_for_selector(f"{CHECK}:not([hidden])", timeout=30_000)
    assert page.evaluate("() => document.querySelector('video').paused")
    # the whole beat played, the working in its pause too
    assert page.evaluate("() => document.querySelector('video').currentTime") >= asked_at(page, shown["id"])
    assert page.inner_text(".check-verdict") == "Right."  # its last answer, shown again

    # back to the lesson: it plays on, focus goes back where it was
    page.click(f"{CHECK} .check-on")
    page.wait_for_selector(CHECK, state="hidden")
    page.wait_for_function("() => !document.querySelector('video').paused")
    assert page.evaluate("() => document.activeElement.tagName") == "VIDEO"
    assert page.errors == []


def test_a_check_is_asked_at_16x_though_the_page_stalls_as_its_sentence_ends(site, page_factory, checks):
    """The page sees the video just before a check's end, then is busy (a slow machine) while it
    plays on at 16x: the end went by unseen, and the check is still asked.

    (How far a stall carries the video is Chromium's: its media data arrives on the page's own
    thread, so a busy page starves it within a second or so. How late a crossing may be seen is
    the next test's.)"""
    check = checks["predict"]
    page = open_lesson(page_factory, site)
    end = asked_at(page, check.sentence)
    page.evaluate("""async end => {
        const v = document.querySelector('video'); v.muted = true;
        const frames = () => v.getVideoPlaybackQuality().totalVideoFrames;  // counts on while the page is busy
        v.currentTime = end - 0.2; await new Promise(r => v.addEventListener('seeked', r, {once: true}));
        v.playbackRate = 1; await v.play();  // the page has seen it play just before the end
        v.playbackRate = 16;
        const from = frames(), giveUp = performance.now() + 3000;
        while (frames() < from + 10 && performance.now() < giveUp) {}  // the page stalls
        }""", end)
    page.wait_for_selector(f"{CHECK}:not([hidden])", timeout=15_000)
    assert page.evaluate("() => LessonChecks.open") == check.id
    assert page.evaluate("() => document.querySelector('video').paused")
    assert page.errors == []


def test_a_check_is_asked_when_a_seek_lands_just_before_its_end_and_the_page_is_busy(site, page_factory, checks):
    """While the video plays at 16x, the learner seeks to just before a check's end and the page is
    busy as the seek completes: the video plays on over the end before the page hears "seeked",
    and the check is still asked (playback is watched from where the seek landed)."""
    check = checks["predict"]
    page = open_lesson(page_factory, site)
    end = asked_at(page, check.sentence)
    page.evaluate("""async end => {
        const v = document.querySelector('video'); v.muted = true;
        v.currentTime = end - 8; await new Promise(r => v.addEventListener('seeked', r, {once: true}));
        v.playbackRate = 16; await v.play();
        v.currentTime = end - 0.2;  // "seeked" waits for this task to end
        const busy = performance.now() + 500;
        while (performance.now() < busy) {}  // the page is busy: the seek completes, the video plays on
        }""", end)
    page.wait_for_selector(f"{CHECK}:not([hidden])", timeout=15_000)
    assert page.evaluate("() => LessonChecks.open") == check.id
    assert page.errors == []


# (rate, seconds of the video past the end when the page next sees it, whether the check is asked)
LATE_CROSSINGS = [(1, 1.4, True), (1, 1.6, False),  # 1.5 s of the learner's time
                  (16, 3.0, True), (16, 23.9, True), (16, 24.1, False),  # 1.5 s of theirs: 24 of the video's
                  (0.5, 1.4, True), (0.5, 1.6, False)]  # slower than 1x: still 1.5 s of the video, never less


def test_a_crossing_seen_late_is_this_playbacks_for_a_second_and_a_half_of_the_learners_time_or_more(
        site, page_factory):
    """Playback seen before a check's end, then some seconds of the video past it (a stalled or
    hidden page) at a rate: the page's own rule asks the check only within 1.5 s of the learner's
    time (below 1x, 1.5 s of the video's)."""
    page = open_lesson(page_factory, site)
    seen = page.evaluate("""cases => cases.map(([rate, after]) =>
        LessonCheckParts.crossed(40 - 0.1, 40 + after, 40, rate))""", [[r, a] for r, a, _ in LATE_CROSSINGS])
    assert seen == [asked for _, _, asked in LATE_CROSSINGS]
    assert page.evaluate("() => LessonCheckParts.crossed(40.5, 41, 40, 1)") is False  # already past it
    assert page.evaluate("() => LessonCheckParts.crossed(39, 39.9, 40, 16)") is False  # not there yet


def test_a_what_if_by_keyboard_alone(site, page_factory, checks):
    check = checks["what-if"]
    moved, before, after = what_if(check)
    page = open_lesson(page_factory, site)
    # Tab to its mark in the transcript and open it with Enter
    mark = f'.transcript .check-mark[data-check="{check.id}"]'
    page.focus(f"#s-{check.sentence}")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.check") == check.id
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{CHECK}:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "check-title"
    assert page.evaluate("() => document.querySelector('video').paused")
    assert percent_figure(lesson().result.weights[lesson().index(check.query)][lesson().index(check.key)]) \
        in page.inner_text(".check-context")
    opts = options(page)
    assert moved in opts
    wrong = next(o for o in opts if o != moved)

    def choose(option: str) -> None:
        if page.evaluate("() => document.activeElement.name") != "check-option":
            page.keyboard.press("Tab")  # into the radio group (nothing picked: its first option)
        assert page.evaluate("() => document.activeElement.name") == "check-option"
        for _ in range(opts.index(option)):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Space")
        assert page.evaluate("() => document.activeElement.value") == option
        page.keyboard.press("Enter")  # submits the form

    choose(wrong)
    assert page.inner_text(".check-verdict") == "Not quite."
    assert page.evaluate("() => document.activeElement.className") == "check-feedback"
    why = page.inner_text(".check-why")
    assert f"{before}%" in why and f"{after}%" in why  # from the core: e.g. 55% to 58%
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('check-retry')")
    page.keyboard.press("Enter")  # focus goes to the first option
    choose(moved)
    assert page.inner_text(".check-verdict") == "Right."
    assert [(a["response"], a["correct"]) for a in answers(page)] == [(wrong, False), (moved, True)]
    # Escape leaves the check, focus is back on the mark, and the video, paused when the learner
    # opened the check from its mark, stays paused
    page.keyboard.press("Escape")
    page.wait_for_selector(CHECK, state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.check") == check.id
    assert page.evaluate("() => document.querySelector('video').paused")
    assert page.locator(mark).get_attribute("data-state") == "wrong"  # counted by its first answer
    assert page.errors == []


def test_the_task_is_done_by_editing_the_explore_panel(site, page_factory, checks):
    check = checks["task"]
    i, j, value = one_edit(check)
    page = open_lesson(page_factory, site)
    play_into(page, check)
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")  # the panel opens where the matrix is edited
    assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == edited_on(check)
    L = lesson()
    q = L.index(check.query)
    now = page.inner_text(".check-now")
    figure = percent_figure if check.quantity == "weight" else score_figure
    assert f"{figure(row_of(L, check.quantity, L.result)[q][L.index(check.greater)])}" in now
    assert now.endswith("Not yet.")
    # answered as it stands: not met
    page.click(f"{CHECK} .check-answer")
    assert page.inner_text(".check-verdict") == "Not quite."
    lesson_row = row_of(L, check.quantity, L.result)[q]
    assert page.inner_text(".check-mine") == (  # the learner's numbers, from the page's mirror
        f"With nothing changed, {check.query}'s {check.quantity} on {check.greater} is "
        f"{figure(lesson_row[L.index(check.greater)])} and on {check.than} {figure(lesson_row[L.index(check.than)])}; "
        f"0 of {check.edits} {'entry' if check.edits == 1 else 'entries'} of {NAMES[check.edit]} changed.")
    assert page.inner_text(".check-why").startswith(  # the build's line says it is the lesson's
        f"In the lesson, {check.query}'s {check.quantity} on {check.greater} is {figure(lesson_row[L.index(check.greater)])}")
    first = answers(page)[-1]
    assert (first["check"], first["kind"], first["response"], first["correct"]) == (check.id, "task", "", False)
    page.click(f"{CHECK} .check-retry")
    # two entries changed is one too many, even where the goal's numbers are met
    target = f'{EXPLORE} input[data-m="{check.edit}"][data-i="{i}"][data-j="{j}"]'
    rows = len(getattr(L, MATRICES[check.edit]))
    other = f'{EXPLORE} input[data-m="{check.edit}"][data-i="{(i + 1) % rows}"][data-j="{j}"]'
    page.fill(target, str(value))
    page.focus(other)
    page.keyboard.press("ArrowUp")
    page.wait_for_function("() => document.querySelector('.check-now').textContent.includes('too many')")
    page.focus(other)
    page.keyboard.press("ArrowDown")  # back to the lesson's number
    page.wait_for_function("() => document.querySelector('.check-now').textContent.endsWith('Goal met.')")
    m = {k: np.array(getattr(L, f), dtype=float) for k, f in MATRICES.items()}
    m[check.edit][i, j] = value
    r = attend(m["x"], m["w_q"], m["w_k"], m["w_v"])
    assert f"is {figure(row_of(L, check.quantity, r)[q][L.index(check.greater)])}" in page.inner_text(".check-now")
    page.click(f"{CHECK} .check-answer")
    assert page.inner_text(".check-verdict") == "Right."
    mine = row_of(L, check.quantity, r)[q]  # numpy on the same edit
    assert page.inner_text(".check-mine") == (
        f"With your edits, {check.query}'s {check.quantity} on {check.greater} is {figure(mine[L.index(check.greater)])} "
        f"and on {check.than} {figure(mine[L.index(check.than)])}; 1 of {check.edits} "
        f"{'entry' if check.edits == 1 else 'entries'} of {NAMES[check.edit]} changed.")
    name = {"x": "x", "w_q": "wq", "w_k": "wk", "w_v": "wv"}[check.edit]
    last = answers(page)[-1]
    assert (last["response"], last["correct"], last["score"]) == (
        f"{name}_{i}_{j}_{value:g}", True, {"raw": 1, "max": 3})
    page.click(f"{CHECK} .check-on")
    page.wait_for_selector(CHECK, state="hidden")
    page.wait_for_selector(EXPLORE, state="hidden")
    assert page.errors == []


def test_a_task_opened_from_its_mark_opens_the_panel_where_its_matrix_is_edited(site, page_factory, checks):
    check = checks["task"]
    page = open_lesson(page_factory, site)
    page.click(f'.transcript .check-mark[data-check="{check.id}"]')
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    page.wait_for_function("() => !document.querySelector('video').seeking")
    at = sentence(page, check.sentence)
    t = page.evaluate("() => document.querySelector('video').currentTime")
    assert at["start"] <= t <= asked_at(page, at["id"])  # at the end of its beat
    assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == edited_on(check)
    assert page.evaluate("() => LessonChecks.open") == check.id
    assert page.errors == []


def test_a_task_asked_right_after_continue_stays_open_when_the_play_event_arrives(site, page_factory,
                                                                                  checks):
    """"Continue" plays on; a task asked before that play's event is dispatched (a click on its
    mark straight after) pauses again, and the late event must not close it with its panel."""
    predict, task = checks["predict"], checks["task"]
    page = open_lesson(page_factory, site)
    play_into(page, predict)
    answer_with(page, predicted(predict, options(page)))
    state = page.evaluate("""async id => {
        const v = document.querySelector('video');
        const played = new Promise(r => v.addEventListener('play', r, {once: true}));
        document.querySelector('#check .check-on').click();
        LessonChecks.ask(id);
        await played;
        await new Promise(r => setTimeout(r, 0));  // after every listener of that event
        return {open: LessonChecks.open, paused: v.paused,
                explore: !document.querySelector('#explore').hidden};
    }""", task.id)
    assert state == {"open": task.id, "paused": True, "explore": True}
    assert page.errors == []


def test_a_tasks_panel_stays_where_its_matrix_is_edited_when_the_playhead_moves_on(
        site, page_factory, checks, rendered_lesson):
    """A check pauses the video as its beat ends; at 16x, or on a busy page, the pause lands in the
    next sentence, which the player then marks. The task's panel stays on the step where its
    matrix is edited until the learner picks another step; then it follows the video again."""
    check = checks["task"]
    step = edited_on(check)
    page = open_lesson(page_factory, site)
    play_into(page, check)
    page.wait_for_selector(f'{EXPLORE} button[data-step="{step}"][aria-current="step"]')
    data = read_manifest(rendered_lesson.root / "lesson.json").sentences
    at = next(k for k, x in enumerate(data) if x.id == check.sentence)
    later = data[at + 1]
    assert later.step != step  # else nothing could move
    beyond = next(x for x in data[at + 2:] if x.step not in (step, later.step))

    def move_to(sentence) -> None:
        page.evaluate("t => { document.querySelector('video').currentTime = t; }", sentence.start + 0.05)
        page.wait_for_selector(f"#s-{sentence.id}[aria-current]")

    move_to(later)
    assert page.evaluate("() => LessonChecks.open") == check.id
    assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == step
    i, j, value = one_edit(check)
    page.fill(f'{EXPLORE} input[data-m="{check.edit}"][data-i="{i}"][data-j="{j}"]', str(value))
    page.click(f'{EXPLORE} button[data-step="{later.step}"]')  # the learner looks elsewhere
    move_to(beyond)
    page.wait_for_selector(f'{EXPLORE} button[data-step="{beyond.step}"][aria-current="step"]')
    assert page.errors == []


def test_a_skipped_check_waits_and_answers_survive_a_reload(site, page_factory, checks):
    predict, what = checks["predict"], checks["what-if"]
    page = open_lesson(page_factory, site)
    play_into(page, predict)
    page.click(f"{CHECK} .check-skip")
    page.wait_for_selector(CHECK, state="hidden")
    page.wait_for_function("() => !document.querySelector('video').paused")
    pin = pin_of(page, predict)
    assert pin.get_attribute("data-state") == "skipped"
    assert "skipped" in page.inner_text(".check-live")
    # played through again, a skipped check is not asked again; its pin brings it back
    end = asked_at(page, predict.sentence)
    page.evaluate("t => { document.querySelector('video').currentTime = t; }", end - 0.6)
    page.wait_for_function(f"() => document.querySelector('video').currentTime > {end + 0.3}")
    assert page.locator(CHECK).is_hidden()
    pin.click()
    page.wait_for_selector(f"{CHECK}:not([hidden])")
    assert page.evaluate("() => LessonChecks.open") == predict.id
    right = predicted(predict, options(page))
    page.click(f"{CHECK} label.check-option:has-text('{right}')")
    page.click(f"{CHECK} .check-answer")
    page.click(f"{CHECK} .check-on")
    play_into(page, what)
    moved = what_if(what)[0]
    wrong = next(o for o in options(page) if o != moved)
    page.click(f"{CHECK} label.check-option:has-text('{wrong}')")
    page.click(f"{CHECK} .check-answer")

    page.reload()
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    states = page.eval_on_selector_all(".transcript .check-mark", "els => els.map(e => [e.dataset.check, e.dataset.state])")
    assert dict(states) == {predict.id: "right", what.id: "wrong", checks["task"].id: "open"}
    assert page.evaluate("() => LessonChecks.score") == {"raw": 1, "max": 3}
    # an answered check is not asked again as the lesson plays through it
    end = asked_at(page, predict.sentence)
    page.evaluate("t => { const v = document.querySelector('video'); v.muted = true; v.currentTime = t; v.play(); }", end - 0.6)
    page.wait_for_function(f"() => document.querySelector('video').currentTime > {end + 0.3}")
    assert page.locator(CHECK).is_hidden()
    # opened again, it shows what was answered
    page.click(f'.transcript .check-mark[data-check="{what.id}"]')
    page.wait_for_selector(f"{CHECK}:not([hidden])")
    assert page.inner_text(".check-verdict") == "Not quite."
    assert wrong in page.inner_text(".check-mine")
    assert page.errors == []


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_axe_finds_nothing_at_any_check(site, page_factory, checks, width, height):
    page = open_lesson(page_factory, site, width=width, height=height)
    for kind in ("predict", "what-if", "task"):
        check = checks[kind]
        play_into(page, check, lead=0.5)
        results = axe(page)
        assert results.violations_count == 0, (kind, results.generate_report())
        page.click(f"{CHECK} .check-answer")  # a task as it stands; a choice with nothing picked
        if kind != "task":
            assert page.inner_text(".check-live") == "Pick an answer first."
            page.click(f"{CHECK} label.check-option >> nth=0")
            page.click(f"{CHECK} .check-answer")
        page.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")
        results = axe(page)
        assert results.violations_count == 0, (kind, results.generate_report())
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.keyboard.press("Escape")
        page.wait_for_selector(CHECK, state="hidden")
    assert page.errors == []


STRIP = """() => { const line = document.querySelector('.check-strip-line').getBoundingClientRect();
    const played = document.querySelector('.check-strip-played').getBoundingClientRect();
    const v = document.querySelector('video'), d = JSON.parse(document.getElementById('lesson-data').textContent);
    return {line: line.width, played: played.width, share: v.currentTime / d.duration}; }"""
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
SEEK = """share => new Promise(done => { const v = document.querySelector('video');
    v.addEventListener('seeked', () => done(), {once: true}); v.currentTime = v.duration * share; })"""


def test_without_the_controls_the_strip_shows_how_far_the_lesson_has_played_by_whole_pixels(player_site,
                                                                                             page_factory):
    """With the controls, their seek bar shows the progress (and carries the pins); if controls.js
    never arrives, the strip under the video does, restyled only when its edge moves a pixel."""
    page = open_lesson(page_factory, player_site, without="controls.js")
    page.evaluate(SEEK, 0.4)
    shown = page.evaluate(STRIP)
    assert abs(shown["played"] - shown["share"] * shown["line"]) <= 1  # within a pixel of the video
    # Seeked while the strip is out of the layout (no width to count pixels in), it is right again
    # as soon as it has a width, without playing.
    page.evaluate("() => { document.querySelector('.check-strip').style.display = 'none'; }")
    page.evaluate(SEEK, 0.7)
    page.evaluate("() => { document.querySelector('.check-strip').style.display = ''; }")
    page.evaluate(NEXT_FRAME)  # its resize is observed before the frame is drawn
    back = page.evaluate(STRIP)
    assert abs(back["played"] - back["share"] * back["line"]) <= 1
    page.evaluate(SEEK, 0.4)
    shown = page.evaluate(STRIP)
    start = page.evaluate("() => document.querySelector('video').currentTime")
    # Played slowly, the edge creeps a pixel at a time: the strip is restyled when it moves by a
    # pixel, not on every frame the page draws.
    page.evaluate("""() => { window.restyled = 0; new MutationObserver(m => { window.restyled += m.length; })
        .observe(document.querySelector('.check-strip-played'), {attributes: true});
        const v = document.querySelector('video'); v.muted = true; v.playbackRate = 0.25;
        window.framesDrawn = 0; const count = () => { window.framesDrawn++; if (!v.paused) requestAnimationFrame(count); };
        return v.play().then(() => requestAnimationFrame(count)); }""")
    # half a second of the lesson, and at least 40 frames drawn however busy the machine is
    page.wait_for_function(f"() => window.framesDrawn >= 40 && document.querySelector('video').currentTime >= {start + 0.5}")
    page.evaluate("() => document.querySelector('video').pause()")
    moved = page.evaluate(STRIP)
    assert moved["played"] > shown["played"]
    pixels = (moved["played"] - shown["played"]) * page.evaluate("devicePixelRatio")
    frames, restyled = page.evaluate("[window.framesDrawn, window.restyled]")
    assert frames > 2 * (pixels + 2)  # enough frames drawn that restyling on each would show
    assert restyled <= pixels + 2
    assert abs(moved["played"] - moved["share"] * moved["line"]) <= 1


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_check_respects_reduced_motion(site, page_factory, checks, motion):
    page = open_lesson(page_factory, site, reduced_motion=motion)
    page.click(f'.transcript .check-mark[data-check="{checks["predict"].id}"]')
    page.wait_for_selector(f"{CHECK}:not([hidden])")
    animation = page.evaluate("() => getComputedStyle(document.querySelector('#check')).animationName")
    assert animation == ("none" if motion == "reduce" else "check-in")


def test_kept_answers_that_make_no_sense_are_dropped(site, page_factory, checks):
    predict, what = checks["predict"], checks["what-if"]
    page = page_factory()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(site + "/index.html")
    page.evaluate("""([s, p, w]) => localStorage.setItem(s, JSON.stringify({answers: {
        [p]: {first: {response: 'not an option', correct: true}},
        [w]: {first: {response: 'up', correct: false}, last: 42},
        constructor: {first: {response: 'x'}}, __proto__: null}}))""", [STORE, predict.id, what.id])
    page.reload()
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    states = dict(page.eval_on_selector_all(".transcript .check-mark", "els => els.map(e => [e.dataset.check, e.dataset.state])"))
    right = what_if(what)[0]
    assert states[predict.id] == "open"  # not one of its options: dropped
    assert states[what.id] == ("right" if right == "up" else "wrong")  # right or not is worked out again
    page.evaluate("s => localStorage.setItem(s, '{not json')", STORE)
    page.reload()
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.evaluate("() => LessonChecks.score") == {"raw": 0, "max": 3}
    assert page.errors == []


def test_in_a_platform_the_answers_are_the_platforms(site, page_factory, checks):
    """scorm.js hands the page the answers a platform kept (window.lessonRestoredAnswers); then
    nothing is read from or written to localStorage."""
    predict, what = checks["predict"], checks["what-if"]
    page = page_factory()
    page.add_init_script(f"""window.lessonRestoredAnswers = [{{check: {what.id!r}, response: {what_if(what)[0]!r}, correct: true}}];
        localStorage.setItem({STORE!r}, JSON.stringify({{answers: {{{predict.id!r}: {{first: {{response: 'a'}}}}}}}}));""")
    page.goto(site + "/index.html")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    states = dict(page.eval_on_selector_all(".transcript .check-mark", "els => els.map(e => [e.dataset.check, e.dataset.state])"))
    assert states == {predict.id: "open", what.id: "right", checks["task"].id: "open"}
    play_into(page, predict)
    page.click(f"{CHECK} label.check-option >> nth=0")
    page.click(f"{CHECK} .check-answer")
    kept = page.evaluate("s => JSON.parse(localStorage.getItem(s))", STORE)
    assert kept == {"answers": {predict.id: {"first": {"response": "a"}}}}  # as the init script left it


def test_a_clip_page_asks_its_own_check(site, page_factory, checks):
    """The weighted-sum clip holds the task but not the beat that explains it: no "Show me"."""
    check = checks["task"]
    page = open_lesson(page_factory, site, "clips/weighted-sum.html", width=640, height=600)
    assert page.evaluate("() => JSON.parse(document.getElementById('lesson-data').textContent).checks.map(c => c.id)") == [
        check.id]
    play_into(page, check)
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    page.click(f"{CHECK} .check-answer")
    assert page.inner_text(".check-verdict") == "Not quite."
    assert page.locator(f"{CHECK} .check-show").is_hidden()
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 640
    assert page.errors == []


def test_a_tasks_goal_is_judged_in_the_page_as_numpy_judges_it(site, page_factory, checks):
    """checks-model.js's goal on 80 seeded random states of the panel (edits of the task's matrix
    and of others, a word swapped, the mask on) against the core in numpy."""
    check = checks["task"]
    L = lesson()
    rng = np.random.default_rng(25)
    q, hi, lo = L.index(check.query), L.index(check.greater), L.index(check.than)
    words = list(vocabulary())
    ei, ej, ev = one_edit(check)
    states, expected = [], []
    for _ in range(80):
        m = {k: np.array(getattr(L, f), dtype=float) for k, f in MATRICES.items()}
        tokens = list(L.tokens)
        if rng.random() < 0.6:  # near the edit that meets it, where the verdict turns
            m[check.edit][ei, ej] = float(np.round(ev + rng.uniform(-0.5, 0.5), 1))
        for _ in range(rng.choice(3, p=[0.5, 0.3, 0.2])):
            name = check.edit if rng.random() < 0.8 else str(rng.choice(list(m)))
            i, j = (int(rng.integers(0, n)) for n in m[name].shape)
            m[name][i, j] = float(np.round(rng.uniform(-3, 3), 1))
        changed = {k: int(np.sum(m[k] != np.array(getattr(L, f)))) for k, f in MATRICES.items()}
        swap = rng.random() < 0.1
        if swap:
            tokens[0] = str(rng.choice([w for w in words if w != tokens[0]]))
            m["x"][0] = vocabulary()[tokens[0]]
        causal = bool(rng.random() < 0.1)
        r = attend(m["x"], m["w_q"], m["w_k"], m["w_v"], causal=causal)
        row = row_of(L, check.quantity, r)[q]
        shown = (lambda v: percent(v)) if check.quantity == "weight" else (lambda v: float(score_figure(v)))
        others = sum(n for k, n in changed.items() if k != check.edit) + swap + causal
        expected.append(bool(shown(row[hi]) > shown(row[lo]) and changed[check.edit] <= check.edits
                             and others == 0))
        states.append({"words": tokens, "x": m["x"].tolist(), "w_q": m["w_q"].tolist(),
                       "w_k": m["w_k"].tolist(), "w_v": m["w_v"].tolist(), "ask": L.focus,
                       "causal": causal, "scaled": True, "temperature": 1})
    page = open_lesson(page_factory, site)
    got = page.evaluate("""([id, states]) => {
        const d = JSON.parse(document.getElementById('lesson-data').textContent);
        const core = JSON.parse(document.getElementById('explore-data').textContent).core;
        const A = LessonAttention, M = LessonExploreParts.model(core, A);
        const met = LessonCheckParts.goal(d.checks.find(c => c.id === id), core, A, M);
        return states.map(s => met(s).met); }""", [check.id, states])
    assert got == expected
    assert 5 < sum(expected) < 75  # both verdicts are tried


@pytest.fixture(scope="module")
def player_site(tmp_path_factory):
    """The player built on the timed lesson with its small test video (no render): enough for a
    check opened from its mark."""
    manifest, shared = shared_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path_factory.mktemp("checks-player") / "build")
    build_player(manifest, build)
    base, server = serve(build.root)
    yield base
    server.shutdown()
    server.server_close()


def open_from_mark(page, check) -> None:
    page.click(f'.transcript .check-mark[data-check="{check.id}"]')
    page.wait_for_selector(f"{CHECK}:not([hidden])")
    assert page.evaluate("() => LessonChecks.open") == check.id


def answer_with(page, option: str) -> None:
    page.click(f"{CHECK} label.check-option:has-text('{option}')")
    page.click(f"{CHECK} .check-answer")
    page.wait_for_selector(f"{CHECK} .check-feedback:not([hidden])")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_explanations_shown_work_the_scores_out_with_the_cores_numbers(player_site, page_factory, checks,
                                                                          width, height):
    """The predict's and the what-if's explanation as the learner reads them: each product, the
    sum, ÷ √d_k and what the root is, checked against numpy on the core's inputs (the what-if's
    with the word swapped in); and the words beside the what-if's question name exactly the
    features where the two words' embeddings differ."""
    L = lesson()
    page = open_lesson(page_factory, player_site, width=width, height=height)
    predict, what = checks["predict"], checks["what-if"]
    open_from_mark(page, predict)
    answer_with(page, predicted(predict, options(page)))
    rest = check_working(page.inner_text(".check-why"), list(L.tokens), L.embeddings, L.w_q, L.w_k)
    assert rest.startswith(", the highest")
    page.keyboard.press("Escape")
    open_from_mark(page, what)
    old, new = what.swap
    x = np.array(L.embeddings)
    x[L.index(old)] = vocabulary()[new]
    words = [new if t == old else t for t in L.tokens]
    context = page.inner_text(".check-context")
    said = context.split(". Now:")[0]
    assert said.startswith(f"{new}'s embedding is {old}'s")
    for feature, a, b in zip(L.features, L.embeddings[L.index(old)], x[L.index(old)]):
        assert (feature in said) == (a != b), (feature, said)
    answer_with(page, what_if(what)[0])
    rest = check_working(page.inner_text(".check-why"), words, x, L.w_q, L.w_k)
    assert rest.startswith(f"With {new} for {old}: , where {old}'s score was")
    assert page.errors == []


def test_a_prediction_right_only_on_a_retry_says_its_first_answer_counts(player_site, page_factory, checks):
    """Its ✗ stays (the SCORM report counts the first answer), and the mark says why, in words a
    learner sees and in the name a screen reader reads; so does the feedback."""
    check = checks["predict"]
    page = open_lesson(page_factory, player_site)
    open_from_mark(page, check)
    right = predicted(check, options(page))
    wrong = next(o for o in options(page) if o != right)
    answer_with(page, wrong)
    mark = page.locator(f'.transcript .check-mark[data-check="{check.id}"]')
    pin = pin_of(page, check)
    assert mark.get_attribute("data-retried") is None
    assert mark.locator(".check-mark-rule").is_hidden()
    page.click(f"{CHECK} .check-retry")
    answer_with(page, right)
    assert page.inner_text(".check-verdict") == "Right."
    assert page.inner_text(".check-mine") == (f"You answered “{right}” on a retry; your first answer, "
                                              f"“{wrong}”, is the one that counts.")
    assert page.evaluate("() => LessonChecks.score") == {"raw": 0, "max": 3}
    for b in (mark, pin):
        assert (b.get_attribute("data-state"), b.get_attribute("data-retried")) == ("wrong", "right")
    assert mark.locator(".check-mark-rule").is_visible()
    assert "the first answer counts" in mark.locator(".check-mark-rule").inner_text()
    rule = re.compile(r"right on a retry, but the first answer counts")
    expect(mark).to_have_accessible_name(re.compile(rf"^Check 1 ?: .*{rule.pattern}"))
    expect(pin).to_have_accessible_name(rule)
    assert page.errors == []
