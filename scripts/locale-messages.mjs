// The locales' messages as the page loads them. web/src/i18n/locales/<locale>.json holds every message of one
// locale, grouped by section ("app", "lessons", …); the page imports one section of one locale at a time
// (`./locales/es.json?section=lessons`, through import.meta.glob in web/src/i18n/messages.js), so a visitor
// downloads the words of the views they open, in their language only. This plugin answers such an import with
// that section's messages under dotted keys ("lessons.panel.reset"), already parsed into FormatJS's message
// syntax tree: the page then runs intl-messageformat without its parser (the configs alias the parser to its
// no-parser build), 2.5 kB gzipped instead of 9.8 (docs/i18n.md).
import { readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';

// `&bundled`: the same section imported statically (web/src/i18n/english-messages.js, for the elements) as a module
// of its own, so that a build holding both the page and the elements (the site, with embed.html) does not share one
// module between them: shared, each of the page's dynamic imports of a section became a re-exporting chunk in front
// of the section's, an extra request and 0.1 kB gzipped for every section the landing page fetches.
// Several sections at once, joined by '+' (`?section=app+lessons&bundled`), make one module holding them all.
const sectionQuery = /\?section=([\w+-]+)(&bundled)?$/;
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
 * The plugin. `fetched: false`: the build fetches no section (the elements' one-file bundle, which inlines every
 * dynamic import, holds the English it shows, imported `&bundled` by web/src/i18n/english-messages.js): the page's
 * fetched sections, in every locale, become modules that throw when imported, so the bundle carries neither other
 * languages nor a second copy of its English.
 * @param {{ fetched?: boolean }} [options]
 */
export const localeMessagesPlugin = ({ fetched = true } = {}) => ({
  name: 'locale-messages',
  enforce: /** @type {const} */ ('pre'),
  async resolveId(source, importer) {
    const [, section, bundled = ''] = sectionQuery.exec(source) ?? [];
    if (!section || !source.split('?')[0].endsWith('.json')) return null;
    const resolved = await this.resolve(source.replace(sectionQuery, ''), importer, { skipSelf: true });
    return resolved && `${virtualPrefix}${section}${bundled}:${resolved.id.replace(/\.json$/, '')}`;
  },
  load(id) {
    if (!id.startsWith(virtualPrefix)) return null;
    const rest = id.slice(virtualPrefix.length);
    const name = rest.slice(0, rest.indexOf(':'));
    const section = name.replace(/&bundled$/, '');
    const file = `${rest.slice(name.length + 1)}.json`;
    if (!fetched && name === section)
      return `throw new Error('This build fetches no messages: its English is bundled');`;
    this.addWatchFile(file);
    const messages = Object.assign({}, ...section.split('+').map((name) => compileSection(file, name)));
    return `export default ${JSON.stringify(messages)};`;
  },
});

export const localeMessages = localeMessagesPlugin();

/** The page's bundles run on precompiled messages: intl-messageformat's parser import, resolved to none. */
export const withoutMessageParser = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
];
