// The one-file build of the elements and the library (web/elements/bundle.js → web/bundle/attention-elements.js),
// for a page or a CDN: `npm run build` makes it, the package ships it (package.json `unpkg`, `jsdelivr`).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { elementStyles } from './vite.config.js';

// Under the bundle, every wasm file and model is found through the asset base (bundle-assets.js): the library's
// own references to them (`new URL('./wasm/…', import.meta.url)`, `import('./wasm/….mjs')`) are never used, and
// are dropped here so that the build copies none of them.
const packagedAssets = /new URL\('\.\/(?:wasm|models)\/[^']+', import\.meta\.url\)|import\('\.\/wasm\/[^']+'\)/g;
const noPackagedAssets = {
  name: 'no-packaged-assets',
  enforce: 'pre',
  transform(code, id) {
    if (!id.includes('/web/lib/')) return null;
    return code.replace(packagedAssets, 'null');
  },
};

export default defineConfig({
  configFile: false,
  plugins: [elementStyles, noPackagedAssets],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./bundle', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: { entry: fileURLToPath(new URL('./elements/bundle.js', import.meta.url)), formats: ['es'], fileName: () => 'attention-elements.js' },
    rollupOptions: { output: { codeSplitting: false } },
  },
});
