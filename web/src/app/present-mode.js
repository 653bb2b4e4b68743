// Present mode (`present=1`, or the header's Present button): one lesson or view for a lecture hall's projector.
// The page is laid out at a laptop's width (designWidth) and scaled to the screen with CSS zoom, so every view's
// widget and figures keep the proportions they were designed at and fill a 1280 × 720 or 1920 × 1080 screen alike,
// type included (16 px becomes 20 or 30). The header, the tabs and the lesson list give way to a bar; a lesson's
// text to its key sentence (its first); colours go to full contrast (present-mode.css). ← and → move through the
// lessons in the Lessons view and through the decoding steps in the Translation view (the views' own buttons,
// clicked, so the URL and history follow as for a click); Escape leaves. Fetched only when asked for.
import './present-mode.css';
import { button, element } from '../common/controls.js';
import { presentText } from './classroom-text.js';

const designWidth = 1024; // CSS pixels: the views' layout at a laptop's width, then zoomed to the screen

/** Each view's previous and next buttons that ← and → press: the lessons', else the decoding steps'. */
const stepButtons = [
  {
    previous: '#lesson-prev',
    next: '#lesson-next',
    get keys() {
      return presentText.keys.lessons; // a message, read when shown
    },
  },
  {
    previous: '#step-back',
    next: '#step-forward',
    get keys() {
      return presentText.keys.translation;
    },
  },
];

/** The shown view's step buttons, if it has any (a view not shown is not in the document). */
function shownStepButtons() {
  for (const pair of stepButtons) {
    const previous = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#view-panel ${pair.previous}`));
    const next = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#view-panel ${pair.next}`));
    if (previous && next) return { previous, next, keys: pair.keys };
  }
  return null;
}

/** The first sentence of a lesson's text: up to a full stop followed by a capital (or the end). */
export function keySentence(text) {
  const match = /^[\s\S]*?[.!?](?=\s+[A-Z(“‘"]|\s*$)/.exec(text.trim());
  return match ? match[0] : text.trim();
}

/** Whether a key press belongs to a control (a slider, a field, the tabs, a map's cells): not for present mode. */
function forAControl(event) {
  const target = /** @type {Element} */ (event.target);
  return event.defaultPrevented || target.closest?.('input, select, textarea, [contenteditable], [role="tab"]') != null;
}

/**
 * Enters present mode; `onLeave` is called when the person leaves it (the button or Escape).
 * @param {{ onLeave: () => void }} options
 */
export function enterPresentMode({ onLeave }) {
  const root = document.documentElement;
  root.classList.add('presenting');
  const fitToScreen = () => {
    root.style.zoom = String(Math.max(1, innerWidth / designWidth));
  };
  fitToScreen();
  dispatchEvent(new Event('page-theme-change')); // the maps take present mode's colours
  addEventListener('resize', fitToScreen);

  const stepTo = (which) => {
    const buttons = shownStepButtons();
    if (buttons && !buttons[which].disabled) buttons[which].click();
  };
  const previous = button(`◀ ${presentText.previous}`, () => stepTo('previous'), { id: 'present-previous' });
  const next = button(`${presentText.next} ▶`, () => stepTo('next'), { id: 'present-next' });
  const keys = element('span', { className: 'present-keys' });
  const bar = element(
    'div',
    { className: 'present-bar', id: 'present-bar' },
    previous,
    next,
    keys,
    button(presentText.leave, () => leave(), { id: 'present-leave' }),
  );
  document.getElementById('app').prepend(bar);

  // The key sentence beside the lesson's full text (hidden here), following it as the lesson changes.
  const sentence = element('p', { className: 'present-key-sentence', id: 'present-key-sentence' });
  const follow = () => {
    const buttons = shownStepButtons();
    previous.hidden = next.hidden = !buttons;
    if (buttons) {
      previous.disabled = buttons.previous.disabled;
      next.disabled = buttons.next.disabled;
    }
    keys.textContent = buttons?.keys ?? '';
    const text = document.querySelector('#view-panel #lesson-text');
    if (!text) return sentence.remove();
    const wanted = keySentence(text.textContent);
    if (sentence.textContent !== wanted) sentence.textContent = wanted;
    if (sentence.previousElementSibling !== text) text.after(sentence);
  };
  const observer = new MutationObserver(follow);
  observer.observe(document.getElementById('view-panel'), {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  follow();

  const onKey = (event) => {
    if (event.key === 'Escape') return leave();
    if ((event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') || forAControl(event)) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    stepTo(event.key === 'ArrowLeft' ? 'previous' : 'next');
  };
  document.addEventListener('keydown', onKey);

  function leave() {
    document.removeEventListener('keydown', onKey);
    removeEventListener('resize', fitToScreen);
    observer.disconnect();
    bar.remove();
    sentence.remove();
    root.classList.remove('presenting');
    root.style.zoom = '';
    dispatchEvent(new Event('page-theme-change'));
    onLeave();
  }
}
