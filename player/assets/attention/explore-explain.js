// "Explore this step", its explanations: how each computed number was made, term by term, as a
// sentence for the "How this was computed" line. Each is a function of the cell's key, the
// learner's numbers and what the core computed from them. No DOM here.
(function (parts) {
  "use strict";

  /** A short number as the explanations write it: three decimals at most, a true minus sign. */
  const short = (v) => (v === -Infinity ? "−∞" : String(Number(v.toFixed(3))).replace("-", "−"));
  parts.short = short;

  /** An entry a learner edits (an embedding, a weight) as the tables and the scenes write it: with
   *  the core's decimals ("5.0", with `A`'s scoreFigure), more only when it has more ("0.55"). */
  parts.entry = function entry(v, A, decimals) {
    const plain = v === 0 ? 0 : v; // no "-0.0"
    const figure = A.scoreFigure(plain, decimals);
    return Number(figure) === plain ? figure : String(plain);
  };

  /** The explanations for the core's data `core`, with `A`'s rounding. */
  parts.explain = function explain(core, A) {
    const column = (m, j) => m.map((row) => row[j]);
    /** An entry, or a query's, key's or value's number, as its table shows it when that is exact
     *  ("5.0": the core's decimals), else short; with a true minus sign. */
    const typed = (v) => {
      const figure = A.scoreFigure(v === 0 ? 0 : v, core.score_decimals);
      return Number(figure) === v ? figure.replace("-", "−") : short(v);
    };
    /** a · b as its products, each named by its entry: "3.0 × 3.8 [adjective?] + …", each factor
     * written by `write` (default: short); `every` keeps the products that are 0, as the video
     * writes a dot product out in full. */
    function terms(a, b, names, every = false, write = short) {
      const out = [];
      a.forEach((v, k) => { if (every || (v !== 0 && b[k] !== 0)) out.push(`${write(v)} × ${write(b[k])} [${names[k]}]`); });
      return out.length ? out.join(" + ") : "every term is 0";
    }

    const PROJECTIONS = { // how each of a token's three vectors is made from its embedding
      queries: { kind: "query", w: "w_q", name: "W_Q", dims: core.qk_dims },
      keys: { kind: "key", w: "w_k", name: "W_K", dims: core.qk_dims },
      values: { kind: "value", w: "w_v", name: "W_V", dims: core.features },
    };

    function projection(kind, i, j, n, r) {
      const p = PROJECTIONS[kind];
      return `${n.words[i]}'s ${p.kind}, ${p.dims[j]} = embedding · ${p.name} column = `
        + `${terms(n.x[i], column(n[p.w], j), core.features, false, typed)} = ${typed(r[kind][i][j])}`;
    }

    function score(i, j, n, r) {
      const s = r.scores[i][j];
      if (s === -Infinity) return `${n.words[j]} comes after ${n.words[i]}: the causal mask sets this score to −∞, so its weight is 0.`;
      const dot = r.queries[i].reduce((acc, q, k) => acc + q * r.keys[j][k], 0);
      const worked = `query · key = ${terms(r.queries[i], r.keys[j], core.qk_dims, true)} = ${short(dot)}`;
      const name = `score(${n.words[i]} → ${n.words[j]})`;
      if (!n.scaled) return `${name}: ${worked}, not divided (÷ √${r.dK} is off)`;
      return `${name}: ${worked}, and ${short(dot)} ÷ √${r.dK} = ${short(dot)} ÷ ${short(Math.sqrt(r.dK))} = ${short(s)}`;
    }

    function weight(i, j, n, r) {
      const row = r.scores[i];
      const t = n.temperature;
      const shown = row.map((s) => (s === -Infinity ? -Infinity : s / t));
      const max = Math.max(...shown);
      const heat = t === 1 ? "" : ` (each score ÷ temperature ${short(t)})`;
      if (row[j] === -Infinity) return `${n.words[j]} is masked: e^(−∞) = 0, so the weight is 0%.`;
      const sum = shown.map((s, k) => (s === -Infinity ? null : `e^(${short(s - max)}) [${n.words[k]}]`)).filter(Boolean);
      return `weight(${n.words[i]} → ${n.words[j]}) = e^(${short(shown[j] - max)}) ÷ (${sum.join(" + ")})${heat}`
        + ` = ${short(r.weights[i][j])} = ${A.percentFigure(r.weights[i][j])}`;
    }

    function output(i, c, n, r) {
      const sum = r.weights[i].map((w, k) => `${A.percentFigure(w)} × ${short(r.values[k][c])} [${n.words[k]}]`);
      return `${n.words[i]}'s weighted sum, ${core.features[c]} = Σ weight × value = ${sum.join(" + ")} = ${short(r.output[i][c])}`;
    }

    const embedding = (i, c, n) => `${n.words[i]}'s embedding, ${core.features[c]}: edit it in the Embeddings step.`;

    function made(i, c, n, r) {
      return `${n.words[i]}'s new vector, ${core.features[c]} = embedding + weighted sum = `
        + `${typed(n.x[i][c])} + ${short(r.output[i][c])} = ${short(n.x[i][c] + r.output[i][c])}`;
    }

    const BY_KIND = {
      queries: (i, j, n, r) => projection("queries", i, j, n, r),
      keys: (i, j, n, r) => projection("keys", i, j, n, r),
      values: (i, j, n, r) => projection("values", i, j, n, r),
      scores: score, weights: weight, output, embedding, new: made,
    };

    /** The explanation of the cell `kind-i-j` for the numbers `n` and their result `r`. */
    return (kind, i, j, n, r) => BY_KIND[kind](i, j, n, r);
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
