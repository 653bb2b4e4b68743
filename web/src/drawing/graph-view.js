// Attention as a graph: tokens are nodes, each weight an edge from the key to the query that reads it (width
// and opacity grow with the weight). The mask is the graph's adjacency: no mask, every node reads every node;
// causal, only earlier ones; a padded token has no edges out. Clicking an edge hides (or shows) it: the mask
// becomes custom, the same mask the scores' cells toggle.
import { element } from '../common/controls.js';
import { formatNumber } from '../common/format.js';
import { t } from '../i18n/messages.js';

const svgNamespace = 'http://www.w3.org/2000/svg';
const size = 300,
  radius = 110,
  nodeRadius = 15,
  labelPixels = 12; // style.css's .graph-label (--text-xs)

/** A node's radius: 15, or wide enough for its label inside it (a longer token, "<bos>", would spill past the rim). */
const radiusFor = (label) => Math.max(nodeRadius, (String(label).length * labelPixels * 0.62) / 2 + 4);

function svg(tag, attributes = {}) {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/** Every query ← key pair, with its weight and whether the mask allows it (its logit is not −∞). */
export function edgesOf(weights, logits) {
  const edges = [];
  for (let query = 0; query < weights.rows; query++) {
    for (let key = 0; key < weights.cols; key++) {
      const i = query * weights.cols + key;
      edges.push({ query, key, weight: weights.data[i], allowed: logits.data[i] !== -Infinity });
    }
  }
  return edges;
}

export class GraphView {
  constructor({ id, onToggle }) {
    this.onToggle = onToggle;
    this.arrowId = `${id}-arrow`; // one marker per graph: two graphs on a page keep their ids apart
    this.svg = svg('svg', {
      class: 'graph-svg',
      viewBox: `0 0 ${size} ${size}`,
      width: size,
      height: size,
      role: 'img',
      'aria-label': t('app.drawing.graph.label'),
    });
    this.summary = element('ul', { className: 'visually-hidden' });
    this.element = element(
      'figure',
      { className: 'graph-view', id },
      element('figcaption', { textContent: t('app.drawing.graph.caption') }),
      this.svg,
      this.summary,
    );
  }

  update({ weights, logits, labels }) {
    const n = weights.rows;
    const at = (i) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * i) / n;
      return [size / 2 + radius * Math.cos(angle), size / 2 + radius * Math.sin(angle)];
    };
    const defs = svg('defs');
    const marker = svg('marker', {
      id: this.arrowId,
      viewBox: '0 0 10 10',
      refX: 9,
      refY: 5,
      markerWidth: 5,
      markerHeight: 5,
      orient: 'auto-start-reverse',
    });
    marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'graph-arrowhead' }));
    defs.append(marker);
    const nodes = [defs];
    const edges = edgesOf(weights, logits);
    const radii = labels.map(radiusFor);
    for (const edge of edges) {
      const [x1, y1] = at(edge.key),
        [x2, y2] = at(edge.query);
      let shape;
      if (edge.query === edge.key) {
        // A self-edge: a loop outside the node, all but its foot clear of the node drawn over it.
        const outward = (radii[edge.key] + 10) / radius;
        const [cx, cy] = [x1 + (x1 - size / 2) * outward, y1 + (y1 - size / 2) * outward];
        shape = svg('circle', { cx, cy, r: 12 });
      } else {
        // Shortened to end at the node's rim, and bent a little so i→j and j→i do not overlap.
        const dx = x2 - x1,
          dy = y2 - y1,
          length = Math.hypot(dx, dy);
        const [ux, uy] = [dx / length, dy / length];
        const [sx, sy, ex, ey] = [
          x1 + ux * radii[edge.key],
          y1 + uy * radii[edge.key],
          x2 - ux * (radii[edge.query] + 2),
          y2 - uy * (radii[edge.query] + 2),
        ];
        const [mx, my] = [(sx + ex) / 2 - uy * 14, (sy + ey) / 2 + ux * 14];
        shape = svg('path', {
          d: `M ${sx} ${sy} Q ${mx} ${my} ${ex} ${ey}`,
          'marker-end': edge.allowed ? `url(#${this.arrowId})` : '',
        });
      }
      shape.setAttribute('class', edge.allowed ? 'graph-edge' : 'graph-edge graph-edge-masked');
      if (edge.allowed) {
        shape.setAttribute('stroke-width', (0.6 + 6 * edge.weight).toFixed(2));
        // At least 0.35: a light weight's edge (a self-loop of 0.2) still seen on a projected dark page.
        shape.setAttribute('stroke-opacity', (0.35 + 0.65 * edge.weight).toFixed(2));
      }
      shape.dataset.query = String(edge.query);
      shape.dataset.key = String(edge.key);
      const title = svg('title');
      title.textContent = edge.allowed
        ? t('app.drawing.graph.edge', {
            from: labels[edge.key],
            to: labels[edge.query],
            weight: formatNumber(edge.weight, 4),
          })
        : t('app.drawing.graph.maskedEdge', { from: labels[edge.key], to: labels[edge.query] });
      shape.append(title);
      shape.addEventListener('click', () => this.onToggle(edge.query, edge.key));
      nodes.push(shape);
    }
    labels.forEach((label, i) => {
      const [x, y] = at(i);
      nodes.push(svg('circle', { cx: x, cy: y, r: radii[i], class: 'graph-node' }));
      const text = svg('text', { x, y: y + 4, class: 'graph-label', translate: 'no' }); // a token: data
      text.textContent = label;
      nodes.push(text);
    });
    this.svg.replaceChildren(...nodes);
    const shown = edges.filter((e) => e.allowed);
    this.svg.setAttribute(
      'aria-label',
      t('app.drawing.graph.summary', { tokens: n, allowed: shown.length, all: n * n }),
    );
    this.summary.replaceChildren(
      ...shown.map((e) =>
        element('li', {
          textContent: t('app.drawing.graph.weight', {
            from: labels[e.key],
            to: labels[e.query],
            weight: formatNumber(e.weight, 4),
          }),
        }),
      ),
    );
  }
}
