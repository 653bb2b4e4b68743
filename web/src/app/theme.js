// The page's colour scheme: the reader's system preference, or light or dark chosen with the header's switch and
// kept in this browser. The choice is applied before the first paint by public/color-scheme.js (which reads the
// same key); this module builds the switch and follows the system while the choice is "as the system". Canvas
// drawings cannot follow CSS by themselves: a change is announced ('page-theme-change' on window) and the maps
// redraw (web/src/drawing/heatmap.js).
import { element } from '../common/controls.js';
import { schemeText } from './classroom-text.js';

export const storageKey = 'attention-playground:color-scheme';
const choices = /** @type {const} */ (['system', 'light', 'dark']);
const systemDark = matchMedia('(prefers-color-scheme: dark)');

function storedChoice() {
  try {
    const stored = localStorage.getItem(storageKey);
    return choices.includes(/** @type {any} */ (stored)) ? stored : 'system';
  } catch {
    return 'system'; // storage blocked: the system's scheme, as public/color-scheme.js does
  }
}

/** Sets the scheme `choice` resolves to on the document, and says so when it changed. */
function apply(choice) {
  const scheme = choice === 'dark' || (choice === 'system' && systemDark.matches) ? 'dark' : 'light';
  const root = document.documentElement;
  if (root.dataset.colorScheme === scheme) return;
  root.dataset.colorScheme = scheme;
  dispatchEvent(new Event('page-theme-change'));
}

/** The header's switch: a labelled select (as the system / light / dark), kept in localStorage. */
export function colorSchemeSwitch() {
  let choice = storedChoice();
  apply(choice); // the boot script's answer, unless it could not run
  const picker = element(
    'select',
    { id: 'color-scheme' },
    // data-i18n: the page relabels them when it changes language in place (translateStatic)
    ...choices.map((value) =>
      element('option', {
        value,
        textContent: schemeText.choices[value],
        dataset: { i18n: `app.classroom.scheme.choices.${value}` },
      }),
    ),
  );
  picker.value = choice;
  picker.addEventListener('change', () => {
    choice = picker.value;
    try {
      if (choice === 'system') localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, choice);
    } catch {
      // not kept: the choice holds for this visit
    }
    apply(choice);
  });
  systemDark.addEventListener('change', () => apply(choice));
  // Paper is light (style.css's print section): the maps' canvases are redrawn light for it, and back after.
  addEventListener('beforeprint', () => apply('light'));
  addEventListener('afterprint', () => apply(choice));
  return element(
    'p',
    { className: 'color-scheme' },
    element('label', {
      htmlFor: 'color-scheme',
      textContent: schemeText.label,
      dataset: { i18n: 'app.classroom.scheme.label' },
    }),
    ' ',
    picker,
  );
}
