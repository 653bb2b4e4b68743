// The page's address, one namespace per view (web/src/app/view-address.js), with each view's own codec: after any
// sequence of views shown, settings changed, reloads and links followed, a view opens on its own last state, or
// on its defaults if it was never opened, unless the link names a setting for it; links written before the
// namespaces (bare keys) open what they opened. The page's logic is replayed here as main.js runs it: a view is
// decoded from the address when first shown, and the address is rewritten with its state on every change.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressWith,
  followingLink,
  viewInAddress,
  viewNames,
  viewSettings,
} from '../../../web/src/app/view-address.js';
import { decodeGenerateState, encodeGenerateState } from '../../../web/src/generate/generate-state.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { decodeLessonsState, encodeLessonsState } from '../../../web/src/lessons/lessons-state.js';
import { lessons } from '../../../web/src/lessons/lesson-list.js';
import { decodeState, encodeState } from '../../../web/src/steps/step-state.js';
import { decodeTrainState, encodeTrainState } from '../../../web/src/train/train-state.js';
import { decodeTranslationState, encodeTranslationState } from '../../../web/src/translation/translation-state.js';

beforeAll(() => Promise.all([loadMessages('steps'), loadMessages('heads'), loadMessages('train')]));

/** Each view's codec, as main.js calls it: a view's settings (bare names) → its state → its settings. */
const codecs = {
  lessons: { decode: decodeLessonsState, encode: encodeLessonsState },
  translation: { decode: (search) => decodeTranslationState(search), encode: encodeTranslationState },
  steps: { decode: (search) => decodeState(search).state, encode: (state) => new URLSearchParams(encodeState(state)) },
  train: { decode: decodeTrainState, encode: encodeTrainState },
  generate: { decode: decodeGenerateState, encode: encodeGenerateState },
};
const decodeFrom = (search, view) => codecs[view].decode(viewSettings(search, view).toString());
const canonical = (view, state) => codecs[view].encode(state).toString();
const defaults = Object.fromEntries(viewNames.map((view) => [view, canonical(view, codecs[view].decode(''))]));

/** The page as main.js keeps it: its address, and the views built so far (each decoded when first shown). */
class Page {
  constructor(address) {
    this.address = address;
    this.states = new Map();
    this.show(viewInAddress(address));
  }

  show(view) {
    if (!this.states.has(view)) this.states.set(view, decodeFrom(this.address, view));
    this.shown = view;
    this.#write();
  }

  /** A control of the shown view: its state with `settings` (bare names) over what it had. */
  change(settings) {
    const next = new URLSearchParams(canonical(this.shown, this.states.get(this.shown)));
    for (const [name, value] of Object.entries(settings)) next.set(name, value);
    this.states.set(this.shown, codecs[this.shown].decode(next.toString()));
    this.#write();
  }

  #write() {
    this.address = `?${addressWith(this.address, this.shown, codecs[this.shown].encode(this.states.get(this.shown)))}`;
  }
}

// Settings a control or a link may give each view, by their bare names (the reported ones among them: the Steps
// view's h=1, Translation's layer=2).
const settingsOf = {
  lessons: fc.record({ lesson: fc.integer({ min: 1, max: 10 }).map(String), d: fc.constantFrom('2', '64', '512') }),
  translation: fc.record({
    layer: fc.constantFrom('1', '2'),
    head: fc.constantFrom('avg', '1', '3'),
    tf: fc.constantFrom('0', '1'),
  }),
  steps: fc.record({
    mask: fc.constantFrom('none', 'causal'),
    scale: fc.constantFrom('dk', 'dmodel', 'none'),
    hard: fc.constantFrom('0', '1'),
  }),
  train: fc.record({
    h: fc.constantFrom('1', '2', '4', '8'),
    layer: fc.constantFrom('1', '2'),
    task: fc.constantFrom('en-es', 'reverse'),
  }),
  generate: fc.record({
    h: fc.constantFrom('1', '2', '4'),
    layer: fc.constantFrom('1', '2'),
    temperature: fc.constantFrom('0', '0.8', '1.5'),
  }),
};
const anyView = fc.constantFrom(...viewNames);
const viewAndSettings = anyView.chain((view) => settingsOf[view].map((settings) => ({ view, settings })));

/** A person's step: a tab, a control, a reload, a link a lesson writes, or an old link (bare keys) opened afresh. */
const step = fc.oneof(
  anyView.map((view) => ({ kind: 'show', view })),
  fc.record(settingsOf).map((settings) => ({ kind: 'change', settings })), // the shown view's are used
  fc.constant({ kind: 'reload' }),
  viewAndSettings.map((link) => ({ kind: 'follow', ...link })),
  viewAndSettings.map((link) => ({ kind: 'old link', ...link })),
);

describe('each view’s settings are its own', () => {
  it('after any sequence of views, a view opens on its last state, its defaults if never opened, or the link’s', () => {
    fc.assert(
      fc.property(viewAndSettings, fc.array(step, { maxLength: 24 }), (first, steps) => {
        const open = ({ view, settings }) => `?${new URLSearchParams({ view, ...settings })}`;
        let page = new Page(open(first));
        // What each view must open on: its last state (its codec's words for it), once it has one.
        const last = new Map([[first.view, canonical(first.view, page.states.get(first.view))]]);
        expect(last.get(first.view)).toBe(canonical(first.view, codecs[first.view].decode(open(first))));
        for (const action of steps) {
          if (action.kind === 'show') page.show(action.view);
          else if (action.kind === 'change') {
            page.change(action.settings[page.shown]);
            last.set(page.shown, canonical(page.shown, page.states.get(page.shown)));
          } else if (action.kind === 'reload') page = new Page(page.address);
          else {
            const link = `?${new URLSearchParams({ view: action.view, ...prefixed(action.view, action.settings) })}`;
            if (action.kind === 'old link') last.clear(); // a page of its own: the other views on their defaults
            page = new Page(action.kind === 'follow' ? followingLink(page.address, link) : open(action));
            // the link's view opens as the link says, whatever it was before
            last.set(action.view, canonical(action.view, codecs[action.view].decode(open(action))));
          }
          const { shown } = page;
          expect(canonical(shown, page.states.get(shown)), `${shown} after ${action.kind}`).toBe(
            last.get(shown) ?? defaults[shown],
          );
          last.set(shown, canonical(shown, page.states.get(shown)));
          for (const view of viewNames)
            expect(canonical(view, decodeFrom(page.address, view)), `${view} in ${page.address}`).toBe(
              last.get(view) ?? defaults[view],
            );
        }
      }),
    );
  });

  it('the reported case: the Steps view’s one head is not Train’s, Translation’s layer 2 is not Generate’s', () => {
    const page = new Page('?view=steps');
    expect(page.states.get('steps').heads).toBe(1);
    page.show('train');
    expect([page.states.get('train').heads, page.states.get('train').kvHeads]).toEqual([4, 'all']);
    const translation = new Page('?view=translation&layer=2');
    expect(translation.states.get('translation').layer).toBe(1); // 0-based: layer 2
    translation.show('generate');
    expect(translation.states.get('generate').layer).toBe(0);
    expect(new URLSearchParams(translation.address).get('translation.layer')).toBe('2');
  });
});

const prefixed = (view, settings) =>
  Object.fromEntries(Object.entries(settings).map(([name, value]) => [`${view}.${name}`, value]));

describe('the address', () => {
  it('names its view: view=, else an old step-view link’s s=, else Translation', () => {
    expect(['?view=train', '?s=3&dm=4', '?lesson=4', '', '?view=nonsense'].map(viewInAddress)).toEqual([
      'train',
      'steps',
      'translation',
      'translation',
      'translation',
    ]);
  });

  it('gives a view its own settings: filed under its name, and the bare ones only when it is the one named', () => {
    const address = '?view=train&h=2&train.h=4&train.d=32&steps.h=1&lang=es&backend=wasm&embed=1&present=1';
    expect(viewSettings(address, 'train').toString()).toBe('d=32&h=2'); // the link's own h wins
    expect(viewSettings(address, 'steps').toString()).toBe('h=1');
    expect(viewSettings(address, 'generate').toString()).toBe('');
    expect(viewSettings('?view=steps&mask=causal', 'train').toString()).toBe('');
    expect(viewSettings('?view.h=3&nonsense.h=2', 'translation').toString()).toBe('view.h=3&nonsense.h=2');
  });

  it('files the shown view’s settings under its name, keeps the others’, and moves bare keys to their view', () => {
    const next = addressWith('?view=steps&mask=causal&train.h=2&lang=es', 'train', 'h=8&layer=1');
    expect(next.toString()).toBe('view=train&train.h=8&train.layer=1&steps.mask=causal');
  });

  it('a followed link names its view’s settings and carries the other views’', () => {
    const link = followingLink('?view=lessons&lessons.lesson=6&train.h=2&steps.h=3', lessons[5].view);
    expect(link).toBe('?view=steps&steps.mask=causal&lessons.lesson=6&train.h=2');
  });
});

describe('links written before the namespaces, and the ones the page writes now', () => {
  // The lessons' links as they were written, the docs' examples and a full old step-view link.
  const oldLinks = [
    '?view=steps',
    '?view=steps&scale=none',
    '?view=steps&mask=causal',
    '?view=generate&kv=2',
    '?view=train&task=reverse',
    '?view=translation&tf=1',
    '?view=generate&temperature=0',
    '?view=lessons&lesson=4&d=128&lang=es',
    '?view=lessons&lesson=4&embed=1',
    '?view=translation&q=show+those+dirty+cups+to+his+beautiful+neighbor&beam=4',
    '?view=translation&model=en-ja',
    `?${encodeState({ ...decodeState('').state, hard: true, maskMode: 'causal' })}`, // no view=: its s= names Steps
  ];

  it('open what they opened: each view decodes a bare link as it decoded the whole address', () => {
    for (const link of oldLinks) {
      const view = viewInAddress(link);
      expect(canonical(view, decodeFrom(link, view)), link).toBe(canonical(view, codecs[view].decode(link)));
    }
  });

  it('the lessons’ links are in the address’s form; they and the docs’ examples open what their bare form did', () => {
    const docs = ['docs/embed.md', 'docs/models.md', 'docs/history.md', 'docs/playground.md']
      .map((file) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'))
      .join('\n');
    const docLinks = [...docs.matchAll(/\?view=\w+(&[\w.%+=-]+)*/g)].map(([link]) => link);
    const lessonLinks = lessons.flatMap((lesson) => [lesson.view, lesson.languageModel?.view]).filter(Boolean);
    expect(docLinks.length).toBeGreaterThanOrEqual(4);
    for (const link of [...lessonLinks, ...docLinks]) {
      const view = viewInAddress(link);
      const bare = link.replaceAll(`${view}.`, '');
      if (lessonLinks.includes(link) && bare !== `?view=${view}`) expect(link, 'under the view’s name').not.toBe(bare);
      expect(canonical(view, decodeFrom(link, view)), link).toBe(canonical(view, codecs[view].decode(bare)));
    }
  });
});
