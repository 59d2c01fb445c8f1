// The attention lesson's checks, its own parts (window.LessonCheckParts, beside checks-model.js's):
// whether a task's goal is met on the explore panel's numbers (`goal`), and how its checks read
// (`texts`): what a what-if changes, a task's goal and its live "Now: ..." line, and the explore
// step a task opens on. No DOM here.
(function (parts) {
  "use strict";

  /**
   * Whether a task's goal is met on the explore numbers `n`, as the contract of the checks says:
   * query's shown quantity on `greater` beats that on `than`, with at most `edits` entries of the
   * goal's matrix changed and nothing else. `M` is explore-model.js's model, `A` attention.js.
   */
  parts.goal = function goal(check, core, A, M) {
    const g = check.goal;
    const q = core.tokens.indexOf(g.query);
    const greater = core.tokens.indexOf(g.greater);
    const than = core.tokens.indexOf(g.than);
    const row = (r) => (g.quantity === "weight" ? r.weights[q] : r.scores[q]);
    const shown = (v) => (g.quantity === "weight" ? A.percent(v) : Number(A.scoreFigure(v, core.score_decimals)));
    const figure = (v) => (g.quantity === "weight" ? A.percentFigure(v) : A.scoreFigure(v, core.score_decimals));

    return (n) => {
      const r = M.compute(n);
      const changes = M.edits(n);
      const own = changes.filter((e) => e[0] === g.edit).length;
      const settings = (n.causal ? 1 : 0) + (n.scaled ? 0 : 1) + (n.temperature !== M.LESSON.temperature ? 1 : 0);
      const others = changes.length - own + settings;
      const beats = shown(row(r)[greater]) > shown(row(r)[than]);
      return {
        met: beats && own <= g.edits && others === 0, beats, own, others,
        greater: figure(row(r)[greater]), than: figure(row(r)[than]),
        response: M.editAddress(n),
      };
    };
  };
  const FIGURE_NAMES = { weight: "weight", score: "score" };
  const MATRIX_NAMES = { x: "the embeddings", w_q: "W_Q", w_k: "W_K", w_v: "W_V" };
  const STEP_FOR = { x: "embeddings", w_q: "qkv", w_k: "qkv", w_v: "qkv" }; // where a matrix is edited

  /** How the checks read, for checks.js: each a function of a check (and a goal's state `g`). */
  parts.texts = function texts() {
    return {
      /** A what-if's context: what the swap changes, in the core's features (the build's words). */
      context(check) {
        if (check.kind !== "what-if") return "";
        return `${check.swap.difference}. Now: ${check.query}'s ${FIGURE_NAMES[check.quantity]} on ${check.key} is ${check.before}.`;
      },
      goal(check) {
        const g = check.goal;
        return `Goal: ${g.query}'s ${FIGURE_NAMES[g.quantity]} on ${g.greater} above its `
          + `${FIGURE_NAMES[g.quantity]} on ${g.than}, changing at most ${g.edits} `
          + `${g.edits === 1 ? "entry" : "entries"} of ${MATRIX_NAMES[g.edit]} in the panel.`;
      },
      /** The goal's state `g` (from `goal`) in words. */
      now(check, g) {
        const q = check.goal;
        const noun = FIGURE_NAMES[q.quantity];
        let text = `${q.query}'s ${noun} on ${q.greater} is ${g.greater} and on ${q.than} ${g.than}`;
        text += `; ${g.own} of ${q.edits} ${q.edits === 1 ? "entry" : "entries"} of ${MATRIX_NAMES[q.edit]} changed`;
        if (g.own > q.edits) text += ", too many";
        if (g.others) text += `; ${g.others} other change${g.others === 1 ? "" : "s"} to undo (Reset the numbers)`;
        return text + ".";
      },
      /** The explore step a task opens on: where its matrix is edited. */
      step: (check) => STEP_FOR[check.goal.edit] || check.step,
    };
  };
})(window.LessonCheckParts = window.LessonCheckParts || {});
