// The checks: questions the lesson asks back when their sentence ends. The video pauses and the
// check opens beside it: predict and what-if are a choice among options; a task is a goal on the
// explore panel's live numbers, met by editing them (checked on every edit with attention.js, by the
// lesson's own `goal`; its `texts` say what a check changes and how its goal reads).
// Feedback says right or wrong and why (the build's explanation, every number the core's), with
// "Show me" (the beat that explains it) and "Try again". Each answer is a `lesson:answer` event
// (scorm.js and host-api.js report it) and is kept (checks-model.js). The transcript and pins on the
// seek bar mark where the checks are; a skipped check waits there.
(() => {
  "use strict";

  const dataElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  const frame = video && video.closest(".video-frame");
  const C = window.LessonCheckParts;
  const E = window.LessonExploreParts;
  if (!dataElement || !frame || !C || !E || !E.el) return;
  const data = JSON.parse(dataElement.textContent);
  const checks = Array.isArray(data.checks) ? data.checks : [];
  if (!checks.length) return;

  const A = window.LessonAttention;
  const exploreElement = document.getElementById("explore-data");
  const core = exploreElement ? JSON.parse(exploreElement.textContent).core : null;
  const M = core && A && E.model ? E.model(core, A) : null;
  const T = C.texts ? C.texts(core, A) : null; // how the lesson's checks read (its page scripts)
  const el = E.el;

  const sentences = new Map(data.sentences.map((s) => [s.id, s]));
  // A beat shows its sentence until the next one starts (a `pause:` included): a check is asked,
  // and "Show me" ends, a moment before that, so the next sentence's voice never starts first.
  const BEFORE_NEXT_S = 0.25;
  const next = new Map(data.sentences.map((s, i) => [s.id, data.sentences[i + 1] || null]));
  const beatEnd = (id) => {
    const s = sentences.get(id), after = next.get(id);
    return Math.max(s.end, (after ? after.start : data.duration) - BEFORE_NEXT_S);
  };
  const endOf = (check) => beatEnd(check.sentence);
  const KINDS = { predict: "Predict", "what-if": "What if", task: "Try it" };
  const RETRIED_RULE = "right on a retry; the first answer counts"; // beside a ✗ answered right later
  const lateness = () => C.lateness(video.playbackRate); // a crossing seen later is not this playback's
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  let storage;
  try { storage = window.localStorage; } catch (_) { storage = null; } // refused: answers last as long as the page
  const kept = C.answers(checks, window.lessonRestoredAnswers || null, storage, data.names);
  const goals = new Map(checks.filter((c) => c.kind === "task" && M && C.goal).map((c) => [c.id, C.goal(c, core, A, M)]));

  // --- what is on screen: one state, one render ---
  let ui = { open: null, phase: "ask" }; // open: a check's id; phase: "ask" | "feedback"
  const skipped = new Set(); // skipped in this visit: not asked again until the page reloads
  const taskNumbers = new Map(); // a task's explore numbers, kept while the learner looks elsewhere
  let askedAt = 0;
  let returnTo = null;
  let playOnLeaving = false; // the video played when the check opened: closing it plays on
  let showing = null; // {check, end}: "Show me" is playing the beat that explains `check`
  let lastTime = null;

  // --- the check's section, beside the video ---
  const kicker = el("p", { class: "check-kicker" });
  const title = el("h2", { id: "check-title", tabindex: "-1" });
  const context = el("p", { class: "check-context" });
  const choices = el("fieldset", { class: "check-options" });
  const goalLine = el("p", { class: "check-goal", id: "check-goal" });
  const nowLine = el("p", { class: "check-now", id: "check-now" });
  const answerButton = el("button", { type: "submit", class: "check-answer action primary" }, "Answer");
  const skipButton = el("button", { type: "button", class: "check-skip action" }, "Skip for now");
  const form = el("form", { class: "check-form", novalidate: true }, choices, goalLine, nowLine,
    el("div", { class: "check-actions" }, answerButton, skipButton));
  const verdict = el("p", { class: "check-verdict", id: "check-verdict" });
  const why = el("p", { class: "check-why" });
  const mine = el("p", { class: "check-mine" });
  const showButton = el("button", { type: "button", class: "check-show action" }, "Show me");
  const retryButton = el("button", { type: "button", class: "check-retry action" }, "Try again");
  const onButton = el("button", { type: "button", class: "check-on action primary" }, "Back to the lesson");
  const feedback = el("div", { class: "check-feedback", role: "group", "aria-labelledby": "check-verdict", tabindex: "-1" },
    verdict, mine, why, el("div", { class: "check-actions" }, showButton, retryButton, onButton));
  const section = el("section", { id: "check", class: "check", "aria-labelledby": "check-title", hidden: true },
    el("div", { class: "check-head" }, kicker, title), context, form, feedback);
  const live = el("p", { class: "check-live", role: "status", "aria-live": "polite" });
  frame.after(section);
  document.body.append(live);
  const layout = frame.parentElement;

  // --- where the checks are: the transcript, and a pin on the seek bar (LessonControls, controls.js);
  // without its seek bar (the controls failed to load), on a strip under the video that shows the
  // progress ---
  const pinOnSeekBar = window.LessonControls ? window.LessonControls.pin : null;
  const marks = new Map(); // id -> [transcript button, pin]
  const pins = el("div", { class: "check-strip-pins" });
  const strip = pinOnSeekBar ? null : el("div", { class: "check-strip" },
    el("div", { class: "check-strip-line", "aria-hidden": "true" }, el("div", { class: "check-strip-played" })), pins);
  if (strip) frame.append(strip);
  const played = strip && strip.querySelector(".check-strip-played");
  checks.forEach((check, i) => {
    const span = document.getElementById("s-" + check.sentence);
    const inText = el("button", { type: "button", class: "check-mark", "data-check": check.id },
      el("span", { class: "check-mark-icon", "aria-hidden": "true" }), `Check ${i + 1}`,
      el("span", { class: "check-mark-rule", "aria-hidden": "true", hidden: true }, RETRIED_RULE),
      el("span", { class: "visually-hidden check-mark-state" }));
    if (span) span.after(inText);
    const pin = el("button", { type: "button", class: "check-pin", "data-check": check.id },
      el("span", { class: "visually-hidden check-mark-state" }));
    if (pinOnSeekBar) {
      pinOnSeekBar(endOf(check), pin);
    } else {
      pin.style.left = (data.duration ? Math.min(100, (100 * endOf(check)) / data.duration) : 0) + "%";
      pins.append(pin);
    }
    marks.set(check.id, [inText, pin]);
  });
  const byId = new Map(checks.map((c) => [c.id, c]));
  const numberOf = (check) => checks.indexOf(check) + 1;

  function stateOf(check) {
    const r = kept.get(check.id);
    if (r && kept.counted(check.id)) return "right";
    if (r) return "wrong";
    return skipped.has(check.id) ? "skipped" : "open";
  }
  const STATE_WORDS = { right: "answered right", wrong: "answered, not right", skipped: "skipped", open: "not answered yet" };
  // A prediction or what-if counts by its first answer: one answered right only on a retry keeps
  // its ✗, and its mark says why, in words on the mark and to a screen reader in its name.
  const retriedRight = (check) => {
    const r = kept.get(check.id);
    return !!r && check.kind !== "task" && !r.first.correct && r.last.correct;
  };
  const stateWords = (check, s) => (retriedRight(check)
    ? "first answer not right; right on a retry, but the first answer counts" : STATE_WORDS[s]);

  function renderMarks() {
    for (const check of checks) {
      const s = stateOf(check);
      const [inText, pin] = marks.get(check.id);
      for (const b of [inText, pin]) {
        b.dataset.state = s;
        if (retriedRight(check)) b.dataset.retried = "right";
        else delete b.dataset.retried;
        if (ui.open === check.id) b.setAttribute("aria-current", "true");
        else b.removeAttribute("aria-current");
      }
      inText.querySelector(".check-mark-rule").hidden = !retriedRight(check);
      inText.querySelector(".check-mark-state").textContent = `: ${check.question} (${stateWords(check, s)})`;
      const pinName = `Check ${numberOf(check)} of ${checks.length}: ${check.question} (${stateWords(check, s)})`;
      pin.querySelector(".check-mark-state").textContent = pinName;
      pin.title = pinName; // a mouse learner's hover: the pin has no visible words
    }
  }

  // --- the check itself ---
  function renderCheck() {
    const check = byId.get(ui.open);
    section.hidden = !check;
    layout.classList.toggle("checking", !!check);
    layout.classList.toggle("checking-task", !!check && check.kind === "task");
    renderMarks();
    if (!check) return;
    const record = kept.get(check.id);
    kicker.textContent = `Check ${numberOf(check)} of ${checks.length} · ${KINDS[check.kind]}`;
    title.textContent = check.question;
    context.textContent = contextOf(check);
    context.hidden = !context.textContent;
    const task = check.kind === "task";
    choices.hidden = task;
    goalLine.hidden = nowLine.hidden = !task;
    if (!task && choices.dataset.check !== check.id) {
      choices.replaceChildren(el("legend", { class: "visually-hidden" }, "Your answer"),
        ...check.options.map((option, i) => el("label", { class: "check-option" },
          el("input", { type: "radio", name: "check-option", value: option, id: `check-option-${i}` }),
          el("span", {}, option))));
      choices.dataset.check = check.id;
    }
    if (task) {
      goalLine.textContent = T ? T.goal(check) : "";
      renderGoal(check);
    }
    answerButton.textContent = task ? "Check my answer" : "Answer";
    form.hidden = ui.phase !== "ask";
    feedback.hidden = ui.phase !== "feedback";
    if (ui.phase === "feedback" && record) renderFeedback(check, record.last);
  }

  const contextOf = (check) => (T ? T.context(check) : "");

  const liveGoal = (check) => {
    const numbers = taskNumbers.get(check.id) || (M && M.lessonNumbers());
    return numbers && goals.has(check.id) ? goals.get(check.id)(numbers) : null;
  };

  const goalWords = (check, g) => T.now(check, g);

  function renderGoal(check) {
    const g = liveGoal(check);
    if (!g || !T) {
      nowLine.textContent = "";
      return;
    }
    nowLine.textContent = `Now: ${goalWords(check, g)} ${g.met ? "Goal met." : "Not yet."}`;
    nowLine.dataset.met = String(g.met);
  }

  function renderFeedback(check, answer) {
    const right = answer.correct;
    verdict.textContent = right ? "Right." : "Not quite.";
    verdict.dataset.right = String(right);
    if (check.kind === "task") {
      const g = liveGoal(check);
      // the learner's own numbers, computed here from the panel; the build's line beside it
      // ("In the lesson, ...") says the lesson's
      mine.textContent = g && T ? `${g.own + g.others ? "With your edits" : "With nothing changed"}, ${goalWords(check, g)}` : "";
    } else {
      const first = kept.get(check.id).first;
      mine.textContent = first.correct || !right
        ? `You answered “${answer.response}”${right ? "" : `; the answer is “${check.answer}”`}.`
        : `You answered “${answer.response}” on a retry; your first answer, “${first.response}”, is the one that counts.`;
    }
    why.textContent = check.feedback;
    showButton.hidden = !check.show;
    retryButton.hidden = right;
  }

  const render = renderCheck;

  // --- asking, answering, leaving ---
  /** Open `check`; `playing`: whether the video played before this (default: whether it plays now). */
  function ask(check, how, playing) {
    if (!ui.open) {
      playOnLeaving = playing === undefined ? !video.paused && !video.ended : playing;
      returnTo = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    }
    if (!video.paused) video.pause();
    const record = kept.get(check.id);
    ui = { open: check.id, phase: record && how !== "retry" ? "feedback" : "ask" };
    askedAt = performance.now();
    render();
    if (ui.phase === "ask") form.reset();
    if (check.kind === "task" && window.LessonExplore) {
      window.LessonExplore.show(T ? T.step(check) : check.step, taskNumbers.get(check.id));
    }
    live.textContent = `Check ${numberOf(check)} of ${checks.length}: ${check.question}`;
    title.focus({ preventScroll: true });
    section.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
  }

  function answer() {
    const check = byId.get(ui.open);
    let response;
    let correct;
    if (check.kind === "task") {
      const g = liveGoal(check);
      response = g ? g.response : "";
      correct = !!g && g.met;
    } else {
      const picked = form.querySelector("input[name=check-option]:checked");
      if (!picked) {
        live.textContent = "Pick an answer first.";
        const first = form.querySelector("input[name=check-option]");
        if (first) first.focus();
        return;
      }
      response = picked.value;
      correct = response === check.answer;
    }
    kept.record(check, response, correct);
    document.dispatchEvent(new CustomEvent("lesson:answer", { detail: {
      check: check.id, kind: check.kind, response, correct,
      latencyMs: Math.round(performance.now() - askedAt), score: kept.score(),
    } }));
    ui = { ...ui, phase: "feedback" };
    render();
    live.textContent = `${verdict.textContent} ${mine.textContent} ${why.textContent}`;
    feedback.focus({ preventScroll: true });
  }

  /** Close the check: play on (`play`), or leave the video as it is. A task's explore panel,
   *  opened by the check, closes with it when the video stays paused (playing closes it anyway). */
  function leave(play) {
    const check = byId.get(ui.open);
    if (!check) return;
    if (!play && check.kind === "task" && window.LessonExplore && window.LessonExplore.hide) {
      window.LessonExplore.hide();
    }
    if (!kept.get(check.id)) {
      skipped.add(check.id);
      live.textContent = `Check ${numberOf(check)} skipped: it waits on the transcript and under the video.`;
    }
    ui = { open: null, phase: "ask" };
    render();
    const back = returnTo && returnTo.isConnected && !returnTo.closest("[hidden]") ? returnTo : video;
    returnTo = null;
    back.focus({ preventScroll: true });
    if (play) {
      const p = video.play();
      if (p && p.catch) p.catch(() => {});
    }
  }

  function showMe() {
    const check = byId.get(ui.open);
    const beat = check && check.show && sentences.get(check.show);
    if (!beat) return;
    showing = { check: check.id, end: beatEnd(beat.id) };
    ui = { open: null, phase: "ask" };
    render();
    live.textContent = "Showing the beat that explains it; the check comes back when it ends.";
    if (window.LessonPlayer) window.LessonPlayer.seekTo(beat.id);
    else video.currentTime = beat.start;
    video.focus({ preventScroll: true });
    const p = video.play();
    if (p && p.catch) p.catch(() => {});
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    answer();
  });
  // back to the video as the learner left it: playing on if it played, else still paused
  skipButton.addEventListener("click", () => leave(playOnLeaving));
  onButton.addEventListener("click", () => leave(playOnLeaving));
  showButton.addEventListener("click", showMe);
  retryButton.addEventListener("click", () => {
    const check = byId.get(ui.open);
    ui = { ...ui, phase: "ask" };
    render();
    form.reset();
    askedAt = performance.now();
    const first = check.kind === "task" ? document.querySelector("#explore input[data-m]") : form.querySelector("input");
    (first || title).focus();
    live.textContent = check.kind === "task" ? "Edit the numbers in the panel, then check your answer." : "Pick again.";
  });
  section.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); leave(playOnLeaving); }
  });

  for (const [id, buttons] of marks) {
    for (const b of buttons) {
      b.addEventListener("click", () => {
        const check = byId.get(id);
        const playing = ui.open ? playOnLeaving : !video.paused && !video.ended;
        showing = null;
        if (ui.open !== id) { // to its sentence's last moment, where it is asked
          video.pause();
          const at = Math.max(sentences.get(check.sentence).start, endOf(check) - 0.05);
          if (window.LessonPlayer) window.LessonPlayer.seek(at);
          else video.currentTime = at;
        }
        ask(check, "mark", playing);
      });
    }
  }

  // a task: the goal is checked live on every edit in the explore panel
  document.addEventListener("explorechange", (event) => {
    const check = byId.get(ui.open);
    if (!check || check.kind !== "task") return;
    if (!event.detail.state.open) {
      // the learner left the task's panel (Escape in it, its Back to the lesson): the task goes with
      // it, as "Skip for now" would, once the panel's own closing (its focus) is done
      queueMicrotask(() => { if (ui.open === check.id) leave(playOnLeaving); });
      return;
    }
    const was = liveGoal(check);
    taskNumbers.set(check.id, event.detail.state.numbers);
    const now = liveGoal(check);
    if (ui.phase === "ask") renderGoal(check);
    if (was && now && was.met !== now.met) live.textContent = now.met ? "Goal met: check your answer." : "Goal not met any more.";
  });

  // --- when a check is asked: playback crossing the end of its sentence ---
  function watch() {
    const t = video.currentTime;
    if (lastTime !== null && !video.seeking && t >= lastTime) {
      const crossed = (end) => C.crossed(lastTime, t, end, video.playbackRate);
      if (showing && crossed(showing.end)) {
        const check = byId.get(showing.check);
        showing = null;
        ask(check, "shown");
      } else if (!ui.open) {
        const due = checks.find((c) => crossed(endOf(c)) && !kept.get(c.id) && !skipped.has(c.id));
        if (due) ask(due, "asked");
      }
    }
    lastTime = t;
    progress();
  }

  // The strip (no controls) moves when its edge moves by a device pixel, not on every frame: a new
  // transform on every frame made the page draw 60 frames a second however slowly the edge moved.
  let shownScale = "";
  const progress = () => {
    if (!played) return; // on the seek bar, which shows the progress itself
    const share = data.duration ? Math.min(1, video.currentTime / data.duration) : 0;
    const pixels = Math.max(1, Math.round(played.parentElement.clientWidth * (window.devicePixelRatio || 1)));
    const scale = `scaleX(${Math.round(share * pixels) / pixels})`;
    if (scale === shownScale) return;
    shownScale = scale;
    played.style.transform = scale;
  };
  if (played) new ResizeObserver(progress).observe(played.parentElement); // whole pixels of its new width

  let frameRequest = 0;
  function tick() {
    watch();
    frameRequest = video.paused ? 0 : requestAnimationFrame(tick);
  }
  video.addEventListener("play", () => {
    // the learner played on from the video's own controls; a play already paused again (a check
    // asked between a play() and its event, as a click on a mark right after "Continue") is past
    if (ui.open && !video.paused) leave(false);
    lastTime = video.currentTime;
    if (!frameRequest) frameRequest = requestAnimationFrame(tick);
  });
  video.addEventListener("timeupdate", watch);
  // Playback after a seek is watched from where the seek landed, not from where the video is when
  // "seeked" is handled: on a busy page it may already have played on past a sentence's end.
  let landed = null;
  video.addEventListener("seeking", () => { lastTime = null; landed = video.currentTime; });
  video.addEventListener("seeked", () => {
    lastTime = landed === null ? video.currentTime : Math.min(landed, video.currentTime);
    landed = null;
    progress();
    if (showing && Math.abs(video.currentTime - sentences.get(byId.get(showing.check).show).start) > 0.5) {
      showing = null; // the learner went elsewhere
    }
  });
  video.addEventListener("ended", () => {
    const t = video.currentTime;
    const due = checks.find((c) => endOf(c) >= t - lateness() && !kept.get(c.id) && !skipped.has(c.id) && !ui.open);
    if (due) ask(due, "asked");
  });

  window.LessonChecks = {
    get open() { return ui.open; },
    get phase() { return ui.phase; },
    get score() { return kept.score(); },
    answer: (id) => kept.get(id),
    /** Each check as the learner left it: {id, number, kind, question, state, words} (state:
     *  right, wrong, skipped or open; words: how its mark says it), for the end card. */
    results: () => checks.map((c) => ({
      id: c.id, number: numberOf(c), kind: KINDS[c.kind], question: c.question,
      state: stateOf(c), words: stateWords(c, stateOf(c)),
    })),
    /** Ask check `id` at its sentence's end, as a click on its mark does. */
    ask(id) { if (marks.has(id)) marks.get(id)[0].click(); },
  };
  render();
})();
