// The wasm SIMD128 arithmetic peak of this machine, measured in the same process as the kernels: a
// hand-assembled wasm function whose loop keeps `chains` independent f32x4 accumulators in registers.
// Two shapes of loop, and the faster one counts: 'chained' does acc = acc·m + a on each accumulator (one
// mul and one add per lane, the add waiting for the mul); 'split' gives half the accumulators acc = acc·m
// and the other half acc = acc + a, so multiplies and adds never wait on each other; 'relaxed' (relaxed SIMD
// engines only) does acc = relaxed_madd(acc, m, a), one fused instruction for both. Nothing is loaded or
// stored in the loop: it runs at the engine's register-to-register mul+add throughput.

const v128 = 0x7b;

function uleb(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function section(id, bytes) {
  return [id, ...uleb(bytes.length), ...bytes];
}

const f32x4Const = (value) => {
  const bytes = new Uint8Array(16);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  for (let lane = 1; lane < 4; lane++) bytes.copyWithin(lane * 4, 0, 4);
  return [0xfd, 0x0c, ...bytes]; // v128.const
};
const simd = (op) => [0xfd, ...uleb(op)];
const F32X4_ADD = 0xe4,
  F32X4_MUL = 0xe6,
  F32X4_EXTRACT_LANE = 0x1f,
  F32X4_RELAXED_MADD = 0x105;

/** Flops per loop iteration of peakModule(chains, shape). */
export const flopsPerIteration = (chains, shape) => (shape === 'split' ? 4 : 8) * chains;

/** A module exporting run(iterations) → f32. */
export function peakModule(chains, shape = 'chained') {
  // locals: 0 = iterations (param), 1..chains = accumulators, chains+1 = m, chains+2 = a
  const m = chains + 1,
    a = chains + 2;
  const body = [];
  body.push(...f32x4Const(0.999999), 0x21, ...uleb(m));
  body.push(...f32x4Const(1e-7), 0x21, ...uleb(a));
  for (let c = 1; c <= chains; c++) body.push(...f32x4Const(c), 0x21, ...uleb(c));
  body.push(0x03, 0x40); // loop
  for (let c = 1; c <= chains; c++) {
    body.push(0x20, ...uleb(c));
    if (shape === 'chained') body.push(0x20, ...uleb(m), ...simd(F32X4_MUL), 0x20, ...uleb(a), ...simd(F32X4_ADD));
    else if (shape === 'relaxed')
      body.push(0x20, ...uleb(m), 0x20, ...uleb(a), ...simd(F32X4_RELAXED_MADD)); // acc·m + a, fused
    else if (c % 2) body.push(0x20, ...uleb(m), ...simd(F32X4_MUL));
    else body.push(0x20, ...uleb(a), ...simd(F32X4_ADD));
    body.push(0x21, ...uleb(c));
  }
  body.push(0x20, 0x00, 0x41, 0x01, 0x6b, 0x22, 0x00, 0x0d, 0x00, 0x0b); // iterations -= 1; br_if loop; end
  body.push(0x20, 0x01); // the result depends on every chain, so none is dead code
  for (let c = 2; c <= chains; c++) body.push(0x20, ...uleb(c), ...simd(F32X4_ADD));
  body.push(...simd(F32X4_EXTRACT_LANE), 0x00, 0x0b);
  const locals = [0x01, ...uleb(chains + 2), v128];
  const code = [...uleb(locals.length + body.length), ...locals, ...body];
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [0x01, 0x60, 0x01, 0x7f, 0x01, 0x7d]), // type: (i32) -> f32
    ...section(3, [0x01, 0x00]),
    ...section(7, [0x01, 0x03, ...new TextEncoder().encode('run'), 0x00, 0x00]),
    ...section(10, [0x01, ...code]),
  ]);
}

/**
 * Best median GFLOP/s over loop shapes and chain counts (enough chains to hide latency, few enough to stay
 * in the 16 vector registers).
 */
export async function measurePeak({ repeats = 21, iterations = 2_000_000, shapes = ['chained', 'split'] } = {}) {
  let best = { gflops: 0, chains: 0, shape: '' };
  for (const shape of shapes) {
    for (const chains of [8, 10, 12, 13, 14]) {
      const { instance } = await WebAssembly.instantiate(peakModule(chains, shape));
      const run = instance.exports.run;
      run(iterations); // warm-up: tier up to the optimising compiler
      const rates = [];
      for (let r = 0; r < repeats; r++) {
        const t0 = performance.now();
        run(iterations);
        rates.push((flopsPerIteration(chains, shape) * iterations) / (performance.now() - t0) / 1e6);
      }
      rates.sort((x, y) => x - y);
      const median = rates[rates.length >> 1];
      if (median > best.gflops) best = { gflops: median, chains, shape };
    }
  }
  return best;
}
