// `npm run docs:figures`: every figure the docs mark (<!-- figure: name -->…<!-- /figure -->, scripts/docs/
// doc-figures.js) written again from the code (scripts/docs/code-figures.js), in every Markdown file of the
// repository. The code's modules are loaded through Vite, as the page and the tests load them (the views' state
// modules import their messages through import.meta.glob). tests/web/docs/figures.test.js fails while a doc's
// figure differs from the code's: run this after changing a default, a shipped model, a view or an element.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { localeMessages } from './locale-messages.mjs';
import { docLanguage, figureProblems, withFigures } from './docs/doc-figures.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const server = await createServer({
  root,
  configFile: false,
  logLevel: 'warn',
  plugins: [localeMessages],
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { codeFigures } = await server.ssrLoadModule('/scripts/docs/code-figures.js');
  const figures = await codeFigures();
  if (process.env.PRINT_FIGURES) console.log(figures);
  const docs = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
  for (const doc of docs) {
    const path = `${root}/${doc}`;
    const text = readFileSync(path, 'utf8');
    const problems = figureProblems(text, figures, docLanguage(doc));
    if (problems.length === 0) continue;
    writeFileSync(path, withFigures(text, figures, docLanguage(doc)));
    console.log(`${doc}:\n  ${problems.join('\n  ')}`);
  }
} finally {
  await server.close();
}
