// WebKit (WebKitGTK's MiniBrowser, Safari's engine) driven by WebKitWebDriver through selenium-webdriver, for the
// suites that run the playground in every engine. MiniBrowser needs a display: a private Xvfb is started for it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder } from 'selenium-webdriver';

export const miniBrowserPath = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      })
      .on('error', reject);
  });

/** Resolves once `url` answers (the driver is listening), or rejects after `seconds`. */
async function waitForServer(url, seconds = 20) {
  for (let waited = 0; waited < seconds * 10; waited++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/**
 * An X server on a display number it picks itself (-displayfd: the first free one, written to fd 3 once it is
 * listening), so two runs never race for a number drawn at random.
 */
function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1440x900x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let written = '';
    xvfb.stdio[3].on('data', (chunk) => {
      written += chunk;
      if (written.includes('\n')) resolve({ xvfb, display: `:${written.trim()}` });
    });
    xvfb.on('error', reject);
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code}) before naming its display`)));
  });
}

/** { driver, close }: a WebKit session on a display of its own. */
export async function launchWebKit() {
  const { xvfb, display } = await startXvfb();
  const port = await freePort();
  const webDriver = spawn('WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  const stop = () => {
    webDriver.kill();
    xvfb.kill();
  };
  try {
    await waitForServer(`http://127.0.0.1:${port}/status`);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
      })
      .build();
    return {
      driver,
      close: async () => {
        await driver.quit().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
