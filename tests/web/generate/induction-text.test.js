// The induction panel's sentences, from measurements: the circuit (which heads, their scores, and the induction head's
// copying score said in words: what it is computed from and what 1 means), the reason when none has formed, and the
// progress line of the run started last: under way, stopped on request, or finished.
import { beforeAll, describe, expect, it } from 'vitest';
import { inductionText } from '../../../web/src/generate/induction-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

describe('the circuit sentence', () => {
  beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')]));
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
        'it reads: an induction head. Its copying score, 0.77, comes from its weights alone (Elhage et al. 2021): the ' +
        'head’s path from a letter’s embedding through its value and output matrices to every letter’s logit is a ' +
        'square matrix, and the score is the sum of its eigenvalues over the sum of their sizes. 1: each letter it ' +
        'reads raises its own logit (it copies); near 0: it raises other letters; −1: it lowers the letter it reads.',
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

describe('the progress line', () => {
  beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')]));
  const at = (step) => ({ step, steps: 1500 });

  it('names the run, and says "finished" when it reached its last step, "stopped" when asked to stop before', () => {
    expect(inductionText.progress(null)).toBe('Not started: 1,500 steps take about a minute.');
    expect(inductionText.progress({ layers: 2, rows: [], running: true })).toBe('Starting…');
    expect(inductionText.progress({ layers: 2, rows: [at(0), at(300)], running: true })).toBe(
      '2 layers: step 300 of 1,500, measured every 100 steps…',
    );
    expect(inductionText.progress({ layers: 2, rows: [at(300)], running: false })).toBe(
      '2 layers stopped at step 300 of 1,500.',
    );
    expect(inductionText.progress({ layers: 1, rows: [at(1500)], running: false })).toBe(
      'The 1-layer control finished: 1,500 steps.',
    );
  });

  it('says each run in its own words, for the legend and for a screen reader', () => {
    expect(inductionText.seriesOf(1, inductionText.repeat())).toBe(
      'control: repeat (predictable by an induction head)',
    );
    const last = {
      step: 200,
      firstHalfBits: 4.7,
      repeatBits: 1.25,
      previousToken: [[0.41, 0.2]],
      prefixMatching: [[0.1, 0.3]],
    };
    expect(inductionText.lossSummary(2, last)).toBe(
      '2 layers at step 200: 4.7 bits per character on the first half, 1.25 on the repeat.',
    );
    expect(inductionText.headSummary(1, last)).toMatch(
      /^The 1-layer control at step 200: best previous-token score in layer 1 0\.41/,
    );
  });
});
