// The page's one DOM helper, for the explore panel, the checks and the end card and for every
// lesson's own page scripts (window.LessonExploreParts.el): loaded before all of them.
(function (parts) {
  "use strict";

  /** An element with attributes (`class`, `text`, or any; false/null/undefined left out) and children. */
  parts.el = function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
