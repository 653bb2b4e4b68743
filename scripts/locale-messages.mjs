// The locales' messages as the page loads them. web/src/i18n/locales/<locale>.json holds every message of one
// locale, grouped by section ("app", "lessons", …); the page imports one section of one locale at a time
// (`./locales/es.json?section=lessons`, through import.meta.glob in web/src/i18n/messages.js), so a visitor
// downloads the words of the views they open, in their language only. This plugin answers such an import with
// that section's messages under dotted keys ("lessons.panel.reset"), already parsed into FormatJS's message
// syntax tree: the page then runs intl-messageformat without its parser (the configs alias the parser to its
// no-parser build), 2.5 kB gzipped instead of 9.8 (docs/i18n.md).
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';

const sectionQuery = /\?section=([\w-]+)$/;
// A virtual id without a ".json" ending, so that Vite's own JSON plugin leaves the module to this one.
const virtualPrefix = '\0locale-section:';

/** ICU options shared by the build, the page and the checks: `<eos>` is text, not a rich-text tag. */
export const messageParseOptions = Object.freeze({ ignoreTag: true });

/** A section's nested messages as { 'section.group.name': message }. */
export function flattenMessages(tree, prefix) {
  const entries = (node, path) =>
    Object.entries(node).flatMap(([name, value]) =>
      typeof value === 'string' ? [[`${path}.${name}`, value]] : entries(value, `${path}.${name}`),
    );
  return Object.fromEntries(entries(tree, prefix));
}

/** One section of a locale file, flattened and parsed: what the page imports. */
export function compileSection(file, section) {
  const catalogue = JSON.parse(readFileSync(file, 'utf8'));
  if (!catalogue[section]) throw new Error(`${file} has no "${section}" section`);
  const entries = flattenMessages(catalogue[section], section);
  return Object.fromEntries(
    Object.entries(entries).map(([key, message]) => {
      try {
        return [key, parse(message, messageParseOptions)];
      } catch (error) {
        throw new Error(`${file}: message ${key} is not valid ICU: ${error.message}`);
      }
    }),
  );
}

/**
 * The plugin. `locales`: the locales a build holds (all by default); another's sections become modules that
 * throw when imported, so a one-file build (the elements' bundle, which inlines every dynamic import) does not
 * carry languages it never shows.
 * @param {{ locales?: string[] }} [options]
 */
export const localeMessagesPlugin = ({ locales = undefined } = {}) => ({
  name: 'locale-messages',
  enforce: /** @type {const} */ ('pre'),
  async resolveId(source, importer) {
    const section = sectionQuery.exec(source)?.[1];
    if (!section || !source.split('?')[0].endsWith('.json')) return null;
    const resolved = await this.resolve(source.replace(sectionQuery, ''), importer, { skipSelf: true });
    return resolved && `${virtualPrefix}${section}:${resolved.id.replace(/\.json$/, '')}`;
  },
  load(id) {
    if (!id.startsWith(virtualPrefix)) return null;
    const rest = id.slice(virtualPrefix.length);
    const section = rest.slice(0, rest.indexOf(':'));
    const file = `${rest.slice(section.length + 1)}.json`;
    const locale = file.split('/').pop().slice(0, -'.json'.length);
    if (locales && !locales.includes(locale))
      return `throw new Error(${JSON.stringify(`This build holds no ${locale} messages`)});`;
    this.addWatchFile(file);
    return `export default ${JSON.stringify(compileSection(file, section))};`;
  },
});

export const localeMessages = localeMessagesPlugin();

/** The page's bundles run on precompiled messages: intl-messageformat's parser import, resolved to none. */
export const withoutMessageParser = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
];
