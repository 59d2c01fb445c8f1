// "Explore this step": pauses the video and opens a panel on the step of attention the beat shows,
// with its numbers recomputed live (attention.js) as the learner picks who asks, edits embeddings
// and weights, swaps words, masks, unscales or heats the softmax. The state lives in the address.
// Every number comes from the build's `explore-data`; nothing here is a lesson figure.
(() => {
  "use strict";

  const A = window.LessonAttention;
  const dataElement = document.getElementById("explore-data");
  const cueElement = document.getElementById("lesson-data");
  const video = document.querySelector("video[data-player]");
  const frame = video && video.closest(".video-frame");
  if (!A || !dataElement || !cueElement || !frame) return;

  const { core, beats } = JSON.parse(dataElement.textContent);
  const sentences = JSON.parse(cueElement.textContent).sentences;
  const starts = sentences.map((s) => s.start);
  const STEPS = core.steps.map((s) => s.id);
  const TITLES = Object.fromEntries(core.steps.map((s) => [s.id, s.title]));
  const VOCABULARY = new Map(Object.entries(core.vocabulary)); // a Map: an address may name "constructor"
  const LIMIT = core.entry_limit;
  const NUDGE = core.entry_step;
  const TEMP = core.temperature;
  const EPSILON = 0.001; // seconds, as player.js: a sentence counts as started this close before
  const DRAG_PX = 4; // pixels of drag per nudge
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const MATRICES = {
    x: { name: "embedding", rows: () => state.words, cols: () => core.features },
    w_q: { name: "W_Q", rows: () => core.features, cols: () => core.qk_dims },
    w_k: { name: "W_K", rows: () => core.features, cols: () => core.qk_dims },
    w_v: { name: "W_V", rows: () => core.features, cols: () => core.features },
  };

  const IN_ADDRESS = { x: "x", w_q: "wq", w_k: "wk", w_v: "wv" }; // names in #edit=wk_1_0_1.5~...
  const copy = (m) => m.map((row) => row.slice());
  const lessonState = () => ({
    words: core.tokens.slice(), x: copy(core.embeddings), w_q: copy(core.w_q), w_k: copy(core.w_k),
    w_v: copy(core.w_v), ask: core.focus, causal: false, scaled: true, temperature: TEMP.lesson,
  });
  const LESSON = lessonState();
  const compute = (s) => A.attend(s.x, s.w_q, s.w_k, s.w_v,
    { causal: s.causal, scaled: s.scaled, temperature: s.temperature });
  const base = compute(LESSON); // the narrated numbers, for marking what changed

  let state = lessonState();
  let result = base;
  let step = STEPS[0];
  let sentenceId = sentences.length ? sentences[0].id : "";
  let isOpen = false;
  let outputs = []; // {el, text(r), explain()}: computed cells, refreshed on every change
  let inputs = []; // {el, m, i, j}: editable cells
  let announceTimer = 0;
  let lastTiming = null; // {compute, update} in ms, of the last refresh (for bench/)
  let addressTimer = 0;
  const ADDRESS_MS = 200;

  // --- the button and the panel ---
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

  const openButton = el("button", {
    type: "button", class: "explore-open", "aria-expanded": "false", "aria-controls": "explore",
    "aria-keyshortcuts": "E",
  }, "Explore this step");
  const hint = el("span", { class: "explore-hint" });
  const bar = el("div", { class: "explore-bar" }, openButton, hint);

  const heading = el("h2", { id: "explore-heading", tabindex: "-1" });
  const beatLine = el("p", { class: "explore-beat" });
  const backButton = el("button", { type: "button", class: "explore-back" }, "Back to the lesson");
  const stepList = el("ol", { class: "explore-steps" });
  const askSet = el("fieldset", { class: "explore-ask" });
  const wordSet = el("fieldset", { class: "explore-words" });
  const maskBox = el("input", { type: "checkbox", id: "explore-mask" });
  const scaleBox = el("input", { type: "checkbox", id: "explore-scale" });
  const tempSlider = el("input", {
    type: "range", id: "explore-temp", min: TEMP.min, max: TEMP.max, step: TEMP.step,
  });
  const tempOut = el("output", { for: "explore-temp", id: "explore-temp-value" });
  const options = el("fieldset", { class: "explore-options" }, el("legend", { text: "Options" }),
    el("label", { class: "explore-check" }, maskBox, " Causal mask: a token sees only itself and those before it"),
    el("label", { class: "explore-check" }, scaleBox,
      ` Divide the scores by √d_k (d_k = ${core.qk_dims.length})`),
    el("div", { class: "explore-temp" }, el("label", { for: "explore-temp" }, "Softmax temperature "),
      tempSlider, tempOut));
  const changed = el("p", { class: "explore-changed" });
  const body = el("div", { class: "explore-body" });
  const explainText = el("p", { id: "explore-explain-text" },
    "Hover over or focus a computed number to see how it was made.");
  const explain = el("div", { class: "explore-explain" },
    el("h3", { text: "How this was computed" }), explainText);
  const link = el("input", {
    type: "text", readonly: true, class: "explore-link", id: "explore-link", "aria-label": "Link to this state",
  });
  const copyButton = el("button", { type: "button", class: "explore-copy" }, "Copy link");
  const resetButton = el("button", { type: "button", class: "explore-reset" }, "Reset the numbers");
  const live = el("p", { class: "explore-live", role: "status", "aria-live": "polite" });
  const panel = el("section", {
    id: "explore", class: "explore", "aria-labelledby": "explore-heading", hidden: true,
  },
    el("div", { class: "explore-head" }, el("div", {}, heading, beatLine), backButton),
    el("nav", { "aria-label": "Steps of attention" }, stepList),
    el("div", { class: "explore-controls" }, askSet, wordSet, options),
    changed, body, explain,
    el("div", { class: "explore-share" }, copyButton, link, resetButton),
    live);
  frame.after(bar, panel);
  const layout = frame.parentElement;

  for (const id of STEPS) {
    stepList.append(el("li", {}, el("button", { type: "button", "data-step": id }, TITLES[id])));
  }

  // --- numbers as words ---
  const score = (v) => (v === -Infinity ? "masked" : A.scoreFigure(v, core.score_decimals));
  const short = (v) => (v === -Infinity ? "−∞" : String(Number(v.toFixed(3))).replace("-", "−"));
  const entry = (v) => (Number.isInteger(v) ? v.toFixed(1) : String(v)); // 1 -> "1.0", as the scenes

  // --- which beat is showing ---
  function sentenceAt(t) {
    let found = 0;
    for (let i = 0; i < starts.length; i++) if (starts[i] <= t + EPSILON) found = i;
    return sentences.length ? sentences[found].id : "";
  }

  const stepOf = (id) => (STEPS.includes(beats[id]) ? beats[id] : STEPS[0]);

  function showHint() {
    const id = sentenceAt(video.currentTime);
    hint.textContent = `This beat: ${TITLES[stepOf(id)]} · key E`;
  }

  // --- tables ---
  function inputCell(m, i, j) {
    const meta = MATRICES[m];
    const input = el("input", {
      type: "text", inputmode: "decimal", class: "explore-num", autocomplete: "off", spellcheck: "false",
      "data-m": m, "data-i": i, "data-j": j,
      "aria-label": `${meta.name}, ${meta.rows()[i]} row, ${meta.cols()[j]} column`,
      "aria-describedby": `explore-error-${m}`,
    });
    inputs.push({ el: input, m, i, j });
    return el("td", { class: "explore-in" }, input);
  }

  function outCell(key, text, explainFn, extra) {
    const td = el("td", { class: "explore-out " + (extra || ""), tabindex: "0", "data-cell": key,
      "aria-describedby": "explore-explain-text" });
    outputs.push({ el: td, text, explain: explainFn });
    return td;
  }

  /** A weight's cell, its share drawn as a bar behind the number. */
  function weightCell(i, j) {
    const td = outCell(`weights-${i}-${j}`, (r) => A.percentFigure(r.weights[i][j]), explainWeight(i, j), "explore-weight");
    outputs[outputs.length - 1].share = (r) => r.weights[i][j];
    return td;
  }

  function liveHead(text) {
    const th = el("th", { scope: "col" });
    outputs.push({ el: th, text, head: true });
    return th;
  }

  /** A table: caption, a header row, and one row per row heading, cells from `cell(i, j)`. */
  function table(caption, corner, colHeads, rowHeads, cell, opts) {
    const head = el("tr", {}, el("th", { scope: "col", class: "explore-corner" }, corner),
      ...colHeads.map((h) => (h instanceof Node ? h : el("th", { scope: "col" }, h))));
    const rows = rowHeads.map((h, i) => el("tr", { class: opts && opts.rowClass ? opts.rowClass(i) : null },
      el("th", { scope: "row" }, h), ...colHeads.map((_, j) => cell(i, j))));
    const t = el("table", { class: "explore-table" + (opts && opts.cls ? " " + opts.cls : "") },
      el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, ...rows));
    return el("div", { class: "explore-table-wrap" }, t);
  }

  function errorLine(m) {
    return el("p", { class: "explore-error", id: `explore-error-${m}`, "data-error-for": m });
  }

  function editable(m, caption, transposed) {
    const meta = MATRICES[m];
    const rows = meta.rows();
    const cols = meta.cols();
    const wrap = transposed
      ? table(caption, "feature", rows.slice(), cols, (i, j) => inputCell(m, j, i))
      : table(caption, m === "x" ? "token" : "feature", cols, rows, (i, j) => inputCell(m, i, j));
    wrap.append(errorLine(m));
    return wrap;
  }

  // how each computed number was made, term by term
  function terms(a, b, names) {
    const parts = [];
    a.forEach((v, k) => { if (v !== 0 && b[k] !== 0) parts.push(`${short(v)} × ${short(b[k])} (${names[k]})`); });
    return parts.length ? parts.join(" + ") : "every term is 0";
  }

  const column = (m, j) => m.map((row) => row[j]);
  const asker = () => state.words[state.ask];
  const scaleText = () => (state.scaled ? ` ÷ √${result.dK}` : "");

  const PROJECTIONS = { // how each of a token's three vectors is made from its embedding
    queries: { kind: "query", w: "w_q", name: "W_Q", dims: core.qk_dims },
    keys: { kind: "key", w: "w_k", name: "W_K", dims: core.qk_dims },
    values: { kind: "value", w: "w_v", name: "W_V", dims: core.features },
  };

  function explainProjection(key, i, j) {
    const p = PROJECTIONS[key];
    return () => `${state.words[i]}'s ${p.kind}, ${p.dims[j]} = embedding · ${p.name} column = `
      + `${terms(state.x[i], column(state[p.w], j), core.features)} = ${short(result[key][i][j])}`;
  }

  function explainScore(i, j) {
    return () => {
      const s = result.scores[i][j];
      if (s === -Infinity) return `${state.words[j]} comes after ${state.words[i]}: the causal mask sets this score to −∞, so its weight is 0.`;
      const dot = result.queries[i].reduce((acc, q, k) => acc + q * result.keys[j][k], 0);
      return `score(${state.words[i]} → ${state.words[j]}) = query · key${scaleText()} = `
        + `(${terms(result.queries[i], result.keys[j], core.qk_dims)})${scaleText()} = ${short(dot)}${scaleText()} = ${short(s)}`;
    };
  }

  function explainWeight(i, j) {
    return () => {
      const row = result.scores[i];
      const t = state.temperature;
      const shown = row.map((s) => (s === -Infinity ? -Infinity : s / t));
      const max = Math.max(...shown);
      const heat = t === 1 ? "" : ` (each score ÷ temperature ${short(t)})`;
      if (row[j] === -Infinity) return `${state.words[j]} is masked: e^(−∞) = 0, so the weight is 0%.`;
      const parts = shown.map((s, k) => (s === -Infinity ? null : `e^(${short(s - max)}) [${state.words[k]}]`)).filter(Boolean);
      return `weight(${state.words[i]} → ${state.words[j]}) = e^(${short(shown[j] - max)}) ÷ (${parts.join(" + ")})${heat}`
        + ` = ${short(result.weights[i][j])} = ${A.percentFigure(result.weights[i][j])}`;
    };
  }

  function explainOutput(i, c) {
    return () => {
      const parts = result.weights[i].map((w, k) => `${A.percentFigure(w)} × ${short(result.values[k][c])} [${state.words[k]}]`);
      return `${state.words[i]}'s weighted sum, ${core.features[c]} = Σ weight × value = ${parts.join(" + ")} = ${short(result.output[i][c])}`;
    };
  }

  function explainNew(i, c) {
    return () => `${state.words[i]}'s new vector, ${core.features[c]} = embedding + weighted sum = `
      + `${short(state.x[i][c])} + ${short(result.output[i][c])} = ${short(state.x[i][c] + result.output[i][c])}`;
  }

  const VIEWS = {
    embeddings() {
      return [el("p", { class: "explore-note" }, "Each token starts as a vector of named features. Edit any of them, or swap a word above."),
        editable("x", "Embeddings: one column per token, one row per feature", true)];
    },
    qkv() {
      const tokenRow = (i) => (i === state.ask ? "explore-asker" : null);
      const proj = (key) => table(
        `${key[0].toUpperCase() + key.slice(1)}: embedding · ${PROJECTIONS[key].name}`, "token",
        PROJECTIONS[key].dims, state.words,
        (i, j) => outCell(`${key}-${i}-${j}`, (r) => score(r[key][i][j]), explainProjection(key, i, j)),
        { rowClass: tokenRow });
      return [
        el("p", { class: "explore-note" }, "W_Q, W_K and W_V turn each embedding into a query (what am I looking for), a key (what do I contain) and a value (what I'll hand over)."),
        el("div", { class: "explore-grid" }, editable("w_q", "W_Q: feature → query dimension"),
          editable("w_k", "W_K: feature → key dimension"), editable("w_v", "W_V: feature → value feature")),
        el("div", { class: "explore-grid" },
          proj("queries"), proj("keys"), proj("values")),
      ];
    },
    scores() {
      const a = state.ask;
      const heads = [`${asker()}'s query`, ...state.words.map((w) => `key: ${w}`)];
      const t = table(`${asker()}'s query against every key`, "dimension", heads, core.qk_dims, (i, j) => (j === 0
        ? outCell(`queries-${a}-${i}`, (r) => score(r.queries[a][i]), explainProjection("queries", a, i), "explore-query")
        : outCell(`keys-${j - 1}-${i}`, (r) => score(r.keys[j - 1][i]), explainProjection("keys", j - 1, i), "explore-key")));
      const tbody = t.querySelector("tbody");
      tbody.append(el("tr", { class: "explore-total" }, el("th", { scope: "row" }, "score"), el("td", {}, ""),
        ...state.words.map((_, j) => outCell(`scores-${a}-${j}`, (r) => score(r.scores[a][j]), explainScore(a, j), "explore-score"))));
      const rule = el("p", { class: "explore-rule" });
      outputs.push({ el: rule, text: () => `score = query · key${state.scaled ? ` / √${result.dK}` : ""}`, head: true });
      return [t, rule];
    },
    softmax() {
      const a = state.ask;
      const t = table(`${asker()}'s raw scores → softmax → weights`, "", state.words.map((w) => w), ["raw score", "weight"],
        (i, j) => (i === 0
          ? outCell(`scores-${a}-${j}`, (r) => score(r.scores[a][j]), explainScore(a, j), "explore-score")
          : weightCell(a, j)));
      t.querySelector(".explore-corner").textContent = "token";
      const total = el("p", { class: "explore-rule" });
      outputs.push({ el: total, text: (r) => `together: ${A.percentFigure(r.weights[a].reduce((x, y) => x + y, 0))}`, head: true });
      return [t, total];
    },
    "weighted-sum"() {
      const a = state.ask;
      const n = state.words.length;
      const heads = [...state.words.map((w, j) => liveHead((r) => `${w}\n×\u00a0${A.percentFigure(r.weights[a][j])}`)),
        "weighted sum", "+ embedding", "= new vector"];
      return [table(`Values × ${asker()}'s weights, summed, then added to ${asker()}'s embedding`,
        "feature", heads, core.features, (c, j) => {
          if (j < n) return outCell(`values-${j}-${c}`, (r) => A.valueFigure(r.values[j][c]), explainProjection("values", j, c), "explore-value");
          if (j === n) return outCell(`output-${a}-${c}`, (r) => A.valueFigure(r.output[a][c]), explainOutput(a, c), "explore-sum");
          if (j === n + 1) return outCell(`embedding-${a}-${c}`, () => A.valueFigure(state.x[a][c]), () => `${asker()}'s embedding, ${core.features[c]}: edit it in the Embeddings step.`);
          return outCell(`new-${a}-${c}`, (r) => A.valueFigure(state.x[a][c] + r.output[a][c]), explainNew(a, c), "explore-sum");
        })];
    },
    formula() {
      const a = state.ask;
      const formula = el("p", { class: "explore-formula" });
      outputs.push({ el: formula, head: true, text: () => {
        let inner = "QKᵀ" + (state.scaled ? ` / √${result.dK}` : "");
        if (state.temperature !== 1) inner = `(${inner}) / ${short(state.temperature)}`;
        if (state.causal) inner = `mask(${inner})`;
        return `softmax(${inner}) · V`;
      } });
      const parts = el("ul", { class: "explore-parts" },
        el("li", {}, el("b", { class: "q" }, "Q"), ": each token's query"),
        el("li", {}, el("b", { class: "k" }, "Kᵀ"), ": every key"),
        el("li", {}, el("b", {}, "/√d"), `: scale, d = ${result.dK}${state.scaled ? "" : " (switched off)"}`),
        el("li", {}, el("b", { class: "w" }, "softmax"), ": weights that sum to 1"),
        el("li", {}, el("b", { class: "v" }, "·V"), ": weighted sum of values"));
      const t = table(`${asker()}, step by step`, "token", state.words.map((w) => w), ["score", "weight"],
        (i, j) => (i === 0
          ? outCell(`scores-${a}-${j}`, (r) => score(r.scores[a][j]), explainScore(a, j), "explore-score")
          : weightCell(a, j)));
      return [formula, parts, t];
    },
    "all-at-once"() {
      const rowClass = (i) => (i === state.ask ? "explore-asker" : null);
      const words = state.words;
      const s = table(`Scores S = QKᵀ${state.scaled ? ` / √${result.dK}` : ""}: one row per asking token`, "asks ↓ / key →", words, words,
        (i, j) => outCell(`scores-${i}-${j}`, (r) => score(r.scores[i][j]), explainScore(i, j), "explore-score"), { rowClass });
      const w = table("Weights softmax(S): each row sums to 100%", "asks ↓ / key →", words, words,
        (i, j) => weightCell(i, j), { rowClass });
      const o = table("Output softmax(S) · V: every token's weighted sum", "token", core.features, words,
        (i, c) => outCell(`output-${i}-${c}`, (r) => A.valueFigure(r.output[i][c]), explainOutput(i, c), "explore-sum"), { rowClass });
      return [el("p", { class: "explore-note" }, "Every token asks at once: the rows are the askers, one matrix multiplication for all of them."),
        el("div", { class: "explore-grid" }, s, w), o];
    },
  };

  // --- building and refreshing ---
  function buildControls() {
    askSet.replaceChildren(el("legend", { text: "Who asks" }), ...state.words.map((w, i) => el("label", { class: "explore-pick" },
      el("input", { type: "radio", name: "explore-ask", value: i, checked: i === state.ask }), ` ${w}`)));
    const words = [...VOCABULARY.keys()];
    wordSet.replaceChildren(el("legend", { text: "The phrase: swap a word" }), ...state.words.map((w, i) => el("label", { class: "explore-swap" },
      el("span", { class: "visually-hidden" }, `Word ${i + 1} of ${state.words.length}`),
      el("select", { "data-word": i }, ...words.map((v) => el("option", { value: v, selected: v === w }, v))))));
    maskBox.checked = state.causal;
    scaleBox.checked = state.scaled;
    tempSlider.value = String(state.temperature);
    for (const b of stepList.querySelectorAll("button")) {
      if (b.dataset.step === step) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    }
    heading.textContent = `Explore: ${TITLES[step]}`;
    const said = sentences.find((s) => s.id === sentenceId);
    beatLine.textContent = said ? `Paused at “${said.text}”` : "";
  }

  function build() {
    outputs = [];
    inputs = [];
    buildControls();
    body.replaceChildren(...VIEWS[step]());
    explainText.textContent = "Hover over or focus a computed number to see how it was made.";
  }

  function refresh() {
    const t0 = performance.now();
    result = compute(state);
    const t1 = performance.now();
    const active = document.activeElement;
    let differ = 0;
    for (const o of outputs) {
      const text = o.text(result); // the strings the video shows, hyphen-minus and all
      if (o.el.textContent !== text) o.el.textContent = text;
      if (o.head) continue;
      const was = o.text(base);
      const moved = text !== was;
      o.el.classList.toggle("explore-changed-cell", moved);
      if (moved) {
        differ++;
        o.el.title = `narrated: ${was}`;
      } else {
        o.el.removeAttribute("title");
      }
      if (o.share) o.el.style.setProperty("--share", String(o.share(result)));
    }
    for (const inp of inputs) {
      const v = state[inp.m][inp.i][inp.j];
      if (inp.el !== active && inp.el.value !== entry(v)) inp.el.value = entry(v); // not under the caret
      inp.el.classList.toggle("explore-changed-cell", v !== LESSON[inp.m][inp.i][inp.j]);
    }
    tempOut.textContent = short(state.temperature);
    const count = editCount();
    changed.textContent = differ || count
      ? `Marked: ${differ} shown number${differ === 1 ? "" : "s"} differ from the narrated ones; `
        + `${count} change${count === 1 ? "" : "s"} of yours in play.`
      : "These are the narrated numbers. Change anything: what it moves gets marked.";
    if (isOpen) writeAddress();
    lastTiming = { compute: t1 - t0, update: performance.now() - t0 };
  }

  /** Differences from the lesson: swapped words, settings, and entries, as [kind, ...] items. */
  function edits() {
    const out = [];
    state.words.forEach((w, i) => { if (w !== LESSON.words[i]) out.push(["word", i, w]); });
    const swappedX = state.words.map((w) => VOCABULARY.get(w));
    for (const m of Object.keys(MATRICES)) {
      const from = m === "x" ? swappedX : LESSON[m];
      state[m].forEach((row, i) => row.forEach((v, j) => { if (v !== from[i][j]) out.push([m, i, j, v]); }));
    }
    return out;
  }

  function editCount() {
    return edits().length + (state.causal ? 1 : 0) + (state.scaled ? 0 : 1)
      + (state.temperature !== TEMP.lesson ? 1 : 0);
  }

  // --- the address: #s=<sentence>&x=<step>&ask=..&words=..&mask=1&scale=0&temp=..&edit=.. ---
  function encode() {
    const parts = [`s=${encodeURIComponent(sentenceId)}`, `x=${step}`];
    if (state.ask !== core.focus) parts.push(`ask=${state.ask}`);
    const changedWords = state.words.some((w, i) => w !== LESSON.words[i]);
    if (changedWords) parts.push(`words=${state.words.map(encodeURIComponent).join("~")}`);
    if (state.causal) parts.push("mask=1");
    if (!state.scaled) parts.push("scale=0");
    if (state.temperature !== TEMP.lesson) parts.push(`temp=${state.temperature}`);
    const entries = edits().filter((e) => e[0] !== "word").map(([m, ...rest]) => [IN_ADDRESS[m], ...rest].join("_"));
    if (entries.length) parts.push(`edit=${entries.join("~")}`);
    return "#" + parts.join("&");
  }

  function decode(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ""));
    if (!p.has("x")) return null;
    const s = lessonState();
    const out = { step: STEPS.includes(p.get("x")) ? p.get("x") : null, state: s };
    if (p.has("words")) {
      p.get("words").split("~").forEach((w, i) => {
        if (i < s.words.length && VOCABULARY.has(w)) { s.words[i] = w; s.x[i] = VOCABULARY.get(w).slice(); }
      });
    }
    const ask = Number(p.get("ask"));
    if (p.has("ask") && Number.isInteger(ask) && ask >= 0 && ask < s.words.length) s.ask = ask;
    s.causal = p.get("mask") === "1";
    s.scaled = p.get("scale") !== "0";
    const t = Number(p.get("temp"));
    if (p.has("temp") && Number.isFinite(t) && t >= TEMP.min && t <= TEMP.max) s.temperature = t;
    for (const item of (p.get("edit") || "").split("~")) {
      const [name, ...rest] = item.split("_");
      const m = Object.keys(IN_ADDRESS).find((k) => IN_ADDRESS[k] === name);
      const [i, j, value] = rest.map((x) => (x === "" ? NaN : Number(x)));
      const fits = m && Number.isInteger(i) && Number.isInteger(j) && i >= 0 && j >= 0
        && i < s[m].length && j < s[m][i].length;
      if (fits && Number.isFinite(value) && Math.abs(value) <= LIMIT) s[m][i][j] = value;
    }
    return out;
  }

  /** The address follows the state, at most every ADDRESS_MS: browsers throttle history calls. */
  function writeAddress(now) {
    clearTimeout(addressTimer);
    if (!now) {
      addressTimer = setTimeout(() => writeAddress(true), ADDRESS_MS);
      return;
    }
    const hash = encode();
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
    link.value = location.href;
  }

  // --- telling a listener what changed ---
  function announce() {
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => {
      const a = state.ask;
      live.textContent = `${asker()}'s weights: ` + state.words.map((w, j) => `${w} ${A.percentFigure(result.weights[a][j])}`).join(", ") + ".";
    }, 350);
  }

  // --- opening and closing ---
  function open(from) {
    if (!isOpen && !video.paused) video.pause();
    sentenceId = from && from.sentence ? from.sentence : sentenceAt(video.currentTime);
    step = (from && from.step) || stepOf(sentenceId);
    state = (from && from.state) || lessonState();
    isOpen = true;
    panel.hidden = false;
    layout.classList.add("exploring");
    openButton.setAttribute("aria-expanded", "true");
    build();
    refresh();
    writeAddress(true);
    if (!from || !from.quiet) {
      heading.focus({ preventScroll: true });
      panel.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
    }
  }

  function close() {
    isOpen = false;
    clearTimeout(addressTimer);
    state = lessonState();
    panel.hidden = true;
    layout.classList.remove("exploring");
    openButton.setAttribute("aria-expanded", "false");
    const hash = `#s=${encodeURIComponent(sentenceId)}`;
    if (location.hash !== hash) history.replaceState(history.state, "", hash);
  }

  function backToLesson() {
    close();
    openButton.focus();
    const playing = video.play();
    if (playing && playing.catch) playing.catch(() => {});
  }

  // --- the learner's moves ---
  const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

  function parse(raw) {
    const text = raw.trim().replace(/^−/, "-");
    const range = `a number from −${LIMIT} to ${LIMIT}`;
    if (!text) return { error: `Empty: type ${range}.` };
    if (!NUMBER.test(text)) return { error: `“${raw.trim()}” is not a number: type ${range}, like 0.5.` };
    const value = Number(text);
    if (!Number.isFinite(value) || Math.abs(value) > LIMIT) return { error: `${raw.trim()} is too large: type ${range}.` };
    return { value };
  }

  function setError(input, message) {
    const line = document.getElementById(`explore-error-${input.dataset.m}`);
    if (message) {
      input.setAttribute("aria-invalid", "true");
      if (line) line.textContent = message;
    } else if (input.hasAttribute("aria-invalid")) {
      input.removeAttribute("aria-invalid");
      if (line && !line.parentElement.querySelector("[aria-invalid]")) line.textContent = "";
    }
  }

  function setEntry(input, value) {
    const { m, i, j } = input.dataset;
    state[m][Number(i)][Number(j)] = value;
    refresh();
    announce();
  }

  body.addEventListener("input", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input) return;
    const parsed = parse(input.value);
    setError(input, parsed.error);
    if (!parsed.error) setEntry(input, parsed.value);
  });

  body.addEventListener("focusout", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input) return;
    if (input.hasAttribute("aria-invalid")) {
      const { m, i, j } = input.dataset;
      input.value = entry(state[m][i][j]);
      setError(input, null);
    }
  });

  function nudged(input, by) {
    const { m, i, j } = input.dataset;
    const v = Math.round((state[m][i][j] + by) / NUDGE) * NUDGE;
    const clean = Number(Math.max(-LIMIT, Math.min(LIMIT, v)).toFixed(6));
    input.value = entry(clean);
    setError(input, null);
    setEntry(input, clean);
  }

  body.addEventListener("keydown", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    nudged(input, (event.key === "ArrowUp" ? 1 : -1) * NUDGE * (event.shiftKey ? 10 : 1));
  });

  // drag a number up or down to change it
  let drag = null;
  body.addEventListener("pointerdown", (event) => {
    const input = event.target.closest("input[data-m]");
    if (!input || event.button !== 0) return;
    drag = { input, y: event.clientY, steps: 0, moved: false, id: event.pointerId };
  });
  body.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const steps = Math.trunc((drag.y - event.clientY) / DRAG_PX);
    if (!drag.moved && Math.abs(drag.y - event.clientY) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      drag.input.setPointerCapture(event.pointerId);
      drag.input.classList.add("explore-dragging");
    }
    event.preventDefault();
    if (steps !== drag.steps) {
      nudged(drag.input, (steps - drag.steps) * NUDGE);
      drag.steps = steps;
    }
  });
  const endDrag = () => {
    if (drag) drag.input.classList.remove("explore-dragging");
    drag = null;
  };
  body.addEventListener("pointerup", endDrag);
  body.addEventListener("pointercancel", endDrag);

  function showExplain(event) {
    const cell = event.target.closest("[data-cell]");
    if (!cell) return;
    const o = outputs.find((x) => x.el === cell);
    if (o && o.explain) explainText.textContent = o.explain();
  }
  body.addEventListener("mouseover", showExplain);
  body.addEventListener("focusin", showExplain);

  askSet.addEventListener("change", (event) => {
    state.ask = Number(event.target.value);
    build();
    refresh();
    announce();
    askSet.querySelector(`input[value="${state.ask}"]`).focus();
  });

  wordSet.addEventListener("change", (event) => {
    const i = Number(event.target.dataset.word);
    const w = event.target.value;
    if (!VOCABULARY.has(w)) return;
    state.words[i] = w;
    state.x[i] = VOCABULARY.get(w).slice();
    build();
    refresh();
    announce();
    wordSet.querySelector(`select[data-word="${i}"]`).focus();
  });

  maskBox.addEventListener("change", () => { state.causal = maskBox.checked; build(); refresh(); announce(); });
  scaleBox.addEventListener("change", () => { state.scaled = scaleBox.checked; build(); refresh(); announce(); });
  tempSlider.addEventListener("input", () => { state.temperature = Number(tempSlider.value); refresh(); announce(); });

  stepList.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-step]");
    if (!b) return;
    step = b.dataset.step;
    build();
    refresh();
    live.textContent = `Step: ${TITLES[step]}.`;
    stepList.querySelector(`[data-step="${step}"]`).focus();
  });

  resetButton.addEventListener("click", () => {
    const ask = state.ask;
    state = lessonState();
    state.ask = ask;
    build();
    refresh();
    live.textContent = "Back to the narrated numbers.";
  });

  copyButton.addEventListener("click", () => {
    writeAddress(true);
    link.select();
    const done = () => { live.textContent = "Link copied."; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link.value).then(done, () => { live.textContent = "Link selected: copy it with Ctrl+C."; });
    } else {
      live.textContent = "Link selected: copy it with Ctrl+C.";
    }
  });

  openButton.addEventListener("click", () => (isOpen ? backToLesson() : open()));
  backButton.addEventListener("click", backToLesson);
  panel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { event.preventDefault(); backToLesson(); }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "e" && event.key !== "E") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    if (!isOpen) open();
  });

  // the video moves on: playing closes the panel; a seek while it is open follows the new beat
  video.addEventListener("play", () => { if (isOpen) close(); });
  video.addEventListener("seeked", () => {
    showHint();
    if (!isOpen) return;
    const id = sentenceAt(video.currentTime);
    if (id !== sentenceId) {
      sentenceId = id;
      step = stepOf(id);
      build();
      refresh();
    } else {
      writeAddress(true);
    }
  });
  video.addEventListener("timeupdate", showHint);

  window.LessonExplore = {
    get state() { return JSON.parse(JSON.stringify(state)); },
    get result() { return result; },
    get timing() { return lastTiming; },
    get open() { return isOpen; },
  };

  /** Open on the state a link's hash names (#s=...&x=...), if it names one. */
  function openLinked(hash) {
    const linked = decode(hash);
    if (!linked) return;
    const s = new URLSearchParams(hash.replace(/^#/, "")).get("s");
    open({ ...linked, sentence: sentences.some((x) => x.id === s) ? s : null, quiet: true });
  }

  // the new address as navigated to: player.js may already have rewritten location.hash
  window.addEventListener("hashchange", (event) => openLinked(new URL(event.newURL).hash));
  showHint();
  openLinked(location.hash);
})();
