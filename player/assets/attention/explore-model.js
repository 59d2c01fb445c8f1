// "Explore this step", its state: the numbers the learner plays with, which step and sentence the
// panel is on, how each learner's move changes them (`next`), and how the state reads as an address
// (#s=<sentence>&x=<step>&ask=..&words=..&mask=1&scale=0&temp=..&edit=..). No DOM here.
(function (parts) {
  "use strict";

  /** The state's rules for the core's data `core` (the page's explore-data), computed with `A`. */
  parts.model = function model(core, A) {
    const STEPS = core.steps.map((s) => s.id);
    const VOCABULARY = new Map(Object.entries(core.vocabulary)); // a Map: an address may name "constructor"
    const LIMIT = core.entry_limit;
    const TEMP = core.temperature;
    const MATRICES = ["x", "w_q", "w_k", "w_v"];
    const IN_ADDRESS = { x: "x", w_q: "wq", w_k: "wk", w_v: "wv" }; // names in #edit=wk_1_0_1.5~...

    const copy = (m) => m.map((row) => row.slice());
    /** The narrated numbers: the lesson's phrase, embeddings and weights, nothing switched. */
    const lessonNumbers = () => ({
      words: core.tokens.slice(), x: copy(core.embeddings), w_q: copy(core.w_q), w_k: copy(core.w_k),
      w_v: copy(core.w_v), ask: core.focus, causal: false, scaled: true, temperature: TEMP.lesson,
    });
    const LESSON = lessonNumbers();
    const compute = (n) => A.attend(n.x, n.w_q, n.w_k, n.w_v,
      { causal: n.causal, scaled: n.scaled, temperature: n.temperature });

    const stepOf = (beats, id) => (STEPS.includes(beats[id]) ? beats[id] : STEPS[0]);

    /** Differences from the lesson: swapped words and edited entries, as [kind, ...] items. */
    function edits(n) {
      const out = [];
      n.words.forEach((w, i) => { if (w !== LESSON.words[i]) out.push(["word", i, w]); });
      const swappedX = n.words.map((w) => VOCABULARY.get(w));
      for (const m of MATRICES) {
        const from = m === "x" ? swappedX : LESSON[m];
        n[m].forEach((row, i) => row.forEach((v, j) => { if (v !== from[i][j]) out.push([m, i, j, v]); }));
      }
      return out;
    }

    /** How many of the learner's changes are in play: edits, and each setting off the lesson's. */
    function editCount(n) {
      return edits(n).length + (n.causal ? 1 : 0) + (n.scaled ? 0 : 1)
        + (n.temperature !== TEMP.lesson ? 1 : 0);
    }

    /**
     * The state after a learner's (or the video's) move. `state` is {open, sentence, step, numbers,
     * held}; it is never changed in place, so a view can tell what moved by comparing. A panel
     * `held` on its step (a task check opened it where its matrix is edited) stays on that step
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
        case "sentence": { // the video moved on; an open panel follows to the new beat's step
          if (action.id === state.sentence) return state;
          const follow = state.open && !state.held;
          return { ...state, sentence: action.id, step: follow ? stepOf(beats, action.id) : state.step };
        }
        case "step":
          return STEPS.includes(action.step) ? { ...state, step: action.step, held: false } : state;
        case "ask":
          return with_({ ask: action.index });
        case "word": {
          if (!VOCABULARY.has(action.word)) return state;
          const words = n.words.slice();
          const x = copy(n.x);
          words[action.index] = action.word;
          x[action.index] = VOCABULARY.get(action.word).slice();
          return with_({ words, x });
        }
        case "entry": {
          const m = copy(n[action.m]);
          m[action.i][action.j] = action.value;
          return with_({ [action.m]: m });
        }
        case "mask":
          return with_({ causal: action.on });
        case "scale":
          return with_({ scaled: action.on });
        case "temperature":
          return with_({ temperature: action.value });
        case "reset":
          return { ...state, numbers: { ...lessonNumbers(), ask: n.ask } };
        default:
          throw new Error("unknown explore action " + action.type);
      }
    }

    // --- the address ---
    function encode(state) {
      const n = state.numbers;
      const out = [`s=${encodeURIComponent(state.sentence)}`, `x=${state.step}`];
      if (n.ask !== core.focus) out.push(`ask=${n.ask}`);
      if (n.words.some((w, i) => w !== LESSON.words[i])) out.push(`words=${n.words.map(encodeURIComponent).join("~")}`);
      if (n.causal) out.push("mask=1");
      if (!n.scaled) out.push("scale=0");
      if (n.temperature !== TEMP.lesson) out.push(`temp=${n.temperature}`);
      const entries = editAddress(n);
      if (entries) out.push(`edit=${entries}`);
      return "#" + out.join("&");
    }

    /** The edited entries as the address's edit= value ("wk_1_0_1.5~x_0_2_-1"), "" for none. */
    function editAddress(n) {
      return edits(n).filter((e) => e[0] !== "word").map(([m, ...rest]) => [IN_ADDRESS[m], ...rest].join("_")).join("~");
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
      const ask = Number(p.get("ask"));
      if (p.has("ask") && Number.isInteger(ask) && ask >= 0 && ask < n.words.length) n.ask = ask;
      n.causal = p.get("mask") === "1";
      n.scaled = p.get("scale") !== "0";
      const t = Number(p.get("temp"));
      if (p.has("temp") && Number.isFinite(t) && t >= TEMP.min && t <= TEMP.max) n.temperature = t;
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
      STEPS, VOCABULARY, LESSON, lessonNumbers, compute, stepOf, edits, editCount, editAddress, next, encode, decode,
    };
  };
})(window.LessonExploreParts = window.LessonExploreParts || {});
