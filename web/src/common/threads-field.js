// The thread-count control of a view that trains: how many threads share each training step's four shards (web/lib's
// createTrainer({ threads }): the weights are the same for any count, only the time differs), the count in use said
// beside it, and on a page that is not cross-origin isolated (its host sends no COOP and COEP headers and its service
// worker could not add them, docs/hosting.md, so no threads share memory) a line saying what that costs.
import { defaultTrainerThreads, maxTrainerThreads, supportsThreads } from '../../lib/index.js';
import { element, hasFocus, labelled, select } from './controls.js';
import { t } from '../i18n/messages.js';
import { machineCores as cores } from '../../lib/trainer-threads.js';

/** The choices a link may hold: 1 to one thread per shard. */
export const threadChoices = Object.freeze(Array.from({ length: maxTrainerThreads }, (_, i) => i + 1));

/**
 * The threads a run trains on here when the view's setting is `chosen` (null: this machine's default, its cores less
 * one for the page): one where the page cannot share memory between threads.
 * @param {number | null} chosen
 */
export function threadsInUse(chosen) {
  return supportsThreads() ? (chosen ?? defaultTrainerThreads()) : 1;
}

export class ThreadsField {
  /**
   * @param {{ id: string, onChange: (threads: number) => void, inUse?: string }} options  the select's id; the learner
   *   chose a count; the message saying the count in use (the Generate view's says its writing uses them too)
   */
  constructor({ id, onChange, inUse = 'app.threads.inUse' }) {
    this.inUse = inUse;
    this.input = select(
      id,
      threadChoices.map((n) => [n, String(n)]),
      (value) => onChange(Number(value)),
    );
    this.said = element('small', { id: `${id}-said` });
    this.element = labelled(t('app.threads.label'), this.input, this.said);
  }

  /**
   * @param {number | null} chosen  the view's setting (null: the default)
   * @param {{ busy: boolean, running: number | null }} run  busy: a run is under way (its count is fixed); running:
   *   the threads the last run trained on (its trainer's), once it has one
   */
  render(chosen, { busy, running }) {
    const isolated = supportsThreads();
    // While a run trains, its own count; else the count the next run will take.
    const count = busy && running !== null ? running : threadsInUse(chosen);
    if (!hasFocus(this.input)) this.input.value = String(count);
    this.input.disabled = busy || !isolated;
    this.input.dataset.running = running === null ? '' : String(running);
    if (isolated) this.said.textContent = t(this.inUse, { count, cores: cores() });
    // Isolated, yet no memory shared (WebKitGTK's MiniBrowser has no SharedArrayBuffer): the headers would not help.
    else if (globalThis.crossOriginIsolated) this.said.textContent = t('app.threads.noSharedMemory');
    else this.said.textContent = t('app.threads.notIsolated', { count: Math.min(cores(), maxTrainerThreads) });
  }
}
