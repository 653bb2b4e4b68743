// The tests' GPT-2 files written two ways from one layout (tests/support/gpt2-files.js): gpt2Files in memory for the
// tests, writeGpt2Files to disk a piece at a time for npm run bench:gpt2's 124 M-parameter file. The pieces cut
// tensors anywhere (a piece size that divides none of them), and each piece's values come from its own place in the
// seeded stream: the bytes must be gpt2Files's, whatever the dtype, prefix and buffers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gpt2Files, writeGpt2Files } from '../../support/gpt2-files.js';

const folder = mkdtempSync(join(tmpdir(), 'gpt2-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('writeGpt2Files', () => {
  // narrow, so the 50,257-row embedding stays small (the file's cost is its values, drawn twice here)
  const small = { layers: 2, heads: 2, width: 8, positions: 24 };
  const shapes = [
    { ...small, seed: 3 },
    { ...small, seed: 5, dtype: 'F16', prefix: true },
    { ...small, seed: 11, dtype: 'BF16', buffers: 'BOOL', layers: 3, positions: 40 },
    { ...small, seed: 2 ** 31 + 7, buffers: false, prefix: true },
  ];
  it.each(shapes)('writes gpt2Files(%o) byte for byte, 997 values a piece', (options) => {
    const expected = gpt2Files(options);
    const paths = writeGpt2Files(folder, { ...options, pieceValues: 997 });
    const weights = readFileSync(paths.weights);
    expect(weights.length).toBe(expected.weights.length);
    expect(Buffer.compare(weights, Buffer.from(expected.weights))).toBe(0);
    expect(JSON.parse(readFileSync(paths.config, 'utf8'))).toEqual(expected.config);
    expect(readFileSync(paths.vocab, 'utf8')).toBe(expected.vocab);
    expect(readFileSync(paths.merges, 'utf8')).toBe(expected.merges);
  });
});
