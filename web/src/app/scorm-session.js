// One launch of a course package by a platform, in SCORM 1.2's terms: LMSInitialize; the challenges solved in
// earlier launches, read back from cmi.suspend_data; cmi.core.score (challenges solved out of the package's
// total) and cmi.core.lesson_status (incomplete, then completed once every challenge is solved), committed at
// launch and after each solve; LMSFinish when the page goes. The platform's API is another party's code: a call
// that throws or answers "false" is said on the console, and, when it costs the learner's progress (the launch
// refused, a report not taken), to the learner too (`onProblem`, which course-package.js shows): they carry on.
import { decodeSuspendData, encodeSuspendData } from './scorm-suspend-data.js';

/** Statuses a platform keeps from an earlier launch that this one must not take back to incomplete. */
const finishedStatuses = ['completed', 'passed'];

/** Seconds as SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
export function scormTimespan(seconds) {
  const whole = Math.max(0, seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = (whole % 60).toFixed(2).padStart(5, '0');
  return `${String(Math.min(hours, 9999)).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

/**
 * What went wrong with the platform, for the learner: the launch refused (nothing is reported from then on), or a
 * report not taken (the next one sends everything again); `reason`: the first refused call and the platform's why.
 * @typedef {{ kind: 'notStarted' | 'notSaved', reason: string }} ScormProblem
 */

export class ScormSession {
  /**
   * @param {import('./scorm-api.js').ScormApi} api
   * @param {readonly string[]} challengeIds  the package's challenges, in its lessons' order
   * @param {{ onProblem?: (problem: ScormProblem | null) => void }} [options]  `onProblem`: after the launch and
   *   each report, what went wrong, or null when everything was taken
   */
  constructor(api, challengeIds, { onProblem = () => {} } = {}) {
    this.api = api;
    this.challengeIds = challengeIds;
    this.onProblem = onProblem;
    this.refusals = []; // each call the platform refused or threw on, said as "LMSCommit: error 101 (…)"
    this.reported = ''; // the suspend_data last sent: a write that changes nothing is not sent again
    this.restored = [];
    this.finished = false;
    this.startedAt = performance.now();
    this.previousStatus = '';
  }

  /**
   * Starts the session: true when the platform took LMSInitialize (and the session reports from now on), false
   * when it refused (the page then keeps progress in this browser, as outside a platform).
   */
  start() {
    if (this.#call('LMSInitialize', '') !== 'true') {
      this.onProblem({ kind: 'notStarted', reason: this.refusals.at(-1) });
      return false;
    }
    this.previousStatus = this.#call('LMSGetValue', 'cmi.core.lesson_status') ?? '';
    const { solved, problem } = decodeSuspendData(this.#call('LMSGetValue', 'cmi.suspend_data'), this.challengeIds);
    if (problem) console.warn(`The course's stored progress is not restored: ${problem}.`);
    this.restored = solved;
    this.#report(solved, { launch: true });
    addEventListener('pagehide', () => this.finish());
    return true;
  }

  /**
   * Where ChallengeProgress keeps what was solved, for this launch: what the platform gave back, and every
   * change sent on to it. (Not this browser's localStorage: on a classroom's shared computer one learner's ticks
   * would become the next one's.)
   * @returns {Storage}
   */
  get storage() {
    const store = {
      getItem: () => JSON.stringify(this.restored),
      setItem: (_, value) => this.#report(JSON.parse(value)),
      removeItem: () => this.#report([]),
    };
    return /** @type {Storage} */ (/** @type {unknown} */ (store));
  }

  /** Score, status and suspend_data for `solvedIds` (any challenges; the package's count), then LMSCommit. */
  #report(solvedIds, { launch = false } = {}) {
    if (this.finished) return;
    const solved = this.challengeIds.filter((id) => solvedIds.includes(id));
    const data = encodeSuspendData(solved);
    if (!launch && data === this.reported) return;
    const total = this.challengeIds.length;
    const refusedBefore = this.refusals.length;
    this.#call('LMSSetValue', 'cmi.core.score.min', '0');
    this.#call('LMSSetValue', 'cmi.core.score.max', String(total));
    this.#call('LMSSetValue', 'cmi.core.score.raw', String(solved.length));
    const complete = solved.length === total;
    if (complete || !finishedStatuses.includes(this.previousStatus)) {
      this.#call('LMSSetValue', 'cmi.core.lesson_status', complete ? 'completed' : 'incomplete');
    }
    // At launch the platform's suspend_data stays as it was until the learner solves something: a refused
    // entry is kept for whoever wants to look at it, not overwritten with nothing.
    if (!launch) this.#call('LMSSetValue', 'cmi.suspend_data', data);
    this.reported = data;
    this.#call('LMSCommit', '');
    const refused = this.refusals.slice(refusedBefore);
    this.onProblem(refused.length > 0 ? { kind: 'notSaved', reason: refused[0] } : null);
  }

  /** The end of the launch (the page goes): how it ended and how long it took, then LMSFinish. Once only. */
  finish() {
    if (this.finished) return;
    this.finished = true;
    const solved = JSON.parse(this.reported).solved.length;
    // "suspend" asks the platform to resume the next launch with this suspend_data; a finished package need not.
    this.#call('LMSSetValue', 'cmi.core.exit', solved === this.challengeIds.length ? '' : 'suspend');
    this.#call('LMSSetValue', 'cmi.core.session_time', scormTimespan((performance.now() - this.startedAt) / 1000));
    this.#call('LMSFinish', '');
  }

  /** One call to the platform: its answer, or null when it threw; a "false" is said with the platform's reason. */
  #call(name, ...args) {
    try {
      const answer = String(this.api[name](...args));
      if (answer === 'false') {
        const code = String(this.api.LMSGetLastError());
        const reason = this.api.LMSGetErrorString?.(code) ?? '';
        console.warn(`The course platform refused ${name}(${args.join(', ')}): error ${code} ${reason}`);
        this.refusals.push(`${name}: error ${code}${reason ? ` (${reason})` : ''}`);
      }
      return answer;
    } catch (error) {
      console.warn(`The course platform's ${name} failed: ${error?.message ?? error}`);
      this.refusals.push(`${name}: ${error?.message ?? error}`);
      return null;
    }
  }
}
