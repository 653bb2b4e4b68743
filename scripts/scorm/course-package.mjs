// A course package's bytes: the built site cut to some lessons (site-files.mjs), their index.html marked with the
// lessons it holds (which web/src/app/course-package.js reads), imsmanifest.xml and the SCORM 1.2 schemas, zipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { packagedSiteFiles } from './site-files.mjs';
import { packageName, schemaFiles, schemaFolder, scormManifest } from './scorm-manifest.mjs';

/**
 * index.html as the package's page: `<html … data-packaged-lessons="4,5">`, and `data-packaged-locale="es"` when
 * its teacher chose its language (the page opens in it: web/src/i18n/locale.js).
 */
export function markPackagedLessons(html, lessonNumbers, locale = null) {
  const language = locale ? ` data-packaged-locale="${locale}"` : '';
  const marked = html.replace(
    /<html\b([^>]*)>/,
    `<html$1 data-packaged-lessons="${lessonNumbers.join(',')}"${language}>`,
  );
  if (marked === html) throw new Error("the site's index.html has no <html> tag to mark");
  return marked;
}

/** Already compressed: stored as they are (deflating them again costs time and saves nothing). */
const stored = /\.(png)$/;

/**
 * The package of lessons `lessonNumbers` from the built site in `siteDir` (with its chunk manifest), in `locale`
 * (its manifest's titles, the language its page opens in; none: English titles, the learner's browser's language):
 * its zip's file name, its bytes, and each file it holds with its size.
 * @param {string} siteDir
 * @param {readonly number[]} lessonNumbers
 * @param {{ locale?: string | null }} [options]
 * @returns {{ name: string, zip: Uint8Array, files: { path: string, bytes: number }[] }}
 */
export function buildCoursePackage(siteDir, lessonNumbers, { locale = null } = {}) {
  const siteFiles = packagedSiteFiles(siteDir, lessonNumbers);
  /** @type {Record<string, Uint8Array>} */
  const contents = {
    'imsmanifest.xml': new TextEncoder().encode(scormManifest(lessonNumbers, siteFiles, locale)),
  };
  for (const schema of schemaFiles) contents[schema] = readFileSync(new URL(schema, schemaFolder));
  for (const path of siteFiles) {
    const bytes = readFileSync(join(siteDir, path));
    contents[path] =
      path === 'index.html'
        ? new TextEncoder().encode(markPackagedLessons(bytes.toString('utf8'), lessonNumbers, locale))
        : new Uint8Array(bytes);
  }
  const entries = Object.fromEntries(
    Object.entries(contents).map(([path, bytes]) => [path, [bytes, { level: stored.test(path) ? 0 : 9 }]]),
  );
  // A fixed time on every entry: the same site and lessons make the same bytes.
  const zip = zipSync(entries, { mtime: new Date('2026-01-01T00:00:00Z') });
  const files = Object.entries(contents).map(([path, bytes]) => ({ path, bytes: bytes.length }));
  return { name: `${packageName(lessonNumbers, locale)}.zip`, zip, files };
}
