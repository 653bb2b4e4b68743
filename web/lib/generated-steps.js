// A generation's steps as generate() returns them ({ id, text, probability, top, attention, … }), from the module's
// answer: each field of every step arrives in one typed array, copied out of the module's memory once
// (language_model_bindings.cpp's steps_object), and each step's attention is a view of one buffer that is JS's own
// (never a view of the module's memory, which a memory growth detaches). Building a record and ten top entries
// value by value in the module, each with its text, was most of what a generated token cost around the kernels.
// 0.1's names are still read with a warning (renamed.js). Split out of language-model.js, which had reached its 500
// lines.
import { withOldFields } from './renamed.js';

// 0.1's fields of a generated step and of its top entries: the token's id was `token`, its text `piece`.
const oldTokenFields = { token: 'id', piece: 'text' };

/**
 * The module's steps ({ tokens, probabilities, top: { ids, probabilities }, attention, lengths, windowStarts,
 * cacheBytes, pieces: { ids, texts } }) as records: { id, text, probability, top: [{ id, text, probability }],
 * attention (layers × heads × length weights), length, windowStart, cacheBytes }.
 * @param {any} steps  the module's answer
 * @param {number} maps  layers × heads: the rows of each step's attention
 */
export function generatedSteps(steps, maps) {
  const { tokens, probabilities, top, attention, lengths, windowStarts, cacheBytes } = steps;
  const texts = new Map();
  steps.pieces.ids.forEach((id, i) => texts.set(id, steps.pieces.texts[i]));
  const count = tokens.length ? top.ids.length / tokens.length : 0; // the module chose this many per step
  let offset = 0;
  return Array.from(tokens, (id, step) => {
    const entries = [];
    for (let rank = 0; rank < count; rank++) {
      const topId = top.ids[step * count + rank];
      if (topId < 0) break;
      const entry = { id: topId, text: texts.get(topId), probability: top.probabilities[step * count + rank] };
      entries.push(withOldFields(entry, oldTokenFields, 'generate() step.top[]'));
    }
    const length = lengths[step];
    const record = {
      id,
      text: texts.get(id),
      probability: probabilities[step],
      top: entries,
      attention: attention.subarray(offset, (offset += maps * length)),
      length,
      windowStart: windowStarts[step],
      cacheBytes: cacheBytes[step],
    };
    return withOldFields(record, oldTokenFields, 'generate() step');
  });
}
