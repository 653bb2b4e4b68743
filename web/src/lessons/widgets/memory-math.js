// The memory-network lesson's arithmetic, all through the module: a three-sentence story as memories with
// hand-built features, a question, and hops of attention, each refining the query (u ← u·H + o, as in
// end-to-end memory networks, with a hand-built H that keeps only the question's "now").

export const features = Object.freeze(['mary', 'apple', 'kitchen', 'garden', 'went', 'took', 'recent']);
export const places = Object.freeze(['kitchen', 'garden']);
export const question = 'where is the apple?';

const vector = (weights) => features.map((f) => weights[f] ?? 0);

// The lines a story may be made of. Keys: what each line mentions (its recency is added by its place in the
// story). Values: what the fact points to next: a place, or (for "took") the person, to be followed to where
// they went.
export const storyLines = Object.freeze([
  { text: 'mary went to the kitchen', key: { mary: 1, went: 1, kitchen: 1 }, value: { kitchen: 1 }, place: 'kitchen' },
  { text: 'mary took the apple', key: { mary: 1, took: 1, apple: 1 }, value: { mary: 1, went: 1 }, place: null },
  { text: 'mary went to the garden', key: { mary: 1, went: 1, garden: 1 }, value: { garden: 1 }, place: 'garden' },
]);
/** The lecture notes' story: three lines, by index into storyLines. */
export const defaultStory = Object.freeze([0, 1, 2]);
const recency = [0, 0.5, 1]; // the first line oldest

/** Where the apple is, told by the story itself: where mary last went, if she took it at all (else null). */
export function trueAnswer(story) {
  if (!story.includes(1)) return null;
  const places = story.map((line) => storyLines[line].place).filter(Boolean);
  return places.at(-1) ?? null;
}

const query = vector({ apple: 1, recent: 0.5 }); // "where is the apple (now)?"
const keepNow = features.map((row) => features.map((col) => (row === 'recent' && col === 'recent' ? 1 : 0)));
const sharpness = 4;

const matrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });

/**
 * Each hop's weights over the story's sentences, the query u it used, its output o, and the query's update for
 * the next hop: `kept` = u·H (the question's "now", all H keeps) and `next` = u·H + o; then the answer.
 */
export function hops(api, count, story = defaultStory) {
  const keys = story.map((line, i) => vector({ ...storyLines[line].key, recent: recency[i] }));
  const values = story.map((line) => vector(storyLines[line].value));
  let u = matrix([query]);
  const out = [];
  for (let hop = 0; hop < count; hop++) {
    const { output, weights } = api.attention({ q: u, k: matrix(keys), v: matrix(values), scale: sharpness });
    const kept = api.matmul({ a: u, b: matrix(keepNow) }); // u·H
    const next = api.matmul({ a: u, b: matrix(keepNow), bias: output.data }); // u·H + o
    out.push({ query: u, weights, output, kept, next });
    u = next;
  }
  const last = out.at(-1).output.data;
  const placeScores = places.map((place) => last[features.indexOf(place)]);
  const best = placeScores.indexOf(Math.max(...placeScores));
  return { hops: out, answer: placeScores[best] > 0.5 ? places[best] : null };
}
