// The package as a stranger installs it: `npm pack`, then the tarball in a fresh Vite app (dev server and
// build), in a plain static folder with no bundler, and in Node. Chromium checks what the elements draw:
// the worked example's weights and a held-out sentence's translation.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolationHeaders } from '../../../web/isolation-headers.js';
import { loadTranslator } from '../../../web/lib/index.js';
import { launchChromium, resultsDir } from '../support/browser.js';
import { serveFolder } from '../support/static-host.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const viteVersion = JSON.parse(readFileSync(join(repo, 'node_modules/vite/package.json'), 'utf8')).version;
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let work, tarball, packed, browser, heldOut;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'attention-package-'));
  // The build has run (npm test builds first): pack what it made, without running it again.
  [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], repo));
  tarball = join(work, packed.filename);
  const translator = await loadTranslator();
  [heldOut] = translator.heldOutSentences(1, 11);
  translator.dispose();
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// One page of an embedding site: a map of the worked example and the translator on a held-out sentence.
const pageScript = `import 'attention-playground/elements';
import { loadAttention } from 'attention-playground';
const m = (rows, cols, values) => ({ data: Float32Array.from(values), rows, cols });
const x = m(3, 4, [1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1]);
const [wq, wk, wv] = [[1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1], [0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0], [0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0]].map((v) => m(4, 3, v));
const api = await loadAttention();
const [q, k, v] = [wq, wk, wv].map((w) => api.matmul({ a: x, b: w }));
document.querySelector('attention-map').weights = api.attention({ q, k, v, scale: 0.5 }).weights;
`;
const pageHtml = (sentence, head = '', lang = 'en') => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>embedding attention-playground</title><link rel="icon" href="./favicon.svg">${head}</head>
<body>
  <attention-map digits="4" show-values></attention-map>
  <attention-translator sentence="${sentence}" readonly></attention-translator>
  <script type="module" src="./main.js"></script>
</body></html>
`;

/** What the elements show on `url`: the map's first row and the translator's words. */
async function elementsOn(url, screenshot) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(() => {
    globalThis.violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      globalThis.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await page.goto(url);
  const firstRow = () =>
    page.evaluate(() =>
      [...(document.querySelector('attention-map')?.shadowRoot?.querySelectorAll('tbody tr:first-child td') ?? [])].map(
        (td) => td.textContent,
      ),
    );
  const words = () =>
    page.evaluate(() =>
      [...(document.querySelector('attention-translator')?.shadowRoot?.querySelectorAll('.token') ?? [])].map(
        (t) => t.textContent,
      ),
    );
  try {
    await expect.poll(firstRow, { timeout: 20_000 }).toHaveLength(3);
  } catch (error) {
    throw new Error(`the map never drew on ${url}; page errors: ${errors.join(' | ') || 'none'}`, { cause: error });
  }
  await expect.poll(words, { timeout: 20_000 }).not.toEqual([]);
  // Styled: the map's legend is laid out by the elements' stylesheet (a flex row), not as plain blocks.
  const styled = await page.evaluate(
    () =>
      getComputedStyle(document.querySelector('attention-map').shadowRoot.querySelector('.heatmap-legend')).display ===
      'flex',
  );
  const shown = {
    firstRow: await firstRow(),
    words: await words(),
    // In the page's language (<html lang>): the translator's button, and the map's legend.
    language: await page.evaluate(() => ({
      button: document.querySelector('attention-translator').shadowRoot.querySelector('form button').textContent,
      legend: document.querySelector('attention-map').shadowRoot.querySelector('.heatmap-legend').textContent.trim(),
    })),
    styled,
    violations: await page.evaluate(() => globalThis.violations),
    errors,
  };
  if (screenshot) await page.screenshot({ path: `${resultsDir}${screenshot}` });
  await page.close();
  return shown;
}

// The host's own icon, a file like the rest of its site (a data: URL would break its own CSP).
const favicon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#d1495b"/></svg>';
const inLanguage = {
  en: { button: 'Translate', legend: '0 to 1 (fixed)' },
  es: { button: 'Traducir', legend: 'de 0 a 1 (escala fija)' },
  'zh-CN': { button: '翻译', legend: '0 到 1（固定范围）' },
};
const expected = (lang = 'en') => ({
  firstRow: ['0.1554', '0.4223', '0.4223'],
  words: [...heldOut.target.split(' '), '<eos>'],
  language: inLanguage[lang],
  styled: true,
  violations: [],
  errors: [],
});
// A host's strict policy: the package's scripts, wasm and styles come from the site itself, nothing inline.
const strictPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; worker-src 'self'";

describe('the package', () => {
  it('packs what a stranger needs and nothing else', () => {
    const files = packed.files.map((f) => f.path);
    console.log(
      `${packed.filename}: ${(packed.size / 1000).toFixed(1)} kB packed, ${(packed.unpackedSize / 1000).toFixed(1)} kB unpacked, ${files.length} files`,
    );
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'web/lib/index.js',
        'web/lib/index.d.ts',
        'web/bundle/attention-elements.js',
        'web/bundle/attention-generator-gpt2.js', // <attention-generator gpt2>'s opening, fetched when used
        'web/bundle/locales/es.json', // the elements' other languages (web/elements/bundled-locales.js)
        'web/bundle/locales/zh-CN.json',
        'web/elements/index.d.ts',
        'web/elements/react.d.ts',
        'web/lib/models/en-es.bin',
        'web/lib/wasm/attention-simd.wasm',
        'web/lib/wasm/attention-simd-threads.wasm',
        'web/lib/wasm/attention-relaxed-simd.wasm',
        'web/lib/wasm/attention-relaxed-simd-threads.wasm',
        'web/lib/wasm/attention-simd.mjs',
        'web/lib/wasm/attention-simd-threads.mjs',
        'web/lib/wasm/attention-simd-threads.worker.js',
        'web/lib/wasm/node/attention-simd-threads-node.cjs',
      ]),
    );
    // Two glue files run the builds (web/lib/load-module.js): no other build's glue is shipped. The scalar build
    // stays out (docs/embed.md says why).
    expect(files).not.toContain('web/lib/wasm/attention-scalar.wasm');
    expect(files).not.toContain('web/lib/wasm/attention-language-model.wasm');
    expect(files).not.toContain('web/lib/wasm/attention-language-model-relaxed.wasm');
    // Nor the models of en-ja and en-mr: the site's (the registry's modelInPackage).
    expect(files.filter((f) => f.startsWith('web/lib/models/'))).toEqual(['web/lib/models/en-es.bin']);
    expect(files.filter((f) => /\.(mjs|cjs)$|\.worker\.js$/.test(f)).sort()).toEqual([
      'web/lib/wasm/attention-simd-threads.mjs',
      'web/lib/wasm/attention-simd-threads.worker.js',
      'web/lib/wasm/attention-simd.mjs',
      'web/lib/wasm/node/attention-simd-threads-node.cjs',
      'web/lib/wasm/node/attention-simd-threads-node.worker.js',
    ]);
    expect(files.filter((f) => /^(tests|cpp|build|scripts|dist|node_modules)\/|\.test\.js$/.test(f))).toEqual([]);
    // The elements ship as their one-file build: not the playground's sources, and no dependency to install.
    expect(files.filter((f) => /^web\/(src|elements)\/.*\.(js|css)$/.test(f))).toEqual([]);
    expect(JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')).dependencies).toBeUndefined();
    // What docs/embed.md says of the package is what it is (within 2%, a rounding's slack): sizes do not drift.
    const docs = readFileSync(join(repo, 'docs/embed.md'), 'utf8');
    const [, kB, unpackedMB, count] = docs.match(/makes an? (\d+) kB tarball \(([\d.]+) MB unpacked, (\d+) files/);
    expect(Math.abs(Number(kB) * 1000 - packed.size) / packed.size, `docs: ${kB} kB`).toBeLessThan(0.02);
    expect(Math.abs(Number(unpackedMB) * 1e6 - packed.unpackedSize) / packed.unpackedSize).toBeLessThan(0.03);
    expect(Number(count)).toBe(files.length);
    const bundle = readFileSync(join(repo, 'web/bundle/attention-elements.js'));
    const [, bundleKB, gzippedKB] = docs.match(/d3's colour scale: (\d+) kB, (\d+) kB gzipped\)/);
    expect(Math.abs(Number(bundleKB) * 1000 - bundle.length) / bundle.length, `docs: ${bundleKB} kB`).toBeLessThan(
      0.02,
    );
    const gzipped = gzipSync(bundle, { level: 9 }).length;
    expect(Math.abs(Number(gzippedKB) * 1000 - gzipped) / gzipped, `docs: ${gzippedKB} kB gzipped`).toBeLessThan(0.02);
    // The guide's budget is 1.5 MB; ours was 1 MB until issue 60 (1,010 kB: the 8-bit kernels in each of the four
    // attention builds, and GPT-2's loading, tokenizer, inspect and weight-bits in web/lib).
    expect(packed.size).toBeLessThan(1_500_000);
    // No file twice: each one's content differs from every other's.
    const unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    run('tar', ['-xzf', tarball, '-C', unpacked], repo);
    const byContent = new Map();
    for (const path of files) {
      const hash = createHash('sha256')
        .update(readFileSync(join(unpacked, 'package', path)))
        .digest('hex');
      byContent.set(hash, [...(byContent.get(hash) ?? []), path]);
    }
    expect([...byContent.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  it('in a fresh Vite app with no configuration: the dev server and the built app (both under the strict CSP) show the elements; Node runs the library; an SSR build renders and upgrades', async () => {
    const app = join(work, 'vite-app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'embedding-app',
          private: true,
          type: 'module',
          dependencies: { 'attention-playground': `file:${tarball}`, vite: viteVersion },
        },
        null,
        2,
      ),
    );
    // No Vite configuration at all, as a new user starts: the host's defaults, dev server and build; a page in
    // Spanish (the elements' Spanish is a file the dev server and the build find beside the bundle).
    writeFileSync(join(app, 'index.html'), pageHtml(heldOut.source, '', 'es'));
    writeFileSync(join(app, 'main.js'), pageScript);
    mkdirSync(join(app, 'public'));
    writeFileSync(join(app, 'public', 'favicon.svg'), favicon);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);

    const dev = await createServer({
      root: app,
      configFile: false,
      server: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': strictPolicy } },
      logLevel: 'error',
    });
    await dev.listen();
    try {
      expect(await elementsOn(`http://127.0.0.1:${dev.httpServer.address().port}/`)).toEqual(expected('es'));
    } finally {
      await dev.close();
    }

    // A stranger's build prints nothing about our files (it once warned of `new URL('./wasm/node/', …)`).
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: app, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(
      `${build.stdout}${build.stderr}`.split('\n').filter((line) => line.includes('attention-playground')),
    ).toEqual([]);
    // The built app under a strict CSP (its build inlined the elements' old stylesheets as blocked data: URLs).
    const built = await preview({
      root: app,
      configFile: false,
      preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': strictPolicy } },
      logLevel: 'error',
    });
    try {
      expect(await elementsOn(`http://127.0.0.1:${built.httpServer.address().port}/`, 'package-vite-app.png')).toEqual(
        expected('es'),
      );
    } finally {
      await built.close();
    }

    const node = JSON.parse(
      run(
        'node',
        [
          '--input-type=module',
          '-e',
          `
      import { loadAttention, loadTranslator } from 'attention-playground';
      const api = await loadAttention();
      const translator = await loadTranslator({ weights: 'en-es' });
      const out = api.matmul({ a: { data: new Float32Array([1, 2]), rows: 1, cols: 2 }, b: { data: new Float32Array([3, 4]), rows: 2, cols: 1 } });
      console.log(JSON.stringify({ backend: api.backend, product: out.data[0], spanish: translator.translate('juan walks with the dogs').target.join(' ') }));
    `,
        ],
        app,
      ),
    );
    expect(node).toEqual({ backend: 'wasm-simd128', product: 11, spanish: 'juan camina con los perros <eos>' });

    // Server rendering (Astro, Next, VitePress do this): a Vite SSR build of a module that imports the elements
    // renders in Node, where there is no DOM, and the page it rendered upgrades its element in the browser.
    writeFileSync(
      join(app, 'entry-server.js'),
      `import { AttentionLessonElement } from 'attention-playground/elements';
export const render = () => '<attention-lesson lesson="2"></attention-lesson><p id="ssr">' + typeof AttentionLessonElement + '</p>';`,
    );
    const ssr = spawnSync('npx', ['vite', 'build', '--ssr', 'entry-server.js', '--outDir', 'dist-ssr'], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(ssr.status, ssr.stderr).toBe(0);
    const rendered = run(
      'node',
      ['--input-type=module', '-e', "console.log((await import('./dist-ssr/entry-server.js')).render())"],
      app,
    ).trim();
    expect(rendered).toBe('<attention-lesson lesson="2"></attention-lesson><p id="ssr">function</p>');
    writeFileSync(join(app, 'upgrade.js'), "import 'attention-playground/elements';\n");
    writeFileSync(
      join(app, 'rendered.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rendered</title>
<script type="module" src="/upgrade.js"></script></head><body>${rendered}</body></html>`,
    );
    const host = await createServer({
      root: app,
      configFile: false,
      server: { port: 0, host: '127.0.0.1' },
      logLevel: 'error',
    });
    await host.listen();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${host.httpServer.address().port}/rendered.html`);
      await page.waitForFunction(
        () => document.querySelector('attention-lesson')?.shadowRoot?.querySelector('#lesson-title')?.textContent,
        null,
        { timeout: 30_000 },
      );
      expect(
        await page.evaluate(
          () => document.querySelector('attention-lesson').shadowRoot.querySelector('#lesson-title').textContent,
        ),
      ).toMatch(/^2\./);
      await page.close();
    } finally {
      await host.close();
    }
    // Both threaded builds, from their Node twins' glue with the browser builds' wasm and one shared pthread worker.
    const threaded = JSON.parse(
      run(
        'node',
        [
          '--experimental-wasm-relaxed-simd',
          '--input-type=module',
          '-e',
          `
      import { loadAttention } from 'attention-playground';
      const results = [];
      for (const backend of ['wasm-simd128-threads', 'wasm-relaxed-simd-threads']) {
        const api = await loadAttention({ backend });
        const x = { data: Float32Array.from({ length: 512 * 16 }, (_, i) => Math.sin(i)), rows: 512, cols: 16 };
        const { output } = api.attention({ q: x, k: x, v: x });
        results.push({ backend: api.backend, rows: output.rows, finite: output.data.every(Number.isFinite) });
      }
      console.log(JSON.stringify(results));
      process.exit(0);
    `,
        ],
        app,
      ),
    );
    expect(threaded).toEqual(
      ['wasm-simd128-threads', 'wasm-relaxed-simd-threads'].map((backend) => ({ backend, rows: 512, finite: true })),
    );
  }, 240_000);

  it('in a React 19 app (Vite, no configuration): objects set from JSX as properties, built and served under the strict CSP', async () => {
    const app = join(work, 'react-app');
    mkdirSync(join(app, 'public'), { recursive: true });
    const reactVersion = JSON.parse(readFileSync(join(repo, 'node_modules/react/package.json'), 'utf8')).version;
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'react-host',
          private: true,
          type: 'module',
          dependencies: {
            'attention-playground': `file:${tarball}`,
            react: reactVersion,
            'react-dom': reactVersion,
            vite: viteVersion,
          },
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>a React host</title><link rel="icon" href="./favicon.svg"></head>
<body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>
`,
    );
    writeFileSync(join(app, 'public', 'favicon.svg'), favicon);
    // The weights are an object: React 19 sets it as the element's property (no ref, no effect).
    writeFileSync(
      join(app, 'main.jsx'),
      `import { createRoot } from 'react-dom/client';
import 'attention-playground/elements';
import { loadAttention } from 'attention-playground';

const m = (rows, cols, values) => ({ data: Float32Array.from(values), rows, cols });
const x = m(3, 4, [1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1]);
const [wq, wk, wv] = [[1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1], [0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0], [0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0]].map((v) => m(4, 3, v));
const api = await loadAttention();
const [q, k, v] = [wq, wk, wv].map((w) => api.matmul({ a: x, b: w }));
const { weights } = api.attention({ q, k, v, scale: 0.5 });

function Lesson() {
  return (
    <main>
      <attention-map digits="4" show-values weights={weights} />
      <attention-translator sentence="${heldOut.source}" readonly />
    </main>
  );
}
createRoot(document.getElementById('root')).render(<Lesson />);
`,
    );
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    run('npx', ['vite', 'build', '--logLevel', 'error'], app);
    const built = await preview({
      root: app,
      configFile: false,
      preview: { port: 0, host: '127.0.0.1', headers: { 'Content-Security-Policy': strictPolicy } },
      logLevel: 'error',
    });
    try {
      expect(await elementsOn(`http://127.0.0.1:${built.httpServer.address().port}/`, 'package-react-app.png')).toEqual(
        expected(),
      );
    } finally {
      await built.close();
    }
  }, 240_000);

  it('in a webpack 5 app with no configuration (its default entry, output and asset handling), under the strict CSP', async () => {
    const app = join(work, 'webpack-app');
    mkdirSync(join(app, 'src'), { recursive: true });
    const version = (name) =>
      JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'webpack-host',
          private: true,
          dependencies: {
            'attention-playground': `file:${tarball}`,
            webpack: version('webpack'),
            'webpack-cli': version('webpack-cli'),
          },
        },
        null,
        2,
      ),
    );
    writeFileSync(join(app, 'src', 'index.js'), pageScript);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    run('npx', ['webpack', '--mode', 'production'], app); // src/index.js → dist/main.js, assets beside it
    writeFileSync(join(app, 'dist', 'index.html'), pageHtml(heldOut.source, '', 'zh-CN'));
    writeFileSync(join(app, 'dist', 'favicon.svg'), favicon);
    const server = await serveFolder(() => join(app, 'dist'), { 'Content-Security-Policy': strictPolicy });
    try {
      expect(await elementsOn(server.url, 'package-webpack-app.png')).toEqual(expected('zh-CN'));
    } finally {
      await server.close();
    }
  }, 240_000);

  it('one script tag, no import map, no bundler: the one-file build from the site itself under a strict CSP, and from another origin (a CDN), in the page’s language', async () => {
    const unpacked = join(work, 'one-tag');
    mkdirSync(unpacked);
    run('tar', ['-xzf', tarball, '-C', unpacked], repo);
    const packageDir = join(unpacked, 'package');
    expect(JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))).toMatchObject({
      unpkg: 'web/bundle/attention-elements.js',
      jsdelivr: 'web/bundle/attention-elements.js',
    });
    const scriptFrom = (bundleUrl) =>
      pageScript.replace(
        "import 'attention-playground/elements';\nimport { loadAttention } from 'attention-playground';",
        `import { loadAttention } from '${bundleUrl}';`,
      );
    const site = join(unpacked, 'site');
    cpSync(packageDir, join(site, 'modules', 'attention-playground'), { recursive: true });
    // In Chinese and Spanish: the bundle fetches the language's messages from beside itself.
    writeFileSync(join(site, 'index.html'), pageHtml(heldOut.source, '', 'zh-CN'));
    writeFileSync(join(site, 'favicon.svg'), favicon);
    writeFileSync(join(site, 'main.js'), scriptFrom('./modules/attention-playground/web/bundle/attention-elements.js'));
    const sameOrigin = await serveFolder(() => site, { 'Content-Security-Policy': strictPolicy });
    const cdn = await serveFolder(() => packageDir, { 'Access-Control-Allow-Origin': '*' });
    try {
      expect(await elementsOn(sameOrigin.url, 'package-one-tag.png')).toEqual(expected('zh-CN'));
      // The same page taking the bundle from a CDN: the wasm and models come from there too (CORS).
      const page = join(unpacked, 'cdn-page');
      mkdirSync(page);
      writeFileSync(join(page, 'index.html'), pageHtml(heldOut.source, '', 'es-MX'));
      writeFileSync(join(page, 'favicon.svg'), favicon);
      writeFileSync(join(page, 'main.js'), scriptFrom(`${cdn.url}web/bundle/attention-elements.js`));
      const cdnOrigin = cdn.url.slice(0, -1);
      const policy = `default-src 'self'; script-src 'self' ${cdnOrigin} 'wasm-unsafe-eval'; connect-src 'self' ${cdnOrigin}; style-src 'self'; worker-src 'self'`;
      const host = await serveFolder(() => page, { 'Content-Security-Policy': policy });
      try {
        expect(await elementsOn(host.url)).toEqual(expected('es'));
      } finally {
        await host.close();
      }
    } finally {
      await Promise.all([sameOrigin.close(), cdn.close()]);
    }
  }, 60_000);

  it('in a plain static folder whose host moved the wasm and models elsewhere: setAssetBase() says where, once', async () => {
    const site = join(work, 'static-site');
    cpSync(
      join(work, 'vite-app', 'node_modules', 'attention-playground'),
      join(site, 'modules', 'attention-playground'),
      { recursive: true },
    );
    const lib = join(site, 'modules/attention-playground/web/lib');
    for (const folder of ['wasm', 'models']) {
      cpSync(join(lib, folder), join(site, 'cdn', folder), { recursive: true });
      rmSync(join(lib, folder), { recursive: true });
    }
    const bundle = './modules/attention-playground/web/bundle/attention-elements.js';
    // Imported first, and from the library alone (the elements' file imports the same one), so the base is set
    // before the elements exist: they load the module as soon as they are on the page.
    writeFileSync(
      join(site, 'asset-base.js'),
      "import { setAssetBase } from './modules/attention-playground/web/lib/index.js';\nsetAssetBase('./cdn/');\n",
    );
    writeFileSync(
      join(site, 'main.js'),
      `import './asset-base.js';\n${pageScript.replace("import 'attention-playground/elements';\nimport { loadAttention } from 'attention-playground';", `import { loadAttention } from '${bundle}';`)}`,
    );
    writeFileSync(join(site, 'index.html'), pageHtml(heldOut.source));
    writeFileSync(join(site, 'favicon.svg'), favicon);
    const server = await serveFolder(() => site, { 'Content-Security-Policy': strictPolicy });
    try {
      expect(await elementsOn(server.url, 'package-static-folder.png')).toEqual(expected());
    } finally {
      await server.close();
    }
  }, 60_000);
});

// The threaded builds in a stranger's fresh Vite app (default configuration, built), served cross-origin isolated:
// its pthread worker script stays a file (Vite inlines files under 4 kB as data: URLs, which a strict CSP refuses
// as a worker and from whose opaque origin the worker cannot import the glue: the load waited forever), and a
// worker that cannot start is a ModuleLoadError within the bound (10 s), never a wait without end.
describe('the threaded build in a fresh Vite app', () => {
  const isolation = isolationHeaders;
  // The worked example through the build asked for, on the page's thread, and through the fastest (no backend
  // named) in a module worker, where the default is threaded: what each computed, or the error, and how long.
  const workedExample = `const m = (rows, cols, values) => ({ data: Float32Array.from(values), rows, cols });
const x = m(3, 4, [1, 0, 1, 0, 0, 2, 0, 2, 1, 1, 1, 1]);
const [wq, wk, wv] = [[1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 1], [0, 0, 1, 1, 1, 0, 0, 1, 0, 1, 1, 0], [0, 2, 0, 0, 3, 0, 1, 0, 3, 1, 1, 0]].map((v) => m(4, 3, v));
export async function workedExample(loadAttention, options) {
  const started = performance.now();
  const ms = () => performance.now() - started;
  try {
    const api = await loadAttention(options);
    const [q, k, v] = [wq, wk, wv].map((w) => api.matmul({ a: x, b: w }));
    const { weights } = api.attention({ q, k, v, scale: 0.5 });
    return { backend: api.backend, firstRow: [...weights.data.slice(0, 3)].map((w) => w.toFixed(4)), ms: ms() };
  } catch (error) {
    return { error: error.name, backend: error.backend, message: error.message, ms: ms() };
  }
}
`;
  const mainScript = `import { loadAttention } from 'attention-playground';
import { workedExample } from './worked-example.js';
globalThis.asked = workedExample(loadAttention, { backend: 'wasm-simd128-threads' });
const worker = new Worker(new URL('./fastest.js', import.meta.url), { type: 'module' });
globalThis.fastest = new Promise((resolve) => (worker.onmessage = (event) => resolve(event.data)));
`;
  const fastestScript = `import { loadAttention } from 'attention-playground';
import { workedExample } from './worked-example.js';
void workedExample(loadAttention, {}).then((outcome) => postMessage(outcome));
`;
  const firstRow = ['0.1554', '0.4223', '0.4223'];
  const bound = 10_000; // web/lib/start-worker.js's workerStartTimeout

  let app;
  beforeAll(() => {
    app = join(work, 'vite-threads-app');
    mkdirSync(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify(
        {
          name: 'threads-host',
          private: true,
          type: 'module',
          dependencies: { 'attention-playground': `file:${tarball}`, vite: viteVersion },
        },
        null,
        2,
      ),
    );
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>threads</title></head>\n<body><script type="module" src="./main.js"></script></body></html>\n',
    );
    writeFileSync(join(app, 'main.js'), mainScript);
    writeFileSync(join(app, 'fastest.js'), fastestScript);
    writeFileSync(join(app, 'worked-example.js'), workedExample);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], app);
    run('npx', ['vite', 'build', '--logLevel', 'error'], app);
  }, 240_000);

  /** Both loads' outcomes on the built app served with `headers`, and the page's CSP violations; never waits past 25 s. */
  async function outcomesWith(headers) {
    const server = await serveFolder(() => join(app, 'dist'), headers);
    const page = await browser.newPage();
    try {
      await page.addInitScript(() => {
        globalThis.violations = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          globalThis.violations.push(`${event.violatedDirective} ${event.blockedURI.slice(0, 40)}`),
        );
      });
      await page.goto(server.url);
      const settled = page.evaluate(async () => ({
        asked: await globalThis.asked,
        fastest: await globalThis.fastest,
        violations: globalThis.violations,
      }));
      const hung = new Promise((resolve) => setTimeout(() => resolve('still waiting after 25 s'), 25_000));
      return await Promise.race([settled, hung]);
    } finally {
      await page.close();
      await server.close();
    }
  }

  it('keeps the pthread worker a file: no data:text/javascript in the built app', () => {
    const assets = readdirSync(join(app, 'dist', 'assets'));
    expect(assets.filter((name) => /^attention-simd-threads\.worker-.*\.js$/.test(name))).toHaveLength(1);
    const scripts = assets.filter((name) => name.endsWith('.js')).map((name) => join(app, 'dist', 'assets', name));
    for (const script of [...scripts, join(app, 'dist', 'index.html')])
      expect(readFileSync(script, 'utf8'), script).not.toContain('data:text/javascript');
  });

  it.each([
    ['under the strict CSP', { ...isolation, 'Content-Security-Policy': strictPolicy }],
    ['without a CSP', isolation],
  ])(
    '%s, loads the threaded build asked for, and by default in a worker, and computes the worked example',
    async (_, headers) => {
      const outcomes = await outcomesWith(headers);
      expect(outcomes).toMatchObject({
        asked: { backend: 'wasm-simd128-threads', firstRow },
        fastest: { backend: 'wasm-relaxed-simd-threads', firstRow },
        violations: [],
      });
    },
    60_000,
  );

  it('a host that lost the worker script: the build asked for is a ModuleLoadError at once, the fastest falls back to the single-thread build', async () => {
    const worker = readdirSync(join(app, 'dist', 'assets')).find((name) => name.includes('.worker-'));
    expect(worker, 'the pthread worker script is a file of the build').toBeDefined();
    const kept = join(work, worker);
    renameSync(join(app, 'dist', 'assets', worker), kept);
    try {
      const outcomes = await outcomesWith({ ...isolation, 'Content-Security-Policy': strictPolicy });
      expect(outcomes).toMatchObject({
        asked: {
          error: 'ModuleLoadError',
          backend: 'wasm-simd128-threads',
          message: expect.stringMatching(
            /^the wasm-simd128-threads build did not start: a worker could not start from /,
          ),
        },
        fastest: { backend: 'wasm-relaxed-simd', firstRow },
        violations: [],
      });
      expect(outcomes.asked.ms).toBeLessThan(bound); // a 404 is an error event within milliseconds
      console.log(`a lost pthread worker script: ModuleLoadError after ${Math.round(outcomes.asked.ms)} ms`);
    } finally {
      renameSync(kept, join(app, 'dist', 'assets', worker));
    }
  }, 60_000);
});
