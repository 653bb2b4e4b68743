// The induction panel's sentence about the circuit, from a measurement: which heads, their scores, and the induction
// head's copying score (read from its weights), once one forms; the reason when none has.
import { beforeAll, describe, expect, it } from 'vitest';
import { inductionText } from '../../../web/src/generate/induction-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

describe('the circuit sentence', () => {
  beforeAll(() => loadMessages('generate'));
  const measured = {
    previousToken: [
      [0.12, 0.41],
      [0.05, 0.07],
    ],
    prefixMatching: [
      [0.03, 0.02],
      [0.91, 0.1],
    ],
    copying: [
      [0.3, -0.2],
      [0.77, 0.05],
    ],
  };

  it('names the previous-token head, the induction head and its copying score', () => {
    expect(inductionText.circuit(measured)).toBe(
      'The circuit: layer 1, head 2 attends to the previous letter (0.41); layer 2, head 1 to the letter after the ' +
        'current letter’s earlier occurrence (0.91), reading what the first head wrote there, and raises the letter ' +
        'it reads (its copying score, read from its weights: 0.77; 1 copies): an induction head.',
    );
  });

  it('says there is none below the mark, and why one layer has none', () => {
    const early = {
      ...measured,
      prefixMatching: [
        [0.03, 0.02],
        [0.2, 0.1],
      ],
    };
    expect(inductionText.circuit(early)).toBe(
      'No induction head yet: the best prefix-matching score is 0.2; 0.4 marks one.',
    );
    const oneLayer = { previousToken: [[0.3, 0.2]], prefixMatching: [[0.1, 0.05]], copying: [[0.1, 0.2]] };
    expect(inductionText.circuit(oneLayer)).toMatch(/^No induction head \(one layer cannot compose two heads\)/);
  });
});
