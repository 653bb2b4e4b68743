import { loadAttention } from '../../web/lib/index.js';
const a = await loadAttention({ backend: 'wasm-simd128' });
for (const [H, S] of [[1, 64], [8, 128], [8, 512], [12, 1024]]) {
  const d = 64;
  const m = () => ({ data: Float32Array.from({ length: H * S * d }, () => Math.random() - 0.5), heads: H, rows: S, cols: d });
  const [q, k, v] = [m(), m(), m()];
  const run = () => a.attention({ q, k, v, weights: false });
  const t = performance.now(); let n = 0; while (performance.now() - t < 1500 || n < 3) { run(); n++; }
  const times = [];
  for (let i = 0; i < 41; i++) { const t0 = performance.now(); run(); times.push(performance.now() - t0); }
  times.sort((x, y) => x - y);
  console.log(H, S, times[0].toFixed(3), 'ms', (4 * H * S * S * d / times[0] / 1e6).toFixed(2), 'GF');
}
