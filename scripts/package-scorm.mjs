// `npm run package:scorm -- --lessons 4,5 --out DIR [--lang es]`: lessons of the playground as a SCORM 1.2 package
// for a course platform (Moodle, Canvas, Blackboard), DIR/attention-lessons-4-5.zip (-es.zip: in Spanish, its
// manifest's titles and the language its page opens in). It builds the static site as dist/ is
// built (web/vite.config.js) with Vite's chunk manifest, into a folder of its own, and keeps the files those
// lessons need (scorm/site-files.mjs). Needs the wasm builds (`npm run build` once). `--lessons all` packages
// the ten; `--site DIR` reuses a site already built with its manifest. docs/classroom.md says the rest.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { lessons } from '../web/src/lessons/lesson-list.js';
import { buildCoursePackage } from './scorm/course-package.mjs';
import { packageLocale } from './scorm/scorm-manifest.mjs';

/** The lessons "4,5" (or "all") names, in order; a RangeError naming what is wrong otherwise. */
export function lessonsArgument(text) {
  if (text === 'all') return lessons.map((_, i) => i + 1);
  const numbers = String(text ?? '')
    .split(',')
    .map((part) => Number(part.trim()));
  if (!numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= lessons.length)) {
    throw new RangeError(`--lessons takes lesson numbers 1 to ${lessons.length} such as 4,5, or all; got '${text}'`);
  }
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The static site, built with its chunk manifest into `outDir`. */
export async function buildSiteWithManifest(outDir) {
  await build({
    configFile: fileURLToPath(new URL('../web/vite.config.js', import.meta.url)),
    build: { outDir, emptyOutDir: true, manifest: true },
    logLevel: 'error', // the bundler's timing notes are not the teacher's business; errors still throw
  });
}

/**
 * Runs `use(siteDir)` on `site` (a site built with its manifest, as --site names one), or on a site built now into a
 * scratch folder that is removed afterwards.
 */
export async function withBuiltSite(site, use) {
  if (site) return use(resolve(site));
  const scratch = mkdtempSync(join(tmpdir(), 'attention-scorm-site-'));
  try {
    const siteDir = join(scratch, 'site');
    await buildSiteWithManifest(siteDir);
    return await use(siteDir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

async function main() {
  const { values } = parseArgs({
    options: {
      lessons: { type: 'string' },
      out: { type: 'string', default: '.' },
      site: { type: 'string' },
      lang: { type: 'string' },
    },
  });
  const lessonNumbers = lessonsArgument(values.lessons);
  const locale = values.lang === undefined ? null : packageLocale(values.lang);
  await withBuiltSite(values.site, (siteDir) => {
    const { name, zip, files } = buildCoursePackage(siteDir, lessonNumbers, { locale });
    mkdirSync(values.out, { recursive: true });
    const path = join(resolve(values.out), name);
    writeFileSync(path, zip);
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    for (const file of files) console.log(`${kB(file.bytes).padStart(10)}  ${file.path}`);
    console.log(
      `${path}: lessons ${lessonNumbers.join(', ')}${locale ? ` in ${locale}` : ''}, ${files.length} files, ${kB(total)} (${kB(zip.length)} zipped)`,
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`package:scorm: ${error.message}`);
    process.exitCode = 1;
  });
}
