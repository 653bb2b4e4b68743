// What a run is called: its task, model and ablations in one line ("D=32, 4 heads, 2+2 layers, RoPE, no 1/√d
// scaling"), and what each ablation takes away. Its own file because the options form, the charts' legends, the
// saved models' names and the Translation view's label all say a run the same way, in the page's language (the
// `train` section's messages).
import { t } from '../i18n/messages.js';
import { ablationNames, defaultTrainState, isLanguageTask, isSequenceTask } from './train-state.js';

// The position schemes a run's description names (sinusoidal is the default, 'none' an ablation's).
const positionNames = { rope: 'RoPE', alibi: 'ALiBi' };

/**
 * Each ablation (by createTrainer's key) with what the lecture notes (shared/LECTURES.md, numbered points) say it
 * takes away: [its name, why], as messages train.ablations.<key>.label and .why.
 * @param {keyof typeof ablationNames} key
 */
export const ablationText = (key) => [t(`train.ablations.${key}.label`), t(`train.ablations.${key}.why`)];

/**
 * A language pair's vocabulary when it is not the default's ("60 most common words", "whole lexicon"). A run saved
 * before the option existed has none, and says none: it trained on the whole of a lexicon since grown.
 */
function vocabularyText(task, vocabulary) {
  return isLanguageTask(task) && vocabulary !== undefined && vocabulary !== defaultTrainState().vocabulary
    ? [t('train.run.vocabulary', { words: vocabulary })]
    : [];
}

/**
 * A run (or a saved run's entry) in one line: its task, its vocabulary when not the default, width, heads, layers,
 * positions and ablations.
 */
export function describeRun(run) {
  const { model, ablations, sequenceLength } = run.options;
  const task = run.task ?? (typeof run.options.task === 'string' ? run.options.task : 'pairs'); // also before it starts
  const without = Object.keys(ablationNames)
    .filter((key) => ablations[key])
    .map((key) => ablationText(/** @type {keyof typeof ablationNames} */ (key))[0]);
  const taskName =
    task === defaultTrainState().task // the default task goes without saying
      ? []
      : task === 'pairs'
        ? [t('train.run.yourPairs')]
        : isSequenceTask(task)
          ? [t('train.run.sequenceTask', { task, min: sequenceLength.min, max: sequenceLength.max })]
          : [task];
  const heads =
    model.kvHeads < model.heads
      ? t('train.run.headsSharing', { heads: model.heads, kvHeads: model.kvHeads })
      : t('train.run.heads', { heads: model.heads });
  const layers = t('train.run.layers', { encoder: model.encoderLayers, decoder: model.decoderLayers });
  const positions = positionNames[model.positions] ? [positionNames[model.positions]] : [];
  return [
    ...taskName,
    ...vocabularyText(task, run.options.vocabulary),
    `D=${model.dModel}`,
    heads,
    layers,
    ...positions,
    ...without,
  ].join(t('heads.list.separator'));
}
