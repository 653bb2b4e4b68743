// Entry point of the playground page.
import { loadAttention } from '../lib/index.js';

const workedExample = {
  q: [[1, 0, 2], [2, 2, 2], [2, 1, 3]],
  k: [[0, 1, 1], [4, 4, 0], [2, 3, 1]],
  v: [[1, 2, 3], [2, 8, 0], [2, 6, 3]],
};

const toMatrix = (rows) => ({ data: Float32Array.from(rows.flat()), rows: rows.length, cols: rows[0].length });

function renderMatrix(caption, { data, rows, cols }, id) {
  const figure = document.createElement('figure');
  figure.className = 'matrix';
  figure.id = id;
  const title = document.createElement('figcaption');
  title.textContent = `${caption} (${rows}×${cols})`;
  const table = document.createElement('table');
  table.className = 'numbers';
  for (let i = 0; i < rows; i++) {
    const tr = table.insertRow();
    for (let j = 0; j < cols; j++) tr.insertCell().textContent = data[i * cols + j].toFixed(4);
  }
  figure.append(title, table);
  return figure;
}

async function main() {
  const backendParam = new URLSearchParams(location.search).get('backend') ?? undefined;
  const attention = await loadAttention({ backend: backendParam });
  document.getElementById('backend').textContent = attention.backend;
  const q = toMatrix(workedExample.q), k = toMatrix(workedExample.k), v = toMatrix(workedExample.v);
  const { weights, output } = attention.attention({ q, k, v, scale: 0.5 });
  document
    .getElementById('worked-example')
    .replaceChildren(renderMatrix('weights = softmax(QKᵀ / 2)', weights, 'weights'), renderMatrix('output = weights · V', output, 'output'));
}

main().catch((error) => {
  const message = document.createElement('p');
  message.className = 'error';
  message.textContent = `Could not start: ${error.message}`;
  document.getElementById('app').prepend(message);
  document.getElementById('backend').textContent = 'unavailable';
});
