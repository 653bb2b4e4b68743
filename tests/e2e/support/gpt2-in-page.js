// GPT-2 in the Generate view, for the suites of every engine: the four files of a random GPT-2 written to a folder
// (chosen through the file input by each engine's driver), what the page then shows, as a script any driver
// evaluates (the states the page exposes, the inside view's text and the logit lens's tokens), and the lens web/lib
// gives in Node for the same text, which the page's must equal.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadLanguageModel } from '../../../web/lib/index.js';
import { visiblePiece } from '../../../web/src/generate/token-pieces.js';
import { gpt2Files, writeGpt2Folder } from '../../support/gpt2-files.js';

/**
 * A random GPT-2 (gpt2Files' `shape`) as its four files in a new folder: { paths, files, remove }. `files` are the
 * same files as loadLanguageModel({ gpt2 }) takes them.
 */
export function randomGpt2Folder(shape) {
  const folder = mkdtempSync(join(tmpdir(), 'gpt2-engine-'));
  const files = gpt2Files(shape);
  return {
    paths: writeGpt2Folder(folder, files),
    files,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/**
 * What the Generate view shows of GPT-2 (an expression): the opening's state and the error said, the model line,
 * the writings done, whether the view has settled, the inside view's state, shape, text and head cells, and the logit
 * lens's tokens per layer (as the table spells them).
 */
export const gpt2PageState = `(() => {
  const data = (selector) => document.querySelector(selector)?.dataset ?? {};
  const opener = data('#generate-gpt2'), view = data('#generate-view'), inside = data('#generate-inside');
  const lens = [...document.querySelectorAll('#logit-lens-table tbody tr')].map((row) =>
    [...row.querySelectorAll('.lens-token')].map((token) => token.textContent));
  return {
    opener: opener.state ?? null,
    error: document.querySelector('#generate-view p.error:not([hidden])')?.textContent ?? null,
    opened: document.querySelector('#generate-opened')?.textContent ?? '',
    model: view.model ?? null,
    written: Number(view.written ?? 0),
    settled: view.state === 'settled',
    inside: inside.state ?? null,
    layers: Number(inside.layers ?? 0),
    heads: Number(inside.heads ?? 0),
    text: data('#inside-tokens').text ?? null,
    cells: document.querySelectorAll('#inside-grid .head-grid-cell').length,
    lens,
    firstAgreeing: data('#logit-lens').firstAgreeing ?? null,
  };
})()`;

/**
 * True once the opening ended refused or cancelled (the test then says why), or once GPT-2 wrote, the inside view
 * shows its numbers and the view has settled after both.
 */
export const gpt2PageDone = `(() => {
  const s = ${gpt2PageState};
  if (s.opener === 'refused' || s.opener === 'cancelled') return true;
  return s.opener === 'open' && s.model === 'opened' && s.written > 0 && s.inside === 'shown' && s.layers > 0 && s.settled;
})()`;

/** The logit lens web/lib gives in Node for `text` (its last token), spelt as the page's table spells it. */
export async function lensInNode(files, text, columns) {
  const lm = await loadLanguageModel({ gpt2: files });
  try {
    const { logitLens } = lm.inspect(text, { top: 5 });
    return logitLens.map(({ top }) => top.slice(0, columns).map(({ text: piece }) => visiblePiece(piece)));
  } finally {
    lm.dispose();
  }
}
