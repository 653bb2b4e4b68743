// Whether this page is a course package (scripts/package-scorm.mjs writes <html data-packaged-lessons="4,5"> into
// its index.html): the package's own mark, never a guess from the address or the frames around the page. Its
// code (course-package.js, the SCORM session) is fetched only then.

/** The package's page, started (course-package.js), or null for the playground's own pages. */
export async function startPackagedLessons() {
  const mark = document.documentElement.dataset.packagedLessons;
  if (mark === undefined) return null;
  const { startCoursePackage } = await import('./course-package.js');
  return startCoursePackage(mark);
}
