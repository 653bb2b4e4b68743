// Helpers the views draw with, without a page: the viridis table against d3's own scale, and the parameter count
// written without Intl (which costs a slow phone tens of milliseconds the first time).
import { interpolateViridis } from 'd3-scale-chromatic';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../../web/src/common/format.js';
import { viridis } from '../../../web/src/drawing/viridis.js';

const rgb = (colour) =>
  colour.startsWith('#')
    ? [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16))
    : colour.match(/\d+/g).map(Number);

describe('drawing helpers', () => {
  it('viridis from the table is d3’s viridis to half a step of its 256 colours (3 of 255 per channel at most), clamped at both ends', () => {
    for (let i = 0; i <= 1000; i++) {
      const t = i / 1000;
      const ours = rgb(viridis(t)),
        d3 = rgb(interpolateViridis(t));
      for (let c = 0; c < 3; c++) expect(Math.abs(ours[c] - d3[c])).toBeLessThanOrEqual(3);
    }
    expect(viridis(-3)).toBe(interpolateViridis(0));
    expect(viridis(7)).toBe(interpolateViridis(1));
    expect(viridis(Number.NaN)).toBe(interpolateViridis(0));
  });

  it("formatCount writes what toLocaleString('en') writes", () => {
    for (const value of [0, 7, 999, 1000, 55309, 123456, 1234567, 16777216])
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
  });
});
