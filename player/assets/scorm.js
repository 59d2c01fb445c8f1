// SCORM 1.2: inside a learning platform that offers the run-time API (window.API in a parent or
// opener frame), report the lesson's status, the learner's time and a bookmark. Outside one, do
// nothing: the page works as it always does.
//   cmi.core.lesson_status    "incomplete" on start, "completed" once the share of the lesson set
//                             by completion_threshold in the lesson YAML has been watched
//   cmi.core.lesson_location  the current sentence's id, where the learner resumes next time
//   cmi.suspend_data          the stretches watched so far ("start-end" seconds, comma-separated),
//                             in whole seconds, at most SCORM 1.2's 4,096 characters: never less
//                             than was watched and at most a second more (2, 4... only for a lesson
//                             over about 16 minutes with hundreds of stretches); a resumed stretch
//                             that is malformed or reaches past the video is ignored
//   cmi.core.session_time     the time spent in this launch, on leaving
// and, for the checks the lesson asks back (each "lesson:answer" event the page dispatches):
//   cmi.interactions.n        every answer: id (the check's), type ("choice" for predict and
//                             what-if, "performance" for a task), correct_responses.0.pattern,
//                             student_response (an option's letter, a = the first, or the task's
//                             edits), result ("correct" / "wrong"), latency and time
//   cmi.core.score.raw        100 × checks counted right ÷ checks (min 0, max 100); a predict or
//                             what-if counts by its first answer, a task once it has been met
//   cmi.core.lesson_status    with a mastery score (adlcp:masteryscore, else the lesson YAML's),
//                             "passed" or "failed" once every check is answered, and the score
//                             written only then, so a platform comparing it with the mastery
//                             score never fails a learner halfway; without one, "completed" by
//                             watching as above
//   cmi.suspend_data          after the stretches, "|" and each answered check as "id:letter"
//                             (its first answer) or "id:1" / "id:0" (a task met or not yet); on
//                             resuming, window.lessonRestoredAnswers lists them for the page
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

  // --- the checks: what was answered, in this launch and the ones before ---
  const checks = Array.isArray(data.checks) ? data.checks : [];
  const byId = new Map(checks.map((c) => [c.id, c]));
  const LETTERS = "abcdefghijklmnopqrstuvwxyz"; // SCORM 1.2's choice responses: single characters
  const fromPlatform = parseFloat(get("cmi.student_data.mastery_score"));
  const mastery = Number.isFinite(fromPlatform) ? fromPlatform
    : Number.isFinite(data.mastery_score) ? data.mastery_score : null;
  const answered = new Map(); // check id -> {response, correct}: what counts for the score
  const [stretchText, answerText] = get("cmi.suspend_data").split("|");
  for (const part of String(answerText || "").split(",")) {
    const [id, mark] = part.split(":");
    const check = byId.get(id);
    if (!check || answered.has(id) || mark === undefined) continue;
    if (check.kind === "task" && (mark === "0" || mark === "1")) {
      answered.set(id, { response: "", correct: mark === "1" });
    } else if (check.kind !== "task" && mark.length === 1 && LETTERS.indexOf(mark) >= 0
               && LETTERS.indexOf(mark) < check.options.length) {
      const response = check.options[LETTERS.indexOf(mark)];
      answered.set(id, { response, correct: response === check.answer });
    }
  }
  window.lessonRestoredAnswers = Array.from(answered, ([check, a]) => ({ check, ...a }));
  document.dispatchEvent(new CustomEvent("lesson:answers-restored",
                                         { detail: { answers: window.lessonRestoredAnswers } }));

  function answersData() {
    return Array.from(answered, ([id, a]) => {
      const check = byId.get(id);
      return id + ":" + (check.kind === "task" ? (a.correct ? "1" : "0")
        : LETTERS[check.options.indexOf(a.response)]);
    }).join(",");
  }

  /** The score in percent and, once every check has an answer, the status mastery gives. */
  function scored() {
    const right = Array.from(answered.values()).filter((a) => a.correct).length;
    const raw = checks.length ? Math.round((10000 * right) / checks.length) / 100 : 0;
    const all = checks.length > 0 && answered.size === checks.length;
    return { raw, all, status: mastery === null || !all ? null : raw >= mastery ? "passed" : "failed" };
  }

  function reportScore() {
    const now = scored();
    if (mastery !== null && !now.all) return;
    set("cmi.core.score.raw", now.raw);
    set("cmi.core.score.min", 0);
    set("cmi.core.score.max", 100);
    if (now.status && status !== now.status) {
      status = now.status;
      set("cmi.core.lesson_status", status);
    }
  }

  if (mastery !== null ? !["passed", "failed"].includes(status) : !DONE.includes(status)) {
    status = "incomplete";
    set("cmi.core.lesson_status", status);
  }
  if (answered.size) reportScore();

  // --- what was watched, in this launch and the ones before ---
  const MAX_SUSPEND = 4096; // characters: SCORM 1.2's CMIString4096
  const SLACK = 1; // seconds a resumed stretch may reach past the end (rounding, a re-encode)
  const TOUCH = 0.01; // seconds: stretches this close are one
  const STRETCH = /^(\d{1,9}(?:\.\d{1,9})?)-(\d{1,9}(?:\.\d{1,9})?)$/;

  /** The video's length once known, else the lesson's; 0 when neither is usable. */
  function lessonLength() {
    const known = [video.duration, Number(data.duration)].find((d) => Number.isFinite(d) && d > 0);
    return known || 0;
  }

  /** [start, end] pairs from suspend data; a part that is not two plain numbers "start-end" is dropped. */
  function parseStretches(text) {
    const found = [];
    for (const part of String(text).split(",")) {
      const m = STRETCH.exec(part.trim());
      if (m) found.push([Number(m[1]), Number(m[2])]);
    }
    return found;
  }
  const before = parseStretches(stretchText || "");

  /** Stretches within [0, length], sorted and merged; an empty or reversed one, or one reaching well
   *  past the end, is dropped. */
  function normalized(stretches, length) {
    const kept = stretches
      .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && a >= 0 && b > a && b <= length + SLACK)
      .map(([a, b]) => [a, Math.min(b, length)])
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    const merged = [];
    for (const r of kept) {
      const last = merged[merged.length - 1];
      if (last && r[0] <= last[1] + TOUCH) last[1] = Math.max(last[1], r[1]);
      else merged.push(r.slice());
    }
    return merged;
  }

  function watchedRanges() {
    const played = video.played; // a new copy on every read: read once
    const ranges = before.slice();
    for (let i = 0; i < played.length; i++) ranges.push([played.start(i), played.end(i)]);
    return normalized(ranges, lessonLength());
  }

  /**
   * `ranges` with their ends on multiples of `grid` seconds (the lesson's end kept as it is): each
   * end is rounded outward while the stored total stays within `grid` of what was watched, inward
   * past that; stretches that then touch become one, so no two are less than `grid` apart.
   */
  function snapped(ranges, grid, length) {
    const down = (t) => Math.floor(t / grid) * grid;
    const up = (t) => Math.min(Math.ceil(t / grid) * grid, length);
    const out = [];
    let over = 0; // seconds stored beyond those watched, so far
    for (const [a, b] of ranges) {
      const end = out.length ? out[out.length - 1][1] : -Infinity;
      const options = [];
      for (const s of [down(a), up(a)]) {
        for (const e of [up(b), down(b)]) options.push({ s, e, added: Math.max(0, e - Math.max(s, end)) });
      }
      const fitting = options.filter((o) => over + o.added - (b - a) <= grid);
      const pick = fitting.reduce((x, y) => (y.added > x.added ? y : x), fitting[0] || options[3]);
      over += pick.added - (b - a);
      if (pick.added <= 0) continue;
      if (pick.s <= end) out[out.length - 1][1] = pick.e;
      else out.push([pick.s, pick.e]);
    }
    return out;
  }

  /** Suspend data for `ranges` and the answers, the stretches on the finest grid of whole seconds
   *  (1, 2, 4...) that fits beside the answers (at most 40 short ids: the lesson YAML's limit). */
  function suspendData(ranges, length) {
    const figure = (t) => (Number.isInteger(t) ? String(t) : t.toFixed(2));
    const answers = answersData();
    const room = MAX_SUSPEND - (answers ? answers.length + 1 : 0);
    for (let grid = 1; ; grid *= 2) {
      const text = snapped(ranges, grid, length).map(([a, b]) => figure(a) + "-" + figure(b)).join(",");
      if (text.length <= room || grid >= length) return answers ? text + "|" + answers : text;
    }
  }

  let saved = null;
  function saveProgress() {
    const length = lessonLength();
    if (!length) return; // nothing to measure against yet: keep what the platform holds
    const ranges = watchedRanges();
    const text = suspendData(ranges, length);
    if (text !== saved) {
      set("cmi.suspend_data", text);
      saved = text;
    }
    const seen = ranges.reduce((sum, r) => sum + (r[1] - r[0]), 0);
    if (mastery === null && !DONE.includes(status) && Math.min(1, seen / length) >= threshold) {
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

  // --- an answer: journaled as an interaction, counted, kept ---
  let journaled = parseInt(get("cmi.interactions._count"), 10) || 0;
  const clock = (d) => [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");

  document.addEventListener("lesson:answer", (event) => {
    const detail = event.detail || {};
    const check = byId.get(detail.check);
    if (!check) return;
    const response = String(detail.response === undefined ? "" : detail.response);
    const correct = check.kind === "task" ? detail.correct === true : response === check.answer;
    const letter = check.options.indexOf(response);
    if (check.kind !== "task" && letter < 0) return; // not one of the options
    const n = "cmi.interactions." + journaled++ + ".";
    set(n + "id", check.id);
    set(n + "type", check.kind === "task" ? "performance" : "choice");
    set(n + "correct_responses.0.pattern", check.kind === "task"
      ? String(check.pattern || "").slice(0, 255) // the lesson's words for its goal (its page data)
      : LETTERS[check.options.indexOf(check.answer)]);
    set(n + "student_response", check.kind === "task" ? response.slice(0, 255) : LETTERS[letter]);
    set(n + "result", correct ? "correct" : "wrong");
    set(n + "latency", timespan(Math.max(0, Number(detail.latencyMs) || 0)));
    set(n + "time", clock(new Date()));
    const before = answered.get(check.id);
    if (!before || (check.kind === "task" && correct && !before.correct)) {
      answered.set(check.id, { response, correct });
    }
    reportScore();
    saveProgress();
    api.LMSCommit("");
  });

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
