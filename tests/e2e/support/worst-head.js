// Lesson 5's challenge answer, from web/lib in Node (never from the page): the first example sentence whose
// last-layer cross-attention heads do not all agree equally with the true alignment (the shipped model of the
// 540-word lexicon aligns every head perfectly on some sentences, the first among them, and the challenge asks for a
// sentence of the learner's choice), and in it the head that aligns worst.
import { exampleSentences } from '../../../web/src/lessons/widgets/cross-lesson.js';
import { alignmentAgreement, alignmentCells } from '../../../web/src/translation/translation-maps.js';

/** @returns {{ sentence: number, worst: number, others: number[] }} */
export function worstHeadAnswer(translator) {
  for (const [sentence, text] of exampleSentences.entries()) {
    const translation = translator.translate(text);
    const last = translation.crossAttention.at(-1);
    const cells = alignmentCells(translation.alignment, last[0].rows);
    const agreement = last.map((map) => alignmentAgreement(map, cells) ?? 0);
    if (Math.min(...agreement) === Math.max(...agreement)) continue;
    const worst = agreement.indexOf(Math.min(...agreement));
    return { sentence, worst, others: agreement.map((_, h) => h).filter((h) => h !== worst) };
  }
  throw new Error('lesson 5: every example sentence has every head align alike; the challenge has no answer');
}
