// The attention table as a reader's browser sees it: headless Chromium (Debian's), the playground served
// cross-origin isolated by the Vite dev server (the same wasm files the built site ships), our builds only
// (onnxruntime-web is not loaded into the page). Same protocol as in Node: warm-up of at least 1 s per build,
// then round robin, median.
import { launchChromium, startPlayground } from '../../tests/e2e/support/browser.js';

/**
 * The measurement, as a script any engine's page can evaluate (a string, so nothing rewrites its dynamic import):
 * resolves to { results: { backend → [{ ms, gflops } per shape] }, threads, userAgent }, for every build the page
 * can run.
 */
export function attentionScript(shapes, d, rounds) {
  return `(async () => {
      const { loadAttention, supportsRelaxedSimd, supportsThreads } = await import('/lib/index.js');
      const backends = ['wasm-relaxed-simd', 'wasm-simd128', 'wasm-relaxed-simd-threads', 'wasm-simd128-threads']
        .filter((b) => (supportsRelaxedSimd() || !b.includes('relaxed')) && (supportsThreads() || !b.includes('threads')));
      const apis = await Promise.all(backends.map((backend) => loadAttention({ backend })));
      const shapes = ${JSON.stringify(shapes)}, d = ${d}, rounds = ${rounds};
      const results = Object.fromEntries(backends.map((b) => [b, []]));
      for (const { heads, s } of shapes) {
        let state = s * 31 + heads;
        const next = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5);
        const m = () => ({ data: Float32Array.from({ length: heads * s * d }, next), heads, rows: s, cols: d });
        const [q, k, v] = [m(), m(), m()];
        const runs = apis.map((api) => () => api.attention({ q, k, v, weights: false }).output.data);
        for (const run of runs) {
          const start = performance.now();
          for (let calls = 0; calls < 3 || (performance.now() - start < 1000 && calls < 200); calls++) run();
        }
        const times = runs.map(() => []);
        for (let round = 0; round < rounds; round++) {
          runs.forEach((run, i) => {
            const t0 = performance.now();
            run();
            times[i].push(performance.now() - t0);
          });
        }
        times.forEach((t, i) => {
          const ms = t.sort((a, b) => a - b)[t.length >> 1];
          results[backends[i]].push({ ms, gflops: (4 * heads * s * s * d) / ms / 1e6 });
        });
      }
      return { results, threads: Object.fromEntries(backends.map((b, i) => [b, apis[i].threads])), userAgent: navigator.userAgent };
    })()`;
}

/** { backend → [{ ms, gflops } per shape] } measured inside the page. */
export async function attentionInChromium(shapes, d, rounds) {
  const playground = await startPlayground();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${playground.url}?view=steps`);
    await page.waitForSelector('body[data-ready]');
    return await page.evaluate(attentionScript(shapes, d, rounds));
  } finally {
    await browser.close();
    await playground.server.close();
  }
}
