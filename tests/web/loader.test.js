import { describe, expect, it } from 'vitest';
import { backends, loadAttention, supportsSimd } from '../../web/lib/index.js';

describe('loadAttention', () => {
  it('detects SIMD in Node 20 and picks the SIMD build by default', async () => {
    expect(supportsSimd()).toBe(true);
    const attention = await loadAttention();
    expect(attention.backend).toBe('wasm-simd128');
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
      /options.backend must be one of wasm-simd128-threads, wasm-simd128, wasm-scalar, got 'webgpu'/,
    );
    expect(() => loadAttention('fast')).toThrow(TypeError);
  });
});
