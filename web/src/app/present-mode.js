// Present mode (`present=1`, or the header's Present button): one lesson or view for a lecture hall's projector.
// The page is laid out at a tablet's size and scaled to the screen with CSS zoom, so every view's widget and
// figures keep the proportions they were designed at and fill a 1280 × 720 or 1920 × 1080 screen alike, type
// included: 16 px body text becomes 24 px on a 720-line projector and 32 px on a 1080-line one, what the back of a
// room reads (a slide's body text is 24 to 32 points). The header, the tabs and the lesson list give way to a bar; a lesson's
// text to its key sentence (its first); colours go to full contrast (present-mode.css). ← and → move through the
// lessons in the Lessons view and through the decoding steps in the Translation view (the views' own buttons,
// clicked, so the URL and history follow as for a click); Escape leaves. Fetched only when asked for.
import './present-mode.css';
import { button, element } from '../common/controls.js';
import { presentText } from './classroom-text.js';

const designWidth = 1024; // CSS pixels: the views' layout is never wider, whatever the screen
const bodyPixels = 16; // the page's body text before zooming (style.css's --text-m)

/** Body text's size on a screen `height` pixels high: 24 px at 720 lines, 32 at 1080, and on in step above. */
export const presentedTextPixels = (height) => 24 + Math.max(0, height - 720) / 45;

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
    root.style.zoom = String(Math.max(1, innerWidth / designWidth, presentedTextPixels(innerHeight) / bodyPixels));
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
