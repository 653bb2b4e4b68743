// The grammar's open-class tables (cpp/src/data) are what scripts/lexicon/emit-grammar.mjs writes from the candidate
// list: a committed table that is stale (the list or the script changed, the C++ was edited by hand) fails here.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

describe('scripts/lexicon/emit-grammar.mjs', () => {
  it('wrote the committed tables (--check)', () => {
    const out = execFileSync('node', ['scripts/lexicon/emit-grammar.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/^in the grammar: \d+ \(\d+ nouns, \d+ verbs, \d+ adjectives\)/);
  });
});
