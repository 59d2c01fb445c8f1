// The host-page API: a page that embeds this one in an iframe hears what the video does and can
// drive it, through postMessage. Only parents whose origin the build allowed (--allow-origin; the
// build's own origin always) are told anything or obeyed; '*' only when the build asked for it.
// Every name is the lesson's own (lesson-data's `names`, from the lesson's id), so a course page
// that embeds several lessons tells their messages apart and addresses each one alone.
//   events:   {source: "lesson:<id>", lesson: "<id>", event: "ready" | "play" | "pause" |
//              "sentence" | "progress" | "ended" | "answer" | "error", time, duration, ...}, with
//              clip: "<clip-id>" from a clip's page; "answer" (a check answered) carries check,
//              kind, response, correct and score {raw, max}
//   commands: {lesson: "<id>", command: "play"} | {lesson, command: "pause"}
//             | {lesson, command: "seek", time: 12.5} | {lesson, command: "seek", sentence: "<id>"}
//             A command for another lesson is ignored; one that names no lesson is answered with
//             an "error" event and not obeyed.
(() => {
  "use strict";

  const video = document.querySelector("video[data-player]");
  const dataElement = document.getElementById("lesson-data");
  const configElement = document.getElementById("embed-config");
  if (!video || !dataElement || window.parent === window) return;

  const data = JSON.parse(dataElement.textContent);
  const config = configElement ? JSON.parse(configElement.textContent) : {};
  const allowed = config.allowedOrigins || [];
  const anyOrigin = allowed.includes("*");
  const PROGRESS_EVERY_MS = 1000;
  const names = data.names;
  const own = { source: names.source, lesson: names.lesson };
  if (typeof data.clip === "string") own.clip = data.clip;

  function trusted(origin) {
    if (anyOrigin) return true;
    return origin !== "null" && (allowed.includes(origin) || origin === location.origin);
  }

  /** The parent's origin when the browser tells it (Chromium, Safari), else from the referrer. */
  function parentOrigin() {
    if (location.ancestorOrigins && location.ancestorOrigins.length) return location.ancestorOrigins[0];
    try {
      return document.referrer ? new URL(document.referrer).origin : null;
    } catch (_) {
      return null;
    }
  }

  const parentAt = parentOrigin();
  const targets = anyOrigin ? ["*"]
    : parentAt ? (trusted(parentAt) ? [parentAt] : [])
    : [...new Set([...allowed, location.origin])].filter((o) => o !== "null");

  function watched() {
    const played = video.played; // a new copy on every read: read once
    let total = 0;
    for (let i = 0; i < played.length; i++) total += played.end(i) - played.start(i);
    return data.duration ? Math.min(1, total / data.duration) : 0;
  }

  function send(event, detail) {
    const message = Object.assign({}, own, { event, time: video.currentTime, duration: data.duration },
                                  detail || {}, own); // the names are never overwritten by a detail
    for (const origin of targets) window.parent.postMessage(message, origin);
  }

  let lastProgress = -Infinity;
  video.addEventListener("play", () => send("play"));
  video.addEventListener("pause", () => { if (!video.ended) send("pause"); });
  video.addEventListener("ended", () => send("ended", { watched: watched() }));
  video.addEventListener("sentencechange", (e) => send("sentence", { id: e.detail.id, index: e.detail.index }));
  video.addEventListener("timeupdate", () => {
    const now = performance.now();
    if (now - lastProgress < PROGRESS_EVERY_MS) return;
    lastProgress = now;
    send("progress", { watched: watched() });
  });

  document.addEventListener("lesson:answer", (event) => {
    const d = event.detail || {};
    const check = (data.checks || []).find((c) => c.id === d.check);
    if (!check) return;
    const score = d.score || {};
    send("answer", { check: check.id, kind: check.kind, response: String(d.response ?? ""),
                     correct: d.correct === true,
                     score: { raw: Number(score.raw) || 0, max: Number(score.max) || (data.checks || []).length } });
  });

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || !trusted(event.origin)) return;
    const message = event.data;
    if (!message || typeof message !== "object" || typeof message.command !== "string") return;
    if (message.lesson === undefined) {
      send("error", { command: message.command, message: "a command names its lesson: lesson: " +
                      JSON.stringify(names.lesson) });
      return;
    }
    if (message.lesson !== names.lesson) return; // another lesson's: not ours to answer
    if (message.command === "play") {
      video.play().catch((error) => send("error", { command: "play", message: String(error) }));
    } else if (message.command === "pause") {
      video.pause();
    } else if (message.command === "seek") {
      let time = Number(message.time);
      if (typeof message.sentence === "string") {
        const found = data.sentences.find((s) => s.id === message.sentence);
        if (!found) {
          send("error", { command: "seek", message: "no sentence " + message.sentence });
          return;
        }
        time = found.start;
      }
      if (!Number.isFinite(time)) return;
      video.currentTime = Math.max(0, Math.min(time, data.duration || time));
    }
  });

  function ready() {
    send("ready", { sentences: data.sentences.map((s) => s.id) });
  }
  if (video.readyState >= 1) ready();
  else video.addEventListener("loadedmetadata", ready, { once: true });
})();
