// Cross-origin isolation: browsers share memory between threads (SharedArrayBuffer, the threaded wasm builds) only
// on pages served with these two headers. One list for every server that sends them: the dev server and `vite
// preview` (web/vite.config.js), the end-to-end tests' hosts, and docs/hosting.md's configurations (its test reads
// them from the doc and compares them with this). Pages served without them still work, on the single-thread builds.
export const isolationHeaders = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
});
