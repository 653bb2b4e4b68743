// A run kept in its view's list while it trains (common/run-saves.js, behind the Train view's checkpoints and the
// Generate view's keeper): one entry a run, saved again in place and in order; a moment saved once; a save that
// waits while a newer one is asked for dropped; a failure said and the next save tried; a continued run's entry
// carried on. The list here keeps its entries in memory as the store does in IndexedDB: the id it gives a new entry,
// the entry replaced by a save with its id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RunSaves } from '../../../web/src/common/run-saves.js';
import { propertyRuns } from '../property-seed.js';

class MemoryList {
  entries = new Map();
  nextId = 1;
  refuse = false; // a storage failure: said in the list, resolved to null
  async save({ id = this.nextId++, ...entry }) {
    await Promise.resolve();
    if (this.refuse) return null;
    this.entries.set(id, { id, ...entry });
    return id;
  }
}

/** A view's saver of `list`: each entry is the run's step and name as they stand when it is made (read as a worker's answer is). */
function saver(list, { errors = [], reads = [] } = {}) {
  const saves = new RunSaves({
    list,
    entry: async (run) => {
      reads.push(run.name);
      await Promise.resolve(); // the worker's answer
      if (run.broken) throw new Error(`${run.name}: worker lost`);
      return { ...(run.continues === undefined ? {} : { id: run.continues }), name: run.name, step: run.step };
    },
    onError: (error) => errors.push(error.message),
  });
  return { saves, errors, reads };
}

describe('RunSaves', () => {
  it('saves a run as one entry, again in place at each new moment, and a moment once', async () => {
    const list = new MemoryList();
    const { saves, reads } = saver(list);
    const run = { name: 'a', step: 10 };
    saves.at(run, 'measured 10');
    await saves.settled();
    saves.at(run, 'measured 10'); // the same moment: no save
    saves.at(run, null); // not a moment to save
    await saves.settled();
    expect(reads).toEqual(['a']);
    run.step = 20;
    saves.at(run, 'measured 20');
    await saves.settled();
    expect([...list.entries.values()]).toEqual([{ id: 1, name: 'a', step: 20 }]);
  });

  it('drops a save waiting its turn when a newer one of its run is asked for, never another run’s', async () => {
    const list = new MemoryList();
    let open;
    const gate = new Promise((resolve) => (open = resolve));
    const { saves, reads } = saver({ save: async (entry) => (entry.name === 'c' ? gate : list.save(entry)) });
    const [a, b, c] = ['a', 'b', 'c'].map((name) => ({ name, step: 1 }));
    saves.at(c, '1'); // under way until the gate opens
    await Promise.resolve();
    saves.at(a, '1'); // waits, then dropped for a newer save of a
    saves.at(a, '2'); // likewise
    saves.at(b, '1');
    a.step = 3;
    saves.at(a, '3');
    open(null);
    await saves.settled();
    expect(reads).toEqual(['c', 'b', 'a']);
    expect([...list.entries.values()]).toEqual([
      { id: 1, name: 'b', step: 1 },
      { id: 2, name: 'a', step: 3 },
    ]);
  });

  it('says a failure to read the run and goes on; a save the list refused is tried again as a new entry', async () => {
    const list = new MemoryList();
    const { saves, errors } = saver(list);
    const run = { name: 'a', step: 1, broken: true };
    saves.at(run, '1');
    await saves.settled();
    expect(errors).toEqual(['a: worker lost']);
    run.broken = false;
    list.refuse = true;
    saves.at(run, '2');
    await saves.settled();
    expect(list.entries.size).toBe(0);
    list.refuse = false;
    saves.at(run, '3');
    await saves.settled();
    expect([...list.entries.keys()]).toHaveLength(1);
  });

  it('a continued run saves over the entry it continues', async () => {
    const list = new MemoryList();
    list.entries.set(7, { id: 7, name: 'first run', step: 300 });
    const { saves } = saver(list);
    const run = { name: 'continued', step: 400, continues: 7 };
    saves.at(run, '400');
    await saves.settled();
    expect([...list.entries.values()]).toEqual([{ id: 7, name: 'continued', step: 400 }]);
  });

  it('whatever the moments asked, each run ends as one entry holding its last state', async () => {
    const moment = fc.record({
      run: fc.nat(2),
      moment: fc.option(fc.constantFrom('a', 'b', 'c')),
      settle: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(moment, { maxLength: 30 }), async (moments) => {
        const list = new MemoryList();
        const { saves } = saver(list);
        const runs = [0, 1, 2].map((i) => ({ name: `run ${i}`, step: 0 }));
        const lastMoment = new Map(); // run → the moment last asked for
        const lastSave = new Map(); // run → the step of the save last asked for
        for (const [i, { run, moment: at, settle }] of moments.entries()) {
          runs[run].step = i;
          saves.at(runs[run], at);
          if (at !== null && lastMoment.get(run) !== at) lastSave.set(run, i);
          if (at !== null) lastMoment.set(run, at);
          if (settle) await saves.settled();
        }
        await saves.settled();
        const entries = [...list.entries.values()];
        expect(entries.map((e) => e.name).sort()).toEqual([...lastSave.keys()].sort().map((i) => `run ${i}`));
        // Each entry holds its run as it stood at its last save or later (a save reads the run when it is made).
        for (const [i, step] of lastSave) {
          const saved = entries.find((e) => e.name === `run ${i}`).step;
          expect(saved).toBeGreaterThanOrEqual(step);
          expect(saved).toBeLessThanOrEqual(runs[i].step);
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  });
});
