// "Explore this step" for multi-head attention + the MLP, its views: each step's tables (the
// phrase, each head's weights, the heads through W_O into creature, the MLP on every token, the AND
// neuron's sum, the block's output), built from the shape of the numbers (the phrase) and filled
// from the numbers and what attention.js computed; and how each computed number was made, for the
// "How this was computed" line. Each computed cell names what it shows (data-cell="pre-3-0").
(function (parts) {
  "use strict";

  const el = parts.el; // the engine's (dom.js)

  /** A short number for the explanations: three decimals at most, a true minus sign. */
  const short = (v) => String(Number(v.toFixed(3))).replace("-", "−");
  parts.short = short;

  /** An entry a learner edits as the scenes write it ("3", "-4", "0.75"), more only when it has more. */
  parts.entry = function entry(v, A) {
    const plain = v === 0 ? 0 : v; // no "-0"
    const figure = A.shortFigure(plain);
    return Number(figure) === plain ? figure : String(plain);
  };

  /** Whether the AND neuron's output shows above 0 (as attention/multihead_mlp/checks.py's fires). */
  parts.fires = (A, activation) => Number(A.shortFigure(activation)) > 0;

  /** The views of the core's data `core`, with `A`'s rounding. */
  parts.views = function views(core, A) {
    const F = core.features;
    const N = core.hidden.indexOf(core.neuron);
    const FOCUS = core.tokens.indexOf(core.focus);
    const vDims = core.heads.flatMap((h, k) => h.v_dims.map((d) => `head ${k + 1}: ${d}`));
    const FIGURES = {
      percent: (v) => A.percentFigure(v),
      short: (v) => A.shortFigure(v),
      fires: (v) => (parts.fires(A, v) ? "fires" : "silent"),
    };
    /** The number a cell `kind-i-j` shows, before rounding, from the numbers `n` and result `r`. */
    const VALUES = {
      weights: (i, j, n, r, h) => r.attention.heads[h].weights[i][j],
      concat: (i, j, n, r) => r.attention.concat[i][j],
      x: (i, j, n) => n.x[i][j],
      projected: (i, j, n, r) => r.attention.projected[i][j],
      after: (i, j, n, r) => r.attention.residual[i][j],
      added: (i, j, n, r) => r.mlp.output[i][j],
      out: (i, j, n, r) => r.mlp.residual[i][j],
      sum: (i, j, n, r) => r.attention.residual[i].reduce((acc, v, k) => acc + v * n.w_up[k][j], 0),
      bias: (i, j, n) => n.b_up[0][j],
      pre: (i, j, n, r) => r.mlp.preActivation[i][j],
      act: (i, j, n, r) => r.mlp.activation[i][j],
    };
    /** A cell's key: kind (with a head's index after a dot: "weights.1"), row, column. */
    function keyOf(element) {
      const [kind, i, j] = element.dataset.cell.split("-");
      const [name, head] = kind.split(".");
      return [name, Number(i), Number(j), head === undefined ? 0 : Number(head)];
    }
    const valueOf = ([kind, i, j, h], n, r) => VALUES[kind](i, j, n, r, h);

    const LIVE = { // texts around the cells that follow the numbers too
      "head-caption": (h, n) => `Head ${h + 1} (${core.heads[h].name}): each row's weights`
        + (n.on[h] ? "" : " (switched off: it hands on zeros)"),
    };

    const MATRICES = {
      x: { name: "embedding", rows: (s) => s.words, cols: () => F },
      w_up: { name: "W_up", rows: () => F, cols: () => core.hidden },
      b_up: { name: "b_up", rows: () => ["bias"], cols: () => core.hidden },
    };

    // cells and tables: the engine's (dom.js)
    const inputCell = (s, m, i, j) => parts.inputCell(MATRICES[m], s, m, i, j);
    const { cell, live, table } = parts;
    const errorLine = (m) => el("p", { class: "explore-error", id: `explore-error-${m}`, "data-error-for": m });
    const note = (text) => el("p", { class: "explore-note" }, text);
    const focusRow = (i) => (i === FOCUS ? "explore-asker" : null);

    const STEP_VIEWS = {
      phrase(s) {
        const t = table("Embeddings: one column per token, one row per feature", "feature", s.words.slice(), F,
          (i, j) => inputCell(s, "x", j, i));
        t.append(errorLine("x"));
        return [note("The phrase of stop 7, its features and one more, soft, which no token has yet. "
          + "Edit any embedding, or swap a word above."), t];
      },
      heads(s) {
        return [note("Each head asks its own question of the same tokens: one row per token asking. "
          + "Switch a head off above and watch creature's update and the neuron."),
        el("div", { class: "explore-grid" }, ...core.heads.map((_, h) => table(
          live("caption", "head-caption", h), "asks ↓ / key →", s.words.slice(), s.words,
          (i, j) => cell(`weights.${h}`, i, j, "percent", "explore-weight"), { rowClass: focusRow })))];
      },
      concat(s) {
        const who = s.words[FOCUS];
        const joined = table(`${who}: each head's output, end to end`, "dimension", [who], vDims,
          (i) => cell("concat", FOCUS, i, "short"));
        const sum = table(`${who}: embedding + the heads through W_O = after attention`, "feature",
          ["embedding", "+ W_O update", "= after attention"], F, (c, j) => cell(["x", "projected", "after"][j], FOCUS, c,
            "short", j === 2 ? "explore-sum" : null));
        return [el("div", { class: "explore-grid" }, joined, sum)];
      },
      mlp(s) {
        const after = table("After attention: the MLP's input, token by token", "token", F, s.words,
          (i, c) => cell("after", i, c, "short"), { rowClass: focusRow });
        const added = table("What the MLP adds to each token, on its own", "token", F, s.words,
          (i, c) => cell("added", i, c, "short", "explore-sum"), { rowClass: focusRow });
        return [note("No token looks at another here: each goes up to the hidden neurons, through ReLU, and back down."),
          el("div", { class: "explore-grid" }, after, added)];
      },
      neuron(s) {
        const weights = table(`The ${core.neuron} neuron's weights (its column of W_up)`, "feature", ["weight"], F,
          (i) => inputCell(s, "w_up", i, N));
        weights.append(errorLine("w_up"));
        const bias = table(`Its bias (b_up)`, "neuron", ["bias"], [core.neuron], () => inputCell(s, "b_up", 0, N));
        bias.append(errorLine("b_up"));
        const sums = table("Each token: weighted sum + bias, then ReLU", "token",
          ["weighted sum", "+ bias", "= sum", "ReLU", "neuron"], s.words,
          (i, j) => {
            if (j === 0) return cell("sum", i, N, "short");
            if (j === 1) return cell("bias", i, N, "short");
            if (j === 2) return cell("pre", i, N, "short", "explore-sum");
            if (j === 3) return cell("act", i, N, "short", "explore-sum");
            return cell("act", i, N, "fires", "explore-fires");
          }, { rowClass: focusRow });
        return [note("A weighted sum, a bias and a bend: the neuron fires only where the sum is above zero."),
          el("div", { class: "explore-grid" }, weights, bias), sums];
      },
      block(s) {
        const before = table("Before the block: the embeddings", "token", F, s.words, (i, c) => cell("x", i, c, "short"),
          { rowClass: focusRow });
        const after = table("After the block: attention, then the MLP, each added back", "token", F, s.words,
          (i, c) => cell("out", i, c, "short", "explore-sum"), { rowClass: focusRow });
        return [el("div", { class: "explore-grid" }, before, after)];
      },
    };

    const shapeOf = (step, n) => ({ step, words: n.words.slice() });
    const sameShape = (a, b) => !!a && !!b && a.step === b.step && a.words.join("\u0000") === b.words.join("\u0000");
    const build = (shape) => STEP_VIEWS[shape.step](shape);

    function cellText(element, n, r) {
      return FIGURES[element.dataset.figure](valueOf(keyOf(element), n, r));
    }

    /** Write every cell of `root` from `n` and `r`, marking those that differ from the narrated ones
     *  (`lesson`, `base`). Returns how many differ. */
    function fill(root, n, r, lesson, base) {
      return parts.fillCells(root, (e) => LIVE[e.dataset.live](Number(e.dataset.arg), n, r),
                             (e) => cellText(e, n, r), (e) => valueOf(keyOf(e), n, r),
                             (e) => cellText(e, lesson, base));
    }

    return { shapeOf, sameShape, build, fill, keyOf: (e) => keyOf(e) };
  };

  /** How each computed number was made, term by term. */
  parts.explain = function explain(core, A) {
    const F = core.features;
    const dims = core.heads.flatMap((h, k) => h.v_dims.map((d) => `head ${k + 1} ${d}`));
    const terms = (a, b, names) => {
      const out = [];
      a.forEach((v, k) => { if (v !== 0 && b[k] !== 0) out.push(`${short(v)} × ${short(b[k])} [${names[k]}]`); });
      return out.length ? out.join(" + ") : "every term is 0";
    };
    const BY_KIND = {
      weights(i, j, n, r, h) {
        const head = core.heads[h];
        return `Head ${h + 1} (${head.name}): ${n.words[i]}'s weight on ${n.words[j]}, softmax of its row of scores`
          + ` (query · key ÷ √${r.attention.heads[h].dK}) = ${A.percentFigure(r.attention.heads[h].weights[i][j])}`
          + (n.on[h] ? "" : "; the head is off, so nothing of it reaches W_O.");
      },
      concat(i, j, n, r) {
        return `${n.words[i]}'s ${dims[j]}: Σ weight × value in that head = ${short(r.attention.concat[i][j])}`;
      },
      x: (i, c, n) => `${n.words[i]}'s embedding, ${F[c]}: edit it in the phrase step.`,
      projected(i, c, n, r) {
        return `${n.words[i]}'s update, ${F[c]} = heads' outputs · W_O column = `
          + `${terms(r.attention.concat[i], core.w_o.map((row) => row[c]), dims)} = ${short(r.attention.projected[i][c])}`;
      },
      after: (i, c, n, r) => `${n.words[i]} after attention, ${F[c]} = embedding + update = `
        + `${short(n.x[i][c])} + ${short(r.attention.projected[i][c])} = ${short(r.attention.residual[i][c])}`,
      added: (i, c, n, r) => `What the MLP adds to ${n.words[i]}'s ${F[c]}: the neurons' outputs · W_down column`
        + ` + b_down = ${short(r.mlp.output[i][c])}`,
      out: (i, c, n, r) => `${n.words[i]} after the block, ${F[c]} = after attention + MLP = `
        + `${short(r.attention.residual[i][c])} + ${short(r.mlp.output[i][c])} = ${short(r.mlp.residual[i][c])}`,
      sum: (i, j, n, r) => `${n.words[i]}'s weighted sum for ${core.hidden[j]} = `
        + `${terms(r.attention.residual[i], n.w_up.map((row) => row[j]), F)}`,
      bias: (i, j, n) => `${core.hidden[j]}'s bias, ${short(n.b_up[0][j])}: move it with the slider above, or edit it in its table.`,
      pre: (i, j, n, r) => `${n.words[i]}'s sum for ${core.hidden[j]} = weighted sum + bias = `
        + `${short(r.mlp.preActivation[i][j] - n.b_up[0][j])} + ${short(n.b_up[0][j])} = ${short(r.mlp.preActivation[i][j])}`,
      act: (i, j, n, r) => `ReLU(${short(r.mlp.preActivation[i][j])}) = max(0, ${short(r.mlp.preActivation[i][j])})`
        + ` = ${short(r.mlp.activation[i][j])}: ${parts.fires(A, r.mlp.activation[i][j]) ? "it fires" : "silent"}`,
    };
    return (kind, i, j, n, r, h) => BY_KIND[kind](i, j, n, r, h);
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
