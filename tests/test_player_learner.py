"""The player as a learner comes and goes, in real headless Chromium on the timed lesson with its
small video (no render): a check or the explore panel gives the video back as the learner left
it; served by a plain server that ignores byte ranges, the page says so and still seeks; a
returning learner is offered their place; the lesson ends on a card with the check results."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.request

import pytest
from player_fixtures import (  # noqa: F401
    axe,
    browser,
    gather_errors,
    kept_pages,
    lesson,
    page_factory,
    reused_pages,
    served_player,
)
from test_checks_page import predicted

PAUSED = "() => document.querySelector('video').paused"


@pytest.fixture(scope="module")
def site(lesson, tmp_path_factory):
    """The player page built on the timed lesson, served over HTTP: (manifest, build, base URL)."""
    yield from served_player(lesson, tmp_path_factory.mktemp("learner"))


def open_page(pages, url: str, **options):
    """A page from `pages` (the module's kept ones, cleared, unless a test needs a new one) at
    `url`, once its video's length is known; its script errors gather in `page.errors`."""
    page = pages(**options)
    gather_errors(page)
    page.goto(url)
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


def play(page) -> None:
    page.evaluate("() => { const v = document.querySelector('video'); v.muted = true; return v.play(); }")
    page.wait_for_function("() => !document.querySelector('video').paused")


def test_closing_explore_leaves_a_paused_video_paused_and_plays_on_a_playing_one(site, reused_pages):
    manifest, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    explore = page.get_by_role("button", name="Explore this step")
    explore.click()
    page.wait_for_selector("#explore:not([hidden])")
    page.keyboard.press("Escape")
    page.wait_for_selector("#explore", state="hidden")
    assert page.evaluate(PAUSED)  # it was paused: Escape does not start it
    explore.click()
    page.get_by_role("button", name="Back to the lesson").click()
    page.wait_for_selector("#explore", state="hidden")
    assert page.evaluate(PAUSED)

    play(page)
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("e")
    page.wait_for_selector("#explore:not([hidden])")
    assert page.evaluate(PAUSED)
    page.keyboard.press("Escape")
    page.wait_for_selector("#explore", state="hidden")
    assert not page.evaluate(PAUSED)  # it was playing: it plays on
    assert page.errors == []


@pytest.mark.parametrize("how", ["Escape", "Skip for now"])
def test_a_check_opened_from_its_mark_gives_back_the_video_as_it_was(site, reused_pages, lesson_script, how):
    """Opened while paused, closed: still paused. Opened while playing, closed: playing on."""
    _, _, base = site
    check = next(c for c in lesson_script.checks if c.kind == "predict")
    page = open_page(reused_pages, f"{base}/index.html")
    mark = page.locator(f'.transcript .check-mark[data-check="{check.id}"]')

    def open_and_close() -> None:
        mark.click()
        page.wait_for_selector("#check:not([hidden])")
        assert page.evaluate(PAUSED)
        if how == "Escape":
            page.keyboard.press("Escape")
        else:
            page.get_by_role("button", name=how).click()
        page.wait_for_selector("#check", state="hidden")

    open_and_close()
    assert page.evaluate(PAUSED)
    play(page)
    open_and_close()
    assert not page.evaluate(PAUSED)
    assert page.errors == []


@pytest.fixture
def plain_server(site):
    """`python3 -m http.server` on the build, the plain static server that answers a Range
    request with 200 and the whole file: its base URL, once it says it is listening."""
    _, build, _ = site
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1"],
                              cwd=build.root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = server.stdout.readline()  # "Serving HTTP on 127.0.0.1 port 43121 (http://...) ..."
        port = re.search(r"port (\d+)", line)
        assert port, line
        yield f"http://127.0.0.1:{port.group(1)}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_the_plain_server_really_ignores_byte_ranges(plain_server):
    request = urllib.request.Request(f"{plain_server}/lesson.mp4", headers={"Range": "bytes=0-1"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200 and int(answer.headers["Content-Length"]) > 2


def test_a_server_without_byte_ranges_is_named_with_its_fix_and_the_transcript_still_seeks(
        site, plain_server, reused_pages):
    manifest, _, _ = site
    page = open_page(reused_pages, f"{plain_server}/index.html")
    note = page.get_by_role("status").filter(has_text="byte ranges")
    note.wait_for()
    assert "./lesson serve" in note.inner_text()
    assert note.inner_text().count("\n") == 0
    page.wait_for_function("document.documentElement.dataset.byteRanges === 'no'")
    late = manifest.sentences[-3]
    page.click(f"#s-{late.id}")
    page.wait_for_function("t => Math.abs(document.querySelector('video').currentTime - t) < 0.05", arg=late.start)
    chapter = page.locator(".chapter").nth(2)
    start = float(chapter.get_attribute("data-chapter-start"))
    chapter.click()
    page.wait_for_function("t => Math.abs(document.querySelector('video').currentTime - t) < 0.05", arg=start)
    assert page.evaluate(PAUSED)
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    assert page.errors == []


def test_inside_a_platform_the_note_names_its_server_and_no_command_of_ours(plain_server, page_factory):
    page = page_factory()
    page.add_init_script(PLATFORM)
    page.goto(f"{plain_server}/index.html")
    note = page.get_by_role("status").filter(has_text="byte ranges")
    note.wait_for()
    assert note.inner_text().startswith("This platform's server ignores byte ranges")
    assert "./lesson" not in note.inner_text()


def test_a_server_with_byte_ranges_gets_no_note(site, reused_pages):
    _, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    page.wait_for_function("document.documentElement.dataset.byteRanges === 'yes'")
    assert page.locator(".ranges-note").count() == 0
    assert page.errors == []


def play_into_sentence(page, sentence) -> None:
    """Play from just before `sentence` until it is being spoken, then pause."""
    page.evaluate("""t => { const v = document.querySelector('video'); v.muted = true;
        v.currentTime = Math.max(0, t - 0.4); return v.play(); }""", sentence.start)
    page.wait_for_function("t => document.querySelector('video').currentTime > t + 0.2", arg=sentence.start)
    page.evaluate("() => document.querySelector('video').pause()")


def clock(t: float) -> str:
    return f"{int(t // 60)}:{int(t % 60):02d}"


def test_a_returning_learner_is_offered_to_continue_where_they_stopped(site, reused_pages):
    """... and axe finds nothing on the page with the offer showing (a desktop's size; a phone's
    below)."""
    manifest, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    assert page.locator(".resume-offer").count() == 0  # a first visit: nothing to offer
    there = manifest.sentences[5]
    play_into_sentence(page, there)
    assert page.evaluate("() => location.hash") == f"#s={there.id}"  # the address follows the voice

    page.goto("about:blank")
    page.goto(f"{base}/index.html")  # the plain address: no link says where to start
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    offer = page.get_by_role("region", name=f"Welcome back. You stopped at {clock(there.start)}")
    offer.wait_for()
    assert page.evaluate("() => document.querySelector('video').currentTime") == 0  # not a silent jump
    assert there.text in offer.inner_text()
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    go = offer.get_by_role("button", name=f"Continue from {clock(there.start)}")
    for _ in range(6):  # the skip link, the course's links, then the offer: early in the tab order
        page.keyboard.press("Tab")
        if go.evaluate("b => b === document.activeElement"):
            break
    assert go.evaluate("b => b === document.activeElement")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('video').paused")
    assert offer.count() == 0
    at = page.evaluate("() => document.querySelector('video').currentTime")
    assert there.start - 0.01 <= at < there.end
    page.wait_for_function("h => location.hash === h", arg=f"#s={there.id}")
    assert page.errors == []


def test_starting_afresh_forgets_the_place_and_a_link_or_the_end_offers_nothing(site, reused_pages):
    manifest, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    play_into_sentence(page, manifest.sentences[4])
    page.goto("about:blank")
    page.goto(f"{base}/index.html#s={manifest.sentences[2].id}")  # a link: it says where to start
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.evaluate("() => LessonPlayer.sentence") == manifest.sentences[2].id
    assert page.locator(".resume-offer").count() == 0

    page.goto("about:blank")
    page.goto(f"{base}/index.html")
    page.get_by_role("button", name="Start from the beginning").click()
    assert page.locator(".resume-offer").count() == 0
    assert page.evaluate(PAUSED) and page.evaluate("() => document.querySelector('video').currentTime") == 0
    page.goto("about:blank")
    page.goto(f"{base}/index.html")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.locator(".resume-offer").count() == 0

    # played to its end, the lesson is done: the next visit starts at the beginning
    play_into_sentence(page, manifest.sentences[-2])
    # the "ended" event itself, not `video.ended` (true a task before the event reaches the page's
    # listeners): a listener added after the page's runs after them in the same dispatch
    page.evaluate("""() => { const v = document.querySelector('video');
        window.endedSeen = new Promise(done => v.addEventListener('ended', done, {once: true}));
        v.currentTime = v.duration - 0.3; return v.play(); }""")
    page.evaluate("() => window.endedSeen.then(() => true)")
    page.goto("about:blank")
    page.goto(f"{base}/index.html")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    assert page.locator(".resume-offer").count() == 0
    assert page.errors == []


PLATFORM = """window.API = {LMSInitialize: () => "true", LMSGetValue: () => "", LMSSetValue: () => "true",
    LMSCommit: () => "true", LMSFinish: () => "true", LMSGetLastError: () => "0"};"""  # a platform's API


def test_inside_a_platform_its_bookmark_resumes_and_nothing_is_offered(site, page_factory):
    manifest, _, base = site
    page = open_page(page_factory, f"{base}/index.html")
    play_into_sentence(page, manifest.sentences[5])
    platform = page.context.new_page()  # the same browser: the place is kept
    platform.add_init_script(PLATFORM)
    platform.goto(f"{base}/index.html")
    platform.wait_for_function("document.querySelector('video').readyState >= 1")
    assert platform.evaluate("() => Array.isArray(window.lessonRestoredAnswers)")  # scorm.js found it
    assert platform.locator(".resume-offer").count() == 0
    again = page.context.new_page()  # and outside it, the same browser is offered the place
    again.goto(f"{base}/index.html")
    again.locator(".resume-offer").wait_for()


def test_axe_finds_nothing_with_the_offer_showing_on_a_phone(site, reused_pages):
    """(At a desktop's size: test_a_returning_learner_is_offered_to_continue_where_they_stopped.)"""
    manifest, _, base = site
    page = open_page(reused_pages, f"{base}/index.html", width=390, height=844)
    play_into_sentence(page, manifest.sentences[3])
    page.goto("about:blank")
    page.goto(f"{base}/index.html")
    page.locator(".resume-offer").wait_for()
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()


def play_to_the_end(page) -> None:
    page.evaluate("""() => { const v = document.querySelector('video'); v.muted = true;
        v.currentTime = v.duration - 0.3; return v.play(); }""")
    page.wait_for_function("() => document.querySelector('video').ended")


def test_the_end_card_shows_the_check_results_watch_again_and_the_next_stop(site, reused_pages, lesson_script):
    manifest, _, base = site
    predict = next(c for c in lesson_script.checks if c.kind == "predict")
    page = open_page(reused_pages, f"{base}/index.html")
    page.evaluate("() => localStorage.clear()")
    page.locator(f'.transcript .check-mark[data-check="{predict.id}"]').click()
    right = predicted(predict, page.eval_on_selector_all("#check input[name=check-option]", "els => els.map(e => e.value)"))
    page.locator("#check label.check-option", has_text=right).click()
    page.get_by_role("button", name="Answer", exact=True).click()
    page.keyboard.press("Escape")
    play_to_the_end(page)

    card = page.get_by_role("region", name="The end of the lesson")
    card.wait_for()
    assert page.evaluate("() => document.activeElement.id") == "end-card-title"  # a screen reader hears it
    box, video = card.bounding_box(), page.locator("video").bounding_box()
    assert box["y"] >= video["y"] + video["height"]  # under the video, never over it
    checks = lesson_script.checks
    assert card.get_by_text(f"Your checks: 1 of {len(checks)} right.").is_visible()
    items = card.get_by_role("listitem")
    assert items.count() == len(checks)
    for i, check in enumerate(checks):
        assert check.question in items.nth(i).inner_text()
    assert "(answered right)" in items.nth(checks.index(predict)).inner_text()
    unanswered = [i for i, c in enumerate(checks) if c is not predict]
    for i in unanswered:
        assert "(not answered yet)" in items.nth(i).inner_text()
    nxt = card.get_by_role("link", name=f"Next: {lesson_script.course.next.title}")
    assert nxt.get_attribute("href") == lesson_script.course.next.href

    # by keyboard alone: Tab from the heading reaches each unanswered check, Watch again, the next stop
    reached = []
    for _ in range(len(unanswered) + 2):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent"))
    assert reached == [f"Answer check {i + 1} now" for i in unanswered] + [
        "Watch again", f"Next: {lesson_script.course.next.title}"]

    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # Watch again
    page.wait_for_function("() => !document.querySelector('video').paused")
    assert page.evaluate("() => document.querySelector('video').currentTime") < manifest.sentences[1].start
    assert card.is_hidden()
    assert page.errors == []


def test_an_unanswered_check_is_answered_from_the_end_card(site, reused_pages, lesson_script):
    """... and axe finds nothing on the end card as it first shows, nothing answered (a desktop's
    size; a phone's below)."""
    _, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    page.evaluate("() => localStorage.clear()")
    play_to_the_end(page)
    page.locator("#end-card:not([hidden])").wait_for()
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    first = lesson_script.checks[0]
    page.get_by_role("button", name="Answer check 1 now").click()
    page.wait_for_selector("#check:not([hidden])")
    assert page.evaluate("() => LessonChecks.open") == first.id
    assert page.locator("#end-card").is_hidden()
    right = predicted(first, page.eval_on_selector_all("#check input[name=check-option]", "els => els.map(e => e.value)"))
    page.locator("#check label.check-option", has_text=right).click()
    page.get_by_role("button", name="Answer", exact=True).click()
    page.get_by_role("button", name="Back to the lesson").click()
    card = page.get_by_role("region", name="The end of the lesson")
    card.wait_for()  # back to the card, the answer counted
    assert card.get_by_text(f"Your checks: 1 of {len(lesson_script.checks)} right.").is_visible()
    assert "(answered right)" in card.get_by_role("listitem").first.inner_text()
    assert page.evaluate("() => document.activeElement.id") == "end-card-title"
    assert page.errors == []


def test_inside_a_platform_the_end_card_leaves_the_next_stop_to_it(site, page_factory):
    _, _, base = site
    page = page_factory()
    page.add_init_script(PLATFORM)
    page.goto(f"{base}/index.html")
    page.wait_for_function("document.querySelector('video').readyState >= 1")
    play_to_the_end(page)
    card = page.get_by_role("region", name="The end of the lesson")
    card.wait_for()
    assert card.get_by_role("link").count() == 0
    assert card.get_by_text("Your learning platform leads on to the next stop.").is_visible()


def test_axe_finds_nothing_on_the_end_card_on_a_phone(site, reused_pages):
    """(At a desktop's size: test_an_unanswered_check_is_answered_from_the_end_card.)"""
    _, _, base = site
    page = open_page(reused_pages, f"{base}/index.html", width=390, height=844)
    play_to_the_end(page)
    page.locator("#end-card:not([hidden])").wait_for()
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()


PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}


def open_task(page, lesson_script):
    task = next(c for c in lesson_script.checks if c.kind == "task")
    page.locator(f'.transcript .check-mark[data-check="{task.id}"]').click()
    page.wait_for_selector("#check:not([hidden])")
    page.wait_for_selector("#explore:not([hidden]) input[data-m]")
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    return task


IN_VIEW = """e => { const r = e.getBoundingClientRect();
        const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return inside && (top === e || e.contains(top)); }"""


def in_view(page, locator) -> bool:
    """Wholly inside the viewport, and not under anything else at its middle."""
    return locator.evaluate(IN_VIEW)


def test_on_a_phone_the_goal_and_the_answer_stay_in_view_while_every_entry_is_edited(site, reused_pages, lesson_script):
    page = open_page(reused_pages, f"{site[2]}/index.html", **PHONE)
    task = open_task(page, lesson_script)
    goal, now = page.locator("#check-goal"), page.locator("#check-now")
    answer = page.get_by_role("button", name="Check my answer")
    inputs = page.locator(f'#explore input[data-m="{task.edit}"]')
    assert inputs.count() > 1
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")  # the page never scrolls sideways
    lines = [goal.element_handle(), now.element_handle(), answer.element_handle()]
    for k in range(inputs.count()):
        # focused as Tab or a tap would (the page scrolls it into view), then whether it, the goal,
        # the answer so far and "Check my answer" are in view: read in one turn
        seen = inputs.nth(k).evaluate(f"""(e, [goal, now, answer]) => {{ const inView = {IN_VIEW};
            e.focus(); e.scrollIntoView({{block: 'nearest', inline: 'nearest'}});
            return [e.getAttribute('aria-label'), inView(e), inView(goal), inView(now), inView(answer)]; }}""",
            lines)
        assert seen[1:] == [True] * 4, seen
    said = now.inner_text()
    inputs.last.fill("2.5")
    page.wait_for_function("s => document.querySelector('#check-now').textContent !== s", arg=said)
    assert in_view(page, now)
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()
    answer.click()  # the feedback comes where the check is, every way on in view
    page.wait_for_selector("#check .check-feedback:not([hidden])")
    for name in ("Try again", "Back to the lesson"):
        assert in_view(page, page.locator("#check").get_by_role("button", name=name)), name
    assert page.errors == []


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}])
def test_a_table_wider_than_the_panel_says_more_columns_lie_to_its_right(site, reused_pages, lesson_script, viewport):
    page = open_page(reused_pages, f"{site[2]}/index.html", **viewport)
    open_task(page, lesson_script)
    wraps = page.locator("#explore .explore-table-wrap")
    assert wraps.count() >= 3
    wider = 0
    for k in range(wraps.count()):
        wrap = wraps.nth(k)
        sign = wrap.locator(".explore-more")
        overflows = wrap.evaluate("w => w.scrollWidth > w.clientWidth + 1")
        wider += overflows
        assert sign.is_visible() == overflows
        if overflows:
            assert sign.inner_text().startswith("More columns to the right")
            wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")  # to its right edge
            page.wait_for_function("s => s.textContent.startsWith('← More columns to the left')",
                                   arg=sign.element_handle())
            wrap.evaluate("w => { w.scrollLeft = 0; }")
            page.wait_for_function("s => s.textContent.startsWith('More columns to the right')",
                                   arg=sign.element_handle())
    assert wider == 0 or viewport is PHONE  # on a desktop every table fits


@pytest.mark.parametrize("viewport,shown", [(PHONE, False), ({"width": 1280, "height": 800}, True)])
def test_the_key_e_hint_shows_only_where_there_is_a_keyboard_and_the_button_hides_while_the_panel_is_open(
        site, reused_pages, viewport, shown):
    page = open_page(reused_pages, f"{site[2]}/index.html", **viewport)
    assert page.locator(".explore-key-hint").is_visible() == shown
    button = page.get_by_role("button", name="Explore this step")
    button.click()
    page.wait_for_selector("#explore:not([hidden])")
    assert button.is_hidden()
    page.get_by_role("button", name="Back to the lesson").click()
    page.wait_for_selector("#explore", state="hidden")
    assert button.is_visible()
    assert page.evaluate("() => document.activeElement.textContent") == "Explore this step"


def test_on_a_desktop_nothing_beside_the_check_moves_when_it_opens(site, reused_pages, lesson_script):
    """The check takes the top of the transcript's column; the video, the bar under it and the
    chapters stay where they were, to the pixel."""
    manifest, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    predict = next(c for c in lesson_script.checks if c.kind == "predict")
    where = """() => ['.video-frame', '.explore-bar', '.chapters'].map(s => {
        const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.left, r.width, r.height]; })
        .concat([[scrollX, scrollY]])"""
    before = page.evaluate(where)
    sentence = manifest.sentence(predict.sentence)
    play_into_sentence(page, sentence)  # paused in its sentence
    assert page.evaluate(where) == before
    page.evaluate("() => { document.querySelector('video').muted = true; return document.querySelector('video').play(); }")
    page.wait_for_selector("#check:not([hidden])", timeout=30_000)  # asked as its sentence ends
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    assert page.evaluate(where) == before


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 800}])
def test_pressing_e_far_down_the_page_brings_the_panels_heading_into_view(site, reused_pages, viewport):
    page = open_page(reused_pages, f"{site[2]}/index.html", reduced_motion="reduce", **viewport)
    page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, document.body.scrollHeight); }")
    page.wait_for_function("() => scrollY > 0")
    if viewport is PHONE:
        page.get_by_role("button", name="Explore this step").click()  # no key to press on a phone
    else:
        page.keyboard.press("e")
    page.wait_for_selector("#explore:not([hidden])")
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
    heading = page.get_by_role("heading", name="Explore: ")
    assert page.evaluate("() => document.activeElement.id") == "explore-heading"
    assert in_view(page, heading), heading.bounding_box()


def test_a_task_closed_on_a_paused_video_closes_its_panel_too(site, reused_pages, lesson_script):
    page = open_page(reused_pages, f"{site[2]}/index.html")
    open_task(page, lesson_script)
    page.get_by_role("button", name="Skip for now").click()
    page.wait_for_selector("#check", state="hidden")
    page.wait_for_selector("#explore", state="hidden")  # the check opened it: it goes with it
    assert page.evaluate(PAUSED)
    assert page.get_by_role("button", name="Explore this step").is_visible()
    assert page.errors == []


@pytest.mark.parametrize("how", ["Escape", "Back to the lesson"])
def test_closing_a_tasks_panel_closes_its_check_too(site, reused_pages, lesson_script, how):
    """The task's numbers are its panel: the learner who leaves the panel (Escape in it, or its
    Back to the lesson) leaves the task as "Skip for now" would, and is not left with a goal and
    no numbers to edit, nor with focus outside the check where Escape no longer closes it."""
    _, _, base = site
    page = open_page(reused_pages, f"{base}/index.html")
    task = open_task(page, lesson_script)
    page.locator(f'#explore input[data-m="{task.edit}"]').first.focus()  # editing its numbers
    if how == "Escape":
        page.keyboard.press("Escape")
    else:
        page.locator("#explore").get_by_role("button", name=how).click()
    page.wait_for_selector("#explore", state="hidden")
    page.wait_for_selector("#check", state="hidden")
    assert page.evaluate(PAUSED)  # opened on a paused video: it stays paused
    mark = page.locator(f'.transcript .check-mark[data-check="{task.id}"]')
    assert mark.evaluate("m => m === document.activeElement")  # back on the mark that opened it
    assert "(skipped)" in mark.inner_text()
    assert page.errors == []
