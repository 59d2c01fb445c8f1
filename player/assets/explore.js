// "Explore this step": pauses the video and opens a panel on the step of the lesson the beat shows,
// with its numbers recomputed live (attention.js) as the learner edits them with the lesson's
// controls and in its tables. The state lives in the address. Every number comes from the build's
// `explore-data`; nothing here is a lesson figure.
// One path: a learner's move (or the video's) is an action, the lesson's model's `next` makes the
// new state from it, and `render` makes the panel show that state. The lesson's page scripts give
// the parts (window.LessonExploreParts): `model` (the state, its moves and its address), `views`
// (a step's tables), `explain` (how a number was made), `controls` (what sits above the tables),
// `el` and `entry`; the attention lesson's are in player/assets/attention/. A lesson without them
// has no panel.
(() => {
  "use strict";

  const A = window.LessonAttention;
  const P = window.LessonExploreParts;
  const dataElement = document.getElementById("explore-data");
  const cueElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  const frame = video && video.closest(".video-frame");
  if (!A || !P || !P.model || !P.views || !P.explain || !P.controls || !dataElement || !cueElement || !frame) return;

  const { core, beats } = JSON.parse(dataElement.textContent);
  const sentences = JSON.parse(cueElement.textContent).sentences;
  const M = P.model(core, A);
  const V = P.views(core, A);
  const explain = P.explain(core, A);
  const controls = P.controls(core, A, M); // the lesson's controls above the tables
  const el = P.el;
  const TITLES = Object.fromEntries(core.steps.map((s) => [s.id, s.title]));
  const LIMIT = core.entry_limit;
  const NUDGE = core.entry_step;
  const DRAG_PX = 4; // pixels of drag per nudge
  const ADDRESS_MS = 200; // the address follows the state at most this often: browsers throttle history calls
  const ANNOUNCE_MS = 350;
  const EXPLAIN_HINT = "Hover over or focus a computed number to see how it was made.";
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const base = M.compute(M.LESSON); // the narrated numbers, for marking what changed
  const firstSentence = sentences.length ? sentences[0].id : "";
  const playerAt = () => (window.LessonPlayer && window.LessonPlayer.sentence) || firstSentence;

  let state = { open: false, sentence: playerAt(), step: M.stepOf(beats, playerAt()), numbers: M.lessonNumbers(), held: false };
  let result = base;
  let shown = null; // the shape of the view on screen (explore-views.js shapeOf)
  let lastTiming = null; // {compute, update} in ms, of the last render (for bench/)
  let addressTimer = 0;
  let announceTimer = 0;

  // --- the button and the panel ---
  const openButton = el("button", {
    type: "button", class: "explore-open action primary", "aria-expanded": "false", "aria-controls": "explore",
    "aria-keyshortcuts": "E",
  }, "Explore this step");
  const hint = el("span", { class: "explore-hint" });
  // the key is no use on a phone with no keyboard: explore.css hides it where no fine pointer is
  const keyHint = el("span", { class: "explore-key-hint" }, " · key E");
  const bar = el("div", { class: "explore-bar" }, openButton, el("span", {}, hint, keyHint));

  const heading = el("h2", { id: "explore-heading", tabindex: "-1" });
  const beatLine = el("p", { class: "explore-beat" });
  const backButton = el("button", { type: "button", class: "explore-back action" }, "Back to the lesson");
  const stepList = el("ol", { class: "explore-steps" },
    ...M.STEPS.map((id) => el("li", {}, el("button", { type: "button", class: "action", "data-step": id }, TITLES[id]))));
  const changed = el("p", { class: "explore-changed" });
  const body = el("div", { class: "explore-body" });
  const explainText = el("p", { id: "explore-explain-text" }, EXPLAIN_HINT);
  const explainBox = el("div", { class: "explore-explain" },
    el("h3", { text: "How this was computed" }), explainText);
  const link = el("input", {
    type: "text", readonly: true, class: "explore-link", id: "explore-link", "aria-label": "Link to this state",
  });
  const copyButton = el("button", { type: "button", class: "explore-copy action" }, "Copy link");
  const resetButton = el("button", { type: "button", class: "explore-reset action" }, "Reset the numbers");
  const live = el("p", { class: "explore-live", role: "status", "aria-live": "polite" });
  const panel = el("section", {
    id: "explore", class: "explore", "aria-labelledby": "explore-heading", hidden: true,
  },
    el("div", { class: "explore-head" }, el("div", {}, heading, beatLine), backButton),
    el("nav", { "aria-label": "Steps of attention" }, stepList),
    el("div", { class: "explore-controls" }, ...controls.nodes),
    changed, body, explainBox,
    el("div", { class: "explore-share" }, copyButton, link, resetButton),
    live);
  frame.after(bar, panel);
  const layout = frame.parentElement;

  // --- numbers as words ---
  const entry = (v) => P.entry(v, A, core.score_decimals); // 1 -> "1.0", as the scenes

  // --- the one update path: action -> next state -> render ---
  function dispatch(action) {
    const before = state;
    state = M.next(state, action, beats);
    if (state !== before) render(before);
    return state;
  }

  function render(before) {
    const t0 = performance.now();
    if (state.numbers !== before.numbers || !result) result = M.compute(state.numbers);
    const t1 = performance.now();
    hint.textContent = `This beat: ${TITLES[M.stepOf(beats, state.sentence)]}`;
    panel.hidden = !state.open;
    bar.hidden = state.open; // the panel has its own "Back to the lesson"
    layout.classList.toggle("exploring", state.open);
    openButton.setAttribute("aria-expanded", String(state.open));
    if (!state.open) {
      shown = null;
      if (before.open) leaveAddress();
      tell();
      return;
    }
    renderControls();
    const shape = V.shapeOf(state.step, state.numbers);
    if (!V.sameShape(shape, shown)) {
      body.replaceChildren(...V.build(shape));
      explainText.textContent = EXPLAIN_HINT;
      shown = shape;
    }
    renderNumbers();
    signpost();
    writeAddress(!before.open);
    lastTiming = { compute: t1 - t0, update: performance.now() - t0 };
    tell();
  }

  /** Scripts that follow the panel (a check's goal on its numbers) hear every new state. */
  function tell() {
    panel.dispatchEvent(new CustomEvent("explorechange", { bubbles: true, detail: { state: view(), result } }));
  }

  const view = () => JSON.parse(JSON.stringify(state)); // a copy: no listener changes the state

  function renderControls() {
    controls.render(state.numbers, result);
    for (const b of stepList.querySelectorAll("button")) {
      if (b.dataset.step === state.step) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    heading.textContent = `Explore: ${TITLES[state.step]}`;
    const said = sentences.find((s) => s.id === state.sentence);
    beatLine.textContent = said ? `Paused at “${said.text}”` : "";
  }

  function renderNumbers() {
    const n = state.numbers;
    const differ = V.fill(body, n, result, M.LESSON, base);
    const active = document.activeElement;
    for (const input of body.querySelectorAll("input[data-m]")) {
      const { m, i, j } = input.dataset;
      const v = n[m][i][j];
      if (input !== active && input.value !== entry(v)) input.value = entry(v); // not under the caret
      input.classList.toggle("explore-changed-cell", v !== M.LESSON[m][i][j]);
    }
    const count = M.editCount(n);
    changed.textContent = differ || count
      ? `Marked: ${differ} shown number${differ === 1 ? " differs" : "s differ"} from the narrated ones; `
        + `${count} change${count === 1 ? "" : "s"} of yours in play.`
      : "These are the narrated numbers. Change anything: what it moves gets marked.";
  }

  // --- a table wider than the panel: a sign says which side its hidden columns lie on ---
  const SIGNS = {
    right: "More columns to the right: scroll the table sideways →",
    left: "← More columns to the left: scroll the table back",
    both: "← More columns on both sides: scroll the table sideways →",
  };
  function signpost() {
    for (const wrap of body.querySelectorAll(".explore-table-wrap")) {
      const more = wrap.querySelector(".explore-more");
      if (!more) continue;
      const right = wrap.scrollWidth - wrap.clientWidth - wrap.scrollLeft > 1;
      const left = wrap.scrollLeft > 1;
      const text = right && left ? SIGNS.both : right ? SIGNS.right : left ? SIGNS.left : "";
      if (more.textContent !== text) more.textContent = text;
      if (more.hidden !== !text) more.hidden = !text;
    }
  }
  body.addEventListener("scroll", signpost, { capture: true, passive: true }); // a table scrolled sideways
  new ResizeObserver(signpost).observe(body);

  // --- the address ---
  function writeAddress(now) {
    clearTimeout(addressTimer);
    if (!now) {
      addressTimer = setTimeout(() => writeAddress(true), ADDRESS_MS);
      return;
    }
    const hash = M.encode(state);
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
    link.value = location.href;
  }

  function leaveAddress() {
    clearTimeout(addressTimer);
    const hash = `#s=${encodeURIComponent(state.sentence)}`;
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  // --- telling a listener what changed ---
  const say = (text) => { live.textContent = text; };

  function announceChange() {
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => { live.textContent = controls.announce(state.numbers, result); }, ANNOUNCE_MS);
  }

  /** A learner's change to the numbers: the new state, then what it changed read out. */
  function change(action) {
    dispatch(action);
    announceChange();
  }

  // --- opening and closing ---
  let playOnClosing = false; // the video played when the panel opened: closing it plays on

  function open(from) {
    const f = from || {};
    if (!state.open) playOnClosing = !video.paused && !video.ended;
    if (!state.open && !video.paused) video.pause();
    dispatch({ type: "open", sentence: f.sentence || state.sentence, step: f.step, numbers: f.numbers, held: f.held });
    if (!f.quiet) {
      heading.focus({ preventScroll: true });
      // the panel is often taller than the screen: "nearest" left its heading above the top
      // (y = -157 after scrolling down and pressing E), so the panel's start is brought into view
      const top = heading.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight - heading.offsetHeight) {
        panel.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "auto" : "smooth" });
      }
    }
  }

  /** Close the panel and give the video back as the learner left it: playing on if it played. */
  function backToLesson() {
    dispatch({ type: "close" });
    openButton.focus();
    if (!playOnClosing) return;
    const playing = video.play();
    if (playing && playing.catch) playing.catch(() => {});
  }

  // --- the learner's moves ---
  const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

  function parse(raw) {
    const text = raw.trim().replace(/^−/, "-");
    const range = `a number from −${LIMIT} to ${LIMIT}`;
    if (!text) return { error: `Empty: type ${range}.` };
    if (!NUMBER.test(text)) return { error: `“${raw.trim()}” is not a number: type ${range}, like 0.5.` };
    const value = Number(text);
    if (!Number.isFinite(value) || Math.abs(value) > LIMIT) return { error: `${raw.trim()} is too large: type ${range}.` };
    return { value };
  }

  /** A field's own message while what it holds is not a number (the state keeps the last good one). */
  function setError(input, message) {
    const line = document.getElementById(`explore-error-${input.dataset.m}`);
    if (message) {
      input.setAttribute("aria-invalid", "true");
      if (line) line.textContent = message;
    } else if (input.hasAttribute("aria-invalid")) {
      input.removeAttribute("aria-invalid");
      if (line && !line.parentElement.querySelector("[aria-invalid]")) line.textContent = "";
    }
  }

  const entryAction = (input, value) => ({
    type: "entry", m: input.dataset.m, i: Number(input.dataset.i), j: Number(input.dataset.j), value,
  });
  const entryOf = (input) => state.numbers[input.dataset.m][input.dataset.i][input.dataset.j];

  body.addEventListener("input", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input) return;
    const parsed = parse(input.value);
    setError(input, parsed.error);
    if (!parsed.error) change(entryAction(input, parsed.value));
  });

  body.addEventListener("focusout", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input || !input.hasAttribute("aria-invalid")) return;
    input.value = entry(entryOf(input));
    setError(input, null);
  });

  function nudged(input, by) {
    const v = Math.round((entryOf(input) + by) / NUDGE) * NUDGE;
    const clean = Number(Math.max(-LIMIT, Math.min(LIMIT, v)).toFixed(6));
    input.value = entry(clean);
    setError(input, null);
    change(entryAction(input, clean));
  }

  body.addEventListener("keydown", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    nudged(input, (event.key === "ArrowUp" ? 1 : -1) * NUDGE * (event.shiftKey ? 10 : 1));
  });

  // drag a number up or down to change it
  let drag = null;
  body.addEventListener("pointerdown", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input || event.button !== 0) return;
    drag = { input, y: event.clientY, steps: 0, moved: false, id: event.pointerId };
  });
  body.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const steps = Math.trunc((drag.y - event.clientY) / DRAG_PX);
    if (!drag.moved && Math.abs(drag.y - event.clientY) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.input.setPointerCapture(event.pointerId);
      drag.input.classList.add("explore-dragging");
    }
    event.preventDefault();
    if (steps !== drag.steps) {
      nudged(drag.input, (steps - drag.steps) * NUDGE);
      drag.steps = steps;
    }
  });
  const endDrag = () => {
    if (drag) drag.input.classList.remove("explore-dragging");
    drag = null;
  };
  body.addEventListener("pointerup", endDrag);
  body.addEventListener("pointercancel", endDrag);

  function showExplain(event) {
    const cell = event.target.closest("[data-cell]");
    if (!cell) return;
    const [kind, i, j, ...more] = V.keyOf(cell); // more: what else a lesson's key holds (a head)
    explainText.textContent = explain(kind, i, j, state.numbers, result, ...more);
  }
  body.addEventListener("mouseover", showExplain);
  body.addEventListener("focusin", showExplain);

  controls.bind(change);

  stepList.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-step]");
    if (!b) return;
    dispatch({ type: "step", step: b.dataset.step });
    say(`Step: ${TITLES[state.step]}.`);
  });

  resetButton.addEventListener("click", () => {
    dispatch({ type: "reset" });
    say("Back to the narrated numbers.");
  });

  copyButton.addEventListener("click", () => {
    writeAddress(true);
    link.select();
    const selected = () => say("Link selected: copy it with Ctrl+C.");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link.value).then(() => say("Link copied."), selected);
    } else {
      selected();
    }
  });

  openButton.addEventListener("click", () => (state.open ? backToLesson() : open()));
  backButton.addEventListener("click", backToLesson);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); backToLesson(); }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "e" && event.key !== "E") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    if (!state.open) open();
  });

  // the video moves on: playing closes the panel (a play paused again before its event, as a task
  // asked right after "Back to the lesson", is past); a new sentence while it is open is followed
  video.addEventListener("play", () => { if (state.open && !video.paused) dispatch({ type: "close" }); });
  video.addEventListener("sentencechange", (event) => dispatch({ type: "sentence", id: event.detail.id }));
  // player.js points the address at the sentence after a seek: an open panel points it back
  video.addEventListener("seeked", () => { if (state.open) writeAddress(true); });

  /** Open on the state a link's hash names (#s=...&x=...), if it names one. */
  function openLinked(hash) {
    const linked = M.decode(hash);
    if (!linked) return;
    const known = sentences.some((x) => x.id === linked.sentence);
    open({ ...linked, sentence: known ? linked.sentence : null, quiet: true });
  }

  window.LessonExplore = {
    get state() { return JSON.parse(JSON.stringify(state.numbers)); },
    get result() { return result; },
    get timing() { return lastTiming; },
    get open() { return state.open; },
    /** Open the panel (quietly, focus left where it is) on `step` (default: the beat's own), with
     *  `numbers` (default: the narrated ones); a given `step` is held while the video moves on. */
    show(step, numbers) { open({ step, numbers: numbers && JSON.parse(JSON.stringify(numbers)), quiet: true, held: true }); },
    /** Subscribe to every new state: `listener({open, sentence, step, numbers}, result)`. */
    /** Close the panel, leaving the video as it is (a check that opened it is closing). */
    hide() { if (state.open) dispatch({ type: "close" }); },
    listen(listener) { panel.addEventListener("explorechange", (e) => listener(e.detail.state, e.detail.result)); },
    get panel() { return panel; },
  };

  // the new address as navigated to: player.js may already have rewritten location.hash
  window.addEventListener("hashchange", (event) => openLinked(new URL(event.newURL).hash));
  render(state);
  openLinked(location.hash);
})();
