// The heads lesson's layouts: the projection Q (S × D) split into H heads of width D/H the right way,
// (S, D) → (S, H, D/H) → (H, S, D/H), where head h takes columns h·D/H … of every token's row; and the
// tempting wrong way, the same buffer read straight as (H, S, D/H), where a head's "rows" are pieces of
// several tokens. Each layout keeps, per number, the token it came from. The attention runs in the module.

/** Head-major data (H × S × D/H) and the token each number came from, for one of the two layouts. */
export function splitHeads(m, heads, layout) {
  const { rows: s, cols: d } = m;
  const width = d / heads;
  const data = new Float32Array(s * d),
    token = new Array(s * d);
  for (let h = 0; h < heads; h++) {
    for (let r = 0; r < s; r++) {
      for (let c = 0; c < width; c++) {
        const to = (h * s + r) * width + c;
        // right: token r's columns h·width + c; wrong: the flat buffer read in order
        const from = layout === 'right' ? r * d + h * width + c : to;
        data[to] = m.data[from];
        token[to] = Math.floor(from / d);
      }
    }
  }
  return { data, heads, rows: s, cols: width, token };
}

/** Each head's attention weights (H × S × S) when Q, K, V are split by `layout`. */
export function headWeights(api, x, projections, heads, layout) {
  const [q, k, v] = projections.map((w) => splitHeads(api.matmul({ a: x, b: w }), heads, layout));
  const strip = ({ data, rows, cols }) => ({ data, heads, rows, cols });
  return api.attention({ q: strip(q), k: strip(k), v: strip(v) }).weights;
}
