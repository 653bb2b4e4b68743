// What a host records of a lesson's challenges (<attention-lesson>'s `solved` event and `progress`, the embed
// mode's message): the lesson's own solved ids in its order, out of its total; and where the progress is kept,
// chosen after it began (the element's storage attribute: the page's memory, or localStorage).
import { describe, expect, it } from 'vitest';
import { progressReport } from '../../../web/src/lessons/challenges/challenge-list.js';
import { ChallengeProgress } from '../../../web/src/lessons/challenges/progress.js';

const key = 'attention-playground:challenges';
const memoryStorage = (saved) => {
  const items = new Map(saved ? [[key, JSON.stringify(saved)]] : []);
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), items };
};

describe('a lesson’s progress, as a host records it', () => {
  it('names the lesson’s solved challenges in its order, not other lessons’, out of its total', () => {
    const progress = new ChallengeProgress(null);
    expect(progressReport(progress, 2)).toEqual({ lesson: 2, solved: [], total: 2 });
    progress.add('softmax-third');
    progress.add('decay-forgets'); // lesson 1's
    expect(progressReport(progress, 2)).toEqual({ lesson: 2, solved: ['softmax-third'], total: 2 });
    progress.add('softmax-confident');
    expect(progressReport(progress, 2)).toEqual({
      lesson: 2,
      solved: ['softmax-confident', 'softmax-third'],
      total: 2,
    });
    expect(progressReport(progress, 1)).toEqual({ lesson: 1, solved: ['decay-forgets'], total: 1 });
  });

  it('is kept where it is asked to be from then on: what storage held joins it, and what was solved is written', () => {
    const progress = new ChallengeProgress(null); // memory only: nothing written anywhere
    progress.add('softmax-confident');
    const local = memoryStorage(['decay-forgets']);
    progress.keepIn(local);
    expect([...progress.solved].sort()).toEqual(['decay-forgets', 'softmax-confident']);
    expect(JSON.parse(local.items.get(key)).sort()).toEqual(['decay-forgets', 'softmax-confident']);
    progress.add('softmax-third');
    expect(JSON.parse(local.items.get(key))).toContain('softmax-third');
    progress.keepIn(null); // back to memory: kept for the visit, no longer written
    progress.add('first-one-hot');
    expect(progress.has('first-one-hot')).toBe(true);
    expect(JSON.parse(local.items.get(key))).not.toContain('first-one-hot');
    const empty = memoryStorage();
    new ChallengeProgress(null).keepIn(empty); // nothing solved: nothing to write
    expect(empty.items.size).toBe(0);
  });
});
