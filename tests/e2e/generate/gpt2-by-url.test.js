// GPT-2 by URL in real Chromium: a random GPT-2 (tests/support/gpt2-files.js: 2 layers, 48 wide, the real 50,257-token
// vocabulary, seeded) served as a folder of its four files by a static server in this test, on another origin than
// the page (CORS, Range requests), as Hugging Face serves them. <attention-generator gpt2="…"> opens it (its progress
// to the file's size) and writes what web/lib writes in Node from the same files; Cancel while the weights are held
// by the server says so in the element; a folder that is not there is refused in the element's error line, in the
// page's words. Then the playground's `?view=generate&embed=1&generate.gpt2=…` opens the same folder and writes with
// it. Waits on the states the element and the page expose (data-state, data-gpt2-phase, data-written), never the
// clock.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpt2FileNames, loadLanguageModel } from '../../../web/lib/index.js';
import { openPage, openPlayground, useChromiumAndPlayground } from '../support/browser.js';
import { gpt2Files, gpt2FolderContents } from '../../support/gpt2-files.js';

const suite = useChromiumAndPlayground();
const writing = { prompt: 'Hello world', tokens: 4 };

let files;
let server;
let origin;
let expected; // what web/lib writes in Node from the same files, greedily, and the model's parameter count
let weightsAsked = () => {}; // called when the held folder's weights are asked for
const held = []; // responses to the held folder's weights, answered never (the client cancels)

/**
 * GPT-2's folders, cross-origin as Hugging Face's are: /gpt2/ the four files (model.safetensors by Range requests);
 * /held/ the same, but its weights never answered (a Cancel's window); anything else 404.
 */
function serveGpt2() {
  const { [gpt2FileNames.weights]: weights, ...texts } = gpt2FolderContents(files); // weights by Range, below
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Range',
    'Access-Control-Expose-Headers': 'Content-Range, Content-Length',
  };
  return createServer((request, response) => {
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    const [, folder, name] = /^\/(gpt2|held)\/([\w.]+)$/.exec(request.url ?? '') ?? [];
    if (name in texts) return response.writeHead(200, cors).end(texts[name]);
    if (name !== 'model.safetensors') return response.writeHead(404, cors).end('not here');
    if (folder === 'held') {
      held.push(response);
      weightsAsked();
      return;
    }
    const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '') ?? [];
    if (from === undefined) return response.writeHead(200, { ...cors, 'Content-Length': weights.length }).end(weights);
    const end = Math.min(Number(to), weights.length - 1);
    response.writeHead(206, {
      ...cors,
      'Content-Range': `bytes ${from}-${end}/${weights.length}`,
      'Content-Length': end - Number(from) + 1,
    });
    response.end(weights.subarray(Number(from), end + 1));
  });
}

beforeAll(async () => {
  files = gpt2Files({ layers: 2, heads: 4, width: 48, positions: 64, seed: 61 });
  const lm = await loadLanguageModel({ gpt2: files });
  const { text } = lm.generate(writing.prompt, { tokens: writing.tokens, decoding: 'greedy' });
  expected = { text, parameters: lm.config.parameters };
  lm.dispose();
  server = serveGpt2();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

/** Adds `<attention-generator>` with `attributes` at the top of the page (on the screen: it opens at once). */
const addGenerator = (page, id, attributes) =>
  page.evaluate(
    ({ id, attributes }) => {
      const generator = document.createElement('attention-generator');
      generator.id = id;
      for (const [name, value] of Object.entries(attributes)) generator.setAttribute(name, String(value));
      document.body.prepend(generator);
    },
    { id, attributes },
  );

/** The element's state, phase of GPT-2's opening, error line and written text. */
const generatorState = (page, id) =>
  page.evaluate((id) => {
    const generator = /** @type {any} */ (document.getElementById(id));
    const error = generator.shadowRoot.querySelector('.element-error');
    return {
      state: generator.dataset.state,
      phase: generator.dataset.gpt2Phase,
      loaded: Number(generator.dataset.gpt2Loaded),
      error: error.hidden ? null : error.textContent,
      text: generator.generation?.text ?? null,
    };
  }, id);

describe('GPT-2 by URL', () => {
  it('<attention-generator gpt2>: opens and writes as web/lib, cancels, refuses a missing folder', async () => {
    const { page, errors } = await openPage(suite.browser, `${suite.playground.url}embed.html`);
    await page.waitForSelector('body[data-ready]');
    const greedy = { ...writing, decoding: 'greedy' };
    await addGenerator(page, 'gpt2-generator', { gpt2: `${origin}/gpt2`, ...greedy });
    await expect
      .poll(() => generatorState(page, 'gpt2-generator'), { timeout: 30_000 })
      .toMatchObject({ state: 'settled', phase: 'open', loaded: files.weights.length, error: null });
    expect((await generatorState(page, 'gpt2-generator')).text).toBe(expected.text);

    // held: the weights are asked for and never come; Cancel in the element ends the opening
    const asked = new Promise((resolve) => (weightsAsked = resolve));
    await addGenerator(page, 'held-generator', { gpt2: `${origin}/held/`, ...greedy });
    await asked;
    await page.evaluate(() =>
      document.getElementById('held-generator').shadowRoot.querySelector('.gpt2-opening button').click(),
    );
    await expect
      .poll(() => generatorState(page, 'held-generator'))
      .toMatchObject({
        state: 'settled',
        phase: 'cancelled',
        error: 'attention-generator: Cancelled: GPT-2 was not opened. Press Write to open it again.',
      });

    await addGenerator(page, 'missing-generator', { gpt2: `${origin}/nothing/`, ...greedy });
    await expect.poll(() => generatorState(page, 'missing-generator')).toMatchObject({ state: 'settled' });
    expect((await generatorState(page, 'missing-generator')).error).toMatch(
      new RegExp(
        `^attention-generator: A file of GPT-2's could not be fetched from its address: .* \\(The library says: loadLanguageModel: ${origin}/nothing/\\w+\\.\\w+ answered HTTP 404\\)$`,
      ),
    );
    // the browser's own console line for the 404, and nothing else
    expect(errors.filter((line) => !/404 \(Not Found\)/.test(line))).toEqual([]);
    await page.close();
  }, 60_000);

  it('the playground with embed=1 and generate.gpt2 opens the folder and writes with it', async () => {
    const folder = `${origin}/gpt2/`;
    const query = new URLSearchParams({
      view: 'generate',
      embed: '1',
      'generate.gpt2': folder,
      'generate.prompt': writing.prompt,
      'generate.tokens': String(writing.tokens),
    });
    const { page, errors } = await openPlayground(suite, `?${query}`);
    const part = page.locator('#generate-gpt2');
    await expect.poll(() => part.getAttribute('data-state'), { timeout: 30_000 }).toBe('open');
    expect(await part.getAttribute('data-loaded')).toBe(String(files.weights.length));
    const view = page.locator('#generate-view');
    await expect.poll(() => view.getAttribute('data-written').then(Number), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await view.getAttribute('data-model')).toBe('opened');
    expect(await page.locator('#generate-opened').textContent()).toBe(
      `Writing with GPT-2 from ${folder}: 2 layers of 4 heads, 48 wide, ${expected.parameters.toLocaleString('en')} parameters, a context of 64 tokens.`,
    );
    expect(new URL(page.url()).searchParams.get('generate.gpt2')).toBe(folder); // kept in the address
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
