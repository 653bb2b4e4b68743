// The numbers of the part the learner picked in the inside view, from lm.inspect()'s answer: a vector drawn as a
// strip of cells (rows of 32, the viridis scale from its most negative to its most positive value) with its norm;
// the heads' attention at the token; the MLP's most active neurons. What each part adds to the residual stream is
// the difference of the streams around it (attention: resid_mid − resid_pre; the MLP: resid_post − resid_mid), so
// nothing is computed twice. Its own file because saying a part's numbers is one job.
import { element } from '../common/controls.js';
import { drawSmallMap } from '../drawing/small-map.js';
import { insideLabels, insideText } from './inside-text.js';

const rowLength = 32;
const cellPixels = 8;

/** A vector as a picture and a sentence: its name, norm and length. */
function vectorFigure(name, vector, norm = Math.hypot(...vector)) {
  const cols = Math.min(rowLength, vector.length);
  const rows = Math.ceil(vector.length / cols);
  const largest = vector.reduce((most, value) => Math.max(most, Math.abs(value)), 0) || 1;
  const data = new Float32Array(rows * cols).fill(0.5);
  vector.forEach((value, i) => (data[i] = 0.5 + value / (2 * largest)));
  const said = insideText.vector(name, { norm, length: vector.length });
  const canvas = element('canvas', { className: 'inside-vector', role: 'img', 'aria-label': said });
  drawSmallMap(canvas, { rows, cols, data }, vector.length > 1024 ? cellPixels / 2 : cellPixels);
  return element('figure', { className: 'inside-figure' }, canvas, element('figcaption', { textContent: said }));
}

const difference = (a, b) => a.map((value, i) => value - b[i]);

/** The attention of each head at the token: its three most-read tokens, a line per head. */
function headsAt(inspected, layer, headOnly) {
  const { tokens, position } = inspected;
  const patterns = inspected.blocks[layer].attention.pattern;
  const heads = headOnly === null ? patterns.map((_, head) => head) : [headOnly];
  return element(
    'ul',
    { className: 'inside-heads' },
    ...heads.map((head) => {
      const reads = Array.from(patterns[head], (weight, key) => ({ weight, text: tokens[key].text }))
        .sort((a, b) => b.weight - a.weight)
        .slice(0, 3);
      return element('li', { textContent: insideText.headReads(layer, head, tokens[position].text, reads) });
    }),
  );
}

/**
 * What `part` ({ piece, layer, head }) shows of `inspected`.
 * @returns {HTMLElement[]}
 */
export function partNumbers(inspected, { piece, layer, head }) {
  if (piece === 'embed') {
    const { token, position } = inspected.embed;
    return [
      vectorFigure(insideLabels.tokenEmbedding, token),
      position
        ? vectorFigure(insideLabels.positionEmbedding, position)
        : element('p', { className: 'hint', textContent: insideLabels.noPositionEmbedding }),
    ];
  }
  if (piece === 'lens') return [];
  const block = inspected.blocks[layer];
  const about = element('p', { className: 'hint', textContent: insideText.about(piece) });
  const stream = (name, { norm, vector }) => vectorFigure(name, vector, norm);
  switch (piece) {
    case 'ln1':
      return [about, stream('resid_pre', block.residPre)];
    case 'attn':
      return [about, headsAt(inspected, layer, head)];
    case 'proj':
      return [about, vectorFigure('attn_out', difference(block.residMid.vector, block.residPre.vector))];
    case 'add1':
      return [about, stream('resid_mid', block.residMid)];
    case 'ln2':
      return [about, stream('resid_mid', block.residMid)];
    case 'mlp':
      if (!block.mlp) return [about]; // a model without an MLP (attention only)
      return [
        about,
        element('p', { textContent: insideLabels.neurons }),
        element(
          'ol',
          { className: 'inside-neurons' },
          ...block.mlp.top.map((n) => element('li', {}, insideText.neuron(n))),
        ),
        vectorFigure('mlp.post', block.mlp.post),
        vectorFigure('mlp_out', difference(block.residPost.vector, block.residMid.vector)),
      ];
    default:
      return [about, stream('resid_post', block.residPost)];
  }
}
