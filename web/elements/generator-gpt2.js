// <attention-generator gpt2="…">: GPT-2 opened from the URL of a folder holding its four files, with a progress bar
// and a Cancel in the element while it opens. Fetched by a dynamic import only when an element names `gpt2`, so the
// elements' first load does not carry it; it imports nothing but the library (web/lib, as the package ships it), so
// the elements' one-file bundle leaves it a file of its own (web/vite.bundle.config.js) that the package ships
// beside the bundle. Every element of the page naming one folder shares one opening and one model.
import { loadLanguageModel } from '../lib/index.js';

/** The folder's URL (resolved) → { model: Promise<LanguageModel>, controller, report (the latest), watchers }. */
const openings = new Map();

function sharedOpening(folder) {
  if (!openings.has(folder)) {
    const controller = new AbortController();
    const opening = { controller, report: null, watchers: new Set() };
    const onProgress = (report) => {
      opening.report = report;
      for (const watch of opening.watchers) watch(report);
    };
    opening.model = loadLanguageModel({ gpt2: folder, onProgress, signal: controller.signal });
    opening.model.catch(() => openings.delete(folder)); // a refused or cancelled opening may be tried again
    openings.set(folder, opening);
  }
  return openings.get(folder);
}

/**
 * The opening's progress bar, its line and its Cancel, in `words` (the element's, in the page's language).
 * @param {{ progress: string, cancel: string, phase: (report: object) => string }} words
 */
function progressRow(words, cancel) {
  const bar = document.createElement('progress');
  bar.setAttribute('aria-label', words.progress);
  const line = document.createElement('span');
  line.setAttribute('aria-live', 'polite');
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = words.cancel;
  button.addEventListener('click', cancel);
  const row = document.createElement('p');
  row.className = 'run-bar gpt2-opening';
  row.append(bar, ' ', line, ' ', button);
  line.textContent = words.phase({ phase: 'fetching', loaded: 0, total: 0 }); // "Opening…" before the first report
  return {
    row,
    show: (report) => {
      bar.max = Math.max(1, report.total);
      bar.value = report.loaded;
      line.textContent = words.phase(report);
    },
  };
}

/**
 * GPT-2 from the folder at `folder` (relative to the page: its model.safetensors, config.json, vocab.json and
 * merges.txt), shown opening in `place` (its progress, a Cancel: the opening rejects with an AbortError), the phase
 * and bytes read on `host`'s data-gpt2-phase ('opening', then the library's phases, then 'open', 'refused' or
 * 'cancelled') and data-gpt2-loaded (for a page or a test that waits on them).
 * @param {string} folder
 * @param {{ host: HTMLElement, place: HTMLElement,
 *           words: { progress: string, cancel: string, phase: (report: object) => string } }} shown
 */
export async function openGpt2Folder(folder, { host, place, words }) {
  const opening = sharedOpening(new URL(folder, document.baseURI).href);
  const { row, show } = progressRow(words, () => opening.controller.abort());
  const follow = (report) => {
    show(report);
    host.dataset.gpt2Phase = report.phase;
    host.dataset.gpt2Loaded = String(report.loaded);
  };
  place.append(row);
  host.dataset.gpt2Phase = 'opening';
  opening.watchers.add(follow);
  if (opening.report) follow(opening.report);
  try {
    const model = await opening.model;
    host.dataset.gpt2Phase = 'open';
    return model;
  } catch (error) {
    host.dataset.gpt2Phase = opening.controller.signal.aborted ? 'cancelled' : 'refused';
    throw error;
  } finally {
    opening.watchers.delete(follow);
    row.remove();
  }
}
