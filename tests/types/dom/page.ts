// Plain DOM code: querySelector and createElement know the elements' types (HTMLElementTagNameMap).
import 'attention-playground/elements';
import { loadAttention } from 'attention-playground';

const map = document.querySelector('attention-map');
if (map) map.weights = { data: [1, 0, 0, 1], rows: 2, cols: 2 };
const translator = document.createElement('attention-translator');
export const words: string[] | undefined = translator.translation?.target;
const generator = document.createElement('attention-generator');
export const written: string | undefined = generator.generation?.text;
// @ts-expect-error weights is a matrix
if (map) map.weights = 'nope';
export const api = await loadAttention({ backend: 'wasm-simd128' });
// @ts-expect-error strict options: no such option
await loadAttention({ backendd: 'wasm-simd128' });
