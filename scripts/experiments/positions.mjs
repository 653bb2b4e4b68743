// `npm run experiment:positions`: the Train view's extrapolation experiment in Node, for the README's table.
// Each sequence task trained once per position scheme on lengths 1 to 8, then scored (exact match, 100 held-out
// sequences per length) at every length up to 16. Prints a Markdown table; takes a minute or two.
import { createTrainer } from '../../web/lib/index.js';
import {
  exactShare,
  extrapolationSetup,
  positionSchemes,
  runScheme,
} from '../../web/src/train/extrapolation/extrapolation-setup.js';

const setup = { ...extrapolationSetup, count: 100, backend: 'wasm-simd128' };
const lengths = Array.from({ length: setup.longest }, (_, i) => i + 1);
console.log(`| task, scheme | ${lengths.join(' | ')} | beyond ${setup.trainedUpTo} |`);
console.log(`|---|${lengths.map(() => '---').join('|')}|---|`);
for (const task of ['copy', 'reverse']) {
  for (const [positions, name] of positionSchemes) {
    const rows = await runScheme(createTrainer, { ...setup, task, positions });
    const cells = rows.map((row) => Math.round((100 * row.exact) / row.total));
    const beyond = Math.round(100 * exactShare(rows, setup.trainedUpTo + 1, setup.longest));
    console.log(`| ${task}, ${name} | ${cells.join(' | ')} | ${beyond} |`);
  }
}
