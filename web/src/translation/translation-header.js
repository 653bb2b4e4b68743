// The top of the Translation view: its title, what the model is and what its cross-attention shows, the model's
// size and build, and, for a model of the learner's own, a notice saying so with the way back.
import { button, element } from '../common/controls.js';
import { formatCount } from '../common/format.js';
import { translationIntroduction, translationTitle } from '../app/view-text.js';
import { headSharingText } from '../common/head-labels.js';
import { t } from '../i18n/messages.js';

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
          `${t('translation.header.yourModel', { label: modelLabel })} `,
          translator.config.ablations.sigmoidGates ? `${t('translation.header.sigmoidGates')} ` : '',
          button(t('translation.header.backToShipped'), onUseShippedModel, { id: 'use-shipped-model' }),
        )
      : '',
  ];
}

/** The view's introduction, in short paragraphs (what the model is; what its cross-attention shows). */
function introduction(task, pair) {
  if (pair) return translationIntroduction(task); // the words shown while the model was loading
  // The message names the Train view's tasks (reverse, sort, copy, pairs); another name is written as it is.
  return [t('translation.header.intro.trained', { task }), t('translation.header.intro.alignment')];
}

/** The model's size and the build it runs on. */
function modelCard(translator, pair) {
  const { encoderLayers, decoderLayers, heads, parameters } = translator.config;
  const values = {
    encoderLayers,
    decoderLayers,
    heads,
    parameters: formatCount(parameters),
    backend: translator.backend,
  };
  const card = pair
    ? t('translation.header.modelCardWords', { ...values, words: translator.vocabulary.source.length })
    : t('translation.header.modelCard', values);
  const sharing = headSharingText(translator.config);
  return sharing ? `${card} ${sharing}` : card;
}
