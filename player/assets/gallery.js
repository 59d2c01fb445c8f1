// The clip gallery: copy buttons for the embed snippets, absolute addresses when served over HTTP,
// and a menu per clip that starts both snippets at one of its sentences (#s= for the iframe, a Media
// Fragment #t= for the plain video).
(() => {
  "use strict";

  const status = document.getElementById("copy-status");

  // Snippets are written relative to the lesson folder; served, point them at this server instead.
  if (location.protocol === "http:" || location.protocol === "https:") {
    const lessonFolder = new URL("../", location.href);
    for (const code of document.querySelectorAll("[data-snippet]")) {
      code.textContent = code.textContent.replace(/(src|poster)="(clips\/[^"]+)"/g,
        (_, attribute, path) => attribute + '="' + new URL(path, lessonFolder).href + '"');
    }
  }

  // Each snippet as written (addresses settled above), so a start can be set and taken away again.
  const plain = new Map();
  for (const code of document.querySelectorAll("[data-snippet]")) plain.set(code, code.textContent);

  function startAt(select) {
    const option = select.selectedOptions[0];
    const id = select.value;
    const clip = select.dataset.startFor;
    for (const [kind, pattern, fragment] of [
      ["iframe", /(src="[^"#]+\.html)"/, id ? "#s=" + encodeURIComponent(id) : ""],
      ["video", /(src="[^"#]+\.mp4)"/, id ? "#t=" + option.dataset.time : ""]]) {
      const code = document.getElementById(kind + "-" + clip);
      if (code) code.textContent = plain.get(code).replace(pattern, (_, head) => head + fragment + '"');
    }
  }

  for (const select of document.querySelectorAll("select[data-start-for]")) {
    select.addEventListener("change", () => startAt(select));
    if (select.value) startAt(select); // a choice the browser kept across a reload
  }

  function selectText(element) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy(button) {
    const code = document.getElementById(button.dataset.copy);
    let copied;
    try {
      await navigator.clipboard.writeText(code.textContent);
      copied = true;
    } catch (_) {
      selectText(code);
      copied = document.execCommand && document.execCommand("copy");
    }
    if (status) {
      status.textContent = copied ? "Copied to the clipboard." : "Selected: press Ctrl+C (⌘C) to copy.";
    }
  }

  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.addEventListener("click", () => copy(button));
  }
})();
