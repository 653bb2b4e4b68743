// The grammar's open-class tables (cpp/src/data) are what scripts/lexicon/emit-grammar.mjs writes from the candidate
// list: a committed table that is stale (the list or the script changed, the C++ was edited by hand) fails here.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;

describe('scripts/lexicon/emit-grammar.mjs', () => {
  it('wrote the committed tables (--check)', () => {
    const out = execFileSync('node', ['scripts/lexicon/emit-grammar.mjs', '--check'], { cwd: root, encoding: 'utf8' });
    expect(out).toMatch(/^in the grammar: \d+ \(\d+ nouns, \d+ verbs, \d+ adjectives\)/);
    // docs/models.md's description of the grammar says the same counts
    const [, nouns, verbs, adjectives] = out.match(/\((\d+) nouns, (\d+) verbs, (\d+) adjectives\)/);
    const doc = readFileSync(`${root}docs/models.md`, 'utf8').replace(/\s+/g, ' ');
    expect(doc).toContain(`${nouns} nouns (people,`);
    expect(doc).toContain(`${verbs} verbs (transitive,`);
    expect(doc).toContain(`${adjectives} adjectives (the ${Number(nouns) + Number(verbs) + Number(adjectives)} chosen`);
  });
});
