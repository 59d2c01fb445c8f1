// "Explore this step" for multi-head attention + the MLP, its controls above the tables: each head
// on or off, the AND neuron's bias on a slider (with the tokens it fires for), and the phrase's
// words to swap; and what the live region reads after a change. explore.js places and calls them.
(function (parts) {
  "use strict";

  /** The controls for the core's data `core`, with `A`'s rounding and the model `M`. */
  parts.controls = function controls(core, A, M) {
    const el = parts.el;
    const N = M.NEURON;
    const headBoxes = core.heads.map((h, k) => el("input", { type: "checkbox", id: `explore-head-${k}`, "data-head": k }));
    const headSet = el("fieldset", { class: "explore-heads" }, el("legend", { text: "Heads" }),
      ...core.heads.map((h, k) => el("label", { class: "explore-check" }, headBoxes[k],
        ` Head ${k + 1} (${h.name}) on`)));
    const biasSlider = el("input", {
      type: "range", id: "explore-bias", min: -core.entry_limit, max: core.entry_limit, step: core.entry_step,
    });
    const biasOut = el("output", { for: "explore-bias", id: "explore-bias-value" });
    const firesLine = el("p", { class: "explore-fires-line", id: "explore-fires" });
    const biasSet = el("fieldset", { class: "explore-neuron" }, el("legend", { text: `The ${core.neuron} neuron` }),
      el("div", { class: "explore-temp" }, el("label", { for: "explore-bias" }, "Bias "), biasSlider, biasOut),
      firesLine);
    const words = [...M.VOCABULARY.keys()];
    const wordSet = el("fieldset", { class: "explore-words" }, el("legend", { text: "The phrase: swap a word" }),
      ...core.tokens.map((_, i) => el("label", { class: "explore-swap" },
        el("span", { class: "visually-hidden" }, `Word ${i + 1} of ${core.tokens.length}`),
        el("select", { "data-word": i }, ...words.map((v) => el("option", { value: v }, v))))));

    /** The tokens the neuron fires for, in words, from the result `r`. */
    function firing(n, r) {
      const on = n.words.filter((_, i) => parts.fires(A, r.mlp.activation[i][N]));
      return on.length ? `Fires for: ${on.join(", ")}` : "Fires for no token";
    }

    /** Show the numbers `n` (and their result `r`) in the controls. */
    function render(n, r) {
      headBoxes.forEach((box, k) => { box.checked = n.on[k]; });
      const bias = n.b_up[0][N];
      if (Number(biasSlider.value) !== bias) biasSlider.value = String(bias);
      biasOut.textContent = A.shortFigure(bias);
      firesLine.textContent = firing(n, r);
      for (const select of wordSet.querySelectorAll("select")) select.value = n.words[Number(select.dataset.word)];
    }

    /** A learner's move on the controls becomes an action, handed to `change`. */
    function bind(change) {
      headSet.addEventListener("change", (event) => change({
        type: "head", index: Number(event.target.dataset.head), on: event.target.checked,
      }));
      biasSlider.addEventListener("input", () => change({
        type: "entry", m: "b_up", i: 0, j: N, value: Number(Number(biasSlider.value).toFixed(6)),
      }));
      wordSet.addEventListener("change", (event) => change({
        type: "word", index: Number(event.target.dataset.word), word: event.target.value,
      }));
    }

    /** What a listener hears after a change: creature's update and whom the neuron fires for. */
    const announce = (n, r) => `${firing(n, r)}. ${n.words[M.FOCUS]} after the block: `
      + core.features.map((f, c) => `${f} ${A.shortFigure(r.mlp.residual[M.FOCUS][c])}`).join(", ") + ".";

    return { nodes: [headSet, biasSet, wordSet], render, bind, announce };
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
