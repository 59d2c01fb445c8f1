"""What the SCORM page keeps in cmi.suspend_data, under the real scorm-again run-time in Chromium:
hostile resumed data neither completes the lesson nor throws, and a learner who seeks all over
leaves at most SCORM 1.2's 4,096 characters that still count what was watched."""

from __future__ import annotations

import random

from player_fixtures import browser, lesson, page_factory, play_on_skipping_checks  # noqa: F401
from test_scorm import cmi, package, platform, sco  # noqa: F401  (fixtures, used by name)

SUSPEND_LIMIT = 4096  # characters: SCORM 1.2's CMIString4096
GRID = 1.0  # seconds: what the page stores may exceed what was watched by at most this

Stretches = list[tuple[float, float]]

PLAYED = "() => { const p = document.querySelector('video').played; return Array.from({length: p.length}, (_, i) => [p.start(i), p.end(i)]); }"
DURATION = "() => document.querySelector('video').duration"


def host_page(page_factory, base: str):
    """The platform's page, with every uncaught error of the page and its SCO collected."""
    page = page_factory(width=1200, height=900)
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(base + "/scorm-host.html")
    sco(page, base)
    return page


def resume(page, base: str, suspend: str):
    """Launch the SCO again as a platform resuming it with `suspend` as its cmi.suspend_data."""
    page.evaluate("""s => launch({core: {lesson_status: 'incomplete', lesson_location: '', entry: 'resume'},
                                  suspend_data: s})""", suspend)
    return sco(page, base)


def parsed(text: str) -> Stretches:
    return [(float(a), float(b)) for a, b in (part.split("-") for part in text.split(",") if part)]


def union(stretches: Stretches) -> Stretches:
    out: Stretches = []
    for a, b in sorted(stretches):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def total(stretches: Stretches) -> float:
    return sum(b - a for a, b in union(stretches))


def play_for(frame, seconds: float) -> None:
    """Play from where the video is until `seconds` into the lesson, then pause, as a learner would
    (fast, at 16x: what is kept is what was played, at whatever rate)."""
    frame.evaluate("() => { const v = document.querySelector('video'); v.muted = true; v.playbackRate = 16; v.play(); }")
    frame.wait_for_function(f"document.querySelector('video').currentTime >= {seconds}")
    frame.evaluate("() => document.querySelector('video').pause()")


def digits_and_dashes(n: int) -> str:
    pick = random.Random(7)
    return "".join(pick.choice("0123456789-") for _ in range(n))


HOSTILE = ["0-99999", "abc", "5-2", "NaN-Infinity", "-1e308-1e308", "1e2-1e9", "0-1-99999",
           digits_and_dashes(10_000), "99999-0,," * 1000]


def test_hostile_resumed_suspend_data_neither_completes_the_lesson_nor_throws(package, platform, page_factory):
    manifest, *_ = package
    page = host_page(page_factory, platform)
    for suspend in HOSTILE:
        frame = resume(page, platform, suspend)
        duration = frame.evaluate(DURATION)
        assert abs(duration - manifest.duration) < 0.1
        assert frame.evaluate("document.querySelector('video').currentTime") == 0
        play_for(frame, 2.5)
        state = cmi(page)
        assert state["status"] == "incomplete", suspend[:40]
        stored = parsed(state["suspend"])  # the garbage is replaced by what was watched
        assert all(0 <= a < b <= duration + 0.01 for a, b in stored), state["suspend"]
        watched = total(frame.evaluate(PLAYED))
        assert watched <= total(stored) <= watched + GRID, (suspend[:40], state["suspend"])
    assert page.errors == []


def test_good_resumed_stretches_count_among_the_bad_in_the_old_and_the_new_form(package, platform, page_factory):
    manifest, *_ = package
    page = host_page(page_factory, platform)
    # the two-decimal form the page wrote before, bad parts among the good ones
    given = [(0.0, 10.0), (20.5, 30.25)]
    frame = resume(page, platform, "{:.2f}-{:.2f},abc,{:.2f}-{:.2f},5-2".format(*given[0], *given[1]))
    play_for(frame, 2.5)  # within the first stretch
    stored = parsed(cmi(page)["suspend"])
    assert total(given) <= total(stored) <= total(given) + GRID
    assert total(stored + given) <= total(given) + GRID  # the same stretches, to the second
    assert cmi(page)["status"] == "incomplete"
    # a learner who had watched past the threshold, resumed: completed at once
    seen = manifest.completion_threshold * manifest.duration + 0.5
    frame = resume(page, platform, f"0.00-{seen:.2f}")
    frame.evaluate("() => { const v = document.querySelector('video'); v.muted = true; v.play(); }")
    assert play_on_skipping_checks(frame, "parent.API.cmi.core.lesson_status === 'completed'") == []
    # a stretch just past the end (a rounded end, a re-encoded video) is kept, up to the end
    frame = resume(page, platform, f"0-{manifest.duration + 0.5:.2f}")
    play_for(frame, 0.5)
    assert cmi(page)["status"] == "completed"
    assert parsed(cmi(page)["suspend"]) == [(0, round(frame.evaluate(DURATION), 2))]
    assert page.errors == []


SEEK_AROUND = """async ({count, gap}) => {
  const v = document.querySelector('video');
  v.muted = true;
  const skip = () => { // a check asked on the way pauses the video: the learner skips it
    const button = document.querySelector('#check:not([hidden]) .check-skip');
    if (button) { button.click(); window.skipped = (window.skipped || 0) + 1; }
  };
  const until = (ok) => new Promise((done, fail) => {
    const t = performance.now();
    const check = () => (skip(), ok() ? done() : performance.now() - t > 5000 ? fail(new Error('stuck at ' + v.currentTime)) : setTimeout(check, 1));
    check();
  });
  await v.play();
  const spread = (v.duration - 1) / count;
  let next = 0;
  for (let i = 0; i < count && next < v.duration - 0.5; i++) {
    v.currentTime = next;
    await until(() => !v.seeking && v.currentTime > next);
    next = Math.max(v.currentTime + gap, (i + 1) * spread);
  }
  v.pause();
}"""  # seek on as soon as the video has played a moment from each place: a gap after every stretch


def test_a_learner_who_seeks_all_over_keeps_within_4096_characters_and_completes(package, platform, page_factory):
    manifest, *_ = package
    threshold = manifest.completion_threshold
    page = host_page(page_factory, platform)
    frame = sco(page, platform)
    duration = frame.evaluate(DURATION)
    frame.evaluate(SEEK_AROUND, {"count": 450, "gap": 0.03})
    watched = union(frame.evaluate(PLAYED))
    assert len(watched) >= 300  # hundreds of separate stretches, too many to keep to the hundredth:
    assert len(",".join(f"{a:.2f}-{b:.2f}" for a, b in watched)) > SUSPEND_LIMIT
    state = cmi(page)
    assert len(state["suspend"]) <= SUSPEND_LIMIT
    stored = parsed(state["suspend"])
    assert total(watched) <= total(stored) <= total(watched) + GRID
    assert total(stored) < threshold * duration and state["status"] == "incomplete"

    # what the platform kept is what the page set, and it resumes from it
    page.evaluate("relaunch()")
    kept = page.evaluate("launches[0]")["cmi.suspend_data"]
    assert kept == state["suspend"]
    frame = sco(page, platform)
    assert cmi(page)["status"] == "incomplete"
    # now the learner watches the whole lesson: completed, but not before what was watched says
    frame.evaluate("""() => { const v = document.querySelector('video'); v.currentTime = 0; v.muted = true;
                              v.playbackRate = 16; v.play(); }""")
    skipped = play_on_skipping_checks(frame, "parent.API.cmi.core.lesson_status === 'completed'")
    at = frame.evaluate("document.querySelector('video').currentTime")
    need = threshold * duration - GRID  # the earliest the stored stretches can make it enough
    assert total(watched + [(0, at)]) >= need
    skipped += play_on_skipping_checks(frame, "document.querySelector('video').ended")
    assert skipped == [c.id for c in manifest.checks]  # each asked once on the way, and skipped
    page.wait_for_function("API.cmi.suspend_data.split(',').length === 1")
    assert parsed(cmi(page)["suspend"]) == [(0, round(duration, 2))]
    assert page.errors == []
