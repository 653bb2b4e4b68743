// What a course package keeps in a platform's cmi.suspend_data, read back as strictly as any stored entry: a
// well-formed entry restores its challenges, and anything else the platform hands back (cut short, rewritten,
// another package's, another version's) restores nothing, says why, and never throws. Property-based (fast-check,
// on the suite's fixed seed: tests/web/property-seed.js).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { challenges } from '../../../web/src/lessons/challenges/catalogue.js';
import { decodeSuspendData, encodeSuspendData, suspendDataLength } from '../../../web/src/app/scorm-suspend-data.js';
import { propertyRuns } from '../property-seed.js';

const allIds = Object.values(challenges).flatMap((list) => list.map((c) => c.id));
const lessons45 = [...challenges[4], ...challenges[5]].map((c) => c.id);
const solvedSubset = fc.subarray(allIds);

describe('suspend_data', () => {
  it('restores what was written, for any challenges solved, well within SCORM’s 4096 characters', () => {
    fc.assert(
      fc.property(solvedSubset, (solved) => {
        const text = encodeSuspendData(solved);
        expect(text.length).toBeLessThan(suspendDataLength / 4);
        expect(decodeSuspendData(text, allIds)).toEqual({ solved, problem: null });
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('is empty on a first launch: nothing restored, and nothing wrong', () => {
    expect(decodeSuspendData('', lessons45)).toEqual({ solved: [], problem: null });
  });

  it('cut short anywhere, restores nothing and says why', () => {
    fc.assert(
      fc.property(fc.subarray(allIds, { minLength: 1 }), fc.nat(), (solved, at) => {
        const text = encodeSuspendData(solved);
        const { solved: restored, problem } = decodeSuspendData(text.slice(0, 1 + (at % (text.length - 1))), allIds);
        expect(restored).toEqual([]);
        expect(problem).toMatch(/suspend_data/);
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('never throws on anything a platform may hand back, and restores only this package’s challenges, each once', () => {
    const anything = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.json().map((json) => json),
      fc.jsonValue().map((value) => JSON.stringify({ v: 1, solved: value })),
      fc
        .array(fc.oneof(fc.constantFrom(...allIds), fc.string()), { maxLength: 8 })
        .map((solved) => JSON.stringify({ v: 1, solved })),
      fc.anything(),
    );
    fc.assert(
      fc.property(anything, (text) => {
        const { solved, problem } = decodeSuspendData(text, lessons45);
        expect(solved.every((id) => lessons45.includes(id))).toBe(true);
        expect(new Set(solved).size).toBe(solved.length);
        if (problem !== null) expect(solved).toEqual([]);
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('refuses, each with its reason: another package’s challenge, a repeat, another version, extra fields, a huge entry', () => {
    const refused = (text) => decodeSuspendData(text, lessons45);
    expect(refused(encodeSuspendData(['decay-forgets'])).problem).toMatch(/"decay-forgets", no challenge of this/);
    expect(refused(encodeSuspendData(['worst-head', 'worst-head'])).problem).toMatch(/twice/);
    expect(refused('{"v":2,"solved":["worst-head"]}').problem).toMatch(/version 2/);
    expect(refused('{"v":1,"solved":["worst-head"],"score":100}').problem).toMatch(/fields/);
    expect(refused('{"v":1,"solved":"worst-head"}').problem).toMatch(/no list/);
    expect(refused('["worst-head"]').problem).toMatch(/no object/);
    expect(refused(`{"v":1,"solved":[${'"worst-head",'.repeat(400)}"x"]}`).problem).toMatch(/past SCORM's 4096/);
    expect(refused(42).problem).toMatch(/a number, not text/);
    expect(refused(encodeSuspendData(['worst-head']))).toEqual({ solved: ['worst-head'], problem: null });
  });
});
