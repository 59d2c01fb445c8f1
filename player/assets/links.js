// Start and end links: #t=30,45 and ?t=30 (Media Fragments URI 1.0 time, seconds or npt clock)
// and #s=<sentence-id> open the page at that point; an end time pauses playback there once.
// A link this page cannot follow plays from the start with a visible note, never a blank page.
// Loaded before player.js, which asks window.lessonLink() where to start.
(() => {
  "use strict";

  const dataElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  if (!dataElement || !video) return;

  const data = JSON.parse(dataElement.textContent);
  const sentences = data.sentences;
  const NONE = { start: null, end: null, note: null };

  /** Seconds from an npt time: "90", "90.5", "1:30", "0:01:30.5"; NaN if it is none of these. */
  function seconds(text) {
    const m = /^(?:(?:(\d+):)?(\d{1,2}):)?(\d+(?:\.\d+)?)$/.exec(text.trim());
    if (!m) return NaN;
    return Number(m[1] || 0) * 3600 + Number(m[2] || 0) * 60 + Number(m[3]);
  }

  /** A temporal fragment "start,end", "start", ",end" (optionally "npt:"), or null if malformed. */
  function timeRange(value) {
    const parts = value.replace(/^npt:/, "").split(",");
    if (parts.length > 2) return null;
    const start = parts[0] === "" ? 0 : seconds(parts[0]);
    const end = parts.length < 2 || parts[1] === "" ? null : seconds(parts[1]);
    if (!Number.isFinite(start) || (end !== null && !(end > start))) return null;
    return { start, end };
  }

  function fromParams(params) {
    if (params.has("s")) {
      const id = params.get("s");
      const found = sentences.find((s) => s.id === id);
      if (!found) {
        return { start: null, end: null,
                 note: "This link points at a sentence (“" + id + "”) that is not here, so the video starts from the beginning." };
      }
      return { start: found.start, end: null, note: null };
    }
    if (params.has("t")) {
      const range = timeRange(params.get("t"));
      if (!range || (data.duration && range.start >= data.duration)) {
        return { start: null, end: null,
                 note: "This link's time (“" + params.get("t") + "”) is not within the video, so it starts from the beginning." };
      }
      return { start: range.start, end: range.end, note: null };
    }
    return null;
  }

  /** Where the address says to start and stop, and a note when it cannot be followed. */
  function lessonLink() {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ""));
    return fromParams(hash) || fromParams(new URLSearchParams(location.search)) || NONE;
  }

  // --- the note ---
  let note = null;
  function showNote(text) {
    if (!text) {
      if (note) note.hidden = true;
      return;
    }
    if (!note) {
      note = document.createElement("p");
      note.className = "link-note";
      note.setAttribute("role", "status");
      const header = document.querySelector(".lesson-header"); // the lesson page; else a clip's
      const frame = document.querySelector(".video-frame");
      if (header) header.appendChild(note);
      else frame.parentNode.insertBefore(note, frame);
    }
    note.textContent = text;
    note.hidden = false;
  }

  // --- stopping at the end time, once ---
  let end = null;
  function check() {
    if (end === null || video.currentTime < end) return;
    const at = end;
    end = null;
    video.pause();
    video.currentTime = at;
  }
  function watch() {
    check();
    if (end !== null && !video.paused) requestAnimationFrame(watch);
  }
  video.addEventListener("timeupdate", check);
  video.addEventListener("play", () => requestAnimationFrame(watch));
  video.addEventListener("seeked", () => {
    if (end !== null && video.currentTime > end + 0.05) end = null; // the learner moved past it
  });

  function apply() {
    const link = lessonLink();
    end = link.end;
    showNote(link.note);
  }
  window.addEventListener("hashchange", apply);
  window.lessonLink = lessonLink;
  apply();
})();
