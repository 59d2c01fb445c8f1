"""'Explore this step' in real headless Chromium, driven as a learner would: pause, open, pick,
edit, mask, share, reload, go back; its numbers checked against the numpy core."""

from __future__ import annotations

import numpy as np
import pytest
from player_fixtures import axe, browser, clipped_lesson, copied_build, load_afresh, page_factory, serve  # noqa: F401

from attention import attend, exact_score_figure, percent_figure, score_figure, value_figure
from attention.attention.lesson import lesson
from attention.attention.steps import STEPS
from attention.attention.vocabulary import vocabulary
from player.clips import build_clips
from player.page import build_player

EXPLORE = "#explore"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The player and the clips built into a copy of the shared lesson, served over HTTP too."""
    manifest, shared = clipped_lesson(tmp_path_factory)
    build = copied_build(shared, tmp_path_factory.mktemp("explore") / "build", clips=True)
    build_player(manifest, build)
    build_clips(manifest, build)
    base, server = serve(build.root)
    yield manifest, build, base
    server.shutdown()
    server.server_close()


def open_page(page_factory, url: str, video: bool = True, **options):
    page = page_factory(**options)
    page.errors = []
    page.requests = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("request", lambda r: page.requests.append(r.url))
    page.goto(url)
    if video:
        page.wait_for_function("document.querySelector('video').readyState >= 1")
    return page


def cell(page, key: str) -> str:
    return page.inner_text(f'{EXPLORE} [data-cell="{key}"]')


def shown_cells(page) -> dict[str, str]:
    """Every figure the panel shows, by its cell key, read in one call (not one per cell)."""
    pairs = page.eval_on_selector_all(f"{EXPLORE} [data-cell]", "els => els.map(e => [e.dataset.cell, e.innerText])")
    shown = dict(pairs)
    assert len(shown) == len(pairs), "two cells of the panel under one key"
    return shown


def cells(page, kind: str, row: int, count: int) -> list[str]:
    shown = shown_cells(page)
    return [shown[f"{kind}-{row}-{j}"] for j in range(count)]


def open_panel(page) -> None:
    page.click(".explore-open")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")


def go_to_step(page, step: str) -> None:
    page.click(f'{EXPLORE} button[data-step="{step}"]')
    page.wait_for_selector(f'{EXPLORE} button[data-step="{step}"][aria-current="step"]')


def seek_to(page, sentence_id: str) -> None:
    page.click(f"#s-{sentence_id}")
    page.wait_for_function("""id => { const on = document.querySelector('.sentence[aria-current="true"]');
        return on && on.dataset.sentence === id && !document.querySelector('video').seeking; }""",
                           arg=sentence_id)


def figures(result, row: int) -> dict[str, list[str]]:
    """What the panel should show for `row`'s view, rounded by the lesson's own rules."""
    return {"scores": [exact_score_figure(s) if np.isfinite(s) else "masked" for s in result.scores[row]],
            "weights": [percent_figure(w) for w in result.weights[row]],
            "output": [value_figure(v) for v in result.output[row]]}


def expected_view(step: str) -> dict[str, list[str]]:
    """The strings the video shows at a beat of `step`, from the core: creature's row."""
    L, r = lesson(), lesson().result
    f, n = L.focus, len(L.tokens)
    view = {}
    if step in ("scores", "softmax", "formula", "all-at-once"):
        view.update({f"scores-{f}-{j}": exact_score_figure(r.scores[f][j]) for j in range(n)})
    if step in ("softmax", "formula", "all-at-once"):
        view.update({f"weights-{f}-{j}": percent_figure(r.weights[f][j]) for j in range(n)})
    if step == "scores":
        view.update({f"queries-{f}-{k}": score_figure(v) for k, v in enumerate(r.queries[f])})
        view.update({f"keys-{j}-{k}": score_figure(r.keys[j][k]) for j in range(n)
                     for k in range(L.d_k)})
    if step == "qkv":
        for name in ("queries", "keys", "values"):
            m = getattr(r, name)
            view.update({f"{name}-{i}-{k}": score_figure(m[i][k]) for i in range(n)
                         for k in range(m.shape[1])})
    if step == "weighted-sum":
        view.update({f"output-{f}-{c}": value_figure(v) for c, v in enumerate(L.focus_update)})
        view.update({f"new-{f}-{c}": value_figure(v) for c, v in enumerate(L.focus_new_vector)})
        view.update({f"values-{j}-{c}": value_figure(r.values[j][c]) for j in range(n)
                     for c in range(len(L.features))})
    if step == "all-at-once":
        view.update({f"weights-{i}-{j}": percent_figure(r.weights[i][j]) for i in range(n)
                     for j in range(n)})
        view.update({f"output-{i}-{c}": value_figure(r.output[i][c]) for i in range(n)
                     for c in range(len(L.features))})
    return view


def test_every_beat_opens_on_its_step_with_the_videos_numbers(site, page_factory):
    """At each sentence (sought as a click on it in the transcript seeks: LessonPlayer.seekTo),
    the E key opens the panel on that beat's step with the video's numbers; what the panel shows
    is read in one call per beat, and Escape closes it. (With reduced motion: the same panel and
    transcript, without the 25 openings' fade and scrolls to draw.)"""
    manifest, _, base = site
    page = open_page(page_factory, base + "/index.html", reduced_motion="reduce")
    L = lesson()
    assert {s.step for s in manifest.sentences} == set(STEPS)  # every step is some beat's
    for s in manifest.sentences:
        page.evaluate("id => { document.querySelector('video').pause(); LessonPlayer.seekTo(id); }", s.id)
        page.wait_for_function("""id => { const on = document.querySelector('.sentence[aria-current="true"]');
            return on && on.dataset.sentence === id && !document.querySelector('video').seeking
                && document.querySelector('#explore').hidden; }""", arg=s.id)
        page.evaluate("() => document.activeElement.blur()")  # the key pressed on the page itself
        page.keyboard.press("e")
        page.wait_for_selector(f"{EXPLORE}:not([hidden])")
        seen = page.evaluate("""() => ({
            step: document.querySelector('#explore button[aria-current="step"]').dataset.step,
            heading: document.querySelector('#explore-heading').innerText,
            cells: Array.from(document.querySelectorAll('#explore [data-cell]'), e => [e.dataset.cell, e.innerText]),
            entries: Array.from(document.querySelectorAll('#explore input[data-m="x"]'),
                                e => [+e.dataset.i, +e.dataset.j, e.value]),
            changed: document.querySelectorAll('#explore .explore-changed-cell').length})""")
        assert seen["step"] == s.step
        assert seen["heading"] == f"Explore: {STEPS[s.step]}"
        shown = dict(seen["cells"])
        assert len(shown) == len(seen["cells"]), "two cells of the panel under one key"
        assert {key: shown.get(key) for key in expected_view(s.step)} == expected_view(s.step), s.id
        if s.step == "embeddings":
            assert {(i, j): v for i, j, v in seen["entries"]} == {
                (i, j): f"{L.embeddings[i][j]:.1f}" for i in range(len(L.tokens))
                for j in range(len(L.features))}
        assert seen["changed"] == 0
        page.keyboard.press("Escape")  # focus is in the panel (its heading): Escape closes it
    # the narration's own figures, as it speaks them
    seek_to(page, "weights-for-fluffy-and-blue")
    open_panel(page)
    f = L.focus
    assert [cell(page, f"weights-{f}-{L.index(t)}") for t in ("fluffy", "blue")] == ["55%", "41%"]
    assert [cell(page, f"scores-{f}-{L.index(t)}") for t in ("fluffy", "blue")] == ["6.1", "5.8"]
    assert page.errors == []


def test_a_learner_pauses_edits_masks_shares_reloads_and_goes_back(site, page_factory):
    manifest, build, base = site
    L = lesson()
    n, f = len(L.tokens), L.focus
    page = open_page(page_factory, base + "/index.html")
    seek_to(page, "adjectives-score-high")
    page.evaluate("() => { const v = document.querySelector('video'); v.muted = true; v.play(); }")
    page.wait_for_function("() => document.querySelector('video').currentTime > 0.3 + "
                           f"{manifest.sentence('adjectives-score-high').start}")
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("e")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert page.evaluate("() => document.querySelector('video').paused")
    paused_at = page.evaluate("() => document.querySelector('video').currentTime")
    sentence = page.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('s')")
    assert manifest.sentence(sentence).step == page.get_attribute(
        f'{EXPLORE} button[aria-current="step"]', "data-step") == "scores"

    # fluffy asks
    page.click(f"{EXPLORE} .explore-ask label:has-text('fluffy')")
    fluffy = L.index("fluffy")
    assert cells(page, "scores", fluffy, n) == figures(L.result, fluffy)["scores"]

    # edit W_K by typing, W_Q by an arrow key, W_V by a drag
    go_to_step(page, "qkv")
    w_q, w_k, w_v = (np.array(m) for m in (L.w_q, L.w_k, L.w_v))
    adjective, noun = L.features.index("adjective"), L.features.index("noun")
    page.fill(f'{EXPLORE} input[data-m="w_k"][data-i="{adjective}"][data-j="0"]', "1.5")
    w_k[adjective, 0] = 1.5
    page.focus(f'{EXPLORE} input[data-m="w_q"][data-i="{noun}"][data-j="0"]')
    page.keyboard.press("ArrowUp")
    w_q[noun, 0] += 0.1
    texture = L.features.index("fluffy texture")
    box = page.locator(f'{EXPLORE} input[data-m="w_v"][data-i="{texture}"][data-j="{texture}"]')
    box.scroll_into_view_if_needed()
    b = box.bounding_box()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2 - 21, steps=6)
    page.mouse.up()
    assert box.input_value() == "1.5"  # 21 px up: five nudges of 0.1
    w_v[texture, texture] = 1.5
    assert page.locator(f"{EXPLORE} input.explore-changed-cell").count() == 3

    go_to_step(page, "softmax")
    r = attend(L.embeddings, w_q, w_k, w_v)
    assert cells(page, "weights", fluffy, n) == figures(r, fluffy)["weights"]
    page.click(f"{EXPLORE} .explore-ask label:has-text('creature')")
    assert cells(page, "scores", f, n) == figures(r, f)["scores"]
    assert cells(page, "weights", f, n) == figures(r, f)["weights"]
    changed = page.eval_on_selector_all(f"{EXPLORE} td.explore-changed-cell", "els => els.map(e => e.dataset.cell)")
    narrated = figures(L.result, f)
    assert set(changed) == ({f"scores-{f}-{j}" for j in range(n) if figures(r, f)["scores"][j] != narrated["scores"][j]}
                            | {f"weights-{f}-{j}" for j in range(n) if figures(r, f)["weights"][j] != narrated["weights"][j]})
    assert changed  # the edit to "adjective" keys moved creature's numbers

    # the causal mask
    page.check("#explore-mask")
    masked = attend(L.embeddings, w_q, w_k, w_v, causal=True)
    go_to_step(page, "all-at-once")
    for i in range(n):
        assert cells(page, "weights", i, n) == figures(masked, i)["weights"]
        assert cells(page, "scores", i, n) == figures(masked, i)["scores"]
        assert cells(page, "output", i, len(L.features)) == figures(masked, i)["output"]
    assert cell(page, f"scores-0-{n - 1}") == "masked"
    page.wait_for_function("() => document.querySelector('#explore [role=status]').textContent.includes('weights')")

    # share, open the link elsewhere, reload
    page.wait_for_function("() => location.hash.includes('mask=1')")  # the address follows
    link = page.input_value("#explore-link")
    assert link == page.url and "x=all-at-once" in link and "mask=1" in link
    body = page.inner_text(f"{EXPLORE} .explore-body")
    state = page.evaluate("() => LessonExplore.state")
    other = open_page(page_factory, link)
    other.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert other.evaluate("() => LessonExplore.state") == state
    assert other.inner_text(f"{EXPLORE} .explore-body") == body
    other.reload()
    other.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert other.inner_text(f"{EXPLORE} .explore-body") == body
    # pasted into a tab already on the lesson
    third = open_page(page_factory, base + "/index.html#s=take-the-phrase")
    third.evaluate("hash => { location.hash = hash; }", link[link.index("#"):])
    third.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert third.evaluate("() => LessonExplore.state") == state
    assert third.inner_text(f"{EXPLORE} .explore-body") == body
    third.wait_for_function("h => location.hash === h", arg=link[link.index("#"):])
    assert other.evaluate("() => document.querySelector('video').paused")

    # back to the lesson: the narrated numbers, the video playing on from where it paused
    page.click(".explore-back")
    page.wait_for_selector(EXPLORE, state="hidden")
    page.wait_for_function("() => !document.querySelector('video').paused")
    now = page.evaluate("() => document.querySelector('video').currentTime")
    assert paused_at - 0.01 <= now < paused_at + 1.0
    assert page.evaluate("() => location.hash") == f"#s={sentence}"
    assert page.evaluate("() => LessonExplore.state.w_k") == L.w_k.tolist()
    assert page.evaluate("() => document.activeElement.classList.contains('explore-open')")
    page.evaluate("() => document.querySelector('video').pause()")
    open_panel(page)
    assert page.locator(f"{EXPLORE} .explore-changed-cell").count() == 0
    assert page.errors == [] and other.errors == [] and third.errors == []


def test_swapping_a_word_and_turning_the_knobs(site, page_factory):
    _, _, base = site
    L = lesson()
    n, f = len(L.tokens), L.focus
    page = open_page(page_factory, base + "/index.html#s=weights-for-fluffy-and-blue")
    open_panel(page)
    blue = L.index("blue")
    page.select_option(f'{EXPLORE} select[data-word="{blue}"]', "red")
    x = np.array(L.embeddings)
    x[blue] = vocabulary()["red"]
    # unscaled, at temperature 1.3 (three nudges of the slider by keyboard)
    page.uncheck("#explore-scale")
    page.focus("#explore-temp")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#explore-temp-value") == "1.3"
    r = attend(x, L.w_q, L.w_k, L.w_v, scaled=False, temperature=1.3)
    assert cells(page, "scores", f, n) == figures(r, f)["scores"]
    assert cells(page, "weights", f, n) == figures(r, f)["weights"]
    assert page.inner_text(f"{EXPLORE} thead th:nth-child({blue + 2})") == "red"
    go_to_step(page, "weighted-sum")
    assert cells(page, "output", f, len(L.features)) == figures(r, f)["output"]
    colour = L.features.index("blue colour")
    assert cell(page, f"new-{f}-{colour}") == "0.00"  # red hands over no blue
    go_to_step(page, "formula")
    assert page.inner_text(f"{EXPLORE} .explore-formula") == "softmax((QKᵀ) / 1.3) · V"
    page.wait_for_function("() => location.hash.includes('temp=1.3')")
    url = page.evaluate("() => location.href")
    assert "words=a~fluffy~red~creature" in url and "scale=0" in url and "temp=1.3" in url
    page.click(f"{EXPLORE} .explore-reset")
    assert cells(page, "weights", f, n) == figures(L.result, f)["weights"]
    assert page.errors == []


def test_hovering_a_number_shows_how_it_was_made(site, page_factory):
    _, _, base = site
    L = lesson()
    f, fluffy = L.focus, L.index("fluffy")
    page = open_page(page_factory, base + "/index.html#s=adjectives-score-high")
    open_panel(page)
    page.hover(f'{EXPLORE} [data-cell="scores-{f}-{fluffy}"]')
    text = page.inner_text("#explore-explain-text")
    q, k = L.result.queries[f], L.result.keys[fluffy]
    raw = f"{round(float(q @ k), 3):g}"  # the dot product, every product written out (0s too)
    products = " + ".join(f"{a:g} × {b:g} [{d}]" for a, b, d in zip(q, k, L.qk_dims))
    assert text == (f"score(creature → fluffy): query · key = {products} = {raw}, and {raw} ÷ √{L.d_k} = "
                    f"{raw} ÷ {np.sqrt(L.d_k):g} = {round(L.focus_scores[fluffy], 3):g}")
    page.uncheck("#explore-scale")  # the division off: the sum is the score
    page.hover(f'{EXPLORE} [data-cell="scores-{f}-{L.index("blue")}"]')
    page.hover(f'{EXPLORE} [data-cell="scores-{f}-{fluffy}"]')
    assert page.inner_text("#explore-explain-text") == (
        f"score(creature → fluffy): query · key = {products} = {raw}, not divided (÷ √{L.d_k} is off)")
    page.check("#explore-scale")
    go_to_step(page, "softmax")
    page.focus(f'{EXPLORE} [data-cell="weights-{f}-{fluffy}"]')
    text = page.inner_text("#explore-explain-text")
    assert text.startswith("weight(creature → fluffy) = e^(") and text.endswith("= 55%")
    go_to_step(page, "weighted-sum")
    texture = L.features.index("fluffy texture")
    page.focus(f'{EXPLORE} [data-cell="output-{f}-{texture}"]')
    text = page.inner_text("#explore-explain-text")
    assert "Σ weight × value" in text and "55% × 1 [fluffy]" in text
    go_to_step(page, "qkv")
    noun = L.features.index("noun")
    page.focus(f'{EXPLORE} [data-cell="queries-{f}-0"]')
    assert page.inner_text("#explore-explain-text") == (
        f"creature's query, {L.qk_dims[0]} = embedding · W_Q column = "
        f"{as_shown(L.embeddings[f][noun])} × {as_shown(L.w_q[noun][0])} [noun] = {as_shown(L.result.queries[f][0])}")


def as_shown(v: float) -> str:
    """An entry, query, key or value as its table shows it (the core's figure) when that is
    exact, else to three decimals: how an explanation writes it."""
    figure = score_figure(v)
    return figure if float(figure) == v else f"{round(float(v), 3):g}"


def test_an_edited_entry_reads_as_the_core_writes_it_in_its_cell_and_its_explanation(site, page_factory):
    """5.0 typed into W_K stays 5.0 once the learner moves on, and the explanation of the key it
    makes says 5.0 too (it said "5"); a typed 0.55 keeps its two decimals."""
    _, _, base = site
    L = lesson()
    page = open_page(page_factory, base + "/index.html#s=adjectives-score-high")
    open_panel(page)
    go_to_step(page, "qkv")
    # the pointer leaves the panel: a cell coming under it would explain itself on hover
    page.mouse.move(0, 0)
    cell = page.get_by_label(f"W_K, {L.features[0]} row, {L.qk_dims[0]} column")
    cell.fill("5.0")
    other = page.get_by_label(f"W_K, {L.features[1]} row, {L.qk_dims[0]} column")
    other.fill("0.55")
    page.locator(f'{EXPLORE} [data-cell="keys-0-0"]').focus()  # "a" has the first feature only
    assert (cell.input_value(), other.input_value()) == ("5.0", "0.55")
    w_k = np.array(L.w_k, dtype=float)
    w_k[0, 0], w_k[1, 0] = 5.0, 0.55
    key = (np.array(L.embeddings, dtype=float) @ w_k)[0, 0]
    products = " + ".join(f"{as_shown(a)} × {as_shown(b)} [{name}]" for a, b, name
                          in zip(L.embeddings[0], w_k[:, 0], L.features) if a != 0 and b != 0)
    assert page.inner_text("#explore-explain-text") == (
        f"a's key, {L.qk_dims[0]} = embedding · W_K column = {products} = {as_shown(key)}")
    assert "5.0 [" in products


BAD_VALUES = ["", "abc", "1e308", "NaN", "--1", "1,5"]


def test_bad_values_get_a_message_and_break_nothing(site, page_factory):
    """Each bad value typed into a freshly loaded page (one page, loaded again for each)."""
    _, _, base = site
    page = open_page(page_factory, "about:blank", video=False)
    for typed in BAD_VALUES:
        load_afresh(page, base + "/index.html#s=three-small-vectors")
        open_panel(page)
        a_bad_value_breaks_nothing(page, typed)


def a_bad_value_breaks_nothing(page, typed: str) -> None:
    L = lesson()
    f, n = L.focus, len(L.tokens)
    target = f'{EXPLORE} input[data-m="w_k"][data-i="1"][data-j="0"]'
    page.fill(target, typed)
    message = page.locator("#explore-error-w_k")
    assert message.is_visible() and "type a number from −100 to 100" in message.inner_text()
    assert page.get_attribute(target, "aria-invalid") == "true"
    assert page.get_attribute(target, "aria-describedby") == "explore-error-w_k"
    assert page.evaluate("() => LessonExplore.state.w_k") == L.w_k.tolist()
    assert cells(page, "keys", 1, L.d_k) == [score_figure(v) for v in L.result.keys[1]]
    page.keyboard.press("Tab")  # leaving the field puts the last good number back
    assert page.input_value(target) == f"{L.w_k[1][0]:.1f}" and not message.is_visible()
    page.fill(target, "2")  # and the page still works
    go_to_step(page, "softmax")
    w_k = np.array(L.w_k)
    w_k[1, 0] = 2
    assert cells(page, "weights", f, n) == figures(attend(L.embeddings, L.w_q, w_k, L.w_v), f)["weights"]
    assert page.errors == [], typed


@pytest.mark.parametrize("protocol", ["file", "http"])
def test_no_request_leaves_the_build_folder(site, page_factory, protocol):
    _, build, base = site
    root = build.root.as_uri() if protocol == "file" else base
    for page_path in ("index.html", "clips/softmax.html"):
        page = open_page(page_factory, f"{root}/{page_path}")
        open_panel(page)
        for step in STEPS:
            go_to_step(page, step)
        page.click(f"{EXPLORE} .explore-ask label >> nth=0")
        page.click(f"{EXPLORE} .explore-copy")
        page.click(".explore-back")
        outside = [u for u in page.requests if not (u.startswith(root + "/") or u.startswith("data:"))]
        assert page.requests and outside == []
        assert page.errors == []


def test_clip_pages_explore_their_own_beats(site, page_factory):
    manifest, _, base = site
    L = lesson()
    page = open_page(page_factory, base + "/clips/softmax.html")
    open_panel(page)
    first = manifest.sentences_of("softmax")[0]
    assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == first.step
    assert cells(page, "weights", L.focus, len(L.tokens)) == figures(L.result, L.focus)["weights"]
    assert page.evaluate("() => location.hash") == f"#s={first.id}&x=softmax"
    assert page.locator(".transcript").is_hidden()  # the panel stands in its place
    page.click(".explore-back")
    assert page.locator(".transcript").is_visible()


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_axe_finds_no_violations_with_the_panel_open(site, page_factory, width, height):
    """At every step, each opened by its own link and loaded afresh (in one page: a page's
    first load costs a busy machine more than axe's whole run). The whole page is checked at the
    first step; at the others, loaded from links that differ only in the step, the rest of the
    page is the same and the panel alone is checked again."""
    _, _, base = site
    page = open_page(page_factory, "about:blank", width=width, height=height, video=False)
    for k, step in enumerate(STEPS):
        load_afresh(page, f"{base}/index.html#s=softmax-squashes&x={step}")  # its link, not a step changed
        page.wait_for_selector(f"{EXPLORE}:not([hidden])")
        assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == step
        page.fill(f'{EXPLORE} input[data-m="w_q"][data-i="4"][data-j="0"]', "x") if step == "qkv" else None
        results = axe(page, within=EXPLORE if k else None)
        assert results.violations_count == 0, (step, results.generate_report())
        # the panel fits the screen: no sideways scrolling of the page
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width, step
    assert page.errors == []


def test_keyboard_alone_is_enough(site, page_factory):
    _, _, base = site
    L = lesson()
    page = open_page(page_factory, base + "/index.html#s=softmax-squashes")
    for _ in range(40):  # Tab from the top of the page to the button
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('explore-open')"):
            break
    else:
        pytest.fail("Tab never reached the Explore button")
    assert page.get_attribute(".explore-open", "aria-keyshortcuts") == "E"
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "explore-heading"
    assert page.get_attribute(".explore-open", "aria-expanded") == "true"
    page.focus(f'{EXPLORE} .explore-ask input[value="{L.focus}"]')
    page.keyboard.press("ArrowLeft")  # the radio group moves to blue
    blue = L.index("blue")
    assert page.evaluate("() => LessonExplore.state.ask") == blue
    assert cells(page, "weights", blue, len(L.tokens)) == figures(L.result, blue)["weights"]
    live = page.locator(f"{EXPLORE} [aria-live=polite]")
    page.wait_for_function("() => document.querySelector('#explore [aria-live=polite]').textContent.startsWith('blue')")
    assert live.get_attribute("role") == "status"
    # every control has a name; every table a caption and header cells with a scope
    unnamed = page.evaluate("""() => Array.from(document.querySelectorAll('#explore input, #explore select, #explore button'))
        .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim()).length""")
    assert unnamed == 0
    for step in STEPS:
        page.focus(f'{EXPLORE} button[data-step="{step}"]')
        page.keyboard.press("Enter")
        tables = page.evaluate("""() => Array.from(document.querySelectorAll('#explore table')).map(t => ({
            caption: !!t.caption && t.caption.textContent.trim().length > 0,
            scoped: Array.from(t.querySelectorAll('th')).every(th => th.scope === 'col' || th.scope === 'row')}))""")
        assert all(t["caption"] and t["scoped"] for t in tables), step
    page.keyboard.press("Escape")
    page.wait_for_selector(EXPLORE, state="hidden")
    assert page.evaluate("() => document.activeElement.classList.contains('explore-open')")


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_the_panel_respects_reduced_motion(site, page_factory, motion):
    _, _, base = site
    page = open_page(page_factory, base + "/index.html#s=softmax-squashes", reduced_motion=motion)
    open_panel(page)
    animation = page.evaluate("() => getComputedStyle(document.querySelector('#explore')).animationName")
    assert animation == ("none" if motion == "reduce" else "explore-in")


def test_the_page_takes_every_number_from_the_build(site, page_factory, tmp_path):
    """A page built with another phrase, other features and other weights explores those:
    nothing of the lesson's is written into the scripts."""
    import shutil

    from attention.attention.explore import explore_data
    from player.page import player_html
    from player.templating import macro

    manifest, build, _ = site
    rng = np.random.default_rng(12)
    data = explore_data()
    tokens, features, dims = ["the", "red", "dog"], ["x1", "x2", "x3"], ["d1", "d2"]
    x = np.round(rng.normal(size=(3, 3)), 2)
    w_q, w_k, w_v = (np.round(rng.normal(size=(3, d)) * 2, 2) for d in (2, 2, 3))
    data.update(tokens=tokens, features=features, qk_dims=dims, focus=1, embeddings=x.tolist(),
                w_q=w_q.tolist(), w_k=w_k.tolist(), w_v=w_v.tolist(),
                vocabulary={t: row.tolist() for t, row in zip(tokens, x)})
    page_html = player_html(manifest)
    start = page_html.index('<script type="application/json" id="explore-data">')
    end = page_html.index("</script>", start) + len("</script>")
    beats = {s.id: s.step for s in manifest.sentences}
    other = tmp_path / "other"
    shutil.copytree(build.root / "player", other / "player")
    for name in ("lesson.mp4", "captions.vtt", "chapters.vtt"):
        shutil.copy(build.root / name, other / name)
    block = macro("partials/data.html", "data_script", {"core": data, "beats": beats}, "explore-data")
    (other / "index.html").write_text(page_html[:start] + block.strip() + page_html[end:])
    page = open_page(page_factory, (other / "index.html").as_uri() + "#s=softmax-squashes&x=all-at-once")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])")
    r = attend(x, w_q, w_k, w_v)
    for i in range(3):
        assert cells(page, "scores", i, 3) == figures(r, i)["scores"]
        assert cells(page, "weights", i, 3) == figures(r, i)["weights"]
        assert cells(page, "output", i, 3) == figures(r, i)["output"]
    assert page.is_checked(f"{EXPLORE} .explore-ask input[value='1']")
    assert page.inner_text(f"{EXPLORE} .explore-ask").split() == ["Who", "asks", "the", "red", "dog"]
    assert "d_k = 2" in page.inner_text(f"{EXPLORE} .explore-options")
    assert page.errors == []


def test_axe_finds_no_violations_on_a_clip_page_with_the_panel_open(site, page_factory):
    _, _, base = site
    page = open_page(page_factory, f"{base}/clips/weighted-sum.html", width=640, height=600)
    open_panel(page)
    results = axe(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_seek_while_exploring_follows_the_new_beat_and_keeps_the_changes(site, page_factory):
    manifest, _, base = site
    page = open_page(page_factory, base + "/index.html#s=softmax-squashes")
    open_panel(page)
    page.check("#explore-mask")
    target = manifest.sentences_of("weighted-sum")[0]
    page.click(f"#s-{target.id}")
    page.wait_for_selector(f'{EXPLORE} button[data-step="{target.step}"][aria-current="step"]')
    assert page.is_checked("#explore-mask")
    assert page.evaluate("() => document.querySelector('video').paused")
    page.wait_for_function("h => location.hash === h", arg=f"#s={target.id}&x={target.step}&mask=1")
    assert page.errors == []
