// On paper, a page has no address bar and no controls: a caption says what is shown (the view and its heading),
// the settings the URL holds for it in words, and the full address that reopens it. Written when printing starts
// (`beforeprint`, which Chromium's print to PDF fires too, or print media matching), from the URL as it is then;
// hidden on the screen (style.css's print section shows it).
import { element } from '../common/controls.js';
import { t } from '../i18n/messages.js';
import { printText, settingNames } from './classroom-text.js';
import { viewInAddress, viewSettings } from './view-address.js';

/** A name that means something else in one view than in the others: that view's word for it (settingNames'). */
const ownNames = { train: { dec: 'decoderLayers' }, generate: { temperature: 't' } };

/**
 * The shown view's settings in the URL, in words: "Settings: lesson 4, d = 64", "sentence = the cat sleeps,
 * layer = 2", or "the defaults". Only the view's own (not the page's language or build, nor another view's), each
 * name as the page's language says it where it has a word (a name without one is printed as the URL has it).
 */
export function readableSettings(search) {
  const view = viewInAddress(search);
  const settings = [...viewSettings(search, view)].map(([name, value]) => {
    if (view === 'lessons' && name === 'lesson') return t('app.classroom.settingNames.lesson', { number: value });
    const word = ownNames[view]?.[name] ?? name;
    return `${Object.hasOwn(settingNames, word) ? settingNames[word] : name} = ${value}`;
  });
  return `${printText.settings}: ${settings.join(', ') || printText.defaults}`;
}

/** The address that reopens the page as shown: the current one, out of present mode. */
export function reopeningUrl() {
  const url = new URL(location.href);
  url.searchParams.delete('present');
  return url.href;
}

/** Adds the caption before the view's panel, kept up to date whenever printing starts. */
export function keepPrintCaption() {
  const shown = element('p', { className: 'print-caption-shown' });
  const settings = element('p', { className: 'print-caption-settings' });
  const link = element('a');
  const caption = element(
    'aside',
    { className: 'print-caption', id: 'print-caption' },
    shown,
    settings,
    // the label relabelled by translateStatic when the page changes language in place
    element(
      'p',
      {},
      element('span', { textContent: printText.reopen, dataset: { i18n: 'app.classroom.print.reopen' } }),
      ' ',
      link,
    ),
  );
  const fill = () => {
    const tab = document.querySelector('#view-tabs [aria-selected="true"]');
    const heading = document.querySelector('#view-panel h2');
    shown.textContent = [tab?.textContent, heading?.textContent].filter(Boolean).join(': ');
    settings.textContent = readableSettings(location.search);
    link.href = link.textContent = reopeningUrl();
  };
  addEventListener('beforeprint', fill);
  matchMedia('print').addEventListener('change', (event) => event.matches && fill());
  document.getElementById('view-panel').before(caption);
}
