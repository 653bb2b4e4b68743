// What a beam search's tree says, computed from translate()'s `beam` without touching the page: the best
// hypothesis's path, where greedy decoding parts from it or leaves the beam, which hypotheses ended there (pruned
// or finished), and the cross-attention a hypothesis read, row by row. The translation view and lesson 9 draw it.
import { pickMap } from './translation-maps.js';

/** Node indices from step 0 to `step` along `node`'s ancestors: `path[t]` is its ancestor's index at step t. */
export function pathTo(beam, step, node) {
  const path = [];
  for (let t = step, i = node; t >= 0; i = beam.steps[t][i].parent, t--) path[t] = i;
  return path;
}

/** The path of the hypothesis the search returned. */
export const bestPath = (beam) => pathTo(beam, beam.best.step, beam.best.node);

/**
 * Where greedy decoding's path (`beam.greedy.path`) first differs from the best hypothesis's:
 * - `kind: 'same'`: greedy's words are the best hypothesis's (step -1);
 * - `kind: 'parts'`: at `step`, greedy takes another hypothesis the beam kept (`greedyNode`); it may leave the beam
 *   later, at `leftAt` (-1 if it never does);
 * - `kind: 'leaves'`: at `step`, greedy's hypothesis is not among those kept (`leftAt` is `step`).
 * `greedyWord` is greedy's token at that step ('' past its end), `beamWord` the best hypothesis's.
 */
export function greedyParting(beam) {
  const best = bestPath(beam);
  const greedy = beam.greedy.path;
  const steps = Math.max(best.length, greedy.length);
  const step = Array.from({ length: steps }, (_, t) => t).find((t) => greedy[t] !== best[t]) ?? -1;
  if (step < 0) return { kind: 'same', step: -1, leftAt: -1, greedyNode: -1, greedyWord: '', beamWord: '' };
  const leftAt = greedy.indexOf(-1, step);
  const greedyNode = greedy[step] ?? -1;
  return {
    kind: greedyNode < 0 ? 'leaves' : 'parts',
    step,
    leftAt,
    greedyNode,
    greedyWord: beam.greedy.tokens[step] ?? '',
    beamWord: best[step] === undefined ? '' : beam.steps[step][best[step]].word,
  };
}

/**
 * How each hypothesis ended: 'finished' (it ended with <eos>), 'pruned' (open, and no hypothesis of the next step
 * extends it: it fell out of the beam, or the search stopped there), or 'extended'. `[step][node]`.
 */
export function nodeFates(beam) {
  return beam.steps.map((nodes, t) => {
    const extended = new Set((beam.steps[t + 1] ?? []).map((n) => n.parent));
    return nodes.map((node, i) => (node.finished ? 'finished' : extended.has(i) ? 'extended' : 'pruned'));
  });
}

/** Length penalty (Wu et al. 2016) of a hypothesis of `length` tokens: ((5 + length) / 6)^alpha. */
export const lengthPenalty = (length, alpha) => ((5 + length) / 6) ** alpha;

/**
 * The cross-attention hypothesis (`step`, `node`) read, a row per token of it (its ancestors' rows: the decoder is
 * causal, so an ancestor's row is the same in every hypothesis that extends it), for `layer` and `head` (an index
 * or 'average'): (step + 1) × S.
 */
export function hypothesisMap(beam, step, node, layer, head) {
  const rows = pathTo(beam, step, node).map((i, t) => pickMap(beam.steps[t][i].crossAttention, layer, head));
  const cols = rows[0].cols;
  const data = new Float32Array(rows.length * cols);
  rows.forEach((row, t) => data.set(row.data.subarray(0, cols), t * cols));
  return { data, rows: rows.length, cols };
}

/** Cells (row, source column) of the words a hypothesis copied from the source, for rings on its map. */
export function copiedCells(beam, step, node) {
  return pathTo(beam, step, node)
    .map((i, t) => ({ row: t, col: beam.steps[t][i].copiedFrom }))
    .filter(({ col }) => col >= 0);
}

/** A hypothesis's words as a sentence, "<eos>" left out. */
export const hypothesisText = (words) => words.filter((w) => w !== '<eos>').join(' ');
