// A course platform's player, as tests/e2e/package/scorm.test.js drives it: scorm-again's SCORM 1.2 runtime as
// `window.API` (what Moodle's or any SCORM player defines), loaded with what the platform kept from the learner's
// last launch, and the package's launch page in a frame under it. Every call the package makes is recorded.
/* global Scorm12API */
window.calls = [];
window.platformMessages = [];

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
  window.API = api;
  document.getElementById('course').src = href;
};

/** What the platform stores of the launch, as its database would. */
window.stored = () => ({
  lesson_status: window.API.cmi.core.lesson_status,
  score: { raw: window.API.cmi.core.score.raw, min: window.API.cmi.core.score.min, max: window.API.cmi.core.score.max },
  suspend_data: window.API.cmi.suspend_data,
});
