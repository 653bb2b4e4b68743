// Debian's nginx (installed by scripts/setup.sh), as a teacher's server runs it, started by a test as its own child
// process: a configuration of the test's own in a temporary folder, with the pid file, the logs and nginx's
// temporary files there too, so nothing of the system's nginx (its service, /var/log, /var/lib) is used or needed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const host = '127.0.0.1';

/** A port no one listens on now, found by listening on port 0 (which nginx cannot do itself). */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, host, resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts nginx with `http` (directives for its http block, after Debian's /etc/nginx/mime.types) and one server per
 * entry of `servers` (the directives inside each server block, each server on a port of its own); resolves, once
 * every port answers, to { urls: each server's origin with a trailing slash, close }.
 */
export async function startNginx({ http = '', servers }) {
  const prefix = mkdtempSync(join(tmpdir(), 'attention-nginx-'));
  const errorLog = join(prefix, 'error.log');
  const ports = [];
  for (let i = 0; i < servers.length; i++) ports.push(await freePort());
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(prefix, kind)};`)
    .join('\n  ');
  const config = `# written by tests/e2e/support/nginx.js
daemon off;
# One process, the test's child: no master to outlive it, no workers switching to another user when run as root.
master_process off;
pid ${join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  ${temporary}
${http}
${servers.map((body, i) => `server {\n  listen ${host}:${ports[i]};\n${body}\n}`).join('\n')}
}
`;
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  // -e: the log nginx writes before it has read the configuration (else /var/log/nginx/error.log)
  const child = spawn(nginxPath, ['-p', `${prefix}/`, '-c', configFile, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT'); // a graceful stop
    await exited;
    rmSync(prefix, { recursive: true, force: true });
  };
  const failure = (why) => {
    let log = '';
    try {
      log = readFileSync(errorLog, 'utf8');
    } catch {
      // no log written yet
    }
    return new Error(`nginx ${why}: ${stderr}${log}\nits configuration:\n${config}`);
  };
  // Ready once nginx has written its pid file: it does so after opening every listening socket (while it read the
  // configuration), just before it serves. A configuration it refuses ends the process instead.
  const pidFile = join(prefix, 'nginx.pid');
  const watcher = watch(prefix);
  try {
    await new Promise((resolve, reject) => {
      watcher.on('change', () => existsSync(pidFile) && resolve());
      void exited.then((code) => reject(failure(`exited with ${code}`)));
      if (existsSync(pidFile)) resolve();
    });
  } catch (error) {
    await close();
    throw error;
  } finally {
    watcher.close();
  }
  return { urls: ports.map((port) => `http://${host}:${port}/`), close };
}
