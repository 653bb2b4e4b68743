// GPT-2's forward pass in float64, written from the architecture (/work/shared/GPT2-FILES.md) and nothing of ours:
// learned positions added to the token embedding, pre-LayerNorm blocks with biases (x + attn(ln_1(x)), then
// x + mlp(ln_2(x))), causal attention scaled by 1/√(D/H), GELU in its tanh form ("gelu_new"), a final LayerNorm and
// the unembedding tied to wte. It reads gpt2-files.js's `tensors` (Hugging Face's names, Conv1D layout (in, out)) and
// returns every activation under TransformerLens's hook names, so each part's tests can compare what they compute.

const sqrt2OverPi = Math.sqrt(2 / Math.PI);

/** GPT-2's "gelu_new": 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))). */
export function geluNew(x) {
  return 0.5 * x * (1 + Math.tanh(sqrt2OverPi * (x + 0.044715 * x * x * x)));
}

function layerNorm(x, weight, bias, epsilon) {
  const n = x.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  let variance = 0;
  for (let i = 0; i < n; i++) variance += (x[i] - mean) ** 2;
  const scale = 1 / Math.sqrt(variance / n + epsilon);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (x[i] - mean) * scale * weight[i] + bias[i];
  return out;
}

// y = x·W + b, W stored (in, out) row-major as a Conv1D layer keeps it.
function conv1d(x, weight, bias, outputs) {
  const y = Float64Array.from(bias);
  for (let i = 0; i < x.length; i++) {
    const xi = x[i];
    const row = i * outputs;
    for (let j = 0; j < outputs; j++) y[j] += xi * weight[row + j];
  }
  return y;
}

function add(a, b) {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] + b[i];
  return out;
}

function logSoftmax(logits) {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let sum = 0;
  for (const v of logits) sum += Math.exp(v - max);
  const shift = max + Math.log(sum);
  return logits.map((v) => v - shift);
}

function configNumbers(config) {
  const c = typeof config === 'string' ? JSON.parse(config) : config;
  const width = c.n_embd;
  return {
    layers: c.n_layer,
    heads: c.n_head,
    width,
    headWidth: width / c.n_head,
    inner: c.n_inner ?? 4 * width,
    vocabulary: c.vocab_size,
    positions: c.n_positions ?? c.n_ctx,
    epsilon: c.layer_norm_epsilon ?? 1e-5,
  };
}

/**
 * GPT-2's forward over `tokens` (ids), every position at once: { logits: Float64Array[] (a row of V per position),
 * logProbs (the same, log-softmaxed), cache } with cache under TransformerLens's names, per position unless said:
 * 'hook_embed', 'hook_pos_embed', and per block i 'blocks.i.hook_resid_pre', 'blocks.i.ln1.hook_normalized',
 * 'blocks.i.attn.hook_pattern' ([head][query] → Float64Array over every key, 0 past the query),
 * 'blocks.i.hook_attn_out', 'blocks.i.hook_resid_mid', 'blocks.i.mlp.hook_post' (after GELU, n_inner wide),
 * 'blocks.i.hook_mlp_out', 'blocks.i.hook_resid_post'; then 'ln_final.hook_normalized'.
 * options.headMask ([layer][head] of true/false): a false head's output zeroed before c_proj, as head masks do.
 * options.logits 'all' (default) or 'last' (only the last position's row computed: the unembedding is the cost).
 */
export function gpt2Reference(tensors, config, tokens, options = {}) {
  const n = configNumbers(config);
  const get = (name) => {
    const tensor = tensors.get(name);
    if (!tensor) throw new Error(`no tensor ${name}`);
    return tensor.values;
  };
  if (tokens.length < 1 || tokens.length > n.positions) throw new RangeError(`${tokens.length} tokens?`);
  const T = tokens.length;
  const wte = get('wte.weight');
  const wpe = get('wpe.weight');
  const cache = {};
  const rows = (f) => Array.from({ length: T }, (_, t) => f(t));
  cache.hook_embed = rows((t) => wte.slice(tokens[t] * n.width, (tokens[t] + 1) * n.width));
  cache.hook_pos_embed = rows((t) => wpe.slice(t * n.width, (t + 1) * n.width));
  let x = rows((t) => add(cache.hook_embed[t], cache.hook_pos_embed[t]));
  for (let layer = 0; layer < n.layers; layer++) {
    const h = `h.${layer}.`;
    const b = `blocks.${layer}.`;
    cache[`${b}hook_resid_pre`] = x;
    const ln1 = x.map((row) => layerNorm(row, get(`${h}ln_1.weight`), get(`${h}ln_1.bias`), n.epsilon));
    cache[`${b}ln1.hook_normalized`] = ln1;
    const qkv = ln1.map((row) => conv1d(row, get(`${h}attn.c_attn.weight`), get(`${h}attn.c_attn.bias`), 3 * n.width));
    const pattern = [];
    const z = rows(() => new Float64Array(n.width));
    for (let head = 0; head < n.heads; head++) {
      const on = options.headMask ? options.headMask[layer][head] : true;
      const at = head * n.headWidth;
      const headRows = [];
      for (let q = 0; q < T; q++) {
        const scores = new Float64Array(T).fill(-Infinity);
        let max = -Infinity;
        for (let k = 0; k <= q; k++) {
          let dot = 0;
          for (let d = 0; d < n.headWidth; d++) dot += qkv[q][at + d] * qkv[k][n.width + at + d];
          scores[k] = dot / Math.sqrt(n.headWidth);
          max = Math.max(max, scores[k]);
        }
        let sum = 0;
        const weights = new Float64Array(T);
        for (let k = 0; k <= q; k++) sum += weights[k] = Math.exp(scores[k] - max);
        for (let k = 0; k <= q; k++) weights[k] /= sum;
        headRows.push(weights);
        if (!on) continue;
        for (let k = 0; k <= q; k++)
          for (let d = 0; d < n.headWidth; d++) z[q][at + d] += weights[k] * qkv[k][2 * n.width + at + d];
      }
      pattern.push(headRows);
    }
    cache[`${b}attn.hook_pattern`] = pattern;
    const attnOut = z.map((row) => conv1d(row, get(`${h}attn.c_proj.weight`), get(`${h}attn.c_proj.bias`), n.width));
    cache[`${b}hook_attn_out`] = attnOut;
    const mid = x.map((row, t) => add(row, attnOut[t]));
    cache[`${b}hook_resid_mid`] = mid;
    const ln2 = mid.map((row) => layerNorm(row, get(`${h}ln_2.weight`), get(`${h}ln_2.bias`), n.epsilon));
    const post = ln2.map((row) =>
      conv1d(row, get(`${h}mlp.c_fc.weight`), get(`${h}mlp.c_fc.bias`), n.inner).map(geluNew),
    );
    cache[`${b}mlp.hook_post`] = post;
    const mlpOut = post.map((row) => conv1d(row, get(`${h}mlp.c_proj.weight`), get(`${h}mlp.c_proj.bias`), n.width));
    cache[`${b}hook_mlp_out`] = mlpOut;
    x = mid.map((row, t) => add(row, mlpOut[t]));
    cache[`${b}hook_resid_post`] = x;
  }
  const final = x.map((row) => layerNorm(row, get('ln_f.weight'), get('ln_f.bias'), n.epsilon));
  cache['ln_final.hook_normalized'] = final;
  const logits = final.map((row, t) => {
    if (options.logits === 'last' && t < T - 1) return null;
    const out = new Float64Array(n.vocabulary);
    for (let v = 0; v < n.vocabulary; v++) {
      let dot = 0;
      const at = v * n.width;
      for (let d = 0; d < n.width; d++) dot += row[d] * wte[at + d];
      out[v] = dot;
    }
    return out;
  });
  return { logits, logProbs: logits.map((row) => row && logSoftmax(row)), cache };
}
