// The clip gallery: copy buttons for the embed snippets, and absolute addresses when served over HTTP.
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

  function selectText(element) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy(button) {
    const code = document.getElementById(button.dataset.copy);
    let copied = false;
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
