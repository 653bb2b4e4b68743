// The locales' messages as the page loads them. web/src/i18n/locales/<locale>.json holds every message of one
// locale, grouped by section ("app", "lessons", …); the page imports one section of one locale at a time
// (`./locales/es.json?section=lessons`, through import.meta.glob in web/src/i18n/messages.js), so a visitor
// downloads the words of the views they open, in their language only. This plugin answers such an import with
// that section's messages under dotted keys ("lessons.panel.reset"), already parsed into FormatJS's message
// syntax tree: the page then runs intl-messageformat without its parser (the configs alias the parser to its
// no-parser build), 2.5 kB gzipped instead of 9.8 (docs/i18n.md).
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { keysFingerprint } from '../web/src/i18n/keys-fingerprint.js';

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
 * What the page needs to know of a locale without asking the browser's Intl at load (issue 62: the first
 * `Intl.Locale#maximize` and `Intl.DisplayNames` of a page cost 20-50 ms each of the landing's main thread in Chromium
 * here, a long task that Lighthouse's 4× slower phone counts four times): `?section=facts` of a locale file, worked
 * out here with Node's ICU when the page is built. `name`: the locale's name in itself, as a menu entry shows it
 * ('Español'); `language` and `script`: what a reader of it reads ('zh-CN': zh, Hans); `likelyScripts`: the script
 * ICU's likely subtags give a tag of that language with no script of its own, by region ('' for none), only where
 * it differs from the language's own (zh: TW, HK, MO → Hant), so a browser's 'zh-TW' is told from 'zh-CN' at once.
 */
export function localeFacts(locale) {
  const { language, script } = new Intl.Locale(locale).maximize();
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  const likely = (tag) => new Intl.Locale(tag).maximize().script;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const regions = [
    ...[...letters].flatMap((first) => [...letters].map((second) => first + second)),
    ...Array.from({ length: 1000 }, (_, code) => String(code).padStart(3, '0')), // UN M.49: es-419
  ];
  const ownScript = likely(language);
  const likelyScripts = { '': ownScript };
  for (const region of regions) {
    const regional = likely(`${language}-${region}`);
    if (regional !== ownScript) likelyScripts[region] = regional;
  }
  return { name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1), language, script, likelyScripts };
}
const factsSection = 'facts';

/**
 * The sections the elements show (web/elements): the shared parts and the lessons; <attention-steps> draws the
 * Steps view, which names heads as `heads` says; <attention-generator> the Generate view's parts; <attention-translator>
 * and <attention-lesson> (lessons 5, 7 and 9) the Translation view's parts and the beam's tree; and their own words.
 * `?section=for-elements` imports them all as one module, which also exports their names as `sections`.
 */
export const elementSections = Object.freeze([
  'app',
  'lessons',
  'steps',
  'generate',
  'heads',
  'translation',
  'beam',
  'elements',
]);
const elementsGroup = 'for-elements';

/**
 * A locale's messages of the elements' sections, as the elements' bundle fetches them: for each section, its
 * syntax trees in the order of English's keys (no keys), and the fingerprint of those keys (keysFingerprint).
 */
export function elementsLocaleFile(file, englishFile) {
  const english = JSON.parse(readFileSync(englishFile, 'utf8'));
  return Object.fromEntries(
    elementSections.map((section) => {
      const messages = compileSection(file, section);
      const keys = Object.keys(flattenMessages(english[section], section));
      return [section, { keys: keysFingerprint(keys), messages: keys.map((key) => messages[key]) }];
    }),
  );
}

/** The module's code for a fetched section in the elements' one-file bundle (see the plugin's `elementsBundle`). */
function elementsBundleSection(file, section, locale) {
  if (!elementSections.includes(section))
    return `throw new Error(${JSON.stringify(`The elements' bundle has no "${section}" messages`)});`;
  // English is bundled; the pseudo-locale reads it too.
  if (locale === 'en') return `export { default } from ${JSON.stringify(`${file}?section=${elementsGroup}&bundled`)};`;
  // A literal URL beside the bundle: a host's bundler that follows `new URL(…, import.meta.url)` copies the file.
  return [
    `import { bundledLocaleSection } from ${JSON.stringify(bundledLocalesModule)};`,
    // @vite-ignore: this build would write the URL as `'' + import.meta.url`, which host bundlers do not follow;
    // the comment is taken out of the bundle (generateBundle), where the host's bundler must see the URL.
    `export default bundledLocaleSection(new URL(/* @vite-ignore */ ${JSON.stringify(`./locales/${locale}.json`)}, import.meta.url), ${JSON.stringify(section)});`,
  ].join('\n');
}
const bundledLocalesModule = fileURLToPath(new URL('../web/elements/bundled-locales.js', import.meta.url));

/**
 * The plugin. `elementsBundle: true`: the elements' one-file bundle, which inlines every dynamic import. Its English
 * is bundled (imported `&bundled` by web/src/i18n/english-messages.js); each other locale's messages of the
 * elements' sections become one file beside it, `locales/<locale>.json` (a syntax tree per message, in English's
 * key order: no keys), fetched when an element speaks that locale (web/elements/bundled-locales.js); the page's
 * other sections become modules that throw when imported. The bundle carries neither other languages nor a second
 * copy of its English.
 * @param {{ elementsBundle?: boolean }} [options]
 */
export const localeMessagesPlugin = ({ elementsBundle = false } = {}) => {
  const localeFiles = new Set(); // elementsBundle: every locale file a section was imported from
  return {
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
      if (section === factsSection) return `export default ${JSON.stringify(localeFacts(basename(file, '.json')))};`;
      if (elementsBundle && name === section) {
        localeFiles.add(file);
        return elementsBundleSection(file, section, basename(file, '.json'));
      }
      this.addWatchFile(file);
      const group = section === elementsGroup;
      const sections = group ? elementSections : section.split('+');
      const messages = Object.assign({}, ...sections.map((name) => compileSection(file, name)));
      const named = group ? `export const sections = ${JSON.stringify(sections)};\n` : '';
      return `${named}export default ${JSON.stringify(messages)};`;
    },
    generateBundle(options, bundle) {
      if (!elementsBundle) return;
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          chunk.code = chunk.code.replace(/new URL\(\s*\/\* @vite-ignore \*\/\s*/g, 'new URL(');
      for (const file of localeFiles) {
        const locale = basename(file, '.json');
        if (locale === 'en') continue;
        const source = JSON.stringify(elementsLocaleFile(file, join(dirname(file), 'en.json')));
        this.emitFile({ type: 'asset', fileName: `locales/${locale}.json`, source });
      }
    },
  };
};

export const localeMessages = localeMessagesPlugin();

/** The page's bundles run on precompiled messages: intl-messageformat's parser import, resolved to none. */
export const withoutMessageParser = [
  { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
];
