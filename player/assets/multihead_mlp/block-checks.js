// The checks of multi-head attention + the MLP, its own parts (window.LessonCheckParts, beside
// checks-model.js's): whether the task's goal (the AND neuron fires for a token, with at most so
// many entries of W_up or b_up changed) is met on the explore panel's numbers, computed by
// attention.js as attention/multihead_mlp/checks.py's `fires` decides it (the output shown above
// 0); and how the checks read. No DOM here.
(function (parts) {
  "use strict";

  const EDIT_NAMES = { w_up: "W_up", b_up: "b_up" };
  const entries = (k) => `${k} ${k === 1 ? "entry" : "entries"}`;

  /** The task `check`'s goal on the explore numbers `n`: {met, fires, own, others, sum, output,
   *  response}, computed with the model `M` (block-model.js) and `A`'s rounding. */
  parts.goal = function goal(check, core, A, M) {
    const g = check.goal;
    const token = core.tokens.indexOf(g.fires);
    const neuron = core.hidden.indexOf(g.neuron);
    return (n) => {
      const r = M.compute(n);
      const changes = M.edits(n);
      const own = changes.filter((e) => e[0] === g.edit).length;
      const others = changes.length - own;
      const output = r.mlp.activation[token][neuron];
      const fires = Number(A.shortFigure(output)) > 0;
      return {
        met: fires && own <= g.edits && others === 0, fires, own, others,
        sum: A.shortFigure(r.mlp.preActivation[token][neuron]), output: A.shortFigure(output),
        response: M.editAddress(n),
      };
    };
  };

  /** How the checks read, for checks.js. */
  parts.texts = function texts() {
    return {
      /** A what-if's context: the bias it supposes, beside the lesson's (the build's figures). */
      context: (check) => (check.kind === "what-if" && check.bias
        ? `The neuron's bias goes from ${check.bias.from} to ${check.bias.to}; its weights stay as they are.` : ""),
      goal(check) {
        const g = check.goal;
        return `Goal: the ${g.neuron} neuron fires for ${g.fires} (its output above 0), changing at most `
          + `${entries(g.edits)} of ${EDIT_NAMES[g.edit]} in the panel.`;
      },
      /** The goal's state `s` (from `goal`) in words. */
      now(check, s) {
        const g = check.goal;
        let text = `${g.fires}'s sum is ${s.sum}, after ReLU ${s.output} (${s.fires ? "it fires" : "silent"})`;
        text += `; ${s.own} of ${entries(g.edits)} of ${EDIT_NAMES[g.edit]} changed`;
        if (s.own > g.edits) text += ", too many";
        if (s.others) text += `; ${s.others} other change${s.others === 1 ? "" : "s"} to undo (Reset the numbers)`;
        return text + ".";
      },
      step: () => "neuron", // where W_up's and b_up's entries of the neuron are edited
    };
  };
})(window.LessonCheckParts = window.LessonCheckParts || {});
