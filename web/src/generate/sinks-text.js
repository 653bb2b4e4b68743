// Every word the sinks-and-windows panel shows (sinks-panel.js): the `generate.sinks` messages, read when the panel
// is built and drawn (never at import), and the sentences its readings are said in.
import { formatCount, formatDecimal } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';

const bits = (value) => formatDecimal(value, 3);

export const sinksLabels = messageGetters({
  title: 'generate.sinks.title',
  introduction: 'generate.sinks.introduction',
  positions: 'generate.sinks.positions',
  window: 'generate.sinks.window',
  sinkLogits: 'generate.sinks.sinkLogits',
  steps: 'generate.sinks.steps',
  start: 'generate.sinks.start',
  stop: 'generate.sinks.stop',
  readingHeader: 'generate.sinks.readingHeader',
  bitsHeader: 'generate.sinks.bitsHeader',
  cacheHeader: 'generate.sinks.cacheHeader',
});

/** Where the experiment stands: { phase: 'idle' | 'training' | 'reading' | 'stopped' | 'done', step, steps, characters }. */
export function sinksProgress({ phase, step, steps, characters }) {
  if (phase === 'training') return t('generate.sinks.training', { step: formatCount(step), steps: formatCount(steps) });
  if (phase === 'reading') return t('generate.sinks.reading', { characters: formatCount(characters) });
  if (phase === 'stopped') return t('generate.sinks.stopped', { step: formatCount(step), steps: formatCount(steps) });
  if (phase === 'done')
    return t('generate.sinks.done', { steps: formatCount(steps), characters: formatCount(characters) });
  // Measured: 800 steps in about 60 s in Chromium on a 2-core machine, the readings 10-20 s more.
  return t('generate.sinks.notStarted', { steps: formatCount(steps), minutes: Math.max(1, Math.round(steps / 600)) });
}

export const tableCaption = (characters) => t('generate.sinks.tableCaption', { characters: formatCount(characters) });

/**
 * A reading's row name, from what it keeps (web/lib's streamingReadings); `trainedWindow` is the model's own (0: none),
 * which every key is then read through.
 */
export function readingName({ window, sinks, recompute }, trainedWindow) {
  if (window === 0)
    return trainedWindow
      ? t('generate.sinks.everyKeyWindowed', { window: trainedWindow })
      : t('generate.sinks.everyKey');
  if (recompute) return t('generate.sinks.recomputed', { window });
  if (sinks > 0) return t('generate.sinks.firstPlusWindow', { sinks, window });
  return t('generate.sinks.cached', { window });
}

export const bitsText = bits;

/** How many heads are sinks (Gu et al.'s share above 0.3 on the first token), and the largest share. */
export function sinkHeadsText(shares) {
  const all = shares.flat();
  return t('generate.sinks.sinkHeads', {
    count: all.filter((share) => share > 0.3).length,
    heads: all.length,
    largest: formatDecimal(Math.max(...all), 2),
  });
}

/** The comparison StreamingLLM makes: the cached window against the recomputed one, the first tokens kept, every key. */
export function verdictText(readings) {
  const find = (test) => readings.find(test).bitsPerCharacter;
  const cached = find((r) => r.window > 0 && !r.recompute && r.sinks === 0);
  const recomputed = find((r) => r.recompute);
  return t('generate.sinks.verdict', {
    same: Math.abs(cached - recomputed) < 0.0005 ? 'yes' : 'no',
    cached: bits(cached),
    recomputed: bits(recomputed),
    sinks4: bits(find((r) => r.sinks === 4)),
    every: bits(find((r) => r.window === 0)),
  });
}
