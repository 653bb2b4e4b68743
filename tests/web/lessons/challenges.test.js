// The lessons' challenges without a page: every check refuses the lesson's first settings, refuses the wrong
// moves a learner might try, and passes the intended answer (facts as the widgets compute them, from the module
// where it matters); steps done out of order do not count; progress is kept in storage and survives a refusal.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAttention } from '../../../web/lib/index.js';
import { challenges } from '../../../web/src/lessons/challenges/catalogue.js';
import { ChallengeProgress } from '../../../web/src/lessons/challenges/progress.js';
import { defaultLessonsState } from '../../../web/src/lessons/lessons-state.js';
import { hops, trueAnswer } from '../../../web/src/lessons/widgets/memory-math.js';
import { summaries } from '../../../web/src/lessons/widgets/selective-math.js';
import { firstNearlyOneHot } from '../../../web/src/lessons/widgets/scaling-math.js';

const defaults = defaultLessonsState();
// each challenge's task, hint and why: messages, English the source
const english = JSON.parse(readFileSync(new URL('../../../web/src/i18n/locales/en.json', import.meta.url), 'utf8'));
const byId = Object.fromEntries(Object.values(challenges).flatMap((list) => list.map((c) => [c.id, c])));
/** A check run as the panel runs it, with one memory across calls. */
function checker(id, widget) {
  const memory = {};
  return (settings, facts) => byId[id].check({ ...defaults[widget], ...settings }, facts, memory, defaults[widget]);
}

let api;
beforeAll(async () => {
  api = await loadAttention({ backend: 'wasm-scalar' });
});

describe('the challenges', () => {
  it('every lesson has one to three, each with a task, a hint and a why; ids are unique', () => {
    const ids = Object.values(challenges).flatMap((list) => list.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (let lesson = 1; lesson <= 10; lesson++) {
      expect(challenges[lesson].length).toBeGreaterThanOrEqual(1);
      expect(challenges[lesson].length).toBeLessThanOrEqual(3);
      for (const c of challenges[lesson])
        for (const text of Object.values(english.lessons.challenges[c.id])) expect(text.length).toBeGreaterThan(20);
    }
  });

  it('1: only λ = 0.55 puts the newest item just under half', () => {
    const check = checker('decay-forgets', 'selective');
    const passing = [];
    for (let decay = 0.05; decay < 0.96; decay += 0.05) {
      const d = Number(decay.toFixed(2));
      const newestDecayWeight = summaries(api, 0, d)[0].weights.at(-1);
      if (check({ decay: d }, { newestDecayWeight })) passing.push(d);
    }
    expect(passing).toEqual([0.55]);
  });

  it('2: the favourite in 90-95% only with the scores untouched; wind at 50-60% only at T = 1 and by its own score', () => {
    const confident = checker('softmax-confident', 'softmax');
    expect(confident({}, { weights: [0.1, 0.6, 0.05, 0.05, 0.2] })).toBe(false);
    expect(confident({ temperature: 0.3 }, { weights: [0.01, 0.92, 0.0, 0.0, 0.07] })).toBe(true);
    expect(confident({ scores: [1, 5, 0.5, -1, 1.5] }, { weights: [0.01, 0.92, 0.0, 0.0, 0.07] })).toBe(false);
    const third = checker('softmax-third', 'softmax');
    const wind = (w) => ({ weights: [0.1, 0.2, w, 0.05, 0.1] });
    expect(third({ scores: [1, 2.5, 3, -1, 1.5] }, wind(0.504))).toBe(true);
    expect(third({ scores: [1, 2.5, 3.5, -1, 1.5] }, wind(0.626))).toBe(false);
    expect(third({ scores: [1, 2.5, 3, -1, 1.5], temperature: 2 }, wind(0.55))).toBe(false);
    expect(third({ scores: [0, 2.5, 3, -1, 1.5] }, wind(0.55))).toBe(false); // another score moved too
  });

  it('3: two rescales or more', () => {
    const check = checker('online-rescales-twice', 'kqv');
    expect(check({}, { rescaled: 0 })).toBe(false);
    expect(check({ block: 1 }, { rescaled: 1 })).toBe(false);
    expect(check({ block: 1, query: 0 }, { rescaled: 2 })).toBe(true);
  });

  it('4: a draw counts once its first one-hot width is reached by moving the width; two draws needed', () => {
    const check = checker('first-one-hot', 'scaling');
    const facts = (seed) => ({ firstNearlyOneHot: firstNearlyOneHot(api, seed) });
    expect(facts(0).firstNearlyOneHot).toBe(64);
    expect(facts(1).firstNearlyOneHot).toBe(128);
    expect(check({ width: 64, seed: 0 }, facts(0))).toBe(false); // the first state: nothing moved yet
    expect(check({ width: 256, seed: 0 }, facts(0))).toBe(false);
    expect(check({ width: 64, seed: 0 }, facts(0))).toBe(false); // one draw found
    expect(check({ width: 64, seed: 1 }, facts(1))).toBe(false);
    expect(check({ width: 128, seed: 1 }, facts(1))).toBe(true);
  });

  it('5: the worst head counts after three heads were compared on one sentence', () => {
    const check = checker('worst-head', 'cross');
    const facts = { agreement: [0.71, 1, 0.86, 1] };
    expect(check({}, facts)).toBe(false); // 'best'
    expect(check({ head: 0 }, facts)).toBe(false); // right, but first looked at
    expect(check({ head: 1 }, facts)).toBe(false);
    expect(check({ head: 0, sentence: 3 }, facts)).toBe(false); // another sentence starts over
    expect(check({ head: 2, sentence: 3 }, facts)).toBe(false);
    expect(check({ head: 1, sentence: 3 }, facts)).toBe(false);
    expect(check({ head: 0, sentence: 3 }, facts)).toBe(true);
    expect(checker('worst-head', 'cross')({ head: 0 }, { agreement: [1, 1, 1, 1] })).toBe(false); // no worst
  });

  it('6: row “a” reads exactly the first two; the window of two, exactly', () => {
    const reads = checker('mask-reads-two', 'masks');
    const weights = (row) => [...Array(10).fill(0.2), ...row, ...Array(10).fill(0.2)];
    expect(reads({}, { weights: weights([0.2, 0.2, 0.2, 0.2, 0.2]) })).toBe(false);
    expect(reads({}, { weights: weights([0.4, 0.3, 0.3, 0, 0]) })).toBe(false);
    expect(reads({}, { weights: weights([0.6, 0.4, 0, 0, 0]) })).toBe(true);
    const window = checker('mask-window-of-two', 'masks');
    const band = Array.from({ length: 25 }, (_, i) =>
      Number(i % 5 === Math.floor(i / 5) || i % 5 === Math.floor(i / 5) - 1),
    );
    const causal = Array.from({ length: 25 }, (_, i) => Number(i % 5 <= Math.floor(i / 5)));
    expect(window({ mode: 'custom' }, { allowed: band })).toBe(true);
    expect(window({ mode: 'causal' }, { allowed: causal })).toBe(false);
    expect(window({ mode: 'custom' }, { allowed: causal })).toBe(false);
  });

  it('7: the fewest key/value heads within 2 points of the full model, once trained', () => {
    const check = checker('fewest-kv-heads', 'reshape');
    const results = [98, 97, 93, 89].map((exact, i) => ({ kvHeads: [8, 4, 2, 1][i], exact, total: 100 }));
    expect(check({ kvHeads: 4 }, { results: null })).toBe(false);
    expect(check({ kvHeads: 2 }, { results })).toBe(false);
    expect(check({ kvHeads: 8 }, { results })).toBe(false);
    expect(check({ kvHeads: 4 }, { results })).toBe(true);
  });

  it('8: a shuffle seen as a bag first, then positions on the same shuffle', () => {
    const check = checker('bag-then-order', 'position');
    expect(check({ withPositions: true }, { shuffled: false, largest: 0.3 })).toBe(false);
    expect(check({ seed: 1 }, { shuffled: true, largest: 0 })).toBe(false);
    expect(check({ seed: 2, withPositions: true }, { shuffled: true, largest: 0.3 })).toBe(false); // another shuffle
    expect(check({ seed: 1, withPositions: true }, { shuffled: true, largest: 0.3 })).toBe(true);
  });

  it('9: the parting step found while sampling, then that step under teacher forcing', () => {
    const check = checker('draw-parts', 'decoding');
    const sampling = { choice: 'sample', seed: 4, outputTemperature: 3 };
    expect(check({ ...sampling, forced: true, step: 2 }, { parted: -1, forcedMisses: [] })).toBe(false);
    expect(check({ ...sampling, step: 1 }, { parted: 2, forcedMisses: [] })).toBe(false); // not where it parts
    expect(check({ ...sampling, step: 2 }, { parted: 2, forcedMisses: [] })).toBe(false);
    expect(check({ ...sampling, forced: true, step: 3 }, { parted: -1, forcedMisses: [] })).toBe(false);
    expect(check({ ...sampling, forced: true, step: 2 }, { parted: -1, forcedMisses: [2] })).toBe(false);
    expect(check({ ...sampling, forced: true, step: 2 }, { parted: -1, forcedMisses: [] })).toBe(true);
    // A draw parting at the first word is on screen as soon as it is drawn: looking at it is not finding it.
    const first = checker('draw-parts', 'decoding');
    expect(first({ ...sampling, step: 0 }, { parted: 0, forcedMisses: [] })).toBe(false);
    expect(first({ ...sampling, forced: true, step: 0 }, { parted: -1, forcedMisses: [] })).toBe(false);
  });

  it('10: a story of one’s own with the apple in the kitchen, one hop seen failing, then two finding it', () => {
    const check = checker('own-story-two-hops', 'memory');
    const facts = (story) => ({
      oneHop: hops(api, 1, story).answer,
      twoHops: hops(api, 2, story).answer,
      truth: trueAnswer(story),
    });
    expect(check({ hops: 1 }, facts([0, 1, 2]))).toBe(false); // the notes' story: the garden
    expect(check({ hops: 2 }, facts([0, 1, 2]))).toBe(false);
    expect(check({ hops: 2, story: [2, 1, 0] }, facts([2, 1, 0]))).toBe(false); // one hop not seen
    expect(check({ hops: 1, story: [2, 1, 0] }, facts([2, 1, 0]))).toBe(false);
    expect(check({ hops: 2, story: [2, 1, 0] }, facts([2, 1, 0]))).toBe(true);
    expect(facts([0, 2, 0])).toEqual({ oneHop: 'kitchen', twoHops: 'kitchen', truth: null }); // no apple taken
  });
});

describe('progress', () => {
  const memoryStorage = () => {
    const items = new Map();
    return {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => items.set(k, String(v)),
      removeItem: (k) => items.delete(k),
    };
  };

  it('is kept in storage, read back by the next visit, and cleared on request', () => {
    const storage = memoryStorage();
    const first = new ChallengeProgress(storage);
    expect(first.add('decay-forgets')).toBe(true);
    expect(first.add('decay-forgets')).toBe(false);
    expect(new ChallengeProgress(storage).has('decay-forgets')).toBe(true);
    first.clear();
    expect(new ChallengeProgress(storage).has('decay-forgets')).toBe(false);
  });

  it('survives storage that refuses or holds something else', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const progress = new ChallengeProgress(refusing);
    expect(progress.add('worst-head')).toBe(true);
    expect(progress.has('worst-head')).toBe(true); // kept for the visit
    const junk = memoryStorage();
    junk.setItem('attention-playground:challenges', '{"not": "a list"}');
    expect(new ChallengeProgress(junk).has('not')).toBe(false);
    junk.setItem('attention-playground:challenges', '[1, "worst-head", null');
    expect(new ChallengeProgress(junk).solved.size).toBe(0);
    expect(new ChallengeProgress(null).add('x')).toBe(true); // no storage at all
    // A frame whose storage is blocked throws on reading localStorage itself.
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      expect(new ChallengeProgress().add('y')).toBe(true);
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete globalThis.localStorage;
    }
  });
});
