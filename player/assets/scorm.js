// SCORM 1.2: inside a learning platform that offers the run-time API (window.API in a parent or
// opener frame), report the lesson's status, the learner's time and a bookmark. Outside one, do
// nothing: the page works as it always does.
//   cmi.core.lesson_status    "incomplete" on start, "completed" once the share of the lesson set
//                             by completion_threshold in the lesson YAML has been watched
//   cmi.core.lesson_location  the current sentence's id, where the learner resumes next time
//   cmi.suspend_data          the stretches watched so far ("start-end" seconds, comma-separated)
//   cmi.core.session_time     the time spent in this launch, on leaving
(() => {
  "use strict";

  const video = document.querySelector("video[data-player]");
  const dataElement = document.getElementById("lesson-data");
  const configElement = document.getElementById("embed-config");
  if (!video || !dataElement) return;

  /** The standard search: up through the parents (a few levels), then the opener's frames. */
  function findAPI(win) {
    for (let hops = 0; win && hops < 8; hops++) {
      try {
        if (win.API) return win.API;
      } catch (_) {
        return null; // a frame of another origin: no API reachable from here
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  const api = findAPI(window) || (window.opener ? findAPI(window.opener) : null);
  if (!api || String(api.LMSInitialize("")) !== "true") return;

  // The platform leads from stop to stop; the page's own links to the others would lead nowhere.
  for (const links of document.querySelectorAll(".course-links")) links.style.display = "none";

  const data = JSON.parse(dataElement.textContent);
  const config = configElement ? JSON.parse(configElement.textContent) : {};
  const threshold = Number(config.completionThreshold) || 0.9;
  const startedAt = Date.now();
  const DONE = ["completed", "passed"];
  let finished = false;

  const get = (name) => String(api.LMSGetValue(name) || "");
  const set = (name, value) => api.LMSSetValue(name, String(value));

  let status = get("cmi.core.lesson_status");
  if (!DONE.includes(status)) {
    status = "incomplete";
    set("cmi.core.lesson_status", status);
  }

  // --- what was watched, in this launch and the ones before ---
  function parseRanges(text) {
    return text.split(",").map((part) => part.split("-").map(Number))
      .filter((r) => r.length === 2 && r.every(Number.isFinite) && r[1] > r[0]);
  }
  const before = parseRanges(get("cmi.suspend_data"));

  function watchedRanges() {
    const ranges = before.slice();
    for (let i = 0; i < video.played.length; i++) ranges.push([video.played.start(i), video.played.end(i)]);
    ranges.sort((a, b) => a[0] - b[0]);
    const merged = [];
    for (const r of ranges) {
      const last = merged[merged.length - 1];
      if (last && r[0] <= last[1] + 0.01) last[1] = Math.max(last[1], r[1]);
      else merged.push(r.slice());
    }
    return merged;
  }

  function saveProgress() {
    const ranges = watchedRanges();
    set("cmi.suspend_data", ranges.map((r) => r[0].toFixed(2) + "-" + r[1].toFixed(2)).join(","));
    const seen = ranges.reduce((sum, r) => sum + (r[1] - r[0]), 0);
    if (!DONE.includes(status) && data.duration && seen >= threshold * data.duration) {
      status = "completed";
      set("cmi.core.lesson_status", status);
      api.LMSCommit("");
    }
  }

  // --- the bookmark: resume at it unless the address says where to start ---
  const bookmark = get("cmi.core.lesson_location");
  const linked = window.lessonLink ? window.lessonLink().start !== null : false;
  const resumeAt = data.sentences.find((s) => s.id === bookmark);
  if (resumeAt && !linked) {
    const go = () => { video.currentTime = resumeAt.start; };
    if (video.readyState >= 1) go();
    else video.addEventListener("loadedmetadata", go, { once: true });
  }
  api.LMSCommit("");

  video.addEventListener("sentencechange", (e) => {
    set("cmi.core.lesson_location", e.detail.id);
    saveProgress();
    api.LMSCommit("");
  });
  video.addEventListener("timeupdate", saveProgress);
  for (const type of ["pause", "ended"]) {
    video.addEventListener(type, () => { saveProgress(); api.LMSCommit(""); });
  }

  /** Milliseconds as a SCORM 1.2 time span, HHHH:MM:SS.SS. */
  function timespan(ms) {
    const cs = Math.round(ms / 10);
    const h = Math.floor(cs / 360000);
    const m = Math.floor(cs / 6000) % 60;
    const s = (cs % 6000) / 100;
    return String(h).padStart(4, "0") + ":" + String(m).padStart(2, "0") + ":" + s.toFixed(2).padStart(5, "0");
  }

  function finish() {
    if (finished) return;
    finished = true;
    saveProgress();
    set("cmi.core.session_time", timespan(Date.now() - startedAt));
    set("cmi.core.exit", DONE.includes(status) ? "" : "suspend");
    api.LMSCommit("");
    api.LMSFinish("");
  }
  window.addEventListener("pagehide", finish);
  window.addEventListener("beforeunload", finish);
})();
