// The locales' catalogues cannot drift from English, the source: every locale has every key and no other, each
// message is valid ICU and names the same placeholders as English's (read from the parsed message, plurals and
// selects included), and every English key is one the page asks for.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { flattenMessages, messageParseOptions } from '../../../scripts/locale-messages.mjs';
import { availableLocales } from '../../../web/src/i18n/locale.js';
import { lessons } from '../../../web/src/lessons/catalogue.js';
import { challenges } from '../../../web/src/lessons/challenges/catalogue.js';
import { maskModes } from '../../../web/src/lessons/widgets/masks-math.js';
import { savedModelsMessageKeys } from '../../../web/src/common/saved-models-text.js';
import { languageModelProblemCodes } from '../../../web/src/generate/saved-language-models.js';
import { samplePairs } from '../../../web/src/train/sample-pairs.js';
import { problemCodes } from '../../../web/src/train/saved-models.js';
import { ablationNames, trainTasks } from '../../../web/src/train/train-state.js';
import { languagePairs } from '../../../web/src/translation/translation-state.js';
import { grammarProblemKinds, nounPhraseRoles } from '../../../web/src/translation/grammar-problem-text.js';
import { wordReadingKinds, wordReadingOffers } from '../../../web/src/translation/word-reading-text.js';

const web = fileURLToPath(new URL('../../../web/', import.meta.url));
const localesDir = join(web, 'src/i18n/locales');
const read = (locale) => JSON.parse(readFileSync(join(localesDir, `${locale}.json`), 'utf8'));
/** Every message of a locale file as { 'section.group.name': message }. */
const messagesOf = (locale) =>
  Object.assign({}, ...Object.entries(read(locale)).map(([section, tree]) => flattenMessages(tree, section)));
const english = messagesOf('en');
// Messages every language writes as English does: the field's own words and notation.
const sharedTerms = new Set([
  'lessons.widgets.softmax.legend', // Softmax
  'lessons.widgets.softmax.argmax',
  'lessons.widgets.kqv.softmaxLegend', // Softmax
  'lessons.widgets.kvHeads.bytes', // bytes (es)
  'lessons.widgets.memory.vectorAxis', // vector (es)
  'steps.controls.softmax', // Softmax
  'generate.step.title', // Token (es)
  'app.classroom.settingNames.tf', // teacher forcing (es, as its lessons say it)
]);

/** The names of a parsed message's arguments, inside plural and select branches too. */
function argumentNames(elements, names = new Set()) {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if ('value' in element && typeof element.value === 'string') names.add(element.value);
    if ('options' in element) for (const option of Object.values(element.options)) argumentNames(option.value, names);
    if ('children' in element) argumentNames(element.children, names);
  }
  return names;
}
const placeholders = (message) => [...argumentNames(parse(message, messageParseOptions))].sort();
/** A message's own words, its placeholders left out. */
const literalText = (message) =>
  parse(message, messageParseOptions)
    .filter((element) => element.type === TYPE.literal)
    .map((element) => element.value)
    .join('');

describe('the locales', () => {
  it('are the files in web/src/i18n/locales, English among them', () => {
    const files = readdirSync(localesDir).filter((name) => name.endsWith('.json'));
    expect(availableLocales).toEqual(files.map((name) => name.slice(0, -'.json'.length)).sort());
    expect(availableLocales).toContain('en');
    expect(availableLocales.length).toBeGreaterThanOrEqual(3);
  });

  it('finds the arguments of plurals and plain placeholders alike (the check below can fail)', () => {
    expect(placeholders('{solved} of {total, plural, one {# challenge} other {# challenges}} by {who}')).toEqual([
      'solved',
      'total',
      'who',
    ]);
    expect(placeholders('{n, select, a {{x}} other {y}}')).toEqual(['n', 'x']);
    expect(placeholders('the end marker <eos>, no argument')).toEqual([]);
  });

  describe.each(availableLocales.filter((locale) => locale !== 'en'))('%s', (locale) => {
    const messages = messagesOf(locale);

    it('has every English key and no other', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    });

    it('names the same placeholders as English in every message', () => {
      for (const [key, message] of Object.entries(messages))
        expect(placeholders(message), `${locale} ${key}`).toEqual(placeholders(english[key]));
    });

    it('translates: no message is English’s word for word, but for names, numbers, notation and shared terms', () => {
      const same = Object.keys(messages).filter(
        (key) => !sharedTerms.has(key) && messages[key] === english[key] && /[a-z]{4}/i.test(literalText(english[key])),
      );
      expect(same).toEqual([]);
    });
  });
});

/** Every quoted key of a section ('app.…', 'steps.…', any of en.json's) in the page's and the elements' sources and HTML (data-i18n). */
function keysInSources() {
  const files = readdirSync(web, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && /\.(js|html)$/.test(entry.name) && !entry.parentPath.includes('bundle'),
  );
  const keys = new Set();
  const quotedKey = new RegExp(`['"]((?:${Object.keys(read('en')).join('|')})\\.[\\w-]+(?:\\.[\\w-]+)+)['"]`, 'g');
  for (const file of files) {
    const source = readFileSync(join(file.parentPath, file.name), 'utf8');
    for (const [, key] of source.matchAll(quotedKey)) keys.add(key);
  }
  return keys;
}

describe('the keys', () => {
  // Keys the code builds from its data (a template literal per family): their members, from the same data.
  const built = [
    ...lessons.flatMap(({ widget }) => ['title', 'text'].map((part) => `lessons.catalogue.${widget}.${part}`)),
    ...lessons.filter((l) => l.languageModel).map(({ widget }) => `lessons.catalogue.${widget}.languageModel`),
    ...Object.values(challenges)
      .flat()
      .flatMap(({ id }) => ['task', 'hint', 'why'].map((part) => `lessons.challenges.${id}.${part}`)),
    ...Object.keys(languagePairs).flatMap((pair) => [
      ...['model', 'alignment'].map((part) => `app.views.translation.intro.${pair}.${part}`),
      ...['label', 'target'].map((part) => `translation.pairs.${pair}.${part}`),
      `translation.view.outputLabel.${pair}`,
      `translation.view.outputWord.${pair}`,
    ]),
    ...['translation', 'train', 'steps'].map((target) => `lessons.panel.further.${target}`),
    ...maskModes.map((mode) => `lessons.widgets.masks.mode.${mode}`),
    ...['rows', 'columns'].map((axis) => `lessons.widgets.kqv.axis.${axis}`),
    ...Object.keys(trainTasks).map((task) => `train.tasks.${task}`),
    ...Object.keys(samplePairs).map((sample) => `train.samples.${sample}`),
    ...Object.keys(ablationNames).flatMap((key) => ['label', 'why'].map((part) => `train.ablations.${key}.${part}`)),
    ...grammarProblemKinds.map((kind) => `grammar.${kind}`),
    ...nounPhraseRoles.map((role) => `grammar.role.${role}`),
    ...wordReadingKinds.filter((kind) => kind !== 'misspelling').map((kind) => `translation.wordKind.${kind}`),
    ...wordReadingOffers.map((offer) => `translation.wordKind.offer.${offer}`),
    ...savedModelsMessageKeys('train.saved', problemCodes),
    ...savedModelsMessageKeys('generatePage.saved', languageModelProblemCodes),
  ];
  const quoted = keysInSources();

  it('every key the sources quote is in English’s catalogue', () => {
    expect([...quoted].filter((key) => !(key in english))).toEqual([]);
  });

  it('every key built from data is in English’s catalogue', () => {
    expect(built.filter((key) => !(key in english))).toEqual([]);
  });

  it('no English key goes unused', () => {
    const used = new Set([...quoted, ...built]);
    expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
  });
});
