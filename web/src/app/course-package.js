// The page as a course package (scripts/package-scorm.mjs): the built site cut down to a few lessons, its
// index.html marked <html data-packaged-lessons="4,5">. It opens at the first of them, shows those alone (the
// package holds no other lesson's or view's files), and, launched by a course platform that gives it a SCORM 1.2
// API, reports to it (scorm-session.js); opened any other way it is the usual page, progress kept in this browser.
import { challenges } from '../lessons/challenges/catalogue.js';
import { ChallengeProgress } from '../lessons/challenges/progress.js';
import { lessonCount } from '../lessons/lessons-state.js';
import { findScormApi } from './scorm-api.js';
import { ScormSession } from './scorm-session.js';
import { addressWith, viewInAddress, viewSettings } from './view-address.js';

/** The lesson numbers of the mark "4,5": each a lesson, each once, in order. */
export function parsePackagedLessons(mark) {
  const numbers = mark.split(',').map(Number);
  const valid =
    /^\d+(,\d+)*$/.test(mark) && numbers.every((n, i) => n >= 1 && n <= lessonCount && (i === 0 || n > numbers[i - 1]));
  if (!valid) throw new RangeError(`this package's index.html names the lessons '${mark}', not a list such as 4,5`);
  return numbers;
}

/** The address names a packaged lesson: else it becomes the first one's (a launch at index.html alone, say). */
function openAtPackagedLesson(lessons) {
  const params = new URLSearchParams(location.search);
  const lesson = Number(viewSettings(params, 'lessons').get('lesson'));
  if (viewInAddress(params) === 'lessons' && lessons.includes(lesson)) return;
  const next = addressWith('', 'lessons', { lesson: String(lessons[0]) });
  if (params.has('backend')) next.set('backend', params.get('backend'));
  history.replaceState(null, '', `${location.pathname}?${next}`);
}

/**
 * Starts the package's page (and its platform's session, when a platform launched it): what the Lessons view
 * takes (`lessonsViewOptions`) and what it does to it once built (`attach`).
 * @param {string} mark  the index.html's data-packaged-lessons
 */
export function startCoursePackage(mark) {
  const lessons = parsePackagedLessons(mark);
  openAtPackagedLesson(lessons);
  const challengeIds = lessons.flatMap((n) => (challenges[n] ?? []).map((c) => c.id));
  const api = findScormApi(window);
  const session = api ? new ScormSession(api, challengeIds) : null;
  const reporting = session?.start() ?? false;
  const progress = reporting ? new ChallengeProgress(session.storage) : new ChallengeProgress();
  return {
    // no links to the views that go further: the package does not hold them
    lessonsViewOptions: { progress, viewLink: () => null },
    /** Only the packaged lessons in the view's list (its previous and next are hidden by style.css). */
    attach(view) {
      view.navButtons.forEach((b, i) => (b.parentElement.hidden = !lessons.includes(i + 1)));
    },
  };
}
