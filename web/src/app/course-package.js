// The page as a course package (scripts/package-scorm.mjs): the built site cut down to a few lessons, its
// index.html marked <html data-packaged-lessons="4,5">. It opens at the first of them, shows those alone (the
// package holds no other lesson's or view's files), and, launched by a course platform that gives it a SCORM 1.2
// API, reports to it (scorm-session.js); opened any other way it is the usual page, progress kept in this browser.
// A call the platform refuses that costs the learner's progress is said at the top of the lesson, in their language.
import { element } from '../common/controls.js';
import { loadMessages, t } from '../i18n/messages.js';
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
 * The notice a learner sees when the platform did not take their progress (scorm-session.js's ScormProblem): at the
 * top of the lesson, staying in view while they scroll, said again after a report goes through (hidden then).
 */
function saveProblemNotice() {
  const notice = element('p', { className: 'notice save-problem', id: 'save-problem', role: 'alert' });
  notice.hidden = true;
  let problem = null;
  const show = () => {
    notice.hidden = problem === null;
    if (!problem) notice.textContent = '';
    else if (problem.kind === 'notStarted') notice.textContent = t('app.coursePackage.notStarted', problem);
    else notice.textContent = t('app.coursePackage.notSaved', problem);
  };
  return {
    element: notice,
    /** In the page's language: now if its words are here, else once they are (a launch refused comes first). */
    set(next) {
      problem = next;
      loadMessages('app').then(show, show);
    },
    show,
  };
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
  const notice = saveProblemNotice();
  const session = api ? new ScormSession(api, challengeIds, { onProblem: (problem) => notice.set(problem) }) : null;
  const reporting = session?.start() ?? false;
  const progress = reporting ? new ChallengeProgress(session.storage) : new ChallengeProgress();
  return {
    // No links to the views that go further: the package does not hold them. The progress and the challenges' notes
    // are the package's, not the view's: the view built again in another language (main.js's speak) keeps both.
    lessonsViewOptions: { progress, viewLink: () => null, challengeMemory: new Map() },
    /**
     * Only the packaged lessons in the view's list (its previous and next are hidden by style.css), and the notice
     * above the lesson, in the view's language (the view is built again when the language changes).
     */
    attach(view) {
      view.navButtons.forEach((b, i) => (b.parentElement.hidden = !lessons.includes(i + 1)));
      view.panel.title.before(notice.element);
      notice.show();
    },
  };
}
