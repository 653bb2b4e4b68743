// On paper, a page has no address bar and no controls: a caption says what is shown (the view and its heading),
// the settings the URL holds in words, and the full address that reopens it. Written when printing starts
// (`beforeprint`, which Chromium's print to PDF fires too, or print media matching), from the URL as it is then;
// hidden on the screen (style.css's print section shows it).
import { element } from '../common/controls.js';
import { printText, settingNames } from './classroom-text.js';

/** What a link adds beside the view's state, not a setting of what is shown. */
const notSettings = new Set(['view', 'backend', 'embed', 'present']);

/** The URL's settings in words: "sentence = the cat sleeps, layer = 2", or "the defaults". */
export function readableSettings(search) {
  const settings = [...new URLSearchParams(search)]
    .filter(([name]) => !notSettings.has(name))
    .map(([name, value]) => `${settingNames[name] ?? name} = ${value}`);
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
