// Lesson 9's bookkeeping on two decodings of one sentence (the module's translations; nothing is computed
// here but where they part and what the bars leave out; how a probability is written is common/format.js's).

/** The first step at which two token lists differ (a list ending first counts), or -1 when they are the same. */
export function firstDifference(a, b) {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** The steps of a teacher-forced decoding at which the model's most likely word is not the word it was fed. */
export function forcedMisses(steps) {
  return steps.filter((step) => step.top[0].text !== step.text).map((step) => step.step);
}

export const outputTemperatures = Object.freeze([0.5, 1, 2, 3]);

/**
 * The rest of one step's output distribution (`row`: its probability per output word, the module's), beyond
 * the words shown: how many words, and the probability they share.
 * @param {ArrayLike<number>} row
 * @param {readonly string[]} outputWords  the row's words, column by column
 * @param {string[]} shownWords
 */
export function restOfDistribution(row, outputWords, shownWords) {
  const shown = new Set(shownWords);
  let count = 0,
    share = 0;
  outputWords.forEach((word, i) => {
    if (shown.has(word)) return;
    count += 1;
    share += row[i];
  });
  return { count, share };
}
