"""Addresses and host-page messages that name what JavaScript objects hold by inheritance
(constructor, __proto__, toString...), in real Chromium: refused as any unknown word or sentence is,
never an error in the page."""

from __future__ import annotations

import numpy as np
import pytest
from player_fixtures import browser, kept_pages, lesson, page_factory, reused_pages  # noqa: F401
from test_embedding import events, host, host_frame, open_at, site, video_state  # noqa: F401  (fixtures, used by name)

from attention import attend, percent_figure
from attention.attention.lesson import lesson as core_lesson
from attention.attention.vocabulary import vocabulary

EXPLORE = "#explore"
INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty"]


def kept_words(asked: list[str]) -> list[str]:
    """The phrase a link asking for `asked` should show: each known word swapped in, the lesson's
    own word wherever the vocabulary lacks the one asked for."""
    words = vocabulary()
    return [w if w in words else own for w, own in zip(asked, core_lesson().tokens)]


@pytest.mark.parametrize("asked", [["a", "constructor", "blue", "creature"],
                                   ["__proto__", "fluffy", "red", "creature"],
                                   ["a", "toString", "hasOwnProperty", "valueOf"],
                                   ["a", "nonsense", "blue", "creature"]])
def test_an_explore_link_with_a_word_the_vocabulary_lacks_keeps_the_lessons_word(site, reused_pages, asked):
    _, _, _, base = site
    L = core_lesson()
    page = open_at(reused_pages, f"{base}/index.html#x=softmax&words={'~'.join(asked)}")
    page.wait_for_selector(f"{EXPLORE}:not([hidden])", timeout=5_000)
    want = kept_words(asked)
    assert page.evaluate("() => LessonExplore.state.words") == want
    shown = page.eval_on_selector_all(f"{EXPLORE} select[data-word]", "els => els.map(e => e.value)")
    assert shown == want
    x = np.array([vocabulary()[w] for w in want])
    weights = attend(x, L.w_q, L.w_k, L.w_v).weights[L.focus]
    cells = [page.inner_text(f'{EXPLORE} [data-cell="weights-{L.focus}-{j}"]') for j in range(len(want))]
    assert cells == [percent_figure(w) for w in weights]
    swapped = want != list(L.tokens)
    page.wait_for_function("() => location.hash.includes('x=softmax')")
    assert ("words=" + "~".join(want) in page.url) == swapped and ("words=" in page.url) == swapped
    assert page.errors == []


@pytest.mark.parametrize("name", INHERITED)
def test_a_link_to_an_inherited_name_is_an_unknown_sentence_with_a_note(site, reused_pages, name):
    manifest, _, _, base = site
    L = core_lesson()
    link = f"#s={name}&x={name}&ask={name}&words={name}~{name}&edit={name}_0_0_1~{name}"
    page = open_at(reused_pages, f"{base}/index.html{link}")
    page.wait_for_selector(".link-note", state="visible")
    state = video_state(page)
    assert state["t"] == 0 and state["current"] == manifest.sentences[0].id
    assert name in state["note"] and "beginning" in state["note"]
    # the panel opens on the first beat's step with the narrated numbers
    page.wait_for_selector(f"{EXPLORE}:not([hidden])", timeout=5_000)
    assert page.get_attribute(f'{EXPLORE} button[aria-current="step"]', "data-step") == manifest.sentences[0].step
    explored = page.evaluate("() => LessonExplore.state")
    assert explored["words"] == list(L.tokens) and explored["ask"] == L.focus
    assert explored["w_q"] == L.w_q.tolist() and explored["x"] == L.embeddings.tolist()
    assert page.locator(f"{EXPLORE} .explore-changed-cell").count() == 0
    assert page.errors == []


HOSTILE_MESSAGES = """lesson => {
  const frame = document.getElementById('lesson');
  const to = new URL(frame.src).origin;
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
  const messages = [
    ...names.map((command) => ({lesson, command})),
    ...names.map((sentence) => ({lesson, command: 'seek', sentence, time: 5})),
    ...names.map((other) => ({lesson: other, command: 'play'})), {lesson: null, command: 'play'},
    {lesson, command: 'seek', time: 'constructor'}, {lesson, command: 'seek', time: null}, {lesson, command: 'seek'},
    JSON.parse('{"__proto__": {"command": "play"}}'),
    JSON.parse(`{"lesson": ${JSON.stringify(lesson)}, "command": "seek", "__proto__": {"time": 5}}`),
    JSON.parse(`{"command": "play", "__proto__": {"lesson": ${JSON.stringify(lesson)}}}`),
    ['play'], 'play', null, 42,
  ];
  for (const m of messages) frame.contentWindow.postMessage(m, to);
}"""


def test_host_commands_naming_inherited_names_are_refused_and_break_nothing(site, host, page_factory):
    manifest, _, _, base = site
    page = page_factory(width=1100, height=1000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(f"{host}/host-page.html?src={base}/index.html")
    frame = host_frame(page, base)
    before = len(events(page))
    page.evaluate(HOSTILE_MESSAGES, manifest.lesson)
    target = manifest.sentences[7]
    page.evaluate("([lesson, id]) => { const f = document.getElementById('lesson'); f.contentWindow.postMessage("
                  "{lesson, command: 'seek', sentence: id}, new URL(f.src).origin); }", [manifest.lesson, target.id])
    page.wait_for_function("id => window.lessonEvents.some(e => e.event === 'sentence' && e.id === id)",
                           arg=target.id)
    heard = events(page)[before:]
    refused = [e for e in heard if e["event"] == "error"]
    # a play whose lesson is only inherited names no lesson: refused with a word; another lesson's, silently
    assert [e["command"] for e in refused] == ["seek"] * len(INHERITED) + ["play"]
    assert all(name in e["message"] for name, e in zip(INHERITED, refused))
    assert "names its lesson" in refused[-1]["message"]
    assert [e["event"] for e in heard if e["event"] != "error"] == ["sentence"]  # no play, no other seek
    state = video_state(frame)
    assert state["paused"] and state["t"] == pytest.approx(target.start, abs=0.01)
    assert page.errors == []
