// "Explore this step", the attention lesson's controls above the tables: who asks, the phrase's
// words to swap, and the options (causal mask, √d_k, softmax temperature); and what the live
// region reads after a change (the asker's weights). explore.js places them and calls them.
(function (parts) {
  "use strict";

  /** The controls for the core's data `core`, with `A`'s rounding and the model `M`. */
  parts.controls = function controls(core, A, M) {
    const el = parts.el;
    const TEMP = core.temperature;
    const askNames = core.tokens.map(() => document.createTextNode(""));
    const askSet = el("fieldset", { class: "explore-ask" }, el("legend", { text: "Who asks" }),
      ...askNames.map((name, i) => el("label", { class: "explore-pick" },
        el("input", { type: "radio", name: "explore-ask", value: i }), name)));
    const words = [...M.VOCABULARY.keys()];
    const wordSet = el("fieldset", { class: "explore-words" }, el("legend", { text: "The phrase: swap a word" }),
      ...core.tokens.map((_, i) => el("label", { class: "explore-swap" },
        el("span", { class: "visually-hidden" }, `Word ${i + 1} of ${core.tokens.length}`),
        el("select", { "data-word": i }, ...words.map((v) => el("option", { value: v }, v))))));
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

    /** Show the numbers `n` in the controls. */
    function render(n) {
      n.words.forEach((w, i) => { if (askNames[i].data !== ` ${w}`) askNames[i].data = ` ${w}`; });
      for (const radio of askSet.querySelectorAll("input")) radio.checked = Number(radio.value) === n.ask;
      for (const select of wordSet.querySelectorAll("select")) select.value = n.words[Number(select.dataset.word)];
      maskBox.checked = n.causal;
      scaleBox.checked = n.scaled;
      tempSlider.value = String(n.temperature);
      tempOut.textContent = parts.short(n.temperature);
    }

    /** A learner's move on the controls becomes an action, handed to `change`. */
    function bind(change) {
      askSet.addEventListener("change", (event) => change({ type: "ask", index: Number(event.target.value) }));
      wordSet.addEventListener("change", (event) => change({
        type: "word", index: Number(event.target.dataset.word), word: event.target.value,
      }));
      maskBox.addEventListener("change", () => change({ type: "mask", on: maskBox.checked }));
      scaleBox.addEventListener("change", () => change({ type: "scale", on: scaleBox.checked }));
      tempSlider.addEventListener("input", () => change({ type: "temperature", value: Number(tempSlider.value) }));
    }

    /** What a listener hears after a change: the asker's weights. */
    const announce = (n, r) => `${n.words[n.ask]}'s weights: `
      + n.words.map((w, j) => `${w} ${A.percentFigure(r.weights[n.ask][j])}`).join(", ") + ".";

    return { nodes: [askSet, wordSet, options], render, bind, announce };
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
