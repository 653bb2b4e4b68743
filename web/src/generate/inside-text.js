// Every word of the inside view (inside-view.js and its parts): the `inside` section's messages, fetched with its
// code (gpt2-parts.js). A sentence is written whole here, by one function.
import { formatDecimal, formatProbability } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';
import { visiblePiece } from './token-pieces.js';

export const insideLabels = messageGetters({
  title: 'inside.title',
  introduction: 'inside.introduction',
  noModel: 'inside.noModel',
  tokens: 'inside.tokens',
  diagram: 'inside.diagram',
  block: 'inside.block',
  embeddings: 'inside.parts.embed',
  lens: 'inside.parts.lens',
  finalNorm: 'inside.parts.lnf',
  unembedding: 'inside.parts.unembed',
  lensTitle: 'inside.lensTitle',
  lensLayer: 'inside.lensLayer',
  lensHint: 'inside.lensHint',
  gridTitle: 'inside.gridTitle',
  gridHint: 'inside.gridHint',
  tokenEmbedding: 'inside.tokenEmbedding',
  positionEmbedding: 'inside.positionEmbedding',
  noPositionEmbedding: 'inside.noPositionEmbedding',
  neurons: 'inside.neurons',
});

/** The parts of a block, in the order the residual stream meets them. */
export const blockParts = ['ln1', 'attn', 'proj', 'add1', 'ln2', 'mlp', 'add2'];

export const insideText = {
  part: (piece) => t(`inside.parts.${piece}`),
  /** What a block's part does, for the chosen part's heading. */
  about: (piece) => t(`inside.about.${piece}`),
  blockOf: (layer, layers) => t('inside.blockOf', { layer: layer + 1, layers }),
  /** A token as a chip and a table say it: its piece with spaces and line breaks as signs. */
  piece: (text) => visiblePiece(text),
  tokenName: (index, text) => t('inside.tokenName', { position: index + 1, token: visiblePiece(text) }),
  vector: (name, { norm, length }) => t('inside.vector', { name, norm: formatDecimal(norm, 3), length }),
  lensRow: (layer) => (layer === 0 ? t('inside.lensEmbeddings') : t('inside.lensAfter', { layer })),
  agrees: () => t('inside.agrees'),
  agreesSummary: (layer, token) =>
    layer === null
      ? t('inside.agreesNone', { token: visiblePiece(token) })
      : t('inside.agreesAt', { layer, token: visiblePiece(token) }),
  probability: (p) => formatProbability(p),
  head: (layer, head) => t('inside.head', { layer: layer + 1, head: head + 1 }),
  cell: (layer, head, share) => t('inside.cell', { layer: layer + 1, head: head + 1, share: formatDecimal(share, 2) }),
  headReads: (layer, head, token, reads) =>
    t('inside.headReads', {
      layer: layer + 1,
      head: head + 1,
      token: visiblePiece(token),
      reads: reads.map(({ text, weight }) => `«${visiblePiece(text)}» ${formatDecimal(weight, 2)}`).join(', '),
    }),
  neuron: ({ neuron, value }) => t('inside.neuron', { neuron, value: formatDecimal(value, 3) }),
  headMap: (layer, head, rows) => t('inside.headMap', { layer: layer + 1, head: head + 1, rows }),
  added: (name, norm) => t('inside.added', { name, norm: formatDecimal(norm, 3) }),
};
