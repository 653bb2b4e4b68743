// Every word of the inside view (inside-view.js and its parts): the `inside` section's messages, fetched with its
// code (gpt2-parts.js). A sentence is written whole here, by one function.
import { formatDecimal, formatProbability } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';
import { visiblePiece } from './token-pieces.js';

export const insideLabels = messageGetters({
  title: 'inside.view.title',
  introduction: 'inside.view.introduction',
  noModel: 'inside.view.noModel',
  noText: 'inside.view.noText',
  tokens: 'inside.view.tokens',
  diagram: 'inside.view.diagram',
  block: 'inside.view.block',
  embeddings: 'inside.parts.embed',
  lens: 'inside.parts.lens',
  finalNorm: 'inside.parts.lnf',
  unembedding: 'inside.parts.unembed',
  lensTitle: 'inside.view.lensTitle',
  lensLayer: 'inside.view.lensLayer',
  lensHint: 'inside.view.lensHint',
  gridTitle: 'inside.view.gridTitle',
  gridHint: 'inside.view.gridHint',
  tokenEmbedding: 'inside.view.tokenEmbedding',
  positionEmbedding: 'inside.view.positionEmbedding',
  noPositionEmbedding: 'inside.view.noPositionEmbedding',
  neurons: 'inside.view.neurons',
});

/** The parts of a block, in the order the residual stream meets them. */
export const blockParts = ['ln1', 'attn', 'proj', 'add1', 'ln2', 'mlp', 'add2'];

/** Each block part's name and what it does (the keys written out: the catalogue's checks find them). */
const partKeys = {
  ln1: ['inside.parts.ln1', 'inside.about.ln1'],
  attn: ['inside.parts.attn', 'inside.about.attn'],
  proj: ['inside.parts.proj', 'inside.about.proj'],
  add1: ['inside.parts.add1', 'inside.about.add1'],
  ln2: ['inside.parts.ln2', 'inside.about.ln2'],
  mlp: ['inside.parts.mlp', 'inside.about.mlp'],
  add2: ['inside.parts.add2', 'inside.about.add2'],
};

export const insideText = {
  part: (piece) => t(partKeys[piece][0]),
  /** What a block's part does, for the chosen part's heading. */
  about: (piece) => t(partKeys[piece][1]),
  blockOf: (layer, layers) => t('inside.view.blockOf', { layer: layer + 1, layers }),
  /** A token as a chip and a table say it: its piece with spaces and line breaks as signs. */
  piece: (text) => visiblePiece(text),
  tokenName: (index, text) => t('inside.view.tokenName', { position: index + 1, token: visiblePiece(text) }),
  vector: (name, { norm, length }) => t('inside.view.vector', { name, norm: formatDecimal(norm, 3), length }),
  lensRow: (layer) => (layer === 0 ? t('inside.view.lensEmbeddings') : t('inside.view.lensAfter', { layer })),
  agrees: () => t('inside.view.agrees'),
  agreesSummary: (layer, token) =>
    layer === null
      ? t('inside.view.agreesNone', { token: visiblePiece(token) })
      : t('inside.view.agreesAt', { layer, token: visiblePiece(token) }),
  probability: (p) => formatProbability(p),
  head: (layer, head) => t('inside.view.head', { layer: layer + 1, head: head + 1 }),
  cell: (layer, head, share) =>
    t('inside.view.cell', { layer: layer + 1, head: head + 1, share: formatDecimal(share, 2) }),
  headReads: (layer, head, token, reads) =>
    t('inside.view.headReads', {
      layer: layer + 1,
      head: head + 1,
      token: visiblePiece(token),
      reads: reads.map(({ text, weight }) => `«${visiblePiece(text)}» ${formatDecimal(weight, 2)}`).join(', '),
    }),
  neuron: ({ neuron, value }) => t('inside.view.neuron', { neuron, value: formatDecimal(value, 3) }),
  headMap: (layer, head, rows) => t('inside.view.headMap', { layer: layer + 1, head: head + 1, rows }),
  added: (name, norm) => t('inside.view.added', { name, norm: formatDecimal(norm, 3) }),
};
