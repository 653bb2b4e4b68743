// A generation's steps as the module writes them ({ token, piece, … }) in 0.2's names ({ id, text, … }), 0.1's names
// still read with a warning (renamed.js): split out of language-model.js, which had reached its 500 lines.
import { withOldFields } from './renamed.js';

// 0.1's fields of a generated step and of its top entries: the token's id was `token`, its text `piece`.
const oldTokenFields = { token: 'id', piece: 'text' };

/**
 * The module's { token, piece, … } as 0.2's { id, text, … }, 0.1's names still read.
 * @param {{ token: number, piece: string, [field: string]: any }} record
 * @param {string} where
 */
function tokenRecord({ token, piece, ...rest }, where) {
  return withOldFields({ id: token, text: piece, ...rest }, oldTokenFields, where);
}

/** A generation's steps in 0.2's names: { id, text, probability, top: [{ id, text, probability }], … }. */
export function generatedSteps(steps) {
  return steps.map(
    /** @param {{ token: number, piece: string, top: any[] }} step */ ({ top, ...step }) =>
      tokenRecord({ ...step, top: top.map((entry) => tokenRecord(entry, 'generate() step.top[]')) }, 'generate() step'),
  );
}
