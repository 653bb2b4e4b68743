// A plain static host, as a stranger's server or a CDN is: files from a folder, a content type by extension,
// 404 for anything missing, and nothing else (no isolation headers, no rewrites). The folder is asked for on
// each request, so a test can deploy a new version under a running server.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain',
};

/** Serves `folder()` on a free port, with `headers` on every answer; resolves to { url, close }. */
export async function serveFolder(folder, headers = {}) {
  const server = createServer((request, response) => {
    const path = join(
      folder(),
      decodeURIComponent(new URL(request.url, 'http://x').pathname).replace(/\/$/, '/index.html'),
    );
    try {
      const body = readFileSync(path);
      response
        .writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream', ...headers })
        .end(body);
    } catch {
      response.writeHead(404, headers).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
