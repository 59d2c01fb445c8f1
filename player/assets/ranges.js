// A server that ignores byte ranges (`python3 -m http.server` answers a Range request with 200
// and the whole file) leaves the browser unable to jump in the video: a click on the transcript
// or a chapter silently does nothing. This asks the server for two bytes of the video; when the
// whole file comes back instead, the page says so in one line with the fix, keeps that file and
// plays it from memory, where every jump works, at the time and in the state the learner left it.
// `data-byte-ranges` on <html> tells what was found: "yes", "no", or "unknown" (file://, an error).
(() => {
  "use strict";

  const video = document.querySelector("video[data-player]");
  const source = video && (video.querySelector("source[src]") || (video.getAttribute("src") ? video : null));
  const root = document.documentElement;
  if (!source) return;
  if (!/^https?:$/.test(location.protocol) || !window.fetch) {
    root.dataset.byteRanges = "unknown";
    return;
  }
  const SAID = "This server ignores byte ranges, so a jump in the video waits until all of it has loaded: "
    + "serve the lesson with ";
  const FIX = "./lesson serve";
  // inside a SCORM platform (scorm.js found one) the server is the platform's: no command of ours fixes it
  const IN_PLATFORM = "This platform's server ignores byte ranges, so a jump in the video waits until all of it has loaded.";

  /** One line above the video, as links.js puts its note: what is wrong, and the fix. */
  function tell() {
    const note = document.createElement("p");
    note.className = "link-note ranges-note";
    note.setAttribute("role", "status");
    if (Array.isArray(window.lessonRestoredAnswers)) {
      note.textContent = IN_PLATFORM;
    } else {
      const command = document.createElement("code");
      command.textContent = FIX;
      command.style.whiteSpace = "nowrap"; // the command on one line, the clip pages too (no learner.css there)
      note.append(SAID, command, ".");
    }
    const header = document.querySelector(".lesson-header");
    const frame = video.closest(".video-frame");
    if (header) header.appendChild(note);
    else frame.parentNode.insertBefore(note, frame);
  }

  // where the learner last asked to be: a seek the browser could not make is made once it can
  let wanted = null;
  video.addEventListener("seeking", () => { wanted = video.currentTime; });

  /** Play `blob` instead of the server's file, at the time and in the state the learner left. */
  function playFromMemory(blob) {
    const at = wanted !== null ? wanted : video.currentTime;
    const playing = !video.paused && !video.ended;
    const url = URL.createObjectURL(blob);
    video.addEventListener("loadedmetadata", () => {
      video.currentTime = Math.min(at, video.duration || at);
      if (playing) video.play().catch(() => {});
      root.dataset.byteRanges = "no";
    }, { once: true });
    video.src = url; // the attribute wins over the <source> children
  }

  const stop = new AbortController();
  fetch(source.src, { headers: { Range: "bytes=0-1" }, signal: stop.signal, cache: "no-store" })
    .then((response) => {
      if (response.status === 206) {
        stop.abort();
        root.dataset.byteRanges = "yes";
        return null;
      }
      if (!response.ok) throw new Error(String(response.status));
      tell();
      return response.blob().then(playFromMemory);
    })
    .catch(() => { if (!root.dataset.byteRanges) root.dataset.byteRanges = "unknown"; });
})();
