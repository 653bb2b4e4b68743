// `npm run experiment:first-sentences [model]` (default en-es; a shipped model's name or a weight file): what a
// translation model does with the 100 sentences a newcomer types first (first-sentences.json: how they were chosen,
// their references and accepted variants). Prints a row per sentence (covered by the grammar or why not, the
// model's translation, exact against the references or not, the unknown words it carried, the grammar's own
// translation) and the counts docs/models.md quotes (scripts/docs/code-figures.js takes them from the same run).
// The reference kernels (the scalar build), as the docs' figures are measured.
import { existsSync, readFileSync } from 'node:fs';
import { loadTranslator } from '../../web/lib/index.js';
import { firstSentencesRun, firstSentencesText } from './first-sentences-run.js';

const model = process.argv[2] ?? 'en-es';
const weights = existsSync(model) ? new Uint8Array(readFileSync(model)) : model; // a file, else a shipped model's name
const translator = await loadTranslator({ weights, backend: 'wasm-scalar' });
try {
  console.log(firstSentencesText(firstSentencesRun(translator)));
} finally {
  translator.dispose();
}
