// A course platform's player, as tests/e2e/package/scorm.test.js drives it: scorm-again's SCORM 1.2 runtime as
// `window.API` (what Moodle's or any SCORM player defines), loaded with what the platform kept from the learner's
// last launch, and the package's launch page in a frame under it. Every call the package makes is recorded: the
// data calls the runtime reports as it takes them (`calls`, its listeners), and every call of the API object, taken
// or refused, with its answer (`log`: the object wrapped, as a host page may).
/* global Scorm12API */
window.calls = [];
window.log = [];
window.platformMessages = [];

/** The SCORM 1.2 API's calls (the eight of its Run-Time Environment). */
const apiCalls = [
  'LMSInitialize',
  'LMSFinish',
  'LMSGetValue',
  'LMSSetValue',
  'LMSCommit',
  'LMSGetLastError',
  'LMSGetErrorString',
  'LMSGetDiagnostic',
];

/** `api` with each call written to `log` as `LMSSetValue("cmi.core.score.raw", "1") → "true"` (or `→ threw`). */
function logged(api) {
  for (const name of apiCalls.filter((call) => typeof api[call] === 'function')) {
    const call = api[name].bind(api);
    api[name] = (...args) => {
      const said = `${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
      try {
        const answer = call(...args);
        window.log.push(`${said} → ${JSON.stringify(answer)}`);
        return answer;
      } catch (error) {
        window.log.push(`${said} → threw`);
        throw error;
      }
    };
  }
  return api;
}

/**
 * Starts a launch: `kept` is the CMI the platform stored (e.g. { suspend_data, core: { lesson_status } });
 * `failing`, calls that throw (a platform whose server is down), recorded as they are made.
 */
window.launch = (kept, href, failing = []) => {
  const api = new Scorm12API({ logLevel: 5, onLogMessage: (_, message) => window.platformMessages.push(message) });
  if (kept) api.loadFromJSON(kept);
  for (const name of ['LMSInitialize', 'LMSCommit', 'LMSFinish']) api.on(name, () => window.calls.push([name]));
  api.on('LMSGetValue.cmi.*', (element) => window.calls.push(['LMSGetValue', element]));
  api.on('LMSSetValue.cmi.*', (element, value) => window.calls.push(['LMSSetValue', element, value]));
  for (const name of failing) {
    api[name] = () => {
      window.calls.push([name, 'threw']);
      throw new Error(`${name}: the platform's server does not answer`);
    };
  }
  window.API = logged(api);
  document.getElementById('course').src = href;
};

/** What the platform stores of the launch, as its database would. */
window.stored = () => ({
  lesson_status: window.API.cmi.core.lesson_status,
  score: { raw: window.API.cmi.core.score.raw, min: window.API.cmi.core.score.min, max: window.API.cmi.core.score.max },
  suspend_data: window.API.cmi.suspend_data,
});
