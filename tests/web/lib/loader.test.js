// Loading the builds: feature detection (SIMD, relaxed SIMD) picks the default, each build loads once, and
// an engine without relaxed SIMD (Node 20 without its flag) gets the SIMD128 build and a clear refusal.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { backends, loadAttention, supportsRelaxedSimd, supportsSimd } from '../../../web/lib/index.js';

const library = new URL('../../../web/lib/index.js', import.meta.url).href;

/** What a fresh Node process (with these flags) detects and loads by default, and whether it may ask for relaxed. */
function detectIn(flags) {
  const script = `
    const lib = await import(${JSON.stringify(library)});
    const { backend } = await lib.loadAttention();
    const refusal = await lib.loadAttention({ backend: 'wasm-relaxed-simd' }).then(() => null, (e) => e.constructor.name + ': ' + e.message);
    console.log(JSON.stringify({ relaxed: lib.supportsRelaxedSimd(), backend, refusal }));`;
  return JSON.parse(
    execFileSync(process.execPath, [...flags, '--input-type=module', '-e', script], { encoding: 'utf8' }),
  );
}

describe('loadAttention', () => {
  it('detects SIMD and relaxed SIMD (Vitest runs Node with the flag) and picks the relaxed build by default', async () => {
    expect(supportsSimd()).toBe(true);
    expect(supportsRelaxedSimd()).toBe(true);
    const attention = await loadAttention();
    expect(attention.backend).toBe('wasm-relaxed-simd');
  });

  it('feature detection both ways: without relaxed SIMD the default is SIMD128, and asking for relaxed is refused', () => {
    expect(detectIn([])).toEqual({
      relaxed: false,
      backend: 'wasm-simd128',
      refusal:
        'RangeError: options.backend is wasm-relaxed-simd, but this engine has no relaxed SIMD (Node 20 needs --experimental-wasm-relaxed-simd)',
    });
    expect(detectIn(['--experimental-wasm-relaxed-simd'])).toEqual({
      relaxed: true,
      backend: 'wasm-relaxed-simd',
      refusal: null,
    });
  });

  it('loads each backend on request, once', async () => {
    for (const backend of backends) {
      const first = await loadAttention({ backend });
      expect(first.backend).toBe(backend);
      expect(await loadAttention({ backend })).toBe(first);
    }
    expect(await loadAttention({ backend: 'wasm-simd128' })).not.toBe(await loadAttention({ backend: 'wasm-scalar' }));
  });

  it('refuses unknown backends and non-object options', async () => {
    await expect(loadAttention({ backend: 'webgpu' })).rejects.toThrow(
      /options.backend must be one of wasm-relaxed-simd-threads, wasm-relaxed-simd, wasm-simd128-threads, wasm-simd128, wasm-scalar, got 'webgpu'/,
    );
    expect(() => loadAttention('fast')).toThrow(TypeError);
  });
});
