// Scaled dot-product attention as attention/core.py computes it, multi-head attention and the MLP
// as attention/blocks.py does (each head one `attend`), and the lessons' rounding as
// attention/figures.py does it: the explore panel recomputes every step with these, in the page.
// Plain script, no dependencies: it defines `LessonAttention` on the window.
(function (root) {
  "use strict";

  /** a (n, m) times b (m, p), as a new (n, p) array of rows. */
  function matmul(a, b) {
    const m = b.length;
    const p = m ? b[0].length : 0;
    return a.map((row) => {
      const out = new Array(p).fill(0);
      for (let k = 0; k < m; k++) {
        const x = row[k];
        const bk = b[k];
        for (let j = 0; j < p; j++) out[j] += x * bk[j];
      }
      return out;
    });
  }

  function transpose(a) {
    return a.length ? a[0].map((_, j) => a.map((row) => row[j])) : [];
  }

  /** Numerically stable softmax of one row: subtracting the maximum changes nothing but the overflow. */
  function softmax(row) {
    const max = Math.max(...row);
    const e = row.map((x) => Math.exp(x - max));
    let sum = 0;
    for (const x of e) sum += x;
    return e.map((x) => x / sum);
  }

  function checkShapes(x, wQ, wK, wV) {
    const dModel = x.length ? x[0].length : 0;
    for (const [name, w] of [["w_q", wQ], ["w_k", wK], ["w_v", wV]]) {
      if (w.length !== dModel) throw new Error(name + " must have d_model = " + dModel + " rows");
    }
    if ((wQ[0] || []).length !== (wK[0] || []).length) throw new Error("queries and keys must share d_k");
  }

  /**
   * One head of attention over x (n, d_model), with every intermediate:
   * {queries, keys, values, scores, weights, output}. Options as attend() in attention/core.py:
   * causal (mask the future), scaled (divide by √d_k), temperature (divides the scores in the softmax).
   */
  function attend(x, wQ, wK, wV, options) {
    const { causal = false, scaled = true, temperature = 1 } = options || {};
    checkShapes(x, wQ, wK, wV);
    if (!(Number.isFinite(temperature) && temperature > 0)) throw new Error("temperature must be positive");
    const queries = matmul(x, wQ); // (n, d_k)
    const keys = matmul(x, wK); // (n, d_k)
    const values = matmul(x, wV); // (n, d_v)
    const dK = wQ.length ? wQ[0].length : 0;
    const scale = scaled ? Math.sqrt(dK) : 1;
    const scores = matmul(queries, transpose(keys)).map((row, i) =>
      row.map((s, j) => (causal && j > i ? -Infinity : s / scale))); // (n, n)
    const weights = scores.map((row) => softmax(row.map((s) => s / temperature))); // (n, n)
    const output = matmul(weights, values); // (n, d_v)
    return { queries, keys, values, scores, weights, output, dK };
  }

  // --- a transformer block, as attention/blocks.py ---

  /** max(0, x), entry by entry, of a matrix. */
  function relu(a) {
    return a.map((row) => row.map((v) => Math.max(v, 0)));
  }

  /**
   * Heads in parallel over x (n, d_model): head i is attend(x, wQ[i], wK[i], wV[i]); their
   * outputs side by side (head 1's first) go through W_O and are added to x. Options: causal, and
   * `on` (one boolean per head, default all on): a head switched off still attends, but hands
   * zeros to the concatenation. Returns {heads, concat, projected, residual}.
   */
  function multiHead(x, wQ, wK, wV, wO, options) {
    const { causal = false, on = null } = options || {};
    if (!(wQ.length === wK.length && wK.length === wV.length && wQ.length > 0)) {
      throw new Error("one W_Q, W_K and W_V per head");
    }
    const heads = wQ.map((_, h) => attend(x, wQ[h], wK[h], wV[h], { causal }));
    const live = heads.map((_, h) => !on || on[h] !== false);
    const concat = x.map((_, i) => heads.flatMap((r, h) => r.output[i].map((v) => (live[h] ? v : 0))));
    const dModel = x.length ? x[0].length : 0;
    if (wO.length !== (concat[0] || []).length || (wO[0] || []).length !== dModel) {
      throw new Error("w_o must be (Σ d_v, d_model)");
    }
    const projected = matmul(concat, wO); // (n, d_model)
    const residual = x.map((row, i) => row.map((v, j) => v + projected[i][j]));
    return { heads, concat, projected, residual };
  }

  /** The position-wise MLP over x (n, d_model): up to d_hidden (+ b_up), ReLU, back down (+ b_down),
   *  added to x. Returns {preActivation, activation, output, residual}. */
  function mlp(x, wUp, bUp, wDown, bDown) {
    const preActivation = matmul(x, wUp).map((row) => row.map((v, j) => v + bUp[j]));
    const activation = relu(preActivation);
    const output = matmul(activation, wDown).map((row) => row.map((v, j) => v + bDown[j]));
    const residual = x.map((row, i) => row.map((v, j) => v + output[i][j]));
    return { preActivation, activation, output, residual };
  }

  // --- rounding, as attention/figures.py ---

  /** Python's f"{x:.{d}f}": the nearest d-decimal figure, an exact binary tie going to the even digit. */
  function fixed(x, d) {
    if (Number.isNaN(x)) return "nan";
    if (x === Infinity) return "inf";
    if (x === -Infinity) return "-inf";
    const sign = x < 0 || Object.is(x, -0) ? "-" : "";
    const a = Math.abs(x);
    if (a >= 1e21) return sign + BigInt(Math.round(a)).toString() + (d ? "." + "0".repeat(d) : "");
    let text = a.toFixed(d); // a tie goes up here
    const EXTRA = 25;
    const longer = a.toFixed(d + EXTRA);
    const rest = longer.slice(longer.length - EXTRA);
    if (rest === "5" + "0".repeat(EXTRA - 1)) {
      const down = longer.slice(0, longer.length - EXTRA).replace(/\.$/, "");
      if (Number(down[down.length - 1]) % 2 === 0) text = down;
    }
    return sign + text;
  }

  /** Python's round(): halves go to the even neighbour. */
  function roundHalfEven(y) {
    const f = Math.floor(y);
    const diff = y - f;
    if (diff < 0.5) return f;
    if (diff > 0.5) return f + 1;
    return f % 2 === 0 ? f : f + 1;
  }

  /** A raw score as shown and spoken: one decimal ("6.1"). */
  function scoreFigure(score, decimals) {
    return fixed(score, decimals === undefined ? 1 : decimals);
  }

  /** A score as the scenes show it: two decimals, a last zero dropped ("0.75", "6.1", "0.0"). */
  function exactScoreFigure(score) {
    const figure = fixed(score, 2);
    return figure.endsWith("0") ? figure.slice(0, -1) : figure;
  }

  /** An attention weight as a whole percentage (0.5536 -> 55). */
  function percent(weight) {
    return roundHalfEven(100 * weight);
  }

  /** A weight as shown on screen ("55%"; "<1%" for a share that is not quite none). */
  function percentFigure(weight) {
    if (percent(weight) === 0 && weight > 0) return "<1%";
    return percent(weight) + "%";
  }

  /** A value-space number to two decimals, never "-0.00". */
  function valueFigure(value) {
    const text = fixed(value, 2);
    return Number(text) === 0 ? "0.00" : text;
  }

  /** A number in as few decimals as it needs, two at most ("3", "-4", "0.75", "0.4"; never "-0"). */
  function shortFigure(value) {
    const rounded = Number(fixed(value, 2));
    if (rounded === Math.round(rounded)) return rounded === 0 ? "0" : fixed(rounded, 0);
    return fixed(rounded, 2).replace(/0+$/, "");
  }

  root.LessonAttention = {
    attend, softmax, matmul, transpose, relu, multiHead, mlp, fixed, percent, percentFigure, scoreFigure,
    exactScoreFigure, valueFigure, shortFigure,
  };
})(typeof window !== "undefined" ? window : globalThis);
