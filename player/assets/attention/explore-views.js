// "Explore this step", its views: each step's tables, laid out the way its scene lays them out.
// A view is built from the shape of the numbers alone (the phrase, who asks, whether scores are
// scaled); each computed cell names what it shows (data-cell="weights-3-1", data-figure="percent")
// and `fill` writes every cell from the numbers and their result, so a change that keeps the shape
// rebuilds nothing.
(function (parts) {
  "use strict";

  const el = parts.el; // the engine's (dom.js)

  /** The views of the core's data `core`, with `A`'s rounding. */
  parts.views = function views(core, A) {
    const short = parts.short;
    const FIGURES = {
      score: (v) => A.scoreFigure(v, core.score_decimals), // a query's, key's or value's entry
      "exact-score": (v) => (v === -Infinity ? "masked" : A.exactScoreFigure(v)), // a score, as the scenes show it
      percent: (v) => A.percentFigure(v),
      value: (v) => A.valueFigure(v),
    };
    /** The number a cell `kind-i-j` shows, before rounding. */
    const VALUES = {
      embedding: (i, j, n) => n.x[i][j],
      new: (i, j, n, r) => n.x[i][j] + r.output[i][j],
    };
    const valueOf = (kind, i, j, n, r) => (VALUES[kind] ? VALUES[kind](i, j, n, r) : r[kind][i][j]);

    /** Texts around the cells that follow the numbers too: column heads, rules, the formula. */
    const LIVE = {
      "weight-head": (j, n, r) => `${n.words[j]}\n×\u00a0${A.percentFigure(r.weights[n.ask][j])}`,
      "score-rule": (_, n, r) => `score = query · key${n.scaled ? ` / √${r.dK}` : ""}`,
      "weights-total": (_, n, r) => `together: ${A.percentFigure(r.weights[n.ask].reduce((x, y) => x + y, 0))}`,
      formula(_, n, r) {
        let inner = "QKᵀ" + (n.scaled ? ` / √${r.dK}` : "");
        if (n.temperature !== 1) inner = `(${inner}) / ${short(n.temperature)}`;
        if (n.causal) inner = `mask(${inner})`;
        return `softmax(${inner}) · V`;
      },
    };

    const MATRICES = {
      x: { name: "embedding", rows: (s) => s.words, cols: () => core.features },
      w_q: { name: "W_Q", rows: () => core.features, cols: () => core.qk_dims },
      w_k: { name: "W_K", rows: () => core.features, cols: () => core.qk_dims },
      w_v: { name: "W_V", rows: () => core.features, cols: () => core.features },
    };

    // --- cells and tables (the engine's, dom.js) ---
    const inputCell = (s, m, i, j) => parts.inputCell(MATRICES[m], s, m, i, j);
    const { cell, live, table } = parts;

    /** A weight's cell, its share drawn as a bar behind the number. */
    const weightCell = (i, j) => cell("weights", i, j, "percent", "explore-weight");
    const scoreCell = (i, j) => cell("scores", i, j, "exact-score", "explore-score");

    function editable(s, m, caption, transposed) {
      const meta = MATRICES[m];
      const rows = meta.rows(s);
      const cols = meta.cols(s);
      const wrap = transposed
        ? table(caption, "feature", rows.slice(), cols, (i, j) => inputCell(s, m, j, i))
        : table(caption, m === "x" ? "token" : "feature", cols, rows, (i, j) => inputCell(s, m, i, j));
      wrap.append(el("p", { class: "explore-error", id: `explore-error-${m}`, "data-error-for": m }));
      return wrap;
    }

    const projectionName = { queries: "W_Q", keys: "W_K", values: "W_V" };
    const note = (text) => el("p", { class: "explore-note" }, text);

    // --- the steps: each a function of the shape {words, ask, scaled} ---
    const STEP_VIEWS = {
      embeddings(s) {
        return [note("Each token starts as a vector of named features. Edit any of them, or swap a word above."),
          editable(s, "x", "Embeddings: one column per token, one row per feature", true)];
      },
      qkv(s) {
        const rowClass = (i) => (i === s.ask ? "explore-asker" : null);
        const proj = (kind) => table(`${kind[0].toUpperCase() + kind.slice(1)}: embedding · ${projectionName[kind]}`,
          "token", kind === "values" ? core.features : core.qk_dims, s.words,
          (i, j) => cell(kind, i, j, "score"), { rowClass });
        return [
          note("W_Q, W_K and W_V turn each embedding into a query (what am I looking for), a key (what do I contain) and a value (what I'll hand over)."),
          el("div", { class: "explore-grid" }, editable(s, "w_q", "W_Q: feature → query dimension"),
            editable(s, "w_k", "W_K: feature → key dimension"), editable(s, "w_v", "W_V: feature → value feature")),
          el("div", { class: "explore-grid" }, proj("queries"), proj("keys"), proj("values")),
        ];
      },
      scores(s) {
        const a = s.ask;
        const asker = s.words[a];
        const heads = [`${asker}'s query`, ...s.words.map((w) => `key: ${w}`)];
        const t = table(`${asker}'s query against every key`, "dimension", heads, core.qk_dims, (i, j) => (j === 0
          ? cell("queries", a, i, "score", "explore-query")
          : cell("keys", j - 1, i, "score", "explore-key")));
        t.querySelector("tbody").append(el("tr", { class: "explore-total" }, el("th", { scope: "row" }, "score"), el("td", {}, ""),
          ...s.words.map((_, j) => scoreCell(a, j))));
        return [t, live("p", "score-rule", 0, { class: "explore-rule" })];
      },
      softmax(s) {
        const a = s.ask;
        const t = table(`${s.words[a]}'s raw scores → softmax → weights`, "token", s.words, ["raw score", "weight"],
          (i, j) => (i === 0 ? scoreCell(a, j) : weightCell(a, j)));
        return [t, live("p", "weights-total", 0, { class: "explore-rule" })];
      },
      "weighted-sum"(s) {
        const a = s.ask;
        const asker = s.words[a];
        const n = s.words.length;
        const heads = [...s.words.map((_, j) => live("th", "weight-head", j, { scope: "col" })),
          "weighted sum", "+ embedding", "= new vector"];
        return [table(`Values × ${asker}'s weights, summed, then added to ${asker}'s embedding`,
          "feature", heads, core.features, (c, j) => {
            if (j < n) return cell("values", j, c, "value", "explore-value");
            if (j === n) return cell("output", a, c, "value", "explore-sum");
            if (j === n + 1) return cell("embedding", a, c, "value");
            return cell("new", a, c, "value", "explore-sum");
          })];
      },
      formula(s) {
        const a = s.ask;
        const dK = core.qk_dims.length;
        const list = el("ul", { class: "explore-parts" },
          el("li", {}, el("b", { class: "q" }, "Q"), ": each token's query"),
          el("li", {}, el("b", { class: "k" }, "Kᵀ"), ": every key"),
          el("li", {}, el("b", {}, "/√d"), `: scale, d = ${dK}${s.scaled ? "" : " (switched off)"}`),
          el("li", {}, el("b", { class: "w" }, "softmax"), ": weights that sum to 1"),
          el("li", {}, el("b", { class: "v" }, "·V"), ": weighted sum of values"));
        const t = table(`${s.words[a]}, step by step`, "token", s.words, ["score", "weight"],
          (i, j) => (i === 0 ? scoreCell(a, j) : weightCell(a, j)));
        return [live("p", "formula", 0, { class: "explore-formula" }), list, t];
      },
      "all-at-once"(s) {
        const rowClass = (i) => (i === s.ask ? "explore-asker" : null);
        const w = s.words;
        const scale = s.scaled ? ` / √${core.qk_dims.length}` : "";
        const scores = table(`Scores S = QKᵀ${scale}: one row per asking token`, "asks ↓ / key →", w, w, scoreCell, { rowClass });
        const weights = table("Weights softmax(S): each row sums to 100%", "asks ↓ / key →", w, w, weightCell, { rowClass });
        const out = table("Output softmax(S) · V: every token's weighted sum", "token", core.features, w,
          (i, c) => cell("output", i, c, "value", "explore-sum"), { rowClass });
        return [note("Every token asks at once: the rows are the askers, one matrix multiplication for all of them."),
          el("div", { class: "explore-grid" }, scores, weights), out];
      },
    };

    /** What a step's view is built from: a change to anything else only refills its cells. */
    const shapeOf = (step, n) => ({ step, words: n.words.slice(), ask: n.ask, scaled: n.scaled });
    const sameShape = (a, b) => !!a && !!b && a.step === b.step && a.ask === b.ask && a.scaled === b.scaled
      && a.words.join("\u0000") === b.words.join("\u0000");

    /** The nodes of the view of `shape` (from shapeOf). */
    const build = (shape) => STEP_VIEWS[shape.step](shape);

    /** A computed cell's key, split: ["weights", 3, 1]. */
    function keyOf(element) {
      const [kind, i, j] = element.dataset.cell.split("-");
      return [kind, Number(i), Number(j)];
    }

    /** The text of a computed cell for the numbers `n` and their result `r`. */
    function cellText(element, n, r) {
      const [kind, i, j] = keyOf(element);
      return FIGURES[element.dataset.figure](valueOf(kind, i, j, n, r));
    }

    /**
     * Write every cell of `root` from the numbers `n` and their result `r`, marking those that
     * differ from the narrated ones (`lesson`, `base`). Returns how many differ.
     */
    function fill(root, n, r, lesson, base) {
      return parts.fillCells(root, (e) => LIVE[e.dataset.live](Number(e.dataset.arg), n, r),
                             (e) => cellText(e, n, r), (e) => valueOf(...keyOf(e), n, r),
                             (e) => cellText(e, lesson, base));
    }

    return { shapeOf, sameShape, build, fill, keyOf };
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
