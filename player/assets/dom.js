// The page's DOM pieces, for the explore panel, the checks and the end card and for every
// lesson's own page scripts (window.LessonExploreParts): an element maker and the panel's cells
// and tables, whose classes and data attributes explore.js and explore.css know. Loaded before
// all of them.
(function (parts) {
  "use strict";

  /** An element with attributes (`class`, `text`, or any; false/null/undefined left out) and children. */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }
  parts.el = el;

  /** An entry a learner edits: matrix `m` (named and labelled by `meta`: name, rows(s), cols(s)) at row i, column j. */
  parts.inputCell = function inputCell(meta, s, m, i, j) {
    return el("td", { class: "explore-in" }, el("input", {
      type: "text", inputmode: "decimal", class: "explore-num", autocomplete: "off", spellcheck: "false",
      "data-m": m, "data-i": i, "data-j": j,
      "aria-label": `${meta.name}, ${meta.rows(s)[i]} row, ${meta.cols(s)[j]} column`,
      "aria-describedby": `explore-error-${m}`,
    }));
  };

  /** A computed cell: `kind` (queries, scores, weights, ...) at row i, column j, as `figure`. */
  parts.cell = function cell(kind, i, j, figure, extra) {
    return el("td", {
      class: "explore-out" + (extra ? " " + extra : ""), tabindex: "0", "data-cell": `${kind}-${i}-${j}`,
      "data-figure": figure, "aria-describedby": "explore-explain-text",
    });
  };

  /** A text around the cells that follows the numbers too (`name` with `arg`, filled by the views). */
  parts.live = (tag, name, arg, attrs) => el(tag, { ...attrs, "data-live": name, "data-arg": arg });

  /** A table: caption (text or a caption element), a header row headed by `corner`, and one row
   *  per row heading, cells from `make(i, j)`; opts: `cls` (an extra class), `rowClass(i)`. */
  parts.table = function table(caption, corner, colHeads, rowHeads, make, opts) {
    const head = el("tr", {}, el("th", { scope: "col", class: "explore-corner" }, corner),
      ...colHeads.map((h) => (h instanceof Node ? h : el("th", { scope: "col" }, h))));
    const rows = rowHeads.map((h, i) => el("tr", { class: opts && opts.rowClass ? opts.rowClass(i) : null },
      el("th", { scope: "row" }, h), ...colHeads.map((_, j) => make(i, j))));
    const t = el("table", { class: "explore-table" + (opts && opts.cls ? " " + opts.cls : "") },
      caption instanceof Node ? caption : el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...rows));
    const more = el("p", { class: "explore-more", hidden: true }); // explore.js says where more columns are
    return el("div", { class: "explore-table-wrap" }, more, t);
  };

  /** Write every live figure (`live`: the lesson's texts by data-live) and every cell (`text(e)`,
   *  and `share(e)` for a percent cell's bar) of `root`, marking the cells whose text differs from
   *  the narrated one (`narrated(e)`) with the narrated text as their title; how many differ. */
  parts.fillCells = function fillCells(root, live, text, share, narrated) {
    let differ = 0;
    for (const e of root.querySelectorAll("[data-live]")) {
      const t = live(e);
      if (e.textContent !== t) e.textContent = t;
    }
    for (const e of root.querySelectorAll("[data-cell]")) {
      const t = text(e); // the strings the video shows, hyphen-minus and all
      if (e.textContent !== t) e.textContent = t;
      const was = narrated(e);
      const moved = t !== was;
      e.classList.toggle("explore-changed-cell", moved);
      if (moved) {
        differ++;
        e.title = `narrated: ${was}`;
      } else {
        e.removeAttribute("title");
      }
      if (e.dataset.figure === "percent") e.style.setProperty("--share", String(share(e)));
    }
    return differ;
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
