// web/src/common/settled.js: the busy/settled state a view or an element says for hosts and tests. Its element
// here is an EventTarget with a dataset, all the class touches (the e2e tests await it on the real views).
import { describe, expect, it } from 'vitest';
import { Settling } from '../../../web/src/common/settled.js';

function reporter() {
  const target = Object.assign(new EventTarget(), { dataset: {} });
  const events = [];
  target.addEventListener('settled', (event) => events.push(event));
  return { target, events };
}

describe('Settling', () => {
  it('says nothing until it has started something, then busy, then settled once every piece has ended', () => {
    const { target, events } = reporter();
    const settling = new Settling(target);
    expect(target.dataset).toEqual({});
    const first = settling.begin();
    const second = settling.begin();
    expect(target.dataset.state).toBe('busy');
    first();
    first(); // a second call of the same end changes nothing
    expect(target.dataset.state).toBe('busy');
    second();
    expect(target.dataset).toEqual({ state: 'settled', settled: '1' });
    expect(events).toHaveLength(1);
    expect(events[0].bubbles).toBe(true);
  });

  it('counts each settling: a synchronous drawing settles once more; a named hold lasts until released', () => {
    const { target, events } = reporter();
    const settling = new Settling(target);
    expect(settling.after(() => 'drawn')).toBe('drawn');
    expect(target.dataset.settled).toBe('1');
    settling.hold('run', true);
    settling.hold('run', true); // held already
    settling.after(() => {}); // a drawing during the run: still busy
    expect(target.dataset).toEqual({ state: 'busy', settled: '1' });
    settling.hold('run', false);
    settling.hold('run', false); // not held: nothing
    expect(target.dataset).toEqual({ state: 'settled', settled: '2' });
    expect(events).toHaveLength(2);
    expect(() =>
      settling.after(() => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(target.dataset).toEqual({ state: 'settled', settled: '3' }); // a drawing that failed has ended too
  });

  it('is busy while a promise is under way, rejected or not', async () => {
    const { target } = reporter();
    const settling = new Settling(target);
    let answer;
    const asked = settling.during(new Promise((resolve) => (answer = resolve)));
    expect(target.dataset.state).toBe('busy');
    answer(42);
    expect(await asked).toBe(42);
    expect(target.dataset).toEqual({ state: 'settled', settled: '1' });
    await expect(settling.during(() => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(target.dataset).toEqual({ state: 'settled', settled: '2' });
  });

  it("a view's work inside an element's: the element is busy while the view is, and says its own count", () => {
    const view = reporter();
    const host = reporter();
    const outer = new Settling(host.target);
    const inner = new Settling(view.target);
    const drawing = inner.begin();
    inner.within(outer); // a view already drawing when the element takes it in
    expect(host.target.dataset.state).toBe('busy');
    drawing();
    expect(view.target.dataset).toEqual({ state: 'settled', settled: '1' });
    expect(host.target.dataset).toEqual({ state: 'settled', settled: '1' });
    const loading = outer.begin();
    inner.after(() => {}); // the view settles; the element still loads
    expect(host.target.dataset.state).toBe('busy');
    loading();
    expect(host.target.dataset).toEqual({ state: 'settled', settled: '2' });
    expect(host.events).toHaveLength(2);
  });

  it('a section made after the work began is told the state at once', () => {
    const settling = new Settling();
    const end = settling.begin();
    const late = reporter();
    settling.reportOn(late.target);
    expect(late.target.dataset.state).toBe('busy');
    end();
    const later = reporter();
    settling.reportOn(later.target);
    expect(later.target.dataset).toEqual({ state: 'settled', settled: '1' });
  });
});
