// The embed page: the elements as another site would use them. Only the worked example's weights are
// computed here (as a page would compute its own); everything else is attributes.
import './elements/index.js';
import { loadAttention } from './lib/index.js';

const matrix = (rows, cols, values) => ({ data: Float32Array.from(values), rows, cols });
// The lecture notes' worked example (the playground's default): X is 3 × 4, Wq, Wk, Wv are 4 × 3.
const x = matrix(3, 4, [1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1]);
const wq = matrix(4, 3, [1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1]);
const wk = matrix(4, 3, [0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0]);
const wv = matrix(4, 3, [0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0]);

const api = await loadAttention();
const [q, k, v] = [wq, wk, wv].map((w) => api.matmul({ a: x, b: w }));
const { weights } = api.attention({ q, k, v, scale: 1 / Math.sqrt(x.cols) }); // the notes divide by √d_model

const map = document.getElementById('worked-example');
map.rowLabels = ['token 1', 'token 2', 'token 3'];
map.colLabels = ['token 1', 'token 2', 'token 3'];
map.weights = weights;
map.addEventListener('cell-select', (event) => {
  const { row, col, value } = event.detail;
  document.getElementById('map-events').textContent =
    `selected: query ${row + 1}, key ${col + 1}, weight ${value.toFixed(4)}`;
});
// The playground's language model (site-only: the package ships none), as a host serves its own weight file.
document
  .getElementById('generator')
  .setAttribute('weights', new URL('./corpora/pride-and-prejudice-language-model.bin', import.meta.url).href);
const lessonPicker = document.getElementById('lesson-picker');
lessonPicker.addEventListener('change', () =>
  document.getElementById('lesson-element').setAttribute('lesson', lessonPicker.value),
);
document.body.dataset.ready = 'true';
