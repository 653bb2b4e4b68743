// The views' headings and introductions: static text, shown by the page while a view's code and model are still
// on their way (viewPreview) and by the view itself once built, the same words in the same place, so that the
// largest text of the page is on screen from the first seconds and does not move when the view arrives.
import { element } from '../common/controls.js';
import { decodeTranslationState, languagePairs } from '../translation/translation-state.js';

export const translationTitle = 'Translation: watch attention align words';

/** The Translation view's introduction for a shipped model's language pair (`task`: 'en-es', 'en-ja' or 'en-mr'). */
export function translationIntroduction(task) {
  const pair = languagePairs[task];
  return [
    `A small transformer, trained by this project’s C++ code on a toy ${pair.label} grammar, translates here in WebAssembly, in a background thread.`,
    `It writes one ${pair.target} word at a time; for each, cross-attention spreads a weight of 1 over the English words (and the end marker <eos>): a soft word alignment. ${pair.reordering}`,
  ];
}

export const trainTitle = 'Train: watch cross-attention learn to align words';
export const trainIntroduction =
  'Train the translation model from random weights, here, on this computer’s CPU: the same C++ as the shipped model’s training, compiled to WebAssembly and run in a background thread. At first every Spanish word attends to all English words about equally; within a few hundred steps each one finds the word it translates. Tick an ablation to see what each part of attention is for, and compare with the previous run’s faint curve.';

export const generateTitle = 'Generate: train a small language model and watch it write';
export const generateIntroduction =
  'Train a small GPT-style language model here, on this computer’s CPU, on Pride and Prejudice or on a text of your own: it learns to predict the next character (or byte pair) from the ones before, through causal self-attention. Then give it a prompt and watch it write a token at a time: each token’s probabilities, the attention of every head over the tokens before it, and the key/value cache that saves recomputing them.';

/**
 * What the page shows for view `name` until the view is built: its heading and introduction where they are
 * static, and a line saying what is loading.
 */
export function viewPreview(name, search, loadingText) {
  const loading = element('p', { className: 'loading', textContent: loadingText });
  const text =
    name === 'translation'
      ? { title: translationTitle, paragraphs: translationIntroduction(decodeTranslationState(search).model) }
      : name === 'train'
        ? { title: trainTitle, paragraphs: [trainIntroduction] }
        : name === 'generate'
          ? { title: generateTitle, paragraphs: [generateIntroduction] }
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
