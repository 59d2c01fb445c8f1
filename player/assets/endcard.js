// The end card: when the lesson ends, a card under the video with the learner's check results
// (from checks.js, each as its mark says it, an unanswered one a button away), "Watch again", and
// the course's next stop (the course header's own link; inside a SCORM platform, which leads from
// stop to stop, a line saying so). It never covers the video, and goes when the video plays again
// or a check or the explore panel opens.
(() => {
  "use strict";

  const video = document.querySelector("video[data-player]");
  const frame = video && video.closest(".video-frame");
  const E = window.LessonExploreParts;
  if (!frame || !E) return;
  const el = E.el;
  const layout = frame.parentElement;
  const inPlatform = Array.isArray(window.lessonRestoredAnswers); // scorm.js found a platform
  const nextStop = document.querySelector('.course-nav a[rel="next"]');
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  const heading = el("h2", { id: "end-card-title", tabindex: "-1" }, "The end of the lesson");
  const score = el("p", { class: "end-card-score" });
  const list = el("ul", { class: "end-card-checks" });
  const again = el("button", { type: "button", class: "action primary end-card-again" }, "Watch again");
  const actions = el("div", { class: "end-card-actions" }, again);
  if (nextStop && !inPlatform) {
    // the header's link, its words without the arrow: "Next: <the next stop's title>"
    const words = Array.from(nextStop.childNodes)
      .filter((n) => !(n.nodeType === 1 && n.getAttribute("aria-hidden") === "true"))
      .map((n) => n.textContent).join("").trim();
    actions.append(el("a", { class: "action end-card-next", href: nextStop.getAttribute("href"), rel: "next" }, words));
  }
  const platformLine = inPlatform ? el("p", { class: "end-card-note" }, "Your learning platform leads on to the next stop.") : null;
  const card = el("section", { id: "end-card", class: "end-card", "aria-labelledby": "end-card-title", hidden: true },
    heading, score, list, actions, platformLine);
  frame.after(card);

  function fill() {
    const checks = window.LessonChecks;
    const results = checks && checks.results ? checks.results() : [];
    score.hidden = list.hidden = !results.length;
    if (!results.length) return;
    const right = results.filter((r) => r.state === "right").length;
    score.textContent = `Your checks: ${right} of ${results.length} right.`;
    list.replaceChildren(...results.map((r) => {
      const line = el("p", {}, `Check ${r.number} · ${r.kind}: ${r.question} `,
        el("span", { class: "end-card-state" }, `(${r.words})`));
      if (r.state === "open" || r.state === "skipped") {
        const ask = el("button", { type: "button", class: "action end-card-ask", "aria-label": `Answer check ${r.number} now` }, "Answer it now");
        ask.addEventListener("click", () => { hide(); backToCard = true; checks.ask(r.id); });
        line.append(" ", ask);
      }
      return el("li", { "data-state": r.state }, el("span", { class: "end-card-mark", "aria-hidden": "true" }), line);
    }));
  }

  function show() {
    fill();
    card.hidden = false;
    layout.classList.add("ended");
    heading.focus({ preventScroll: true });
    card.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
  }

  function hide() {
    if (card.hidden) return;
    card.hidden = true;
    layout.classList.remove("ended");
  }

  const busy = () => layout.classList.contains("checking") || layout.classList.contains("exploring");
  // ended: a check due at the very end opens first; the card comes once nothing else is open
  video.addEventListener("ended", () => { if (!busy()) show(); });
  /** Back at the end with the card, the learner's results brought up to date. */
  function returnToCard() {
    video.addEventListener("seeked", show, { once: true });
    if (window.LessonPlayer) window.LessonPlayer.seek(video.duration);
    else video.currentTime = video.duration;
  }

  let backToCard = false; // a check answered from the card: closed on a paused video, the card comes back
  new MutationObserver(() => {
    if (busy()) {
      hide();
    } else if (backToCard) {
      backToCard = false;
      if (video.paused) returnToCard();
    } else if (video.ended && card.hidden) {
      show(); // the check asked at the end closed
    }
  }).observe(layout, { attributes: true, attributeFilter: ["class"] });
  video.addEventListener("play", hide);
  video.addEventListener("seeking", () => { if (!video.ended) hide(); });
  again.addEventListener("click", () => {
    hide();
    if (window.LessonPlayer) window.LessonPlayer.seek(0);
    else video.currentTime = 0;
    video.focus({ preventScroll: true });
    const playing = video.play();
    if (playing && playing.catch) playing.catch(() => {});
  });

  window.LessonEndCard = { get shown() { return !card.hidden; } };
})();
