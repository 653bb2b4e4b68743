// createTrainer's defaults of 0.1, which the tests below were written against: 0.2 made the no-option run the Train
// view's (sentences of at most 5 words, 1,000 steps) and the Generate view's (1,200 steps of 8 windows at 0.008).
// Passed explicitly, every run these tests make, and every hash they check, stays as it was.

/** A translator's run as createTrainer() made it in 0.1: the whole grammar (every sentence, every word), 400 steps. */
export const translatorRun01 = Object.freeze({ longestSentence: 12, vocabulary: 0, steps: 400 });

/** A language model's schedule as createTrainer({ task: { corpus } }) made it in 0.1. */
export const languageModelRun01 = Object.freeze({ steps: 600, batchSize: 16, learningRate: 0.003 });
