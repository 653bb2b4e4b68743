// Every word of GPT-2's opening and of the papers' panel on the model written with: the `generateGpt2` section's
// messages (web/src/i18n/locales), fetched with this code (gpt2-parts.js), so the Generate view's first paint carries
// none of them (but the opening's progress, its Cancel and GPT-2's refusals: the `generate` section's, which
// <attention-generator> shows too; refusal-text.js). A sentence is written whole here, by one function.
import { formatCount, formatDecimal, formatPercent } from '../common/format.js';
import { messageGetters, t } from '../i18n/messages.js';
import { gpt2Phase, megabytes } from './generate-text.js';

export const gpt2Labels = messageGetters({
  title: 'generateGpt2.open.title',
  introduction: 'generateGpt2.open.introduction',
  download: 'generateGpt2.open.download',
  smallPage: 'generateGpt2.open.smallPage',
  distilPage: 'generateGpt2.open.distilPage',
  webNote: 'generateGpt2.open.webNote',
  drop: 'generateGpt2.open.drop',
  folder: 'generateGpt2.open.folder',
  files: 'generateGpt2.open.files',
  openKept: 'generateGpt2.open.openKept',
  forget: 'generateGpt2.open.forget',
  forgotten: 'generateGpt2.open.forgotten',
  openAgain: 'generateGpt2.open.openAgain',
  cancelled: 'generateGpt2.open.cancelled',
});

export const gpt2Text = {
  /** Where the opening is: { phase: 'header' | 'tensors' | 'ready', loaded, total } (bytes). */
  phase: gpt2Phase,
  keep: (bytes) => t('generateGpt2.open.keep', { megabytes: megabytes(bytes) }),
  kept: (bytes) => t('generateGpt2.open.kept', { megabytes: megabytes(bytes) }),
  leftAside: (names) => t('generateGpt2.open.leftAside', { names: names.join(', ') }),
  twice: (names) => t('generateGpt2.open.twice', { names: names.join(', ') }),
  /** The line saying which model is open, for the view's model line. */
  opened: (config, name) =>
    t('generateGpt2.open.opened', {
      name,
      layers: config.layers,
      heads: config.heads,
      dModel: config.dModel,
      parameters: formatCount(config.parameters),
      context: config.context,
    }),
};

/** A refusal made on the page: the files chosen lack `names`. */
export function missingFilesError(names) {
  return Object.assign(new RangeError(`GPT-2's files are missing ${names.join(', ')}`), {
    kind: 'files-missing',
    names,
  });
}

// ---- the papers on the model written with ----

export const papersLabels = messageGetters({
  title: 'generateGpt2.papers.title',
  introduction: 'generateGpt2.papers.introduction',
  measure: 'generateGpt2.papers.measure',
  induction: 'generateGpt2.papers.induction',
  inductionPapers: 'generateGpt2.papers.inductionPapers',
  sinks: 'generateGpt2.papers.sinks',
  sinksPapers: 'generateGpt2.papers.sinksPapers',
  measuresOnly: 'generateGpt2.papers.measuresOnly',
  noModel: 'generateGpt2.papers.noModel',
  inductionGrid: 'generateGpt2.papers.inductionGrid',
  sinksGrid: 'generateGpt2.papers.sinksGrid',
});

/** Layer and head counted from 1, as the page says them. */
const place = ({ layer, head }) => ({ layer: layer + 1, head: head + 1 });

export const papersText = {
  /** The induction measurement: the best prefix-matching head and how many pass 0.4 (Olsson et al.'s plots). */
  induction: ({ best, strong, heads, tokens }) =>
    t('generateGpt2.papers.inductionResult', {
      ...place(best),
      score: formatDecimal(best.score, 2),
      strong,
      heads,
      tokens,
    }),
  sinks: ({ best, sinkRate, heads }) =>
    t('generateGpt2.papers.sinksResult', {
      ...place(best),
      share: formatPercent(best.score),
      rate: formatPercent(sinkRate),
      heads,
    }),
  cell: (kind, { layer, head }, score) =>
    t('generateGpt2.papers.cell', { kind, ...place({ layer, head }), score: formatDecimal(score, 2) }),
};
