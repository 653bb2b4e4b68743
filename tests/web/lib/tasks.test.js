// The sequence tasks through createTrainer (SIMD build): each trains to ≥ 95% held-out exact in 400 steps of
// the default model (200/200, 200/200 and 198/200 here), answers typed sequences with its true alignment,
// and refuses bad task options by name. The scalar build shares the C++ (tasks_test.cpp checks it natively).
import { describe, expect, it } from 'vitest';
import { createTrainer, loadTranslator } from '../../../web/lib/index.js';
import { samplePairs } from '../../../web/src/train/sample-pairs.js';

const backend = 'wasm-simd128';

describe('sequence tasks', () => {
  it.each([
    ['reverse', '3 1 4 1', ['1', '4', '1', '3'], [3, 2, 1, 0]],
    ['sort', '3 1 4 1', ['1', '1', '3', '4'], [1, 3, 0, 2]],
    ['copy', '3 # 1 # 4', ['3', '1', '4'], [0, 2, 4]],
  ])(
    '%s: 400 steps reach ≥ 95 in 100 held-out sequences exact; typed input gets the right answer',
    async (task, input, target, sourceIndex) => {
      const trainer = await createTrainer({ task, backend });
      expect(trainer.options).toMatchObject({ task, sequenceLength: { min: 3, max: 8 } });
      expect(trainer.reference(input)).toEqual({ target, sourceIndex });
      trainer.step(400);
      const { exact, total } = trainer.evaluate({ count: 200 });
      expect(total).toBe(200);
      expect(exact / total).toBeGreaterThanOrEqual(0.95);
      const translator = trainer.translator();
      expect(translator.vocabulary.target).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
      expect(translator.translate(input).target).toEqual([...target, '<eos>']);
      translator.dispose();
      trainer.dispose();
    },
  );

  it('keeps lengths within the chosen range and says when a sequence has no answer', async () => {
    const trainer = await createTrainer({ task: 'reverse', sequenceLength: { min: 2, max: 2 }, steps: 1, backend });
    expect(trainer.reference('7 7 7')).toEqual({ target: ['7', '7', '7'], sourceIndex: [2, 1, 0] }); // typed input may be longer
    expect(trainer.reference('7 # 7')).toBeNull(); // "#" belongs to copy
    expect(trainer.reference('the dog')).toBeNull();
    expect(trainer.evaluate({ count: 1000 }).total).toBeLessThanOrEqual(100); // two digits: at most 100 sequences, a tenth held out
    const [first] = trainer.heldOut(3);
    expect(first.source.split(' ')).toHaveLength(2);
    expect(first.target).toBe(first.source.split(' ').reverse().join(' '));
    expect(first.sourceIndex).toEqual([1, 0]);
    trainer.dispose();
    const translation = await createTrainer({ steps: 1, backend });
    expect(translation.reference('the big dog sleeps')).toEqual({
      target: ['el', 'perro', 'grande', 'duerme'],
      sourceIndex: [0, 2, 1, 3],
    });
    translation.dispose();
  });

  it.each([
    [
      'an unknown task',
      { task: 'french' },
      RangeError,
      /task must be 'en-es', 'en-ja', 'en-mr', 'reverse', 'sort', 'copy' or \{ pairs \}, got 'french'/,
    ],
    [
      'a task that is not a string',
      { task: 3 },
      TypeError,
      /options.task must be 'en-es', 'en-ja', 'en-mr', 'reverse', 'sort', 'copy', \{ pairs \} or \{ corpus \}, got number/,
    ],
    [
      'a zero length',
      { task: 'sort', sequenceLength: { min: 0 } },
      RangeError,
      /sequenceLength.min must be a whole number from 1 to 16, got 0/,
    ],
    [
      'a length over 12',
      { task: 'sort', sequenceLength: { max: 17 } },
      RangeError,
      /sequenceLength.max must be a whole number from 1 to 16, got 17/,
    ],
    [
      'min over max',
      { task: 'copy', sequenceLength: { min: 9, max: 4 } },
      RangeError,
      /sequenceLength.min must be at most sequenceLength.max = 4, got 9/,
    ],
    [
      'lengths that are not numbers',
      { task: 'copy', sequenceLength: { min: '3' } },
      TypeError,
      /options.sequenceLength.min must be a number/,
    ],
  ])('refuses %s, naming the option', async (_, options, ErrorType, message) => {
    await expect(createTrainer({ backend, ...options })).rejects.toThrow(ErrorType);
    await expect(createTrainer({ backend, ...options })).rejects.toThrow(message);
  });
});

describe('your own pairs', () => {
  it('a 400-pair corpus (English → Pig Latin) trains, saves, reloads and translates its held-out pairs', async () => {
    const text = samplePairs['pig-latin'].text();
    expect(text.split('\n')).toHaveLength(400);
    const trainer = await createTrainer({ task: { text }, backend });
    expect(trainer.options).toMatchObject({ task: 'pairs', pairs: { heldOut: 0.1, lowercase: true } });
    trainer.step(400);
    const evaluation = trainer.evaluate({ count: 100 });
    expect(evaluation.alignment).toBeNull(); // pasted pairs carry no word alignment
    const heldOut = trainer.heldOut(100);
    expect(heldOut.length).toBe(evaluation.total);
    const translator = await loadTranslator({ backend, weights: trainer.save() });
    expect(translator.vocabulary.source).toContain('strange');
    expect(translator.vocabulary.target).toContain('angestray');
    const exact = heldOut.filter(
      (pair) => translator.translate(pair.source).target.slice(0, -1).join(' ') === pair.target,
    ).length;
    console.log(
      `Pig Latin: ${evaluation.exact}/${evaluation.total} held-out exact in training; ${exact}/${heldOut.length} after save and reload`,
    );
    expect(exact / heldOut.length).toBeGreaterThanOrEqual(0.9);
    expect(translator.translate('The big dog runs.').target).toEqual(['ethay', 'igbay', 'ogday', 'unsray', '<eos>']); // the first line
    translator.dispose();
    trainer.dispose();
  });

  it('names every malformed line by number, and refuses too few pairs or a bad held-out share', async () => {
    const text = ['one\tuno', 'two dos', '\tsolo', 'three ||| tres', `four\t${'x '.repeat(13)}`].join('\n');
    const attempt = createTrainer({ task: { text }, backend });
    await expect(attempt).rejects.toThrow(
      /createTrainer: 3 lines are not a pair: line 2: no tab or ' \|\|\| ' between the source and the target; line 3: the source is empty; line 5: the target has 13 words; the limit is 12/,
    );
    const error = await createTrainer({ task: { text }, backend }).catch((e) => e);
    expect(error).toBeInstanceOf(RangeError);
    expect(error.lines.map((l) => l.line)).toEqual([2, 3, 5]);
    await expect(createTrainer({ task: { pairs: [['a', 'b']] }, backend })).rejects.toThrow(
      /only 1 pair; at least 10 are needed/,
    );
    await expect(createTrainer({ task: { pairs: [['a', 'b']], heldOut: 0.9 }, backend })).rejects.toThrow(
      /task.heldOut must be a share from 0.01 to 0.5, got 0.9/,
    );
    await expect(createTrainer({ task: { pairs: [['a', 2]] }, backend })).rejects.toThrow(
      /options.task.pairs\[0\] must be \[source, target\], two strings/,
    );
    await expect(createTrainer({ task: { pairs: [['a\tb', 'c']] }, backend })).rejects.toThrow(
      /options.task.pairs\[0\] has a tab or a line break inside a side/,
    );
    await expect(createTrainer({ task: { rows: [] }, backend })).rejects.toThrow(TypeError);
  });
});
