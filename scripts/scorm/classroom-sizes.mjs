// `npm run docs:classroom`: docs/classroom.md's sizes of the course packages (lesson 4, lessons 4 and 5, all ten), from
// a build, written between the doc's markers (<!-- scorm-sizes:start --> … <!-- scorm-sizes:end -->), never typed.
// tests/web/app/scorm-package.test.js builds the same packages and fails when the doc's figures are further from
// theirs than a small change drifts (documentedSizesProblem): the doc cannot go stale unnoticed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { replaceDocsTable } from '../bench/docs-table.js';
import { buildCoursePackage } from './course-package.mjs';
import { packageLocales } from './scorm-manifest.mjs';

/** The packages the doc measures: a lesson alone, two (one with the translator), and all ten. */
export const documentedPackages = [
  { name: 'lesson 4', lessons: [4] },
  { name: 'lessons 4 and 5', lessons: [4, 5] },
  { name: 'all ten', lessons: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
];

const messageChunk = new RegExp(`^assets/(${packageLocales.join('|')})-[\\w-]+\\.js$`);
/** What a package's files are, by path: each file is of the first kind it matches. */
const kinds = [
  ['the wasm builds', (path) => path.endsWith('.wasm')],
  ['the translation model', (path) => path.endsWith('.bin')],
  [`messages (${packageLocales.length} languages)`, (path) => messageChunk.test(path)],
  ['scripts (with the workers)', (path) => path.startsWith('assets/') && /\.m?js$/.test(path)],
  ['style sheets', (path) => path.endsWith('.css')],
  ['imsmanifest.xml and the SCORM schemas', (path) => path === 'imsmanifest.xml' || path.endsWith('.xsd')],
  ['the page, its icons and web manifest', () => true],
];

const kB = (bytes) => `${Math.round(bytes / 1000).toLocaleString('en')} kB`;
const sum = (files) => files.reduce((total, file) => total + file.bytes, 0);

/**
 * The doc's tables for built packages (in documentedPackages' order, each buildCoursePackage's answer): files, size
 * and zipped size of each, then each kind of file in each.
 * @param {{ zip: Uint8Array, files: { path: string, bytes: number }[] }[]} built
 */
export function packageSizesMarkdown(built) {
  const totals = built.map(
    ({ zip, files }, i) =>
      `| ${documentedPackages[i].name} | ${files.length} | ${kB(sum(files))} | ${kB(zip.length)} |`,
  );
  const byKind = kinds.map(([kind, matches]) => {
    const cells = built.map(({ files }) => {
      const own = files.filter((file) => kinds.find(([, test]) => test(file.path))[1] === matches);
      return own.length ? `${own.length}: ${kB(sum(own))}` : '–';
    });
    return `| ${kind} | ${cells.join(' | ')} |`;
  });
  const names = documentedPackages.map((p) => p.name);
  return [
    '| package | files | size | zipped |',
    '|---|---|---|---|',
    ...totals,
    '',
    `| files: how many, their size | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---|').join('')}`,
    ...byKind,
  ].join('\n');
}

const markers = ['<!-- scorm-sizes:start -->', '<!-- scorm-sizes:end -->'];
const docPath = fileURLToPath(new URL('../../docs/classroom.md', import.meta.url));

/** The doc's tables as written now (between its markers). */
export function documentedSizes(doc = readFileSync(docPath, 'utf8')) {
  const [start, end] = markers.map((marker) => doc.indexOf(marker));
  if (start < 0 || end < start) throw new Error(`docs/classroom.md has no ${markers.join(' … ')}`);
  return doc.slice(start + markers[0].length, end).trim();
}

/**
 * Null when the doc's figures are those of `markdown` (packageSizesMarkdown of a fresh build) give or take a small
 * change's drift (each within 5 %, or 2 files or kB), else what differs: a change to the code a package holds moves
 * its sizes a little, and the doc is written again when they have moved enough to mislead.
 */
export function documentedSizesProblem(markdown, documented = documentedSizes()) {
  const numbers = (text) => [...text.matchAll(/\d[\d,]*/g)].map((m) => Number(m[0].replaceAll(',', '')));
  const [now, doc] = [numbers(markdown), numbers(documented)];
  const far = now.length !== doc.length || now.some((n, i) => Math.abs(n - doc[i]) > Math.max(2, 0.05 * n));
  return far
    ? `docs/classroom.md's sizes are not the build's (npm run docs:classroom writes them):\n${markdown}`
    : null;
}

async function main() {
  const { values } = parseArgs({ options: { site: { type: 'string' } } });
  const { withBuiltSite } = await import('../package-scorm.mjs');
  await withBuiltSite(values.site, (siteDir) => {
    const markdown = packageSizesMarkdown(documentedPackages.map((p) => buildCoursePackage(siteDir, p.lessons)));
    if (!replaceDocsTable('scorm-sizes', markdown, 'docs/classroom.md')) throw new Error(documentedSizes());
    console.log(markdown);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`docs:classroom: ${error.message}`);
    process.exitCode = 1;
  });
}
