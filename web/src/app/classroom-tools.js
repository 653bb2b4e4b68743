// The header's tools for a classroom: the colour scheme switch, and the Present button (present mode's code and
// styles are fetched only when asked for, by the button or by `present=1` in the URL); and the caption a printed
// page carries. `presentation.on` tells main.js's URL to keep `present=1`.
import { button } from '../common/controls.js';
import { presentText } from './classroom-text.js';
import { keepPrintCaption } from './print-caption.js';
import { colorSchemeSwitch } from './theme.js';

export const presentation = { on: new URLSearchParams(location.search).get('present') === '1' };

/** The URL with `present=1` added or taken away, the current history entry replaced. */
function markPresentInUrl(on) {
  const url = new URL(location.href);
  if (on) url.searchParams.set('present', '1');
  else url.searchParams.delete('present');
  history.replaceState(history.state, '', url);
}

/** Enters present mode (its module fetched now); resolves once it is on screen. Reports its own failure. */
export async function present() {
  presentation.on = true;
  const root = document.documentElement;
  root.classList.add('presenting');
  let enterPresentMode;
  try {
    ({ enterPresentMode } = await import('./present-mode.js'));
  } catch (error) {
    presentation.on = false;
    root.classList.remove('presenting');
    console.warn(`Present mode could not start: ${error.message}`);
    return;
  }
  markPresentInUrl(true);
  enterPresentMode({
    onLeave: () => {
      presentation.on = false;
      markPresentInUrl(false);
      document.getElementById('present-button')?.focus();
    },
  });
}

/** Adds the tools to the site header, and the caption for paper. */
export function addClassroomTools() {
  const presentButton = button(presentText.enter, () => void present(), {
    id: 'present-button',
    title: presentText.enterHint,
    // relabelled by translateStatic when the page changes language in place
    dataset: { i18n: 'app.classroom.present.enter', i18nTitle: 'app.classroom.present.enterHint' },
  });
  // Their place is in the page's HTML, its height reserved: filling it moves nothing below (a phone's layout).
  document.getElementById('page-tools').append(colorSchemeSwitch(), presentButton);
  keepPrintCaption();
}
