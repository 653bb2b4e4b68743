// What both lists of saved runs say when the browser's storage fails (common/saved-models-text.js), each in its own
// view's words: the Train view's "Your models" and the Generate view's "Your language models".
import { beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../../../web/src/common/storage-errors.js';
import { savedText as languageModelText } from '../../../web/src/generate/saved-models-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';
import { savedText as translatorText } from '../../../web/src/train/saved-models-text.js';

beforeAll(() => Promise.all([loadMessages('train'), loadMessages('generatePage')])); // English here

describe.each([
  {
    list: 'your models',
    text: translatorText,
    blocked: /^Could not keep your models: this browser does not let the site store data/,
    failed: 'Could not keep your models: disk on fire. Download the model to keep it.',
  },
  {
    list: 'your language models',
    text: languageModelText,
    blocked: /^This browser does not let the site store data/,
    failed: 'The saved models could not be read or written: disk on fire. Download a model to keep it.',
  },
])('$list', ({ text, blocked, failed }) => {
  it('says a storage failure by its kind, and anything else by its own message', () => {
    expect(text.problemText(new StorageError('x', { kind: 'blocked', cause: null }))).toMatch(blocked);
    expect(text.problemText(new StorageError('x', { kind: 'quota', cause: null }))).toMatch(
      /storage for the site is full/,
    );
    const disk = new StorageError('x', { kind: 'failed', cause: new Error('disk on fire') });
    expect(text.problemText(disk)).toBe(failed);
    expect(text.problemText(new RangeError('checksum mismatch'))).toBe('checksum mismatch');
  });

  it('counts what it keeps', () => {
    expect(text.listText(0)).toMatch(/^None yet: /);
    expect(text.listText(3)).toMatch(/^3 saved: /);
    expect(text.progress({ status: 'finished', step: 40, steps: 40 })).toBe('40 steps');
    expect(text.progress({ status: 'unfinished', step: 12, steps: 40 })).toBe('unfinished: step 12 of 40');
  });
});
