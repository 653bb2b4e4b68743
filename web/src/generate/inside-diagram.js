// The architecture of a language model as buttons, in the order the residual stream meets its parts: the token and
// position embeddings, then one block (its LayerNorm, attention heads, output projection, residual add, LayerNorm,
// MLP, residual add; which block is a choice of its own, so GPT-2's twelve do not make a wall of buttons), then the
// final LayerNorm and the unembedding, read layer by layer as the logit lens. Every part is a real button, pressed
// when it is the one shown. The part is said in the address as `inside`: 'embed', 'lens', '3.mlp', '3.attn.5'.
import { button, element, select, setOptions } from '../common/controls.js';
import { blockParts, insideLabels, insideText } from './inside-text.js';

/** An address's part → { piece, layer, head } (0-based), within a model of `layers` layers and `heads` heads. */
export function parsePart(name, { layers, heads }) {
  const fallback = { piece: 'lens', layer: layers - 1, head: null };
  if (name === null || name === 'lens') return fallback;
  if (name === 'embed') return { piece: 'embed', layer: 0, head: null };
  const [layer, piece, head] = name.split('.');
  const at = { piece, layer: Number(layer) - 1, head: head === undefined ? null : Number(head) - 1 };
  if (at.layer >= layers || (at.head !== null && at.head >= heads)) return fallback;
  return at;
}

/** { piece, layer, head } → the address's name. */
export function partName({ piece, layer, head }) {
  if (piece === 'embed' || piece === 'lens') return piece;
  return head === null ? `${layer + 1}.${piece}` : `${layer + 1}.${piece}.${head + 1}`;
}

export class InsideDiagram {
  /** @param {{ onPick: (part: { piece: string, layer: number, head: number | null }) => void }} options */
  constructor({ onPick }) {
    this.onPick = onPick;
    this.part = { piece: 'lens', layer: 0, head: null };
    const pick = (piece) => () => onPick({ piece, layer: this.part.layer, head: null });
    this.buttons = {
      embed: button(insideLabels.embeddings, pick('embed'), { className: 'inside-part' }),
      ...Object.fromEntries(
        blockParts.map((piece) => [piece, button(insideText.part(piece), pick(piece), { className: 'inside-part' })]),
      ),
      lens: button(`${insideLabels.finalNorm} → ${insideLabels.unembedding}`, pick('lens'), {
        className: 'inside-part',
      }),
    };
    for (const [piece, node] of Object.entries(this.buttons)) node.dataset.part = piece;
    this.blockSelect = select('inside-block', [], (value) =>
      onPick({
        piece: blockParts.includes(this.part.piece) ? this.part.piece : 'ln1',
        layer: Number(value),
        head: null,
      }),
    );
    const arrow = () => element('span', { className: 'inside-arrow', 'aria-hidden': 'true', textContent: '↓' });
    this.element = element(
      'nav',
      { id: 'inside-diagram', className: 'inside-diagram', 'aria-label': insideLabels.diagram },
      this.buttons.embed,
      arrow(),
      element(
        'div',
        { className: 'inside-block' },
        element(
          'label',
          { className: 'field' },
          element('span', { textContent: insideLabels.block }),
          this.blockSelect,
        ),
        element('div', { className: 'inside-block-parts' }, ...blockParts.map((piece) => this.buttons[piece])),
      ),
      arrow(),
      this.buttons.lens,
    );
  }

  /** Shows `part` pressed, for a model of `layers` layers. */
  update(part, layers) {
    this.part = part;
    setOptions(
      this.blockSelect,
      Array.from({ length: layers }, (_, layer) => [layer, insideText.blockOf(layer, layers)]),
    );
    this.blockSelect.value = String(part.layer);
    for (const [piece, node] of Object.entries(this.buttons))
      node.setAttribute('aria-pressed', String(piece === part.piece));
  }
}
