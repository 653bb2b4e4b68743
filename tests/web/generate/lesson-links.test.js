// The lessons' links into the Generate view (lesson-list.js) as the view reads them: each names a part to land on
// (generate.part), which the link keeps and an unknown one drops; and lesson 7's part's arithmetic, a cache's bytes
// for each key/value head count of our model's shape (2 layers, 4 heads of width 16).
import { describe, expect, it } from 'vitest';
import { viewSettings } from '../../../web/src/app/view-address.js';
import { decodeGenerateState, encodeGenerateState } from '../../../web/src/generate/generate-state.js';
import { cacheBytesByKvHeads } from '../../../web/src/generate/lesson-parts.js';
import { lessons } from '../../../web/src/lessons/lesson-list.js';

describe('the lessons’ links into the Generate view', () => {
  it('name the part each lesson talks about, kept through the address', () => {
    const parts = lessons
      .filter((lesson) => lesson.languageModel)
      .map((lesson) => [lesson.widget, decodeGenerateState(viewSettings(lesson.languageModel.view, 'generate')).part]);
    expect(parts).toEqual([
      ['masks', 'causal'],
      ['reshape', 'cache'],
      ['decoding', 'decoding'],
    ]);
    for (const [, part] of parts) {
      const state = decodeGenerateState(`?part=${part}`);
      expect(encodeGenerateState(state).get('part')).toBe(part);
    }
    expect(decodeGenerateState('?part=everything').part).toBe(null);
    expect(encodeGenerateState(decodeGenerateState('')).has('part')).toBe(false);
  });

  it('work out a cache’s bytes for 4, 2 and 1 key/value heads: 2 × layers × heads × width × 4 bytes a position', () => {
    const ours = { dModel: 64, heads: 4, kvHeads: 4, layers: 2 };
    expect(cacheBytesByKvHeads(ours, 93)).toEqual([
      { kvHeads: 4, perPosition: 1024, bytes: 95_232, ratio: 1 },
      { kvHeads: 2, perPosition: 512, bytes: 47_616, ratio: 2 },
      { kvHeads: 1, perPosition: 256, bytes: 23_808, ratio: 4 },
    ]);
    // Eight query heads allow 8, 4, 2 and 1.
    expect(cacheBytesByKvHeads({ dModel: 64, heads: 8, layers: 1 }, 1).map((row) => row.perPosition)).toEqual([
      512, 256, 128, 64,
    ]);
  });
});
