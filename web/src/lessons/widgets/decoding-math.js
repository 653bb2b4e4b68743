// Lesson 9's bookkeeping on two decodings of one sentence (the module's translations; nothing is computed
// here but where they part).

/** The first step at which two token lists differ (a list ending first counts), or -1 when they are the same. */
export function firstDifference(a, b) {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The steps of a teacher-forced decoding at which the model's most likely word is not the word it was fed. */
export function forcedMisses(steps) {
  return steps.filter((step) => step.top[0].word !== step.token).map((step) => step.step);
}

export const outputTemperatures = Object.freeze([0.5, 1, 2, 3]);
