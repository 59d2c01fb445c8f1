// The checks, their state: what the learner answered (first and last answer, a task met), the score
// the page reports, and where answers are kept (the platform's restored answers inside a SCORM
// platform, else localStorage, so that they survive a reload). Whether a task's goal is met on the
// explore panel's numbers, and how a check's goal reads, are the lesson's own (its page scripts'
// `goal` and `texts` in the same parts). No DOM here.
(function (parts) {
  "use strict";

  /** A check's record as kept: every field checked, so a stale or edited store breaks nothing. */
  function cleanRecord(check, raw) {
    const answer = (a) => {
      if (!a || typeof a !== "object" || typeof a.response !== "string") return null;
      if (check.kind !== "task" && !check.options.includes(a.response)) return null;
      return { response: a.response, correct: check.kind === "task" ? a.correct === true : a.response === check.answer };
    };
    if (!raw || typeof raw !== "object") return null;
    const first = answer(raw.first);
    if (!first) return null;
    const last = answer(raw.last) || first;
    return { first, last, met: check.kind === "task" && (raw.met === true || first.correct || last.correct) };
  }

  /** The learner's seconds after a check's end within which playback seen past it still asks it
   *  (below 1x, the video's: never less than this much of the video). */
  parts.LATE_S = 1.5;

  /** How late, in the video's seconds, a crossing may be seen at `rate`: at 2x a second of the
   *  learner's time is two of the video's. */
  parts.lateness = (rate) => parts.LATE_S * Math.max(1, rate || 1);

  /** Whether playback seen at `last`, then at `now` (no seek between), crossed `end` in this
   *  playback; seen later than `lateness(rate)` after it, it is not (a page stalled or hidden). */
  parts.crossed = (last, now, end, rate) => last < end && now >= end && now - end < parts.lateness(rate);

  /**
   * The answers to `checks` (the page's lesson-data checks). `restored` is the platform's list
   * ([{check, response, correct}], scorm.js) or null outside one; `storage` is localStorage or null;
   * `names` the lesson's names (lesson-data): its answers are kept under `names.checks`, a key of
   * this lesson alone ({answers: {id: record}}), and where there is no such entry yet, those under
   * `names.checks_before` (the key the lesson used before it had its own) are taken over once.
   */
  parts.answers = function answers(checks, restored, storage, names) {
    const STORE = names.checks;
    const byId = new Map(checks.map((c) => [c.id, c]));
    const records = new Map(); // id -> {first, last, met}
    const inPlatform = Array.isArray(restored);

    function load() {
      if (inPlatform) {
        for (const a of restored) {
          const check = a && byId.get(a.check);
          const record = check && cleanRecord(check, { first: a, met: a.correct === true });
          if (record && !records.has(check.id)) records.set(check.id, record);
        }
        return;
      }
      const parsed = (key) => {
        try {
          return JSON.parse(storage.getItem(key) || "null");
        } catch (_) {
          return null; // not JSON, or storage refused: start afresh
        }
      };
      let kept = storage ? parsed(STORE) : null;
      if (kept === null && storage && names.checks_before) {
        kept = parsed(names.checks_before); // answers kept before the key was the lesson's own
        if (kept !== null) {
          try {
            storage.setItem(STORE, JSON.stringify(kept)); // taken over once; the old entry is left
          } catch (_) {
            // full or refused: taken over again on the next visit
          }
        }
      }
      const saved = kept && typeof kept.answers === "object" && kept.answers ? kept.answers : {};
      for (const check of checks) {
        if (!Object.prototype.hasOwnProperty.call(saved, check.id)) continue;
        const record = cleanRecord(check, saved[check.id]);
        if (record) records.set(check.id, record);
      }
    }

    function save() {
      if (inPlatform || !storage) return;
      try {
        const kept = JSON.parse(storage.getItem(STORE) || "null");
        const all = kept && typeof kept.answers === "object" && kept.answers ? kept.answers : {};
        for (const [id, record] of records) all[id] = record; // other pages' checks are kept as they were
        storage.setItem(STORE, JSON.stringify({ answers: all }));
      } catch (_) {
        // storage full or refused (a private window): the answers last as long as the page
      }
    }

    /** Whether a check counts as right: a choice by its first answer, a task once met. */
    const counted = (id) => {
      const r = records.get(id);
      return !!r && (byId.get(id).kind === "task" ? r.met : r.first.correct);
    };

    load();
    return {
      inPlatform,
      get: (id) => records.get(id) || null,
      counted,
      /** {raw, max}: checks counted right, checks on this page. */
      score: () => ({ raw: checks.filter((c) => counted(c.id)).length, max: checks.length }),
      /** Keep an answer: the first stays the first, the last is this one. */
      record(check, response, correct) {
        const was = records.get(check.id);
        const answer = { response, correct };
        records.set(check.id, {
          first: was ? was.first : answer, last: answer,
          met: check.kind === "task" && ((was && was.met) || correct),
        });
        save();
        return records.get(check.id);
      },
    };
  };
})(window.LessonCheckParts = window.LessonCheckParts || {});
