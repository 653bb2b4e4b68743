// The memory-network lesson's arithmetic, all through the module: a three-sentence story as memories with
// hand-built features, a question, and hops of attention, each refining the query (u ← u·H + o, as in
// end-to-end memory networks, with a hand-built H that keeps only the question's "now").

export const features = Object.freeze(['mary', 'apple', 'kitchen', 'garden', 'went', 'took', 'recent']);
export const places = Object.freeze(['kitchen', 'garden']);
export const story = Object.freeze(['mary went to the kitchen', 'mary took the apple', 'mary went to the garden']);
export const question = 'where is the apple?';

const vector = (weights) => features.map((f) => weights[f] ?? 0);

// Keys: what each sentence mentions, and how recent it is. Values: what the fact points to next: a place,
// or (for "took") the person, to be followed to where they went.
const keys = [
  vector({ mary: 1, went: 1, kitchen: 1, recent: 0 }),
  vector({ mary: 1, took: 1, apple: 1, recent: 0.5 }),
  vector({ mary: 1, went: 1, garden: 1, recent: 1 }),
];
const values = [vector({ kitchen: 1 }), vector({ mary: 1, went: 1 }), vector({ garden: 1 })];
const query = vector({ apple: 1, recent: 0.5 }); // "where is the apple (now)?"
const keepNow = features.map((row) => features.map((col) => (row === 'recent' && col === 'recent' ? 1 : 0)));
const sharpness = 4;

const matrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });

/** Each hop's weights over the story's sentences, the query it used and its output; then the answer. */
export function hops(api, count) {
  let u = matrix([query]);
  const out = [];
  for (let hop = 0; hop < count; hop++) {
    const { output, weights } = api.attention({ q: u, k: matrix(keys), v: matrix(values), scale: sharpness });
    out.push({ query: u, weights, output });
    u = api.matmul({ a: u, b: matrix(keepNow), bias: output.data }); // u·H + o
  }
  const last = out.at(-1).output.data;
  const placeScores = places.map((place) => last[features.indexOf(place)]);
  const best = placeScores.indexOf(Math.max(...placeScores));
  return { hops: out, answer: placeScores[best] > 0.5 ? places[best] : null };
}
