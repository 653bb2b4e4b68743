// Exports of the current view: the numbers as JSON and CSV (pure functions, tested in Node) and the maps
// as one PNG (drawn from the heatmap canvases in the browser).

/** The named matrices worth exporting, in display order. */
export function exportedMatrices(stages) {
  const list = [
    ['X', stages.inputs.x],
    ['Wq', stages.inputs.wq],
    ['Wk', stages.inputs.wk],
    ['Wv', stages.inputs.wv],
    ['Q', stages.q],
    ['K', stages.k],
    ['V', stages.v],
  ];
  const multi = stages.heads.length > 1;
  for (const head of stages.heads) {
    const suffix = multi ? ` (head ${head.index + 1})` : '';
    list.push([`scores QKᵀ${suffix}`, head.scores], [`scaled${suffix}`, head.scaled], [`logits${suffix}`, head.logits]);
    list.push([`weights${suffix}`, head.weights], [`head output${suffix}`, head.output]);
    if (head.hardWeights)
      list.push([`hard weights${suffix}`, head.hardWeights], [`hard output${suffix}`, head.hardOutput]);
  }
  if (multi) list.push(['Wo', stages.inputs.wo], ['concat', stages.concat]);
  list.push(['output', stages.output]);
  return list;
}

function rowsOf({ data, rows, cols }) {
  return Array.from({ length: rows }, (_, i) => Array.from(data.subarray(i * cols, (i + 1) * cols)));
}

/** JSON has no -Infinity: masked logits are written as null, and the file says so. */
export function toJSON(state, stages) {
  const matrices = {};
  for (const [name, m] of exportedMatrices(stages)) {
    matrices[name] = {
      rows: m.rows,
      cols: m.cols,
      data: rowsOf(m).map((r) => r.map((x) => (Number.isFinite(x) ? x : null))),
    };
  }
  const document = {
    about: 'attention-playground, step by step. null in a logits matrix marks a masked entry (−∞).',
    settings: {
      sequenceLength: state.s,
      dModel: state.dModel,
      dK: state.dK,
      dV: state.dV,
      heads: state.heads,
      kvHeads: state.kvHeads,
      scaleMode: state.scaleMode,
      scale: stages.scale,
      temperature: state.temperature,
      mask: state.maskMode,
      hard: state.hard,
    },
    matrices,
  };
  return JSON.stringify(document, null, 2);
}

const csvCell = (x) => (x === -Infinity ? '-inf' : String(x));
const csvText = (text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** One block per matrix: a "name,rows×cols" line, then its rows; blocks separated by a blank line. */
export function toCSV(stages) {
  return exportedMatrices(stages)
    .map(([name, m]) =>
      [`${csvText(name)},${m.rows}x${m.cols}`, ...rowsOf(m).map((r) => r.map(csvCell).join(','))].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

/** Draws the given heatmap canvases, each under its title, onto one canvas (browser only). */
export function composeMaps(maps, background = '#ffffff') {
  const pad = 16,
    titleHeight = 22;
  const width = Math.max(...maps.map((m) => m.canvas.width)) + 2 * pad;
  const height = maps.reduce((sum, m) => sum + m.canvas.height + titleHeight + pad, pad);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, width, height);
  let y = pad;
  for (const { title, canvas: map } of maps) {
    ctx.fillStyle = '#1c1c1c';
    ctx.font = '600 15px system-ui, sans-serif';
    ctx.fillText(title, pad, y + 15);
    y += titleHeight;
    ctx.drawImage(map, pad, y);
    y += map.height + pad;
  }
  return canvas;
}

export function download(filename, blobOrText, type) {
  const blob = blobOrText instanceof Blob ? blobOrText : new Blob([blobOrText], { type });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves the view as a file: 'png' the maps on screen as one image (`pictures()` lists them), 'json' or 'csv'
 * every matrix's numbers.
 * @param {'png' | 'json' | 'csv'} format
 * @param {{ state: object, stages: object, pictures: () => Array<{ title: string, canvas: HTMLCanvasElement }> }} view
 */
export function saveView(format, { state, stages, pictures }) {
  if (format === 'png') composeMaps(pictures()).toBlob((blob) => download('attention-maps.png', blob));
  else if (format === 'json') download('attention.json', toJSON(state, stages), 'application/json');
  else download('attention.csv', toCSV(stages), 'text/csv');
}
