// Which files of the built site (Vite's output, with its chunk manifest) a course package of some lessons needs:
// the page's shell and the Lessons view, those lessons' widgets, and the data they load, and nothing of the other
// views or lessons. The chunks come from the manifest's import graph; the data (wasm builds, models, workers),
// which web/lib names for every caller alike, from what each lesson's widget is known to load (below), and the
// end-to-end test (tests/e2e/package/scorm.test.js) fails on any file a packaged lesson asks for and lacks.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { lessons } from '../../web/src/lessons/lesson-list.js';

/** What a widget loads beyond its code (web/src/lessons: lesson-panel.js's translator, lessons-view.js's worker). */
const widgetNeeds = {
  cross: ['translator'], // lesson 5: the shipped English → Spanish model, in its worker
  decoding: ['translator'], // lesson 9: the same
  reshape: ['training'], // lesson 7: trains four models in a worker, threaded where the host is cross-origin isolated
};

/** Files a need brings, by their source (the manifest's key) or, for a worker, their emitted name. */
const needFiles = {
  translator: [/^assets\/translator-worker-/, /^lib\/models\/en-es\.bin$/],
  training: [/^assets\/kv-heads-worker-/, /^lib\/wasm\/attention-(relaxed-)?simd-threads/],
};

/**
 * Data no lesson loads: the Japanese and Marathi models and the Devanagari font (the Translation view's), and the
 * language model's builds, weights and corpus (Generate's).
 */
const unused = [
  /^lib\/models\/en-(ja|mr)\.bin$/,
  /^src\/app\/fonts\//,
  /(^lib|^assets)\/wasm\/attention-language-model(-relaxed)?(-threads)?\.wasm$/, // found by name: assets/wasm/ in the site
  /^corpora\//,
];

/**
 * The page's files outside the import graph: its icons, web manifest and colour-scheme script (a classic script
 * in index.html's head: web/public/color-scheme.js), and the scalar build web/lib finds by name.
 */
const shellFiles = (siteDir) => [
  'favicon.svg',
  'manifest.webmanifest',
  'color-scheme.js',
  'assets/wasm/attention-scalar.wasm',
  ...readdirSync(join(siteDir, 'icons')).map((name) => `icons/${name}`),
];

/**
 * The message sections a package of `lessonNumbers` loads: the shell's and the Lessons view's (web/src/app/main.js),
 * and those its widgets show besides (the lesson list's `sections`: the Translation view's parts, the beam's, the
 * heads' names).
 */
const packagedSections = (lessonNumbers) => [
  'app',
  'lessons',
  ...lessonNumbers.flatMap((n) => lessons[n - 1].sections ?? []),
];

/** The site's chunk manifest (`build.manifest: true`), or an error saying how to make one. */
export function readChunkManifest(siteDir) {
  try {
    return JSON.parse(readFileSync(join(siteDir, '.vite/manifest.json'), 'utf8'));
  } catch (error) {
    throw new Error(
      `${siteDir} holds no Vite manifest (.vite/manifest.json): build the site with it (${error.message})`,
    );
  }
}

/**
 * The paths (relative to `siteDir`, sorted) a package of lesson numbers `lessonNumbers` holds, index.html first.
 * @param {string} siteDir
 * @param {readonly number[]} lessonNumbers
 */
export function packagedSiteFiles(siteDir, lessonNumbers) {
  const manifest = readChunkManifest(siteDir);
  const widgets = new Set(lessonNumbers.map((n) => lessons[n - 1].widget));
  const sections = new Set(packagedSections(lessonNumbers));
  const needs = new Set([...widgets].flatMap((w) => widgetNeeds[w] ?? []));
  const sourceOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const wantedAsset = (file) => {
    const names = [file, sourceOf.get(file) ?? ''];
    const matches = (patterns) => patterns.some((p) => names.some((name) => p.test(name)));
    for (const [need, patterns] of Object.entries(needFiles)) if (matches(patterns)) return needs.has(need);
    return !matches(unused);
  };
  // The entry's dynamic imports are the views: the Lessons view's and the page's own only. A widget is fetched
  // when its lesson is shown: a packaged lesson's only.
  const wantedImport = (importer, key) => {
    const widget = key.match(/^src\/lessons\/widgets\/(.+)-lesson\.js$/)?.[1];
    if (widget) return widgets.has(widget);
    // Each locale's messages come in sections, one per view (web/src/i18n/messages.js): those the packaged lessons
    // load only, in every locale (the package's learner picks theirs).
    const section = key.match(/locale-section:([\w-]+):/)?.[1];
    if (section) return sections.has(section);
    return importer !== 'index.html' || /^(src\/(lessons|app)|lib)\//.test(key);
  };
  const files = new Set(['index.html', ...shellFiles(siteDir)]);
  // A worker is an asset of the chunk that starts it, built apart: the chunks it imports (its web/lib) are in no
  // manifest, only in its own import statements (static ones: a dynamic import is web/lib's, as for any page).
  const addWithImports = (file) => {
    if (files.has(file)) return;
    files.add(file);
    if (!file.endsWith('.js')) return;
    const source = readFileSync(join(siteDir, file), 'utf8');
    for (const [, path] of source.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+\.js)["']/g))
      addWithImports(posix.join(posix.dirname(file), path));
  };
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the site's manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const asset of chunk.assets ?? []) if (wantedAsset(asset)) addWithImports(asset);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const imported of chunk.dynamicImports ?? []) if (wantedImport(key, imported)) visit(imported);
  };
  visit('index.html');
  files.delete('index.html');
  return ['index.html', ...[...files].sort()];
}

/** Every file under `dir`, as paths relative to it. */
export const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
