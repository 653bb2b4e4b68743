// setAssetBase() in a process where nothing has loaded a module yet (each test file runs in its own).
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAttention, loadTranslator, setAssetBase } from '../../../web/lib/index.js';

describe('setAssetBase', () => {
  it('takes a folder URL, before the first load only, and names what is wrong', async () => {
    expect(() => setAssetBase(42)).toThrow(new TypeError('setAssetBase: url must be a string or a URL, got number'));
    expect(() => setAssetBase('https://example.org/attention')).toThrow(
      new RangeError('setAssetBase: url must name a folder (end with "/"), got \'https://example.org/attention\''),
    );
    // The files really come from the base: an empty folder fails, a copy of wasm/ and models/ works.
    const empty = mkdtempSync(join(tmpdir(), 'asset-base-'));
    setAssetBase(pathToFileURL(`${empty}/`));
    await expect(loadAttention({ backend: 'wasm-scalar' })).rejects.toThrow(/wasm\/attention-simd\.mjs/); // its glue, the first file it needs
    const copy = mkdtempSync(join(tmpdir(), 'asset-base-'));
    for (const folder of ['wasm', 'models'])
      cpSync(new URL(`../../../web/lib/${folder}`, import.meta.url), join(copy, folder), { recursive: true });
    setAssetBase(pathToFileURL(`${copy}/`));
    const api = await loadAttention({ backend: 'wasm-scalar' });
    expect(api.backend).toBe('wasm-scalar');
    expect((await loadTranslator({ weights: 'en-ja', backend: 'wasm-scalar' })).task).toBe('en-ja'); // models/ too
    expect(() => setAssetBase('https://example.org/attention/')).toThrow(
      /a module is already loaded; call it before the first load/,
    );
    setAssetBase(null);
  });
});
