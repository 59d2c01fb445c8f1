"""A learner who uses no mouse goes through the whole lesson, in real headless Chromium on the timed
lesson with its small video: Space plays, each check on the way is answered with Tab, the arrows,
Space and Enter and closed, the end card shows the results, and Watch again starts over. Focus is
on a named, visibly focused element at every step, never lost to the page's body. (The playhead
is moved on to a second before each check's sentence ends, and before the end, rather than played
through the stretches between: playing the whole lesson through, each check asked once on the
way, is test_scorm_data's.)"""

from __future__ import annotations

import pytest
from player_fixtures import CHECK_OPEN, browser, lesson, open_player, page_factory, served_player  # noqa: F401
from test_checks_page import one_edit, predicted, what_if

VIDEO = "document.querySelector('video')"
ENDED = "document.querySelector('#end-card:not([hidden])') !== null"
# The focused element as a learner perceives it: its name, and whether its focus ring is drawn
# whole, clipped by no box around it (a box that hides its overflow cuts a ring drawn outside).
FOCUS = """() => { const e = document.activeElement;
    if (!e || e === document.body) return null;
    const by = e.getAttribute('aria-labelledby');
    const name = e.getAttribute('aria-label') || (by && document.getElementById(by).textContent)
        || e.textContent;
    const s = getComputedStyle(e), r = e.getBoundingClientRect();
    const out = Math.max(0, parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth)) - 0.5;
    const up = n => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
    let cut = null;
    for (let n = up(e); n && !cut; n = up(n)) {
        const b = n.getBoundingClientRect();
        if (getComputedStyle(n).overflow !== 'visible' && (r.left - out < b.left || r.top - out < b.top
            || r.right + out > b.right || r.bottom + out > b.bottom)) cut = n.tagName + '.' + n.className;
    }
    return {tag: e.tagName, id: e.id, name: name.trim(), cut,
            ring: e.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0}; }"""


@pytest.fixture(scope="module")
def site(lesson, tmp_path_factory):
    """The player built into a copy of the shared lesson, served over HTTP."""
    yield from served_player(lesson, tmp_path_factory.mktemp("keyboard"))


def focus(page) -> dict:
    """The focused element, which must be a named one with its focus ring showing."""
    now = page.evaluate(FOCUS)
    assert now is not None, "focus fell to the page's body"
    assert now["name"] and now["ring"] and not now["cut"], now
    return now


def tab_to(page, found: str, arg=None, back: bool = False, most: int = 80) -> None:
    """Press Tab (Shift+Tab if `back`) until `found`, a JS function of the focused element and
    `arg`, holds; at most `most` presses."""
    for _ in range(most):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate(f"a => ({found})(document.activeElement, a)", arg):
            return
    raise AssertionError(f"{most} presses of Tab never reached: {found}")


def pick(page, right: str) -> None:
    """Tab into the options and pick `right` with Space and the arrows, then answer with Enter."""
    tab_to(page, "e => e.name === 'check-option'")
    page.keyboard.press(" ")  # the first option, picked
    options = page.eval_on_selector_all("#check input[name=check-option]", "els => els.map(e => e.value)")
    for _ in range(options.index(right)):
        page.keyboard.press("ArrowDown")  # the next option, picked
    assert page.evaluate("() => document.activeElement.checked && document.activeElement.value") == right
    tab_to(page, "e => e.textContent === 'Answer'")
    page.keyboard.press("Enter")


def edit_entry(page, check) -> None:
    """Tab on into the explore panel to the one entry of the task's matrix that meets its goal,
    type the new value over it, and Shift+Tab back to "Check my answer" to press it with Enter."""
    i, j, value = one_edit(check)
    tab_to(page, "(e, a) => e.dataset.m === a[0] && +e.dataset.i === a[1] && +e.dataset.j === a[2]",
           [check.edit, i, j], most=200)
    focus(page)
    page.keyboard.press("Control+A")
    page.keyboard.type(f"{value:.1f}")
    page.wait_for_function("() => document.getElementById('check-now').dataset.met === 'true'")
    tab_to(page, "e => e.textContent === 'Check my answer'", back=True, most=200)
    page.keyboard.press("Enter")


def answer_by_keyboard(page, check) -> None:
    """Answer the open `check` right, as the core computes it, by keyboard alone, and close it with
    its "Back to the lesson"."""
    assert focus(page)["id"] == "check-title"  # the question is read out first
    if check.kind == "task":
        edit_entry(page, check)
    else:
        options = page.eval_on_selector_all("#check input[name=check-option]", "els => els.map(e => e.value)")
        pick(page, predicted(check, options) if check.kind == "predict" else what_if(check)[0])
    page.wait_for_selector("#check .check-feedback:not([hidden])")
    assert page.inner_text("#check-verdict") == "Right."
    tab_to(page, "e => e.matches('#check .check-on')")  # "Back to the lesson"
    page.keyboard.press("Enter")
    page.wait_for_function("id => LessonChecks.open !== id", arg=check.id)


def skip_on(page, ahead: list[float]) -> None:
    """While the video plays and no check is open, move the playhead on to a second before the
    next of `ahead` (the checks' sentence ends, then the lesson's end) still in front of it, if it
    is not that near yet: the stretch between is not what this test is about."""
    page.evaluate(f"""ahead => {{ const v = {VIDEO};
        if (v.paused || {CHECK_OPEN}) return;
        const next = ahead.find(a => a > v.currentTime);
        if (next !== undefined && next - 1 > v.currentTime) v.currentTime = next - 1; }}""", ahead)


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_a_learner_without_a_mouse_goes_through_the_whole_lesson(site, page_factory, lesson_script, width, height):
    """Space plays without scrolling; every check opens as its sentence ends (played into from a
    second before) and is answered and closed by keyboard, focus coming back to the video; at the
    end the card has focus and says every check was answered right; Tab reaches Watch again and
    Enter plays from the start."""
    manifest, _, base = site
    page = open_player(page_factory, f"{base}/index.html", width=width, height=height)
    assert page.evaluate("() => document.documentElement.scrollHeight > innerHeight")  # Space could scroll
    page.evaluate(f"() => {{ {VIDEO}.muted = true; {VIDEO}.playbackRate = 16; }}")  # the lesson sped up
    page.keyboard.press(" ")
    page.wait_for_function(f"() => !{VIDEO}.paused")
    assert page.evaluate("() => scrollY") == 0

    asked = []
    ahead = [manifest.sentence(c.sentence).end for c in lesson_script.checks] + [manifest.duration]
    while True:
        skip_on(page, ahead)
        page.wait_for_function(f"() => {CHECK_OPEN} || {ENDED}", timeout=60_000)
        if page.evaluate(f"() => {ENDED}"):
            break
        check = next(c for c in lesson_script.checks if c.id == page.evaluate("() => LessonChecks.open"))
        assert page.evaluate(f"() => {VIDEO}.paused")
        asked.append(check.id)
        answer_by_keyboard(page, check)
        # on the video playing on, not lost to the body; at 16x the next check may already have
        # opened and taken focus to its heading (read in one turn with which check is open)
        now = page.evaluate("() => ({tag: document.activeElement.tagName, open: LessonChecks.open})")
        assert now["tag"] == "VIDEO" or (now["open"] not in (None, check.id) and now["tag"] == "H2"), now
    assert asked == [c.id for c in lesson_script.checks]  # each asked once, in the lesson's order

    card = page.get_by_role("region", name="The end of the lesson")
    assert focus(page)["id"] == "end-card-title"
    checks = lesson_script.checks
    assert card.get_by_text(f"Your checks: {len(checks)} of {len(checks)} right.").is_visible()
    for item, check in zip(card.get_by_role("listitem").all(), checks, strict=True):
        assert check.question in item.inner_text() and "(answered right)" in item.inner_text()

    page.evaluate(f"""() => {{ {VIDEO}.playbackRate = 1; window.seeks = [];
        {VIDEO}.addEventListener('seeking', () => seeks.push({VIDEO}.currentTime)); }}""")
    tab_to(page, "e => e.textContent === 'Watch again'", most=3)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => seeks.length && !{VIDEO}.paused")  # a seek's event comes a task later
    assert page.evaluate("() => seeks") == [0]
    assert page.evaluate(f"() => {VIDEO}.currentTime") < manifest.sentences[1].start
    assert card.is_hidden()
    assert focus(page)["tag"] == "VIDEO"
    assert page.errors == []
