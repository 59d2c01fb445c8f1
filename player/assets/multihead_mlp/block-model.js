// "Explore this step" for multi-head attention + the MLP, its state: the numbers the learner plays
// with (the phrase's words and embeddings, which heads are on, the MLP's W_up and b_up), how each
// move changes them (`next`), and how the state reads as an address
// (#s=<sentence>&x=<step>&words=..&off=..&edit=..). Computed with attention.js's multiHead and mlp.
// No DOM here.
(function (parts) {
  "use strict";

  /** The state's rules for the core's data `core` (the page's explore-data), computed with `A`. */
  parts.model = function model(core, A) {
    const STEPS = core.steps.map((s) => s.id);
    const VOCABULARY = new Map(Object.entries(core.vocabulary)); // a Map: an address may name "constructor"
    const LIMIT = core.entry_limit;
    const MATRICES = ["x", "w_up", "b_up"]; // what a learner edits
    const IN_ADDRESS = { x: "x", w_up: "wup", b_up: "bup" }; // names in #edit=wup_2_0_1.5~...
    const FOCUS = core.tokens.indexOf(core.focus);
    const NEURON = core.hidden.indexOf(core.neuron);
    const heads = core.heads;
    const W = { q: heads.map((h) => h.w_q), k: heads.map((h) => h.w_k), v: heads.map((h) => h.w_v) };

    const copy = (m) => m.map((row) => row.slice());
    /** The narrated numbers: the lesson's phrase, embeddings and MLP, every head on. */
    const lessonNumbers = () => ({
      words: core.tokens.slice(), x: copy(core.embeddings), on: heads.map(() => true),
      w_up: copy(core.w_up), b_up: [core.b_up.slice()],
    });
    const LESSON = lessonNumbers();

    /** The block on the numbers `n`: {heads, concat, projected, residual} and the MLP's
     *  {preActivation, activation, output, residual}, with the focus token's and neuron's index. */
    function compute(n) {
      const attention = A.multiHead(n.x, W.q, W.k, W.v, core.w_o, { on: n.on });
      const mlp = A.mlp(attention.residual, n.w_up, n.b_up[0], core.w_down, core.b_down);
      return { attention, mlp, focus: FOCUS, neuron: NEURON };
    }

    const stepOf = (beats, id) => (STEPS.includes(beats[id]) ? beats[id] : STEPS[0]);

    /** Differences from the lesson: swapped words, heads off and edited entries, as [kind, ...] items. */
    function edits(n) {
      const out = [];
      n.words.forEach((w, i) => { if (w !== LESSON.words[i]) out.push(["word", i, w]); });
      n.on.forEach((on, h) => { if (!on) out.push(["head", h]); });
      const swappedX = n.words.map((w) => VOCABULARY.get(w));
      for (const m of MATRICES) {
        const from = m === "x" ? swappedX : LESSON[m];
        n[m].forEach((row, i) => row.forEach((v, j) => { if (v !== from[i][j]) out.push([m, i, j, v]); }));
      }
      return out;
    }

    const editCount = (n) => edits(n).length;

    /**
     * The state after a learner's (or the video's) move; `state` is {open, sentence, step, numbers,
     * held} and is never changed in place. A panel `held` on its step (a task opened it) stays there
     * when the video moves on, until the learner picks another step or the panel closes.
     */
    function next(state, action, beats) {
      const n = state.numbers;
      const with_ = (numbers) => ({ ...state, numbers: { ...n, ...numbers } });
      switch (action.type) {
        case "open":
          return {
            open: true, sentence: action.sentence, numbers: action.numbers || lessonNumbers(),
            step: action.step || stepOf(beats, action.sentence), held: !!(action.held && action.step),
          };
        case "close":
          return { ...state, open: false, held: false, numbers: lessonNumbers() };
        case "sentence": {
          if (action.id === state.sentence) return state;
          const follow = state.open && !state.held;
          return { ...state, sentence: action.id, step: follow ? stepOf(beats, action.id) : state.step };
        }
        case "step":
          return STEPS.includes(action.step) ? { ...state, step: action.step, held: false } : state;
        case "word": {
          if (!VOCABULARY.has(action.word)) return state;
          const words = n.words.slice();
          const x = copy(n.x);
          words[action.index] = action.word;
          x[action.index] = VOCABULARY.get(action.word).slice();
          return with_({ words, x });
        }
        case "head": {
          if (!(action.index >= 0 && action.index < n.on.length)) return state;
          const on = n.on.slice();
          on[action.index] = !!action.on;
          return with_({ on });
        }
        case "entry": {
          const m = copy(n[action.m]);
          m[action.i][action.j] = action.value;
          return with_({ [action.m]: m });
        }
        case "reset":
          return { ...state, numbers: lessonNumbers() };
        default:
          throw new Error("unknown explore action " + action.type);
      }
    }

    // --- the address ---
    /** The edited entries as the address's edit= value ("wup_3_0_1.5~bup_0_0_-3"), "" for none. */
    function editAddress(n) {
      return edits(n).filter((e) => MATRICES.includes(e[0]))
        .map(([m, ...rest]) => [IN_ADDRESS[m], ...rest].join("_")).join("~");
    }

    function encode(state) {
      const n = state.numbers;
      const out = [`s=${encodeURIComponent(state.sentence)}`, `x=${state.step}`];
      if (n.words.some((w, i) => w !== LESSON.words[i])) out.push(`words=${n.words.map(encodeURIComponent).join("~")}`);
      const off = n.on.map((on, h) => (on ? null : h + 1)).filter((h) => h !== null);
      if (off.length) out.push(`off=${off.join("~")}`);
      const entries = editAddress(n);
      if (entries) out.push(`edit=${entries}`);
      return "#" + out.join("&");
    }

    /** {step, numbers, sentence} from an address that names a step (x=), else null. */
    function decode(hash) {
      const p = new URLSearchParams(hash.replace(/^#/, ""));
      if (!p.has("x")) return null;
      const n = lessonNumbers();
      if (p.has("words")) {
        p.get("words").split("~").forEach((w, i) => {
          if (i < n.words.length && VOCABULARY.has(w)) { n.words[i] = w; n.x[i] = VOCABULARY.get(w).slice(); }
        });
      }
      for (const h of (p.get("off") || "").split("~")) {
        const k = Number(h) - 1;
        if (h !== "" && Number.isInteger(k) && k >= 0 && k < n.on.length) n.on[k] = false;
      }
      for (const item of (p.get("edit") || "").split("~")) {
        const [name, ...rest] = item.split("_");
        const m = MATRICES.find((k) => IN_ADDRESS[k] === name);
        const [i, j, value] = rest.map((x) => (x === "" ? NaN : Number(x)));
        const fits = m && Number.isInteger(i) && Number.isInteger(j) && i >= 0 && j >= 0
          && i < n[m].length && j < n[m][i].length;
        if (fits && Number.isFinite(value) && Math.abs(value) <= LIMIT) n[m][i][j] = value;
      }
      return { step: STEPS.includes(p.get("x")) ? p.get("x") : null, numbers: n, sentence: p.get("s") };
    }

    return {
      STEPS, VOCABULARY, LESSON, FOCUS, NEURON, lessonNumbers, compute, stepOf, edits, editCount, editAddress,
      next, encode, decode,
    };
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
