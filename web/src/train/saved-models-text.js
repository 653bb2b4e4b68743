// The words of the Train view's "Your models" (your-models.js), in the page's language (the `train.saved`
// messages): what every list of saved models says (common/saved-models-text.js) with this list's keys, and its own
// labels, each saved run's score and how the Translation view names a saved model.
import { formatPercent } from '../common/format.js';
import { savedModelsText } from '../common/saved-models-text.js';
import { messageGetters, t } from '../i18n/messages.js';
import { entryVersion } from './saved-models.js';

export const savedText = savedModelsText('train.saved', entryVersion);

/** The list's own fixed words (beside savedText.labels), each read when the list is drawn. */
export const savedLabels = messageGetters({
  use: 'train.saved.use',
  compare: 'train.saved.compare',
  compareHint: 'train.saved.compareHint',
  nameLabel: 'train.saved.nameLabel',
});

const actionLabels = {
  use: (model) => t('train.saved.useLabel', { model }),
  download: (model) => t('train.saved.downloadLabel', { model }),
  compare: (model) => t('train.saved.compareLabel', { model }),
  delete: (model) => t('train.saved.deleteLabel', { model }),
};

/** A button's accessible name: what it does (use, download, compare, delete) to which model. */
export const actionLabel = (action, model) => actionLabels[action](model);

export const savedScore = ({ final }) =>
  final ? t('train.saved.exact', { percent: formatPercent(final.exact / final.total) }) : t('train.saved.notScored');

/** How the Translation view names a saved model it shows. */
export const savedModelLabel = (saved) => t('train.saved.label', { name: saved.name });
