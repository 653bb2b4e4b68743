// A GPT-2 model.safetensors with seeded random weights, written to disk tensor by tensor (never the whole file in
// memory): Hugging Face's names and Conv1D layout, float32, GPT-2's initialisation (weights N(0, 0.02)), biases and
// LayerNorm gains drawn too (N(0, 0.02) and 1 + N(0, 0.02)) so that every parameter takes part. For
// npm run bench:gpt2's 124 M-parameter model.
import { closeSync, openSync, writeSync } from 'node:fs';

/** GPT-2's tensors, in the file's order: [name, shape, kind ('weight' | 'bias' | 'gain')]. */
export function gpt2Tensors({ layers, width, positions, vocabulary }) {
  const d = width;
  const tensors = [
    ['wte.weight', [vocabulary, d], 'weight'],
    ['wpe.weight', [positions, d], 'weight'],
  ];
  for (let i = 0; i < layers; i++) {
    const h = `h.${i}.`;
    tensors.push(
      [`${h}ln_1.weight`, [d], 'gain'],
      [`${h}ln_1.bias`, [d], 'bias'],
      [`${h}attn.c_attn.weight`, [d, 3 * d], 'weight'],
      [`${h}attn.c_attn.bias`, [3 * d], 'bias'],
      [`${h}attn.c_proj.weight`, [d, d], 'weight'],
      [`${h}attn.c_proj.bias`, [d], 'bias'],
      [`${h}ln_2.weight`, [d], 'gain'],
      [`${h}ln_2.bias`, [d], 'bias'],
      [`${h}mlp.c_fc.weight`, [d, 4 * d], 'weight'],
      [`${h}mlp.c_fc.bias`, [4 * d], 'bias'],
      [`${h}mlp.c_proj.weight`, [4 * d, d], 'weight'],
      [`${h}mlp.c_proj.bias`, [d], 'bias'],
    );
  }
  tensors.push(['ln_f.weight', [d], 'gain'], ['ln_f.bias', [d], 'bias']);
  return tensors;
}

// mulberry32, then Box-Muller: seeded normal draws.
function normals(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

/** Writes `path`; returns GPT-2's config.json object for it. */
export function writeGpt2File(path, { layers, heads, width, positions, vocabulary = 50257, seed = 1 }) {
  const tensors = gpt2Tensors({ layers, width, positions, vocabulary });
  const header = {};
  let offset = 0;
  for (const [name, shape] of tensors) {
    const bytes = shape.reduce((a, b) => a * b, 1) * 4;
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = JSON.stringify({ __metadata__: { format: 'pt' }, ...header });
  json += ' '.repeat((8 - (json.length % 8)) % 8);
  const file = openSync(path, 'w');
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(json.length));
  writeSync(file, length);
  writeSync(file, Buffer.from(json, 'latin1'));
  const draw = normals(seed);
  for (const [, shape, kind] of tensors) {
    const values = new Float32Array(shape.reduce((a, b) => a * b, 1));
    for (let i = 0; i < values.length; i++) values[i] = (kind === 'gain' ? 1 : 0) + 0.02 * draw();
    writeSync(file, new Uint8Array(values.buffer));
  }
  closeSync(file);
  return {
    model_type: 'gpt2',
    n_layer: layers,
    n_head: heads,
    n_embd: width,
    n_positions: positions,
    n_ctx: positions,
    vocab_size: vocabulary,
    layer_norm_epsilon: 1e-5,
    activation_function: 'gelu_new',
  };
}
