// Resume: where the learner stopped is kept in this browser (localStorage, one entry per lesson
// page), and a learner who comes back to the plain address is offered to continue there or start
// from the beginning: an offer, never a silent jump. A link that says where to start wins, and
// inside a SCORM platform the platform's bookmark does (scorm.js), so neither is offered.
(() => {
  "use strict";

  const dataElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  const header = document.querySelector(".lesson-header");
  if (!dataElement || !video || !header) return;
  if (Array.isArray(window.lessonRestoredAnswers)) return; // in a platform (scorm.js): its bookmark resumes

  const data = JSON.parse(dataElement.textContent);
  const sentences = data.sentences;
  const KEY = data.names.place + location.pathname; // this lesson's, the page's own
  let storage;
  try { storage = window.localStorage; } catch (_) { storage = null; } // refused: nothing to keep

  function read() {
    try {
      const kept = JSON.parse(storage ? storage.getItem(KEY) || "null" : "null");
      return kept && typeof kept.sentence === "string" ? kept : null;
    } catch (_) {
      return null; // not JSON: as if nothing were kept
    }
  }
  function write(place) {
    try {
      if (!storage) return;
      if (place) storage.setItem(KEY, JSON.stringify(place));
      else storage.removeItem(KEY);
    } catch (_) {
      // full or refused (a private window): the place is not kept
    }
  }

  /** 83.4 -> "1:23", as the chapters write a time. */
  const clock = (t) => `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, "0")}`;

  // --- keeping the place: once the learner has played, at every sentence, pause and leaving ---
  let started = false;
  function keep() {
    if (!started) return;
    const id = window.LessonPlayer && window.LessonPlayer.sentence;
    if (id) write({ sentence: id });
  }
  video.addEventListener("play", () => { started = true; keep(); });
  video.addEventListener("sentencechange", keep);
  video.addEventListener("pause", keep);
  window.addEventListener("pagehide", keep);
  video.addEventListener("ended", () => { started = false; write(null); }); // done: next time from the start

  // --- the offer ---
  const kept = read();
  const index = kept ? sentences.findIndex((s) => s.id === kept.sentence) : -1;
  const linked = window.lessonLink ? window.lessonLink().start !== null : false;
  if (index <= 0 || linked) {
    if (kept && index < 0) write(null); // a sentence this lesson no longer has
    return;
  }
  const place = sentences[index];
  const text = document.createElement("p");
  text.id = "resume-text";
  text.textContent = `Welcome back. You stopped at ${clock(place.start)}: “${place.text}”`;
  const go = document.createElement("button");
  go.type = "button";
  go.className = "action primary resume-continue";
  go.textContent = `Continue from ${clock(place.start)}`;
  const fresh = document.createElement("button");
  fresh.type = "button";
  fresh.className = "action resume-restart";
  fresh.textContent = "Start from the beginning";
  const actions = document.createElement("div");
  actions.className = "resume-actions";
  actions.append(go, fresh);
  const offer = document.createElement("section");
  offer.className = "resume-offer";
  offer.setAttribute("aria-labelledby", "resume-text");
  offer.append(text, actions);
  header.appendChild(offer);

  function close() {
    offer.remove();
    video.removeEventListener("play", closeOnPlay);
    video.focus({ preventScroll: true });
  }
  function closeOnPlay() { if (offer.isConnected) offer.remove(); } // the learner chose by playing

  go.addEventListener("click", () => {
    close();
    if (window.LessonPlayer) window.LessonPlayer.seekTo(place.id);
    else video.currentTime = place.start;
    const playing = video.play();
    if (playing && playing.catch) playing.catch(() => {});
  });
  fresh.addEventListener("click", () => {
    write(null);
    close();
  });
  video.addEventListener("play", closeOnPlay);
  window.LessonResume = { get offered() { return offer.isConnected ? place.id : null; } };
})();
