// A tree drawn in columns, as a beam search grows one: a column per step, a button per node kept (its word and
// its score), a curve from each node to its parent in the column before, and paths picked out by the caller's
// classes. The buttons take the keyboard focus one at a time (a roving tabindex): arrow keys walk the tree (left
// to the parent, right to the first child, up and down within a step) and the node walked to is selected. Wide
// trees scroll sideways inside their own box. Only attributes and CSS properties are set (a strict CSP holds).
import { element } from '../common/controls.js';

const svgNamespace = 'http://www.w3.org/2000/svg';

/** The tree's measures, CSS pixels. */
export const treeMeasures = Object.freeze({
  nodeWidth: 96,
  nodeHeight: 40,
  columnGap: 28,
  rowGap: 8,
  header: 40, // a column's label and its note, above its nodes
  padding: 4,
  endMark: 8, // the stub after a node that ends there
});

/** The left edge of column `step`, CSS pixels. */
const columnLeft = (step, m = treeMeasures) => m.padding + step * (m.nodeWidth + m.columnGap);

/**
 * Where each node sits and the curves between nodes: `columns[step][index].parent` is the index of its parent in
 * the column before (-1: none). Nodes stay in the order given, top to bottom.
 * @param {{ parent: number }[][]} columns
 */
export function treeLayout(columns, m = treeMeasures) {
  const nodes = columns.map((column, step) =>
    column.map((_, index) => ({ x: columnLeft(step, m), y: m.header + index * (m.nodeHeight + m.rowGap) })),
  );
  const edges = [];
  columns.forEach((column, step) =>
    column.forEach((node, index) => {
      if (step === 0 || node.parent < 0) return;
      const from = nodes[step - 1][node.parent],
        to = nodes[step][index];
      const [x1, y1, x2, y2] = [from.x + m.nodeWidth, from.y + m.nodeHeight / 2, to.x, to.y + m.nodeHeight / 2];
      const middle = (x1 + x2) / 2;
      edges.push({ step, index, d: `M${x1} ${y1}C${middle} ${y1} ${middle} ${y2} ${x2} ${y2}` });
    }),
  );
  const tallest = Math.max(0, ...columns.map((column) => column.length));
  return {
    nodes,
    edges,
    width: 2 * m.padding + columns.length * (m.nodeWidth + m.columnGap) - m.columnGap + m.endMark,
    height: m.header + tallest * (m.nodeHeight + m.rowGap) - m.rowGap + m.padding,
  };
}

/**
 * The node a key moves to from (`step`, `index`), or null for a key that does not move: ArrowLeft the parent,
 * ArrowRight the first node whose parent it is, ArrowUp/ArrowDown the neighbours in its step, Home the first step's
 * node on its path, End the last step's first node.
 * @param {{ parent: number }[][]} columns
 */
export function nodeAfterKey(columns, { step, index }, key) {
  const column = columns[step];
  switch (key) {
    case 'ArrowUp':
      return { step, index: Math.max(0, index - 1) };
    case 'ArrowDown':
      return { step, index: Math.min(column.length - 1, index + 1) };
    case 'ArrowLeft':
      return step > 0 && column[index].parent >= 0 ? { step: step - 1, index: column[index].parent } : { step, index };
    case 'ArrowRight': {
      const child = (columns[step + 1] ?? []).findIndex((node) => node.parent === index);
      return child >= 0 ? { step: step + 1, index: child } : { step, index };
    }
    case 'Home': {
      let i = index;
      for (let t = step; t > 0; t--) i = columns[t][i].parent;
      return { step: 0, index: i };
    }
    case 'End':
      return { step: columns.length - 1, index: 0 };
    default:
      return null;
  }
}

const svg = (tag, attributes) => {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
};

/** Places `node` at `x`, `y` (CSS pixels) inside the tree's plane, a column wide (and `height` high). */
function place(node, x, y, height = null) {
  Object.assign(node.style, { left: `${x}px`, top: `${y}px`, width: `${treeMeasures.nodeWidth}px` });
  if (height !== null) node.style.height = `${height}px`;
}

export class BeamTree {
  /**
   * @param {{ id: string, caption: string, onSelect: (step: number, index: number) => void }} options
   *   onSelect: a node was clicked or walked to with the keyboard
   */
  constructor({ id, caption, onSelect }) {
    this.onSelect = onSelect;
    this.columns = [];
    this.selected = null;
    this.caption = element('figcaption', { id: `${id}-caption`, textContent: caption });
    this.plane = element('div', { className: 'beam-tree-plane' });
    this.scroller = element(
      'div',
      { className: 'beam-tree-scroll', role: 'group', 'aria-labelledby': `${id}-caption` },
      this.plane,
    );
    this.element = element('figure', { className: 'beam-tree', id }, this.caption, this.scroller);
    this.scroller.addEventListener('keydown', (event) => this.#onKey(event));
  }

  /**
   * @param {object} view
   * @param {{ parent: number, word: string, detail: string, label: string, classes: string[],
   *           edgeClasses: string[], end: 'pruned' | 'finished' | null }[][]} view.columns
   *   a node's `label` is its accessible name (starting with its visible text); `end`: a mark drawn after it, a bar
   *   for a node cut off there, a square for one that finished
   * @param {string[]} view.columnLabels  above each column
   * @param {Map<number, string>} [view.columnNotes]  a short note above a column (where a path parts)
   * @param {{ step: number, index: number }} view.selected
   */
  update({ columns, columnLabels, columnNotes = new Map(), selected }) {
    const m = treeMeasures;
    // a redraw replaces the buttons: the keyboard focus, if it was on one, moves to the selected node's
    const hadFocus = this.plane.contains(this.plane.getRootNode().activeElement);
    this.columns = columns;
    const layout = treeLayout(columns, m);
    Object.assign(this.plane.style, { width: `${layout.width}px`, height: `${layout.height}px` });
    const lines = svg('svg', { class: 'beam-tree-edges', width: layout.width, height: layout.height });
    lines.setAttribute('aria-hidden', 'true');
    for (const edge of layout.edges) {
      const classes = ['beam-edge', ...columns[edge.step][edge.index].edgeClasses];
      lines.append(svg('path', { d: edge.d, class: classes.join(' ') }));
    }
    const parts = [lines];
    columnLabels.forEach((text, step) => {
      const x = columnLeft(step);
      const label = element('span', { className: 'beam-column-label', textContent: text });
      place(label, x, 0);
      parts.push(label);
      if (!columnNotes.has(step)) return;
      const note = element('span', { className: 'beam-column-note', textContent: columnNotes.get(step) });
      place(note, x, m.header / 2);
      parts.push(note);
    });
    this.buttons = columns.map((column, step) =>
      column.map((node, index) => {
        const { x, y } = layout.nodes[step][index];
        if (node.end) {
          // after the node, a bar (it was cut off) or a square (it finished)
          const [ex, ey] = [x + m.nodeWidth, y + m.nodeHeight / 2];
          const d = node.end === 'finished' ? `M${ex + 1} ${ey - 3}h6v6h-6z` : `M${ex} ${ey}h${m.endMark - 2}m0 -6v12`;
          lines.append(svg('path', { d, class: `beam-end beam-end-${node.end}` }));
        }
        const nodeButton = element(
          'button',
          {
            type: 'button',
            className: ['beam-node', ...node.classes].join(' '),
            'aria-label': node.label,
            tabIndex: -1,
            dataset: { step: String(step), index: String(index) },
          },
          element('span', { className: 'beam-node-word', textContent: node.word, translate: false }), // the model's
          element('span', { className: 'beam-node-detail', textContent: node.detail }),
        );
        nodeButton.addEventListener('click', () => this.#choose({ step, index }, false));
        place(nodeButton, x, y, m.nodeHeight);
        parts.push(nodeButton);
        return nodeButton;
      }),
    );
    this.plane.replaceChildren(...parts);
    this.#mark(selected);
    if (hadFocus) this.button(this.selected.step, this.selected.index).focus();
  }

  /** Shows `selected` (the first node if it is not in the tree) as the selected node, the one Tab reaches. */
  #mark(selected) {
    this.selected = this.button(selected.step, selected.index) ? selected : { step: 0, index: 0 };
    this.buttons.forEach((column, step) =>
      column.forEach((nodeButton, index) => {
        const on = step === this.selected.step && index === this.selected.index;
        nodeButton.setAttribute('aria-pressed', String(on));
        nodeButton.tabIndex = on ? 0 : -1;
      }),
    );
  }

  /** The button of node (`step`, `index`), or null. */
  button(step, index) {
    return this.buttons?.[step]?.[index] ?? null;
  }

  #choose(position, focus) {
    this.#mark(position);
    const target = this.button(position.step, position.index);
    if (focus) {
      target.focus();
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
    this.onSelect(position.step, position.index);
  }

  #onKey(event) {
    if (!this.selected || !event.target.classList?.contains('beam-node')) return;
    const next = nodeAfterKey(this.columns, this.selected, event.key);
    if (!next) return;
    event.preventDefault();
    this.#choose(next, true);
  }
}
