// Words a model with "<unk>" carried across (translate()'s `copied` and `unknownWords`): the output word marked
// as copied, with the source word it came from; the map cells to ring; and, under the sentence, each unknown word
// said as information, not as an error, with what kind of word it is and the known words to use instead.
import { element } from '../common/controls.js';
import { readingParts } from './sentence-error.js';
import { t } from '../i18n/messages.js';

/** What a copied output word's marker says: where it came from. */
export const copiedLabel = (copy) => t('translation.copied.from', { word: copy.word });

/**
 * An output word of the translation: `current` if it is the step shown; `copy` (an entry of `copied`, or
 * undefined) marks a word carried across from the source, with a visible marker and words for screen readers.
 */
export function outputToken(word, current, copy) {
  const classes = ['token', current && 'token-current', copy && 'token-copied'].filter(Boolean).join(' ');
  if (!copy) return element('span', { className: classes, textContent: word });
  return element(
    'span',
    { className: classes, title: copiedLabel(copy) },
    word,
    element('span', { className: 'copy-mark', 'aria-hidden': 'true', textContent: '⤶' }),
    element('span', { className: 'visually-hidden', textContent: ` (${copiedLabel(copy)})` }),
  );
}

/** Cells (output row, source column) of the copied words among the first `rows` output words. */
export function copiedMapCells(copied, rows) {
  return copied
    .filter((copy) => copy.targetIndex < rows)
    .map((copy) => ({ row: copy.targetIndex, col: copy.sourceIndex }));
}

/** The sentence's unknown words and what became of each: carried across (copied) or not in the output. */
export function unknownWordLines(unknownWords, copied) {
  return unknownWords.map(({ word, ...reading }) => ({
    word,
    reading,
    text: copied.some((copy) => copy.word === word)
      ? t('translation.copied.carried', { word })
      : t('translation.copied.dropped', { word }),
  }));
}

export class UnknownWordsNote {
  /** @param {{ onFix: (word: string, replacement: string) => void }} options  onFix: a suggestion was picked */
  constructor({ onFix }) {
    this.onFix = onFix;
    this.element = element('div', {
      className: 'notice unknown-words',
      id: 'unknown-words',
      role: 'status',
      hidden: true,
    });
  }

  /** Says each of a translation's `unknownWords` (hidden when there are none). */
  show({ unknownWords, copied }) {
    const lines = unknownWordLines(unknownWords ?? [], copied ?? []);
    this.element.replaceChildren(
      // A word nothing places (a name, a made-up word) is said by its line alone: carried or not is all there is.
      ...lines.map(({ word, reading, text }) =>
        element('p', {}, text, ...(reading.kind === 'unknown' ? [] : readingParts(word, reading, this.onFix))),
      ),
    );
    this.element.hidden = lines.length === 0;
  }

  hide() {
    this.element.hidden = true;
  }
}
