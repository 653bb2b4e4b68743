// The ceiling of a GEMM micro-kernel under this engine: a hand-assembled wasm loop doing nothing but tile
// steps, rows × cols vectors of accumulators. Each step loads `cols` vectors of B, and per row one A value
// broadcast by v128.load32_splat (or, `splatted`, a whole v128 holding it four times), then multiplies and
// adds (or, `fused`, relaxed_madd) into every accumulator. One pointer walks a 2 KB buffer (always in L1)
// with constant offsets, so there is no address arithmetic beyond one add: what the compiled C++ kernel
// could reach if LLVM and V8 added nothing around the arithmetic. Measured next to the peak (peak.js).
import { countDownAndLoop, moduleOfRun, simd, SIMD, sumOfLocals, uleb } from './wasm-bytes.js';
import { median } from './median.js';

/** The shapes measured: the shipped 4 × 2 and the register-budget alternatives. */
export const tileSteps = [
  { rows: 4, cols: 2 },
  { rows: 4, cols: 2, splatted: true },
  { rows: 2, cols: 4 },
  { rows: 3, cols: 3 },
  { rows: 4, cols: 2, fused: true },
  { rows: 2, cols: 4, fused: true },
  { rows: 3, cols: 3, fused: true },
  { rows: 4, cols: 3, fused: true },
];

export const tileStepName = ({ rows, cols, splatted, fused }) =>
  `${rows}×${cols * 4}, ${fused ? 'relaxed_madd' : 'mul + add'}${splatted ? ', A splatted in memory' : ''}`;

/** A module exporting run(iterations, address) → f32. */
export function tileStepModule({ rows, cols, splatted = false, fused = false }) {
  // locals: 0 = iterations, 1 = address (params); accumulators, then B's vectors, then the broadcast A
  const accumulators = 2,
    b = accumulators + rows * cols,
    a = b + cols;
  const aBytes = rows * (splatted ? 16 : 4),
    stepBytes = aBytes + cols * 16;
  const load = (op, align, offset) => [0x20, 0x01, ...simd(op), align, ...uleb(offset)];
  const body = [0x03, 0x40]; // loop
  for (let c = 0; c < cols; c++) body.push(...load(SIMD.V128_LOAD, 4, aBytes + 16 * c), 0x21, ...uleb(b + c));
  for (let r = 0; r < rows; r++) {
    body.push(
      ...(splatted ? load(SIMD.V128_LOAD, 4, 16 * r) : load(SIMD.V128_LOAD32_SPLAT, 2, 4 * r)),
      0x21,
      ...uleb(a),
    );
    for (let c = 0; c < cols; c++) {
      const acc = uleb(accumulators + r * cols + c);
      body.push(0x20, ...acc, 0x20, ...uleb(a), 0x20, ...uleb(b + c));
      body.push(...(fused ? simd(SIMD.F32X4_RELAXED_MADD) : [...simd(SIMD.F32X4_MUL), ...simd(SIMD.F32X4_ADD)]));
      body.push(0x21, ...acc);
    }
  }
  // address = (address + one step) & 2047: the next step's data, within one 2 KB block
  body.push(0x20, 0x01, 0x41, ...uleb(stepBytes), 0x6a, 0x41, ...uleb(2047), 0x71, 0x21, 0x01);
  body.push(...countDownAndLoop);
  body.push(...sumOfLocals(Array.from({ length: rows * cols }, (_, i) => accumulators + i)));
  return moduleOfRun({ params: 2, vectorLocals: rows * cols + cols + 1, body, memory: true });
}

/**
 * GFLOP/s of every tileSteps shape (relaxed ones only when `relaxed`): each compiled `instances` times (where V8
 * places a loop moves its speed by up to a third on this EPYC, so the ceiling is the best placement), every
 * instance timed round robin over `rounds`; the best instance's median.
 */
export async function measureTileSteps({ relaxed = true, rounds = 7, instances = 3, iterations = 1_000_000 } = {}) {
  const shapes = tileSteps.filter((shape) => relaxed || !shape.fused);
  const runs = [];
  for (const shape of shapes) {
    for (let copy = 0; copy < instances; copy++) {
      const { instance } = await WebAssembly.instantiate(tileStepModule(shape));
      instance.exports.run(iterations, 0); // warm-up: tier up to the optimising compiler
      runs.push({ shape, run: instance.exports.run, rates: [] });
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const { shape, run, rates } of runs) {
      const t0 = performance.now();
      run(iterations, 0);
      rates.push((8 * shape.rows * shape.cols * iterations) / (performance.now() - t0) / 1e6);
    }
  }
  return shapes.map((shape) => ({
    shape,
    gflops: Math.max(...runs.filter((r) => r.shape === shape).map((r) => median(r.rates))),
  }));
}
