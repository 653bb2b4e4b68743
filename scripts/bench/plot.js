// The benchmark's plot: GFLOP/s per shape, one bar per implementation, the measured wasm SIMD128 peak as a
// dashed line. Plain SVG text, no dependencies.

const palette = ['#d1495b', '#edae49', '#00798c', '#30638e', '#003d5b', '#8d6a9f', '#6a994e', '#9e9e9e'];
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * @param {{ shapes: string[], series: { name: string, gflops: (number|null)[] }[], peak: number, title: string }} plot
 */
export function barChart({ shapes, series, peak, title }) {
  const width = 900,
    height = 420,
    left = 60,
    right = 20,
    top = 40,
    bottom = 70 + 18 * Math.ceil(series.length / 3);
  const plotHeight = height - top - bottom;
  const max = Math.max(peak, ...series.flatMap((s) => s.gflops.filter((g) => g !== null))) * 1.1;
  const y = (value) => top + plotHeight - (value / max) * plotHeight;
  const groupWidth = (width - left - right) / shapes.length;
  const barWidth = (groupWidth * 0.8) / series.length;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="600">${escape(title)}</text>`,
  ];
  for (let tick = 0; tick <= max; tick += max > 60 ? 20 : 5) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(tick)}" y2="${y(tick)}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${left - 6}" y="${y(tick) + 4}" text-anchor="end" fill="#555">${tick}</text>`);
  }
  parts.push(
    `<text transform="translate(16 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#333">GFLOP/s (4·H·S²·d per call)</text>`,
  );
  shapes.forEach((shape, g) => {
    const x0 = left + g * groupWidth + groupWidth * 0.1;
    series.forEach((s, i) => {
      const value = s.gflops[g];
      if (value === null) return;
      const x = x0 + i * barWidth;
      parts.push(
        `<rect x="${x.toFixed(1)}" y="${y(value).toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${(top + plotHeight - y(value)).toFixed(1)}" fill="${palette[i % palette.length]}"><title>${escape(`${s.name}, ${shape}: ${value.toFixed(1)} GFLOP/s`)}</title></rect>`,
      );
    });
    parts.push(
      `<text x="${left + (g + 0.5) * groupWidth}" y="${top + plotHeight + 18}" text-anchor="middle">${escape(shape)}</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" x2="${width - right}" y1="${y(peak)}" y2="${y(peak)}" stroke="#000" stroke-dasharray="6 4"/>`,
  );
  parts.push(
    `<text x="${width - right}" y="${y(peak) - 5}" text-anchor="end">wasm SIMD128 mul+add peak, measured: ${peak.toFixed(1)}</text>`,
  );
  series.forEach((s, i) => {
    const col = i % 3,
      row = Math.floor(i / 3);
    const x = left + col * 280,
      yy = top + plotHeight + 40 + row * 18;
    parts.push(`<rect x="${x}" y="${yy - 10}" width="12" height="12" fill="${palette[i % palette.length]}"/>`);
    parts.push(`<text x="${x + 18}" y="${yy}">${escape(s.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
