// A small SVG line chart for training curves: steps along x, a linear or logarithmic y axis with labelled
// ticks, several series (the current run strong, the previous run faint), and a text summary for screen
// readers. Drawn by hand: a curve over a few hundred points needs no charting library.
import { element } from '../common/controls.js';
import { t } from '../i18n/messages.js';

const svgNamespace = 'http://www.w3.org/2000/svg';
const size = { width: 480, height: 200, left: 46, right: 12, top: 10, bottom: 30 };
const maxPoints = 600; // longer series are averaged into this many bins, so drawing stays cheap

function svg(tag, attributes = {}) {
  const node = document.createElementNS(svgNamespace, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/** [x, y] points reduced to at most `limit` by averaging consecutive runs (x and y alike). */
export function downsample(points, limit = maxPoints) {
  if (points.length <= limit) return points;
  const out = [];
  const per = points.length / limit;
  for (let b = 0; b < limit; b++) {
    const from = Math.floor(b * per),
      to = Math.floor((b + 1) * per);
    let x = 0,
      y = 0;
    for (let i = from; i < to; i++) ((x += points[i][0]), (y += points[i][1]));
    out.push([x / (to - from), y / (to - from)]);
  }
  return out;
}

/** Decades covering the positive values, e.g. [0.01, 10] for losses from 0.03 to 5. */
export function logDomain(values) {
  let lo = Infinity,
    hi = -Infinity;
  for (const v of values) if (v > 0 && Number.isFinite(v)) ((lo = Math.min(lo, v)), (hi = Math.max(hi, v)));
  if (lo === Infinity) return [0.01, 10];
  const low = Math.floor(Math.log10(lo));
  return [10 ** low, 10 ** Math.max(low + 1, Math.ceil(Math.log10(hi)))];
}

export class LineChart {
  /**
   * @param {{ id: string, title: string, yLabel: string, yScale?: 'linear' | 'log', yDomain?: [number, number],
   *           formatTick?: (y: number) => string, xLabel?: string }} options  yDomain is fixed for linear charts; log
   *   charts fit theirs. The labels are the caller's words; xLabel's default is "training step"
   */
  constructor({
    id,
    title,
    yLabel,
    yScale = 'linear',
    yDomain = [0, 1],
    formatTick = (y) => String(y),
    xLabel = t('app.drawing.chart.trainingStep'),
  }) {
    this.xLabel = xLabel;
    this.yScale = yScale;
    this.yDomain = yDomain;
    this.formatTick = formatTick;
    this.yLabel = yLabel;
    this.svg = svg('svg', {
      viewBox: `0 0 ${size.width} ${size.height}`,
      role: 'img',
      'aria-labelledby': `${id}-title`,
      class: 'line-chart-svg',
    });
    this.summary = element('p', { className: 'visually-hidden', 'aria-live': 'off' });
    this.legend = element('ul', { className: 'chart-legend' });
    this.element = element(
      'figure',
      { className: 'line-chart', id },
      element('figcaption', { id: `${id}-title`, textContent: title }),
      this.svg,
      this.legend,
      this.summary,
    );
  }

  /** @param {number} value @param {number[]} domain  [low, high] */
  #y(value, [lo, hi]) {
    const span = size.height - size.top - size.bottom;
    const t =
      this.yScale === 'log'
        ? (Math.log10(value) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))
        : (value - lo) / (hi - lo);
    return size.top + span * (1 - Math.min(1, Math.max(0, t)));
  }

  /** A mark's line, dot and label; the label reads away from the nearer side, so it is never cut at an edge. */
  #mark({ x, y, label, className }, xMax, domain) {
    const cx = this.#x(x, xMax),
      cy = this.#y(y, domain);
    const bottom = size.height - size.bottom;
    const leftHalf = cx < (size.left + size.width - size.right) / 2;
    const text = svg('text', {
      x: cx + (leftHalf ? 6 : -6),
      y: Math.max(size.top + 10, cy - 8),
      class: `mark-label ${className}`,
      'text-anchor': leftHalf ? 'start' : 'end',
    });
    text.textContent = label;
    return [
      svg('line', { x1: cx, x2: cx, y1: cy, y2: bottom, class: `mark-line ${className}` }),
      svg('circle', { cx, cy, r: 3.5, class: `mark ${className}` }),
      text,
    ];
  }

  #x(step, xMax) {
    return size.left + ((size.width - size.left - size.right) * step) / Math.max(1, xMax);
  }

  /**
   * @param {{ xMax: number, series: { name: string, points: [number, number][], className: string }[], summary: string,
   *           marks?: { x: number, y: number, label: string, className: string }[] }} view  marks: points singled out
   *   (a best measurement): a dotted line down to the axis, a dot, and the label beside it, kept inside the chart
   */
  update({ xMax, series, summary, marks = [] }) {
    const domain = this.yScale === 'log' ? logDomain(series.flatMap((s) => s.points.map((p) => p[1]))) : this.yDomain;
    const ticks =
      this.yScale === 'log'
        ? Array.from({ length: Math.round(Math.log10(domain[1] / domain[0])) + 1 }, (_, i) => domain[0] * 10 ** i)
        : [0, 0.25, 0.5, 0.75, 1].map((t) => domain[0] + t * (domain[1] - domain[0]));
    const nodes = [];
    for (const tick of ticks) {
      const y = this.#y(tick, domain);
      nodes.push(svg('line', { x1: size.left, x2: size.width - size.right, y1: y, y2: y, class: 'grid' }));
      const label = svg('text', { x: size.left - 4, y: y + 4, class: 'tick', 'text-anchor': 'end' });
      label.textContent = this.formatTick(tick);
      nodes.push(label);
    }
    for (const step of [0, Math.round(xMax / 2), xMax]) {
      const label = svg('text', {
        x: this.#x(step, xMax),
        y: size.height - size.bottom + 14,
        class: 'tick',
        // The last step's number ends at its line: centred there, "1000" reached past the chart's right edge.
        'text-anchor': step === xMax && step > 0 ? 'end' : 'middle',
      });
      label.textContent = String(step);
      nodes.push(label);
    }
    const axis = svg('text', {
      x: (size.left + size.width) / 2,
      y: size.height - 3,
      class: 'axis-label',
      'text-anchor': 'middle',
    });
    const labels = { xLabel: this.xLabel, yLabel: this.yLabel };
    axis.textContent =
      this.yScale === 'log' ? t('app.drawing.chart.axesLog', labels) : t('app.drawing.chart.axes', labels);
    nodes.push(axis);
    for (const s of series) {
      const points = downsample(s.points);
      if (points.length === 0) continue;
      const d = points
        .map(([x, y], i) => `${i ? 'L' : 'M'}${this.#x(x, xMax).toFixed(1)},${this.#y(y, domain).toFixed(1)}`)
        .join('');
      nodes.push(svg('path', { d, class: `series ${s.className}` }));
    }
    for (const mark of marks) nodes.push(...this.#mark(mark, xMax, domain));
    this.svg.replaceChildren(...nodes);
    this.legend.replaceChildren(...series.map((s) => element('li', { className: s.className, textContent: s.name })));
    this.summary.textContent = summary;
  }
}
