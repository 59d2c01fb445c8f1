// The lesson player: a transcript that follows the voice, sentence and chapter seeking, deep links,
// and captions that work from file:// too. The same script runs the full page and each clip's page.
(() => {
  "use strict";

  const dataElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  if (!dataElement || !video) return;

  const data = JSON.parse(dataElement.textContent);
  const EPSILON = 0.001; // seconds: a sentence counts as started this close before its start
  const SCROLL_PAUSE_MS = 4000; // after the learner scrolls the transcript, leave it alone this long
  const sentences = data.sentences;
  const starts = sentences.map((s) => s.start);
  const spans = sentences.map((s) => document.getElementById("s-" + s.id));
  const scroller = document.querySelector("[data-transcript-scroll]");
  const chapterButtons = Array.from(document.querySelectorAll("[data-chapter-start]"));
  const chapterStarts = chapterButtons.map((b) => Number(b.dataset.chapterStart));
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let current = -1;
  let currentChapter = -1;
  let followAddress = false; // the address follows the sentence once the learner has started
  let pendingTime = null; // a seek asked for before the video knew its duration
  let userScrolledAt = -Infinity;
  let frameRequest = 0;

  /** Index of the last entry of `times` that is <= t (0 if none): exactly one is always current. */
  function lastAtOrBefore(times, t) {
    let lo = 0;
    let hi = times.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid] <= t + EPSILON) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  function scrollIntoPanel(element, force) {
    if (!scroller || !element) return;
    if (!force && performance.now() - userScrolledAt < SCROLL_PAUSE_MS) return;
    const box = scroller.getBoundingClientRect();
    const rect = element.getBoundingClientRect();
    const margin = Math.min(48, box.height / 4);
    if (rect.top >= box.top + margin && rect.bottom <= box.bottom - margin) return;
    const top = scroller.scrollTop + (rect.top - box.top) - box.height / 3;
    scroller.scrollTo({ top: Math.max(0, top), behavior: reducedMotion.matches ? "auto" : "smooth" });
  }

  function setChapter(t) {
    if (!chapterButtons.length) return;
    const index = lastAtOrBefore(chapterStarts, t);
    if (index === currentChapter) return;
    if (currentChapter >= 0) chapterButtons[currentChapter].removeAttribute("aria-current");
    chapterButtons[index].setAttribute("aria-current", "true");
    currentChapter = index;
  }

  function setCurrent(index, force) {
    if (index === current) {
      if (force) scrollIntoPanel(spans[index], true);
      if (force && followAddress) followTo(index);
      return;
    }
    if (current >= 0 && spans[current]) spans[current].removeAttribute("aria-current");
    current = index;
    const span = spans[index];
    if (!span) return;
    span.setAttribute("aria-current", "true");
    video.dispatchEvent(new CustomEvent("sentencechange", { detail: { index, id: sentences[index].id } }));
    scrollIntoPanel(span, force);
    if (followAddress) followTo(index);
  }

  function followTo(index) {
    const hash = "#s=" + encodeURIComponent(sentences[index].id);
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  // --- the word being spoken: marked inside the current sentence ---
  let spokenWord = null;
  function markWord(t) {
    const span = spans[current];
    let found = null;
    if (span) {
      for (const w of span.querySelectorAll(".word[data-word-start]")) {
        if (Number(w.dataset.wordStart) > t + EPSILON) break;
        if (t < Number(w.dataset.wordEnd) + 0.15) found = w;
      }
    }
    if (found === spokenWord) return;
    if (spokenWord) spokenWord.removeAttribute("data-spoken");
    if (found) found.setAttribute("data-spoken", "");
    spokenWord = found;
  }

  function show(t, force) {
    if (!sentences.length) return;
    setCurrent(lastAtOrBefore(starts, t), force);
    markWord(t);
    setChapter(t);
  }

  function update() {
    if (pendingTime === null) show(video.currentTime, false);
  }

  function seek(t, fromLearner) {
    const time = Math.max(0, Math.min(t, data.duration || t));
    if (fromLearner) followAddress = true;
    if (video.readyState >= 1) {
      video.currentTime = time;
    } else {
      pendingTime = time;
    }
    show(time, true);
  }

  function applyPendingSeek() {
    if (pendingTime === null) return;
    const time = pendingTime;
    pendingTime = null;
    video.currentTime = time;
    show(time, true);
  }

  /** The time a deep link (#s=<sentence-id> or #t=<seconds>) points at, or null. */
  function hashTime() {
    if (window.lessonLink) return window.lessonLink().start; // links.js: Media Fragments, ?t=
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (params.has("s")) {
      const index = sentences.findIndex((s) => s.id === params.get("s"));
      if (index >= 0) return starts[index];
    }
    if (params.has("t")) {
      const t = parseFloat(params.get("t"));
      if (Number.isFinite(t) && t >= 0) return t;
    }
    return null;
  }

  function tick() {
    update();
    frameRequest = video.paused ? 0 : requestAnimationFrame(tick);
  }

  // --- captions and chapters: a <track> file when it loads, else cues from the embedded data ---
  function escapeCueText(text) {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  }

  function trackFromData(trackElement, kind, label, cues) {
    if (trackElement) trackElement.remove();
    if (!cues || !cues.length || !("VTTCue" in window)) return;
    const track = video.addTextTrack(kind, label, "en");
    for (const c of cues) {
      const cue = new VTTCue(c.start, c.end, escapeCueText(c.text));
      cue.id = c.id;
      track.addCue(cue);
    }
    track.mode = kind === "captions" ? "showing" : "hidden";
  }

  function setUpTrack(kind, label, cues) {
    const element = video.querySelector('track[kind="' + kind + '"]');
    const fallback = () => trackFromData(element, kind, label, cues);
    // Chromium refuses to load track files from file://; build the cues in place instead.
    if (!element || location.protocol === "file:" || element.readyState === 3) {
      fallback();
      return;
    }
    element.addEventListener("error", fallback, { once: true });
    if (kind === "chapters") element.track.mode = "hidden"; // load it so that it can be read
  }

  setUpTrack("captions", "English", data.captions);
  setUpTrack("chapters", "Chapters", data.chapters);

  // --- events ---
  video.addEventListener("loadedmetadata", applyPendingSeek);
  for (const type of ["timeupdate", "seeked"]) video.addEventListener(type, update);
  video.addEventListener("seeking", () => {
    if (pendingTime === null) show(video.currentTime, true);
  });
  video.addEventListener("play", () => {
    followAddress = true;
    if (!frameRequest) frameRequest = requestAnimationFrame(tick);
  });

  function sentenceFrom(event) {
    const span = event.target.closest("[data-sentence]");
    if (!span) return -1;
    return sentences.findIndex((s) => s.id === span.dataset.sentence);
  }

  if (scroller) {
    scroller.addEventListener("click", (event) => {
      const word = event.target.closest(".word[data-word-start]");
      if (word) {
        seek(Number(word.dataset.wordStart), true);
        return;
      }
      const index = sentenceFrom(event);
      if (index >= 0) seek(starts[index], true);
    });
    scroller.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const index = sentenceFrom(event);
      if (index < 0) return;
      event.preventDefault();
      seek(starts[index], true);
    });
    for (const type of ["wheel", "touchmove"]) {
      scroller.addEventListener(type, () => { userScrolledAt = performance.now(); }, { passive: true });
    }
  }

  chapterButtons.forEach((button, i) => {
    button.addEventListener("click", () => seek(chapterStarts[i], true));
  });

  window.addEventListener("hashchange", () => {
    const t = hashTime();
    if (t !== null) seek(t, true);
  });

  // Scripts loaded after this one (explore, checks) listen to `sentencechange` on the video; this
  // tells them where it already is, and lets them seek as the transcript does.
  window.LessonPlayer = {
    get sentence() { return current >= 0 ? sentences[current].id : null; },
    /** Go to the start of sentence `id`, as a click on it in the transcript does. */
    seekTo(id) {
      const index = sentences.findIndex((s) => s.id === id);
      if (index >= 0) seek(starts[index], true);
    },
    /** Go to `t` seconds; the sentence there is current (and told) at once, not when the seek ends. */
    seek(t) { seek(t, true); },
  };

  // --- start: a deep link, or the beginning ---
  const linked = hashTime();
  if (linked !== null) {
    seek(linked, false);
  } else {
    show(0, false);
  }
})();
