// The top of the Translation view: its title, what the model is and what its cross-attention shows, the model's
// size and build, and, for a model of the learner's own, a notice saying so with the way back.
import { button, element } from '../common/controls.js';
import { formatCount } from '../common/format.js';
import { translationIntroduction, translationTitle } from '../app/view-text.js';
import { headSharingText } from './head-names.js';

/**
 * The header's parts, in order.
 * @param {{ translator: { config: object, vocabulary: { source: readonly string[] }, backend: string },
 *           task: string, pair: object | null, modelLabel: string | null, onUseShippedModel: (() => void) | null }} options
 *   pair: the shipped language pair, or null; modelLabel: a model of the learner's, or null for a shipped one
 */
export function translationHeader({ translator, task, pair, modelLabel, onUseShippedModel }) {
  return [
    element('h2', { id: 'translation-view-title', textContent: translationTitle() }),
    ...introduction(task, pair).map((text) => element('p', { className: 'intro', textContent: text })),
    element('p', { className: 'hint', id: 'model-card', textContent: modelCard(translator, pair) }),
    modelLabel
      ? element(
          'p',
          { className: 'notice', id: 'model-notice' },
          `This is your model (${modelLabel}), not the shipped one. `,
          translator.config.ablations.sigmoidGates
            ? 'Its attention weights are sigmoid gates: a row need not sum to 1. '
            : '',
          button('Back to the shipped model', onUseShippedModel, { id: 'use-shipped-model' }),
        )
      : '',
  ];
}

/** The view's introduction, in short paragraphs (what the model is; what its cross-attention shows). */
function introduction(task, pair) {
  if (pair) return translationIntroduction(task); // the words shown while the model was loading
  return [
    `A transformer trained in the Train view on ${task === 'pairs' ? 'your own pairs' : `the ${task} task`} runs here in WebAssembly, in a background thread.`,
    'For each output symbol, cross-attention spreads a weight of 1 over the input (and the end marker <eos>).',
  ];
}

/** The model's size and the build it runs on. */
function modelCard(translator, pair) {
  const { encoderLayers, decoderLayers, heads, parameters } = translator.config;
  const words = pair ? `, ${translator.vocabulary.source.length} English words` : '';
  const sharing = headSharingText(translator.config);
  return `The model: ${encoderLayers} encoder and ${decoderLayers} decoder layers, ${heads} heads, ${formatCount(parameters)} parameters${words}; kernels: ${translator.backend}.${sharing ? ` ${sharing}` : ''}`;
}
