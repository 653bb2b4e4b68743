// An ONNX model of scaled dot-product attention over H heads, written as the plain operators an exporter
// emits for softmax(Q·Kᵀ·scale)·V: Transpose, MatMul, Mul, Softmax, MatMul. Inputs q, k, v: [H, S, d]
// (symbolic H and S). Encoded here as protobuf by hand, so the benchmark needs no Python and no onnx package.

const encoder = new TextEncoder();

function varint(value) {
  const out = [];
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}

// Protobuf fields: wire type 0 (varint) and 2 (length-delimited).
const intField = (field, value) => [...varint((field << 3) | 0), ...varint(value)];
const bytesField = (field, bytes) => [...varint((field << 3) | 2), ...varint(bytes.length), ...bytes];
const stringField = (field, text) => bytesField(field, [...encoder.encode(text)]);

const dimension = (name) => bytesField(1, stringField(2, name)); // TensorShapeProto.Dimension.dim_param
const tensorType = (dims) => bytesField(1, [...intField(1, 1), ...bytesField(2, dims.flatMap(dimension))]); // float
const valueInfo = (name, dims) => [...stringField(1, name), ...bytesField(2, tensorType(dims))];

function node(opType, inputs, outputs, attributes = []) {
  return [
    ...inputs.flatMap((i) => stringField(1, i)),
    ...outputs.flatMap((o) => stringField(2, o)),
    ...stringField(4, opType),
    ...attributes.flatMap((a) => bytesField(5, a)),
  ];
}
const intsAttribute = (name, values) => [
  ...stringField(1, name),
  ...values.flatMap((v) => intField(8, v)),
  ...intField(20, 7),
];
const intAttribute = (name, value) => [...stringField(1, name), ...intField(3, value), ...intField(20, 2)];

function scalarInitializer(name, value) {
  const raw = new Uint8Array(new Float32Array([value]).buffer);
  return [...intField(2, 1), ...stringField(8, name), ...bytesField(9, [...raw])]; // float scalar, no dims
}

/** The model's bytes, for a head width d (the scale is 1/√d). */
export function attentionModel(d) {
  const graph = [
    ...bytesField(1, node('Transpose', ['k'], ['kt'], [intsAttribute('perm', [0, 2, 1])])),
    ...bytesField(1, node('MatMul', ['q', 'kt'], ['scores'])),
    ...bytesField(1, node('Mul', ['scores', 'scale'], ['logits'])),
    ...bytesField(1, node('Softmax', ['logits'], ['weights'], [intAttribute('axis', -1)])),
    ...bytesField(1, node('MatMul', ['weights', 'v'], ['output'])),
    ...stringField(2, 'attention'),
    ...bytesField(5, scalarInitializer('scale', 1 / Math.sqrt(d))),
    ...['q', 'k', 'v'].flatMap((name) => bytesField(11, valueInfo(name, ['H', name === 'q' ? 'Sq' : 'Sk', 'd']))),
    ...bytesField(12, valueInfo('output', ['H', 'Sq', 'd'])),
  ];
  return new Uint8Array([
    ...intField(1, 8), // ir_version
    ...stringField(2, 'attention-playground bench'),
    ...bytesField(7, graph),
    ...bytesField(8, [...stringField(1, ''), ...intField(2, 17)]), // opset 17
  ]);
}

function tensorInitializer(name, dims, values) {
  const raw = new Uint8Array(Float32Array.from(values).buffer);
  return [
    ...dims.flatMap((d) => intField(1, d)),
    ...intField(2, 1),
    ...stringField(8, name),
    ...bytesField(9, [...raw]),
  ];
}

/**
 * Multi-head self-attention end to end, as onnxruntime runs it fastest: its com.microsoft `Attention` contrib
 * operator (the fused Q/K/V projection, one weight matrix D × 3D and bias 3D, then attention over `heads`
 * heads) followed by the output projection (MatMul by Wo, Add bo). Input x: [1, S, D]; weights are
 * initializers, so onnxruntime may pre-pack them.
 */
export function multiHeadAttentionModel({ dModel, heads, wqkv, bqkv, wo, bo }) {
  const graph = [
    ...bytesField(1, [
      ...node('Attention', ['x', 'wqkv', 'bqkv'], ['attended'], [intAttribute('num_heads', heads)]),
      ...stringField(7, 'com.microsoft'),
    ]),
    ...bytesField(1, node('MatMul', ['attended', 'wo'], ['mixed'])),
    ...bytesField(1, node('Add', ['mixed', 'bo'], ['output'])),
    ...stringField(2, 'multi-head attention'),
    ...bytesField(5, tensorInitializer('wqkv', [dModel, 3 * dModel], wqkv)),
    ...bytesField(5, tensorInitializer('bqkv', [3 * dModel], bqkv)),
    ...bytesField(5, tensorInitializer('wo', [dModel, dModel], wo)),
    ...bytesField(5, tensorInitializer('bo', [dModel], bo)),
    ...bytesField(11, valueInfo('x', ['B', 'S', 'D'])),
    ...bytesField(12, valueInfo('output', ['B', 'S', 'D'])),
  ];
  return new Uint8Array([
    ...intField(1, 8),
    ...stringField(2, 'attention-playground bench'),
    ...bytesField(7, graph),
    ...bytesField(8, [...stringField(1, ''), ...intField(2, 17)]),
    ...bytesField(8, [...stringField(1, 'com.microsoft'), ...intField(2, 1)]),
  ]);
}
