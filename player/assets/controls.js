// What the page adds to Media Chrome's controls (vendor/media-chrome.js): captions drawn by the page
// in the band the scenes keep free, a caption size, the chapters and checks marked on the seek bar,
// and the keys. Runs after player.js (window.LessonPlayer), on the lesson's page and each clip's.
(() => {
  "use strict";

  const video = document.querySelector("video[data-player]");
  const player = video && video.closest(".player");
  const dataElement = document.getElementById("lesson-data");
  if (!video || !player || !dataElement || !window.LessonPlayer) return;

  const data = JSON.parse(dataElement.textContent);
  const sentences = data.sentences;
  const captionBox = player.querySelector("[data-captions]");
  const captionText = player.querySelector("[data-caption-text]");
  const sizeButton = player.querySelector("[data-caption-size]");
  const marks = player.querySelector("[data-seek-marks]");
  const pins = player.querySelector("[data-seek-pins]");
  const keysDialog = document.querySelector("dialog[data-keys]");
  const keysButton = player.querySelector("[data-keys-open]");

  // Media Chrome names its captions toggle a button yet marks it aria-checked, which only a switch
  // may carry (axe: aria-allowed-attr); it sets the role when it connects (again if it is moved).
  const captionsToggle = player.querySelector("media-captions-button");
  const asSwitch = () => {
    if (captionsToggle.getAttribute("role") !== "switch") captionsToggle.setAttribute("role", "switch");
  };
  if (captionsToggle) {
    asSwitch();
    new MutationObserver(asSwitch).observe(captionsToggle, { attributes: true, attributeFilter: ["role"] });
  }

  // --- captions: the active cues of the showing captions track, in the picture's bottom band ---
  const SIZES = ["small", "medium", "large"]; // large: under the picture, where it covers nothing
  const SCALE = { small: 0.8, medium: 1, large: 1.3 };
  const LARGE_MIN_PX = 18;
  const READABLE_PX = 14; // unless the learner chose a size, captions start no smaller than this
  const LINE_HEIGHT = 1.25; // two lines of it fill the band at "medium"
  const SIZE_KEY = "lesson-player-caption-size";
  let chosen = null; // the learner's size; until then, medium where it reads, else under the picture
  let size = "medium";
  try {
    const kept = localStorage.getItem(SIZE_KEY);
    if (SIZES.includes(kept)) chosen = kept;
  } catch (_) { /* storage refused (a sandboxed frame): the default size */ }

  const captionTrack = () => Array.from(video.textTracks).find((t) => t.kind === "captions") || null;

  function drawCaption() {
    const track = captionTrack();
    const cues = track && track.mode === "showing" && track.activeCues ? Array.from(track.activeCues) : [];
    const text = cues.map((c) => c.getCueAsHTML().textContent).join("\n");
    if (captionText.textContent !== text) captionText.textContent = text;
    captionText.hidden = text === "";
  }

  /** The picture's box inside the video element (letterboxed as object-fit: contain draws it). */
  function pictureBox() {
    const host = player.getBoundingClientRect();
    const box = video.getBoundingClientRect();
    const vw = video.videoWidth || 16;
    const vh = video.videoHeight || 9;
    const scale = Math.min(box.width / vw, box.height / vh);
    const width = vw * scale;
    const height = vh * scale;
    return { left: box.left - host.left + (box.width - width) / 2, top: box.top - host.top + (box.height - height) / 2,
             width, height };
  }

  function placeCaptions() {
    const band = parseFloat(getComputedStyle(player).getPropertyValue("--caption-band"));
    const picture = pictureBox();
    const bandPx = picture.height * band;
    const bandFontPx = bandPx / 2 / LINE_HEIGHT;
    size = chosen || (bandFontPx * SCALE.medium < READABLE_PX ? "large" : "medium"); // a phone's band is small
    const fontPx = bandFontPx * SCALE[size];
    const below = size === "large";
    player.classList.toggle("player--captions-below", below);
    captionBox.style.fontSize = (below ? Math.max(LARGE_MIN_PX, fontPx) : fontPx) + "px";
    captionBox.style.lineHeight = String(LINE_HEIGHT);
    for (const [key, value] of Object.entries(below ? { left: "", top: "", width: "", height: "" } : {
      left: picture.left, top: picture.top + picture.height - bandPx, width: picture.width, height: bandPx,
    })) {
      captionBox.style[key] = value === "" ? "" : value + "px";
    }
    reserveLines(below);
    sizeButton.setAttribute("aria-label", "Caption size: " + size);
    sizeButton.dataset.size = size;
  }

  /** Under the picture, the box is as high as the tallest cue at this width and size, so that the
   *  control bar below it stays put as cues of more or fewer lines come and go (a cue's two lines
   *  wrap to three or four on a phone). */
  function reserveLines(below) {
    captionBox.style.minHeight = "";
    if (!below) return;
    const [shown, wasHidden] = [captionText.textContent, captionText.hidden];
    captionText.hidden = false;
    let tallest = 0;
    for (const cue of data.captions || []) {
      captionText.textContent = cue.text;
      tallest = Math.max(tallest, captionBox.getBoundingClientRect().height);
    }
    captionText.textContent = shown;
    captionText.hidden = wasHidden;
    if (tallest) captionBox.style.minHeight = tallest + "px";
  }

  sizeButton.addEventListener("click", () => {
    chosen = SIZES[(SIZES.indexOf(size) + 1) % SIZES.length];
    try { localStorage.setItem(SIZE_KEY, chosen); } catch (_) { /* not kept: this visit only */ }
    placeCaptions();
  });

  function watchTrack(track) {
    if (track.kind === "captions") track.addEventListener("cuechange", drawCaption);
  }
  Array.from(video.textTracks).forEach(watchTrack);
  video.textTracks.addEventListener("addtrack", (event) => { watchTrack(event.track); drawCaption(); });
  video.textTracks.addEventListener("change", drawCaption);
  for (const type of ["timeupdate", "seeked", "loadedmetadata"]) video.addEventListener(type, drawCaption);
  video.addEventListener("loadedmetadata", placeCaptions);
  new ResizeObserver(placeCaptions).observe(video);
  document.addEventListener("fullscreenchange", placeCaptions);
  placeCaptions();
  drawCaption();

  // --- on the seek bar: a tick where each chapter starts; other scripts' pins at their times ---
  const atTime = (t) => Math.min(100, (100 * t) / data.duration) + "%";
  function mark(t, label) {
    if (!data.duration || !(t > 0)) return;
    const tick = document.createElement("span");
    tick.className = "player-mark";
    tick.style.left = atTime(t);
    tick.title = label;
    marks.append(tick);
  }
  for (const c of data.chapters || []) mark(c.start, c.text);

  // --- keys: anywhere on the page but where the learner types, or where the key has its own use ---
  const TYPING = "input:not([type=button]):not([type=checkbox]):not([type=radio]):not([type=range])"
    + ":not([type=submit]):not([type=reset]), textarea, select, [contenteditable]:not([contenteditable=false])";
  // Space presses or picks these; the arrows move inside these: the keys keep that use there.
  const PRESSABLE = "button, a[href], summary, input, select, label, [role=button], [role=link], [role=checkbox],"
    + " [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option]";
  const ARROWED = "input, select, [role=slider], [role=radio], [role=tab], [role=menuitem], [role=option],"
    + " [role=spinbutton], media-time-range, media-volume-range";

  const inside = (target, selector) => target instanceof Element && target.closest(selector) !== null;
  const isMediaControl = (target) => target instanceof Element && target.tagName.startsWith("MEDIA-");

  function togglePlay() {
    if (video.paused || video.ended) {
      const started = video.play();
      if (started) started.catch(() => { /* refused (no data yet): the play button says so */ });
    } else {
      video.pause();
    }
  }

  function stepSentence(by) {
    const at = sentences.findIndex((s) => s.id === window.LessonPlayer.sentence);
    const index = Math.max(0, Math.min(sentences.length - 1, (at < 0 ? 0 : at) + by));
    if (sentences.length) window.LessonPlayer.seekTo(sentences[index].id);
  }

  function toggleCaptions() {
    const track = captionTrack();
    if (track) track.mode = track.mode === "showing" ? "disabled" : "showing";
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) {
      document.exitFullscreen();
    } else if (player.requestFullscreen) {
      player.requestFullscreen().catch(() => { /* refused (an iframe without allowfullscreen) */ });
    }
  }

  function showKeys() {
    if (keysDialog && !keysDialog.open) keysDialog.showModal();
  }
  if (keysButton) keysButton.addEventListener("click", showKeys);

  const ACTIONS = {
    " ": togglePlay, k: togglePlay,
    j: () => stepSentence(-1), ArrowLeft: () => stepSentence(-1),
    l: () => stepSentence(1), ArrowRight: () => stepSentence(1),
    c: toggleCaptions, f: toggleFullscreen, "?": showKeys,
  };

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.length === 1 && event.key !== " " ? event.key.toLowerCase() : event.key;
    const action = ACTIONS[key];
    const target = event.target;
    if (!action || inside(target, TYPING) || inside(target, "dialog[open]")) return;
    if (key === " " && (inside(target, PRESSABLE) || isMediaControl(target))) return; // Space presses it
    if (key.startsWith("Arrow") && (inside(target, ARROWED) || isMediaControl(target))) return; // it moves
    event.preventDefault(); // Space never scrolls the page
    action();
  });

  // Scripts loaded after this one pin their own times on the seek bar (checks.js: each check);
  // `pin` is null when Media Chrome did not load, so there is no seek bar to pin on.
  window.LessonControls = {
    /** Put `element` (a button that names itself) on the seek bar at `t` seconds; a click beside it
     *  still seeks. */
    pin: customElements.get("media-time-range") ? (t, element) => {
      element.style.left = data.duration ? atTime(t) : "0%";
      pins.append(element);
    } : null,
  };
})();
