// What a run is called: its task, model and ablations in one line ("D=32, 4 heads, 2+2 layers, RoPE, no 1/√d
// scaling"), and what each ablation takes away. Its own file because the options form, the charts' legends, the
// saved models' names and the Translation view's label all say a run the same way.
import { isSequenceTask } from './train-state.js';

// The position schemes a run's description names (sinusoidal is the default, 'none' an ablation's).
const positionNames = { rope: ', RoPE', alibi: ', ALiBi' };

// Each ablation with what the lecture notes (shared/LECTURES.md, numbered points) say it takes away.
export const ablationText = {
  noPositions: [
    'no position encoding',
    'point 8: attention alone ignores order, so “the dog sees the cat” and “the cat sees the dog” look alike',
  ],
  noScaling: [
    'no 1/√d scaling',
    'point 4: raw dot products grow with the width, saturate the softmax and slow training',
  ],
  singleHead: ['a single head', 'point 7: one attention pattern per layer instead of several side by side'],
  sigmoidGates: [
    'sigmoid gates, not softmax',
    'point 1: unnormalised gates open for everything; nothing makes the words compete',
  ],
};

/** A run (or a saved run's entry) in one line: its task, width, heads, layers, positions and ablations. */
export function describeRun(run) {
  const { model, ablations, sequenceLength } = run.options;
  const task = run.task ?? (typeof run.options.task === 'string' ? run.options.task : 'pairs'); // also before it starts
  const without = Object.keys(ablationText)
    .filter((key) => ablations[key])
    .map((key) => ablationText[key][0]);
  const taskName =
    task === 'en-es'
      ? ''
      : task === 'pairs'
        ? 'your pairs, '
        : isSequenceTask(task)
          ? `${task}, lengths ${sequenceLength.min}-${sequenceLength.max}, `
          : `${task}, `;
  const sharing = model.kvHeads < model.heads ? ` sharing ${model.kvHeads} K/V` : '';
  return `${taskName}D=${model.dModel}, ${model.heads} head${model.heads > 1 ? 's' : ''}${sharing}, ${model.encoderLayers}+${model.decoderLayers} layers${positionNames[model.positions] ?? ''}${without.length ? `, ${without.join(', ')}` : ''}`;
}
