// "Attention sinks and windows" (StreamingLLM, Xiao et al. 2023; Gu et al. 2024), live: the default language model
// trained in the Generate view's worker on Pride and Prejudice (web/lib's sinkExperiment: positions, a sliding window
// trained or not, a sink logit per head or not), then reading the novel's last 2,048 characters past its context
// every way StreamingLLM compares (streamingReadings) and each head's share of attention on the first token
// (sinkHeads). Its settings are the view's state (in the link); its own file because it runs its own experiment
// beside the learner's model, sharing only the worker, as the induction panel does.
import { button, element, labelled, select } from '../common/controls.js';
import { formatCount } from '../common/format.js';
import { generateChoices } from './generate-state.js';
import { labels } from './generate-text.js';
import { fetchAusten } from './shipped-files.js';
import {
  bitsText,
  heldBytes,
  readingName,
  readingSentence,
  sinkHeadsText,
  sinkLogitText,
  sinksLabels,
  sinksProgress,
  tableCaption,
} from './sinks-text.js';

const sliceMilliseconds = 250; // of training per call: Stop is heard within it

/** A run's settings as one key: its positions, whether it trained with a window, its steps and its sink logits. */
const settingsKey = ({ positions, window, steps, sinkLogits }) => [positions, window, steps, sinkLogits].join('/');

export class SinksPanel {
  /**
   * @param {{ session: import('./generate-session.js').GenerateSession, onChange: (changes: object) => void,
   *           onError: (error: Error) => void }} options  onChange: a setting changed (the view's state)
   */
  constructor({ session, onChange, onError }) {
    this.session = session;
    this.onError = onError;
    this.state = null;
    this.phase = 'idle'; // idle → training → reading → done, or stopped
    this.progressAt = { step: 0, steps: 0 };
    this.result = null; // the last reading: { step, window, characters, readings, shares, … } (readSinks)
    this.results = new Map(); // each setting's last reading, so that a sink logit is compared with the run without
    this.stopAsked = false;
    this.inputs = {
      positions: select(
        'sinks-positions',
        generateChoices.sinkPositions.map((name) => [name, labels.positionChoices[name]]),
        (sinkPositions) => onChange({ sinkPositions }),
      ),
      steps: select(
        'sinks-steps',
        generateChoices.sinkSteps.map((steps) => [steps, formatCount(steps)]),
        (value) => onChange({ sinkSteps: Number(value) }),
      ),
      window: element('input', { type: 'checkbox', id: 'sinks-window' }),
      sinkLogits: element('input', { type: 'checkbox', id: 'sinks-logits' }),
    };
    this.inputs.window.addEventListener('change', () => onChange({ sinkWindow: this.inputs.window.checked }));
    this.inputs.sinkLogits.addEventListener('change', () => onChange({ sinkLogits: this.inputs.sinkLogits.checked }));
    this.startButton = button(sinksLabels.start, () => void this.#toggle(), {
      id: 'sinks-start',
      className: 'primary',
    });
    this.progress = element('p', { id: 'sinks-progress', className: 'hint', 'aria-live': 'polite' });
    this.table = element('table', { id: 'sinks-table', className: 'sinks-table', hidden: true });
    this.heads = element('p', { id: 'sinks-heads' });
    this.logit = element('p', { id: 'sinks-logit' });
    const checkbox = (input, text) => element('label', { className: 'field checkbox' }, input, ` ${text}`);
    this.element = element(
      'section',
      { id: 'generate-sinks', className: 'generate-sinks', 'aria-labelledby': 'generate-sinks-title' },
      element('h3', { id: 'generate-sinks-title', textContent: sinksLabels.title }),
      element('p', { className: 'hint', textContent: sinksLabels.introduction }),
      element(
        'div',
        { className: 'controls' },
        labelled(sinksLabels.positions, this.inputs.positions),
        labelled(sinksLabels.steps, this.inputs.steps),
        checkbox(this.inputs.window, sinksLabels.window),
        checkbox(this.inputs.sinkLogits, sinksLabels.sinkLogits),
      ),
      element('div', { className: 'buttons' }, this.startButton),
      this.progress,
      this.table,
      this.heads,
      this.logit,
    );
  }

  /** Starts the experiment with the state's settings, or asks the one under way to stop (after its current slice). */
  async #toggle() {
    if (this.phase === 'training' || this.phase === 'reading') {
      this.stopAsked = true;
      return;
    }
    const { sinkPositions: positions, sinkWindow: window, sinkLogits, sinkSteps: steps } = this.state;
    this.stopAsked = false;
    this.result = null;
    this.phase = 'training';
    this.progressAt = { step: 0, steps };
    this.#render();
    try {
      const corpus = await fetchAusten();
      const threads = this.session.trainingThreads();
      await this.session.ask('startSinks', corpus, { positions, window, sinkLogits, steps, threads });
      while (!this.stopAsked && this.progressAt.step < steps) {
        this.progressAt = await this.session.ask('advanceSinks', sliceMilliseconds);
        this.#render();
      }
      if (this.stopAsked) {
        this.phase = 'stopped';
        return;
      }
      this.phase = 'reading';
      this.#render();
      this.result = await this.session.ask('readSinks');
      this.results.set(settingsKey({ positions, window, sinkLogits, steps }), this.result);
      this.phase = 'done';
    } catch (error) {
      this.phase = 'idle';
      this.onError(error);
    } finally {
      this.#render();
    }
  }

  /** @param {object} state  the view's: the experiment's settings */
  render(state) {
    this.state = state;
    this.inputs.positions.value = state.sinkPositions;
    this.inputs.steps.value = String(state.sinkSteps);
    this.inputs.window.checked = state.sinkWindow;
    this.inputs.sinkLogits.checked = state.sinkLogits;
    this.#render();
  }

  #render() {
    const busy = this.phase === 'training' || this.phase === 'reading';
    for (const input of Object.values(this.inputs)) input.disabled = busy; // a run keeps the settings it started with
    this.startButton.textContent = busy ? sinksLabels.stop : sinksLabels.start;
    this.startButton.disabled = this.phase === 'reading';
    const steps = this.phase === 'idle' ? (this.state?.sinkSteps ?? 800) : this.progressAt.steps;
    this.progress.textContent = sinksProgress({
      phase: this.phase,
      step: this.progressAt.step,
      steps,
      characters: this.result?.characters ?? 2048,
    });
    const { result } = this;
    this.table.hidden = !result;
    this.heads.textContent = result ? sinkHeadsText(result.shares) : '';
    this.logit.textContent = result ? sinkLogitText(result, this.#otherRun(result)) : '';
    this.element.dataset.phase = this.phase;
    if (!result) return;
    const cell = (tag, text) => element(tag, { textContent: text });
    const columns = 4;
    this.table.replaceChildren(
      element('caption', { textContent: tableCaption(result.characters) }),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          cell('th', sinksLabels.readingHeader),
          cell('th', sinksLabels.bitsHeader),
          cell('th', sinksLabels.heldHeader),
          cell('th', sinksLabels.allocatedHeader),
        ),
      ),
      // Each reading, then under it the sentence saying what it keeps and why it reads as it does.
      ...result.readings.map((row) =>
        element(
          'tbody',
          {},
          element(
            'tr',
            { className: 'sinks-reading' },
            element('th', { scope: 'row', textContent: readingName(row, result.trainedWindow) }),
            cell('td', bitsText(row.bitsPerCharacter)),
            cell('td', formatCount(heldBytes(row, result.cacheBytesPerToken))),
            cell('td', formatCount(row.cacheBytes)),
          ),
          element(
            'tr',
            { className: 'sinks-why' },
            element('td', { colSpan: columns, textContent: readingSentence(row, result) }),
          ),
        ),
      ),
    );
  }

  /** The panel's reading of the same settings with the sink logit the other way, if it has one. */
  #otherRun(result) {
    const { positions, trainedWindow, step: steps, sinkLogits } = result;
    return (
      this.results.get(settingsKey({ positions, window: trainedWindow > 0, steps, sinkLogits: !sinkLogits })) ?? null
    );
  }
}
