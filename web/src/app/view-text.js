// The views' headings and introductions: static text, shown by the page while a view's code and model are still
// on their way (viewPreview) and by the view itself once built, the same words in the same place, so that the
// largest text of the page is on screen from the first seconds and does not move when the view arrives.
import { element } from '../common/controls.js';
import { decodeTranslationState, defaultPair, languagePairs } from '../translation/translation-state.js';
import { t } from '../i18n/messages.js';

export const translationTitle = () => t('app.views.translation.title');

/** The Translation view's introduction for a shipped model's language pair (`task`: its name). */
export function translationIntroduction(task) {
  const pair = task in languagePairs ? task : defaultPair;
  return [t(`app.views.translation.intro.${pair}.model`), t(`app.views.translation.intro.${pair}.alignment`)];
}

export const trainTitle = () => t('app.views.train.title');
export const trainIntroduction = () => t('app.views.train.intro');

export const generateTitle = () => t('app.views.generate.title');
export const generateIntroduction = () => t('app.views.generate.intro');

/**
 * What the page shows for view `name` until the view is built: its heading and introduction where they are
 * static, and a line saying what is loading.
 */
export function viewPreview(name, search, loadingText) {
  const loading = element('p', { className: 'loading', textContent: loadingText });
  const text =
    name === 'translation'
      ? { title: translationTitle(), paragraphs: translationIntroduction(decodeTranslationState(search).model) }
      : name === 'train'
        ? { title: trainTitle(), paragraphs: [trainIntroduction()] }
        : name === 'generate'
          ? { title: generateTitle(), paragraphs: [generateIntroduction()] }
          : null;
  if (!text) return loading;
  return element(
    'section',
    { className: 'view', 'aria-busy': 'true' },
    element('h2', { textContent: text.title }),
    ...text.paragraphs.map((paragraph) => element('p', { className: 'intro', textContent: paragraph })),
    loading,
  );
}
