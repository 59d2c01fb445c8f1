// The live preview's page script. Only `./lesson preview` adds it, as it serves the page; the
// build's own pages never carry it. It waits for each finished render, swaps the new lesson in at
// the same sentence and play state, and keeps a one-line status: rendering…, updated, or the error.
(() => {
  "use strict";

  const me = document.currentScript;
  const base = me.src.replace(/[^/]*$/, ""); // the preview's URL folder
  const READY_TIMEOUT_MS = 4000; // a new video that will not load is shown anyway after this
  const api = (window.lessonPreview = { version: null, shownAt: null, state: null });
  let seq = -1; // the first status request is answered at once
  let shown = me.dataset.version === "None" ? null : Number(me.dataset.version);
  api.version = shown;

  const line = document.createElement("p");
  line.className = "preview-status";
  line.setAttribute("role", "status");
  line.style.cssText =
    "position:fixed;right:8px;bottom:8px;z-index:20;margin:0;padding:4px 10px;max-width:min(92vw,52em);" +
    "font:13px/1.45 system-ui,'DejaVu Sans',sans-serif;white-space:pre-wrap;border-radius:6px;" +
    "background:#1d1f23;color:#fff;box-shadow:0 1px 4px rgba(0,0,0,.3)";
  document.body.appendChild(line);

  function say(state) {
    api.state = state;
    line.dataset.state = state.state;
    line.style.background = state.state === "error" ? "#9b1c1c" : "#1d1f23";
    if (state.state === "error") {
      line.textContent = state.error + (shown === null ? "" : "\n(the last good lesson is still playing)");
    } else if (state.state === "rendering" || state.state === "starting") {
      line.textContent = "rendering…";
    } else {
      const warming = state.beats && state.copies < state.beats;
      line.textContent = "updated " + state.seconds.toFixed(1) + " s" + (warming
        ? " · getting ready for quick edits (" + state.copies + " of " + state.beats + " sentences)"
        : "");
    }
  }

  function lessonData(root) {
    const element = root.getElementById("lesson-data");
    return element ? JSON.parse(element.textContent) : { sentences: [] };
  }

  /** The sentence playing in `video` and how far into it, with the play state. */
  function placeOf(video) {
    const sentences = lessonData(document).sentences;
    const t = video.currentTime;
    let index = 0;
    sentences.forEach((s, i) => { if (s.start <= t + 0.001) index = i; });
    const s = sentences[index];
    const captions = Array.from(video.textTracks).find((track) => track.kind === "captions");
    return { id: s ? s.id : null, index, offset: s ? t - s.start : t, paused: video.paused,
             muted: video.muted, volume: video.volume, rate: video.playbackRate,
             captions: captions ? captions.mode : null };
  }

  /** The same place in the new lesson: the same sentence (by id, else by position), as far in. */
  function timeIn(data, place) {
    const list = data.sentences;
    const s = list.find((x) => x.id === place.id) || list[Math.min(place.index, list.length - 1)];
    if (!s) return 0;
    return Math.max(s.start, Math.min(s.start + place.offset, s.end - 0.05));
  }

  /** Resolves once `video` has loaded and shows time `t` (or after READY_TIMEOUT_MS). */
  function ready(video, t) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, READY_TIMEOUT_MS);
      const done = () => { clearTimeout(timer); resolve(); };
      video.addEventListener("loadeddata", () => {
        if (Math.abs(video.currentTime - t) < 0.01) return done();
        video.addEventListener("seeked", done, { once: true });
        video.currentTime = t;
      }, { once: true });
      video.addEventListener("error", done, { once: true });
      video.preload = "auto";
      video.load();
    });
  }

  function runScripts(doc) {
    const loads = Array.from(doc.querySelectorAll("script[src]")).map((old) => new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = old.getAttribute("src");
      script.onload = script.onerror = resolve;
      document.body.insertBefore(script, line);
    }));
    return Promise.all(loads);
  }

  async function swap(version) {
    const response = await fetch(base + version + "/index.html", { cache: "no-store" });
    if (!response.ok) return; // already replaced by a newer version, which follows
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const data = lessonData(doc);
    const old = document.querySelector("video[data-player]");
    let place = old ? placeOf(old) : null;
    // The new video loads (off the page) while the old one plays on; a slot marks its place.
    const incoming = doc.querySelector("video[data-player]");
    const fresh = document.importNode(incoming, true);
    const slot = doc.createElement("span");
    slot.id = "preview-video-slot";
    incoming.replaceWith(slot);
    if (place) Object.assign(fresh, { muted: place.muted, volume: place.volume, playbackRate: place.rate });
    await ready(fresh, place ? timeIn(data, place) : 0);
    if (old) {
      place = placeOf(old); // it may have played on while the new video loaded
      old.pause();
    }
    const t = place ? timeIn(data, place) : 0;
    if (Math.abs(fresh.currentTime - t) > 0.01) fresh.currentTime = t;

    for (const element of Array.from(document.body.children)) {
      if (element !== line && element !== me) element.remove();
    }
    for (const link of doc.head.querySelectorAll('link[rel="stylesheet"]')) {
      const href = link.getAttribute("href");
      if (!document.head.querySelector('link[rel="stylesheet"][href="' + CSS.escape(href) + '"]')) {
        document.head.appendChild(document.importNode(link, true)); // the first lesson after a waiting page
      }
    }
    for (const element of Array.from(doc.body.children)) {
      if (element.tagName === "SCRIPT" && element.hasAttribute("src")) continue; // run below
      const copy = document.importNode(element, true);
      for (const script of copy.querySelectorAll("script[src]")) script.remove();
      document.body.insertBefore(copy, me);
    }
    document.getElementById("preview-video-slot").replaceWith(fresh);
    document.title = doc.title;
    document.body.className = doc.body.className; // the page's layout hangs on it
    if (old) {
      for (const source of old.querySelectorAll("source")) source.remove();
      old.removeAttribute("src");
      old.load(); // lets go of the old file
    }
    // The player script starts over on the new page; an address that links a sentence would
    // make it seek to that sentence's start, so it is set aside while the script starts.
    const hash = location.hash;
    if (hash) history.replaceState(history.state, "", location.pathname + location.search);
    await runScripts(doc);
    fresh.currentTime = t; // the player's seek handlers mark the sentence and scroll to it
    if (hash) history.replaceState(history.state, "", hash);
    if (place && place.captions) {
      const captions = Array.from(fresh.textTracks).find((track) => track.kind === "captions");
      if (captions) captions.mode = place.captions;
    }
    if (place && !place.paused) fresh.play().catch(() => {});
    shown = version;
    api.version = version;
    api.shownAt = performance.timeOrigin + performance.now();
    document.documentElement.dataset.previewVersion = String(version);
  }

  async function listen() {
    for (;;) {
      let state;
      try {
        const response = await fetch(base + "status?since=" + seq, { cache: "no-store" });
        state = await response.json();
      } catch (_) {
        line.textContent = "the preview server is not answering; start ./lesson preview again";
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      seq = state.seq;
      if (state.version !== null && state.version !== shown) {
        try {
          await swap(state.version);
        } catch (e) {
          console.error("lesson preview: could not show version " + state.version, e);
        }
      }
      say(state);
    }
  }

  if (shown !== null) {
    api.shownAt = performance.timeOrigin + performance.now();
    document.documentElement.dataset.previewVersion = String(shown);
  }
  say({ state: "starting" });
  listen();
})();
