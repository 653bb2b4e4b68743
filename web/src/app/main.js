// Entry point of the playground page: loads the module, picks the view the URL names (the translation model
// by default; old step-view links carry ?s= and open that view), and keeps the URL in step with every change
// so a link reproduces exactly what is on screen.
import { backends, loadAttention, resolveBackend } from '../../lib/index.js';
import { element } from '../common/controls.js';
import { addClassroomTools, present, presentation } from './classroom-tools.js';
import { embedded, enterEmbedMode } from './embed-mode.js';
import { afterNextPaint, nextTask, whenIdle } from '../common/next-task.js';
import { keepForOffline } from './offline-copy.js';
import { startPackagedLessons } from './packaged-lessons.js';
import { RemoteTranslator } from '../translation/remote-translator.js';
import {
  decodeTranslationState,
  defaultPair,
  defaultTranslationState,
  encodeTranslationState,
} from '../translation/translation-state.js';
import { viewPreview } from './view-text.js';
import { addressWith, followingLink, viewInAddress, viewSettings } from './view-address.js';
import {
  chooseLocale,
  currentLocale,
  pseudoLocale,
  setCurrentLocale,
  sourceLocale,
  storedLocale,
  storeLocale,
} from '../i18n/locale.js';
import { languagePicker } from '../i18n/language-picker.js';
import { loadMessages, speakInPlace, t, translateStatic } from '../i18n/messages.js';
import { registerFontFor } from './devanagari-font.js';
// Each view's code is fetched when the view is first shown, so a visitor downloads only what they look at. The
// page's own thread never waits for the module: the translator loads in its worker, the attention module only
// when a view that computes on this thread (steps, a lesson whose widget does) is first shown.

// The views whose first drawing formats a message's number or plural (so Intl) in English too: Generate's labels.
const intlAtFirstDrawing = new Set(['generate']);
// The language first, so every word the page writes is in it: the shell's messages load while the rest does.
const chosenLocale = chooseLocale({
  search: location.search,
  packaged: document.documentElement.dataset.packagedLocale ?? null, // a course package's, its teacher's choice
  stored: storedLocale(),
  languages: navigator.languages,
});
setCurrentLocale(chosenLocale.locale);
if (chosenLocale.fromUrl && chosenLocale.locale !== pseudoLocale) storeLocale(chosenLocale.locale);
const shellMessages = loadMessages('app');

// Each view's name in the tabs, as a message key (app.tabs.*).
const viewNames = {
  lessons: 'app.tabs.lessons',
  translation: 'app.tabs.translation',
  steps: 'app.tabs.steps',
  train: 'app.tabs.train',
  generate: 'app.tabs.generate',
};
const askedBackend = /** @type {import('../../lib/index.js').Backend} */ (
  new URLSearchParams(location.search).get('backend')
);
const requestedBackend = backends.includes(askedBackend) ? askedBackend : undefined;

/** The view the current URL names. */
const viewInUrl = () => viewInAddress(location.search);

/** View `name`'s settings in the current URL, under its codec's names (view-address.js). */
const settingsInUrl = (name) => viewSettings(location.search, name).toString();

/**
 * Keeps the URL in step with the screen. A new view or a new lesson is a new history entry (the back button
 * returns to it); adjusting a control replaces the current one, so back does not replay every slider move. The
 * other views' settings stay in it, each under its view's name, for when they are shown again.
 */
function setUrl(view, viewParams, { push = false } = {}) {
  const next = addressWith(location.search, view, viewParams);
  if (requestedBackend) next.set('backend', requestedBackend);
  if (currentLocale() !== sourceLocale) next.set('lang', currentLocale()); // a copied link opens in this language
  if (embedded) next.set('embed', '1');
  if (presentation.on) next.set('present', '1');
  const url = `${location.pathname}?${next}`;
  if (push && url !== `${location.pathname}${location.search}`) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

class Playground {
  constructor(backend, coursePackage = null) {
    this.backend = backend;
    this.coursePackage = coursePackage; // a course package's lessons and platform (course-package.js), or null
    // A translation takes about a millisecond: the translator's worker runs the page's single-thread build too.
    this.translatorBackend = backend;
    this.api = null; // the page's attention module, once a view asks for it (attention())
    this.lessonsTranslator = null; // lessons 5's and 9's English → Spanish translator, once one asks for it
    this.views = new Map(); // name → { view, urlParams }
    this.tabs = new Map();
    // The tabs and the panel are in the HTML, so they are on screen before any script has run.
    this.tabList = document.getElementById('view-tabs');
    for (const [name, label] of Object.entries(viewNames)) {
      const tab =
        document.getElementById(`tab-${name}`) ??
        element('button', {
          type: 'button',
          role: 'tab',
          id: `tab-${name}`,
          textContent: t(label),
          'aria-selected': 'false',
        });
      tab.addEventListener('click', () => void this.#showChosen(name));
      tab.addEventListener('keydown', (event) => {
        if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
        const names = Object.keys(viewNames);
        const next = names[(names.indexOf(name) + (event.key === 'ArrowRight' ? 1 : names.length - 1)) % names.length];
        void this.#showChosen(next).then(() => this.tabs.get(next).focus());
      });
      this.tabs.set(name, tab);
      if (!tab.isConnected) this.tabList.append(tab);
    }
    this.panel = document.getElementById('view-panel');
  }

  /** The page's attention module (for the views that compute on this thread), loaded on first use. */
  attention() {
    this.api ??= loadAttention({ backend: this.backend }).then(async (api) => {
      // The engine compiles each wasm function on its first call: pay that in a task of its own, on a
      // small attention, rather than inside the view's first drawing.
      await nextTask();
      const tiny = { data: new Float32Array([1, 0, 0, 1]), rows: 2, cols: 2 };
      api.attention({ q: tiny, k: tiny, v: tiny, mask: 'causal' });
      await nextTask();
      return api;
    });
    return this.api;
  }

  /** A view the person chose (a tab, an arrow key): a failure to show it (its code not fetched) is said in the panel. */
  #showChosen(name) {
    return this.show(name, { push: true }).catch((error) => {
      const message = t('app.errors.viewNotShown', { view: t(viewNames[name]), message: error.message });
      this.panel.replaceChildren(element('p', { className: 'error', role: 'alert', textContent: message }));
    });
  }

  async show(name, { push = false } = {}) {
    this.shown = name;
    for (const [other, tab] of this.tabs) {
      tab.setAttribute('aria-selected', String(other === name));
      tab.tabIndex = other === name ? 0 : -1;
    }
    this.panel.setAttribute('aria-labelledby', `tab-${name}`);
    const firstTime = !this.views.has(name);
    if (firstTime) {
      this.panel.replaceChildren(
        viewPreview(name, settingsInUrl(name), t('app.loading.view', { view: t(viewNames[name]) })),
      );
      // The view's heading and text are painted before its code is asked for: on a slow network, the page's
      // largest text does not wait for the view's scripts.
      await afterNextPaint();
      // Intl loads its locale data with the first formatter or message format the page makes (16-19 ms of CPU
      // here): in a task of its own while the view's code is fetched, not inside the view's first drawing (the
      // Generate view's longest task on a phone's screen was 36 ms of CPU with it, 21 without). English's numbers
      // skip Intl (common/format.js), so only views whose first drawing uses it in English too wait for it then.
      if (currentLocale() !== sourceLocale || intlAtFirstDrawing.has(name))
        setTimeout(() => Intl.NumberFormat.supportedLocalesOf(currentLocale()), 0);
      this.views.set(name, await this.#create(name));
      await nextTask(); // the view is built in one task, and first drawn in others
    }
    const entry = this.views.get(name);
    this.panel.replaceChildren(entry.view.element);
    // A view the person chose gets its own history entry as it appears, before its first drawing (which may wait
    // for the module): a reload or a copied link meanwhile opens this view, not the one before. On arrival (and
    // after back or forward) the address only gains the view's full state, which can wait until the page is idle:
    // a document's first history call costs some 10-25 ms, which a phone would spend while the view is drawn.
    if (push) setUrl(name, entry.urlParams(), { push });
    // A view shown for the first time draws a part per task where it can (the page stays responsive while a
    // phone draws it); afterwards every render is whole, at once.
    // Busy (common/settled.js) until drawn, and on arrival until its first translation is shown.
    await entry.view.settling.during(async () => {
      if (firstTime && entry.view.renderInSlices) await entry.view.renderInSlices();
      else entry.view.render();
      if (!push) {
        const addressed = entry.view.settling.begin(); // settled once the address holds the view's state too
        whenIdle(() => {
          if (this.shown === name) setUrl(name, entry.urlParams());
          addressed();
        });
      }
      if (entry.firstTranslation) {
        const translate = entry.firstTranslation;
        entry.firstTranslation = null;
        await nextTask();
        await translate();
      }
    });
  }

  /**
   * The page in `locale` without leaving it (a course package's: leaving would end its platform's session): the
   * shell's words, then the view shown built again as on its first showing (#create, from the address, which holds
   * its state), in the new language. For a page of one view (the package's Lessons view): any other built is
   * dropped, to be built again when shown. The panel keeps its height meanwhile: the reader stays where they were.
   */
  async speak(locale) {
    await speakInPlace(locale);
    delete document.body.dataset.ready; // until the view is drawn again, as on arrival
    translateShell();
    const name = this.shown;
    this.panel.style.minHeight = `${this.panel.offsetHeight}px`;
    this.views.clear();
    try {
      await this.show(name);
    } finally {
      this.panel.style.minHeight = '';
      document.body.dataset.ready = 'true';
    }
  }

  /** After the back or forward button: the view the URL names, and the lesson it names. */
  async restore() {
    const name = viewInUrl();
    if (name === 'lessons' && this.views.has('lessons')) {
      const { decodeLessonsState } = await import('../lessons/lessons-state.js');
      this.views.get('lessons').view.state = decodeLessonsState(settingsInUrl('lessons'));
    }
    await this.show(name);
  }

  async #create(name) {
    if (name === 'steps') {
      const [{ decodeState, encodeState }, { StepView }] = await Promise.all([
        import('../steps/step-state.js'),
        import('../steps/step-view.js'),
        loadMessages('steps'),
        loadMessages('heads'),
      ]);
      const { state, notice } = decodeState(settingsInUrl('steps'));
      const entry = { urlParams: () => encodeState(entry.view.state) };
      // The controls and inputs are on the page while the module loads.
      entry.view = new StepView({
        api: () => this.attention(), // asked for when the stages are first drawn
        state,
        notice,
        onStateChange: () => setUrl('steps', entry.urlParams()),
      });
      return entry;
    }
    if (name === 'lessons') {
      const [{ decodeLessonsState, encodeLessonsState }, { LessonsView }] = await Promise.all([
        import('../lessons/lessons-state.js'),
        import('../lessons/lessons-view.js'),
        loadMessages('lessons'), // and with a widget's code, the sections it shows besides (lesson-list.js)
      ]);
      const entry = { urlParams: () => encodeLessonsState(entry.view.state) };
      entry.view = new LessonsView({
        loadApi: () => this.attention(), // when a lesson's widget first needs it: its text never waits
        state: decodeLessonsState(settingsInUrl('lessons')),
        onStateChange: (_, { newLesson }) => setUrl('lessons', entry.urlParams(), { push: newLesson }),
        viewLink: (link) => followingLink(location.search, link), // the other views' settings go along
        // lessons 5's and 9's, in its worker: one, kept when the view is built again in another language (speak); the
        // Spanish one, whose sentences the lessons show (cross-lesson.js, decoding-lesson.js)
        loadTranslator: () =>
          (this.lessonsTranslator ??= RemoteTranslator.load({ backend: this.translatorBackend, model: 'en-es' })),
        ...this.coursePackage?.lessonsViewOptions,
      });
      this.coursePackage?.attach(entry.view);
      return entry;
    }
    if (name === 'train') {
      const [{ decodeTrainState, encodeTrainState }, { TrainView }] = await Promise.all([
        import('../train/train-state.js'),
        import('../train/train-view.js'),
        loadMessages('train'),
        loadMessages('heads'),
      ]);
      const entry = { urlParams: () => encodeTrainState(entry.view.state) };
      entry.view = new TrainView({
        state: decodeTrainState(settingsInUrl('train')),
        onStateChange: () => setUrl('train', entry.urlParams()),
        onUseModel: (bytes, label, context) => this.useModel(bytes, label, context),
        backend: requestedBackend, // the worker picks its own default when none is asked for
      });
      entry.view.prepare();
      return entry;
    }
    if (name === 'generate') {
      const [{ decodeGenerateState, encodeGenerateState }, { GenerateView }] = await Promise.all([
        import('../generate/generate-state.js'),
        import('../generate/generate-view.js'),
        loadMessages('generate'),
        loadMessages('generatePage'),
        loadMessages('heads'),
      ]);
      const entry = { urlParams: () => encodeGenerateState(entry.view.state) };
      entry.view = new GenerateView({
        state: decodeGenerateState(settingsInUrl('generate')),
        onStateChange: () => setUrl('generate', entry.urlParams()),
      });
      entry.view.prepare();
      return entry;
    }
    this.panel.querySelector('.loading').textContent = t('app.loading.translationModel');
    const settings = settingsInUrl('translation');
    const { model } = decodeTranslationState(settings);
    return this.#translationEntry(await this.#translator(model), null, settings, { task: model });
  }

  /** A translator in its own worker: the one started with the page (for the URL's model), else a new one. */
  #translator(model) {
    if (this.early?.model === model) {
      const { translator } = this.early;
      this.early = null;
      return translator;
    }
    return RemoteTranslator.load({ model, backend: this.translatorBackend });
  }

  /** Starts loading the URL's model in its worker at once, while the page's own code is still arriving. */
  startTranslator() {
    if (viewInUrl() !== 'translation') return;
    const { model } = decodeTranslationState(settingsInUrl('translation'));
    const translator = RemoteTranslator.load({ model, backend: this.translatorBackend });
    translator.catch(() => {}); // reported when the view asks for it
    this.early = { model, translator };
  }

  /**
   * @param {import('../translation/remote-translator.js').RemoteTranslator} translator
   * @param {string | null} modelLabel  a model of the learner's, or null for a shipped one
   * @param {string} search  the view's settings, under its codec's names
   * @param {{ task?: string, sentence?: string, examples?: string[] }} [context]
   */
  async #translationEntry(
    translator,
    modelLabel,
    search,
    { task = undefined, sentence = undefined, examples = undefined } = {},
  ) {
    const [{ TranslationView }] = await Promise.all([
      import('../translation/translation-view.js'),
      loadMessages('translation'),
      loadMessages('heads'),
    ]);
    await nextTask(); // building the view, showing it and drawing its first translation: a task each
    const { decoderLayers: layers, encoderLayers, heads } = translator.config;
    const entry = { urlParams: () => encodeTranslationState(entry.view.state) };
    const state = decodeTranslationState(search, { layers, heads, encoderLayers });
    if (sentence) state.sentence = sentence;
    if (translator.task) state.model = translator.task;
    registerFontFor(translator.task); // a Marathi model of one's own, trained or opened, needs its font too
    entry.view = new TranslationView({
      translator,
      modelLabel,
      task,
      examples,
      onUseShippedModel: modelLabel ? () => this.useModel(null, null, { task: translator.task ?? defaultPair }) : null,
      onLanguageChange: (name) => this.useModel(null, null, { task: name }),
      onUseModel: (bytes, label, context) => this.useModel(bytes, label, context),
      state,
      onStateChange: () => setUrl('translation', entry.urlParams()),
    });
    // Opening the view shows the finished translation at once; a sentence the person asks for is revealed word by
    // word (and Replay replays it). It is asked for once the view is on screen.
    entry.firstTranslation = () => entry.view.translate({ animate: false });
    return entry;
  }

  /**
   * Shows a model in the Translation view: a weight file's bytes (trained in the Train view or opened from
   * disk; refused with a RangeError if it is not a model), or, when `bytes` is null, the shipped model of
   * `context.task` (a language pair's name). `context` describes a trained model: { task, sentence, examples }.
   */
  async useModel(bytes, label, context = {}) {
    const model = bytes ?? context.task ?? defaultPair;
    const translator = await this.#translator(model);
    const task = context.task ?? translator.task ?? 'pairs';
    const previous = this.views.get('translation');
    // Heads switched off belong to the model they were switched off in.
    const current = { ...(previous ? previous.view.state : decodeTranslationState('')), headsOff: [] };
    let search = `?${encodeTranslationState(current)}`;
    if (!(await keepsSentence(translator, current.sentence))) {
      // A model from a file has no grammar (and so no example sentence): start from words it knows.
      const fresh = bytes
        ? { sentence: context.sentence ?? translator.vocabulary.source.slice(0, 3).join(' ') }
        : defaultTranslationState(task);
      search = `?${encodeTranslationState({ ...current, ...fresh, showAlignment: current.showAlignment })}`;
    }
    previous?.view.translator.dispose();
    const entry = await this.#translationEntry(translator, label, search, { ...context, task });
    this.views.set('translation', entry);
    // The person chose this model: the address names it at once (show() alone would wait for an idle moment).
    setUrl('translation', entry.urlParams());
    await this.show('translation');
  }
}

/** The shell's words in the page's language: its HTML's and the header tools' (data-i18n), its title, its description. */
function translateShell() {
  translateStatic(document);
  document.title = t('app.page.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.page.description'));
}

/** Whether a sentence carries over to another shipped model: every word of it is in its vocabulary. */
async function keepsSentence(translator, sentence) {
  try {
    // Every word its own: a model that carries unknown words would otherwise keep any sentence, copying what the
    // other language's lexicon has and this one's does not.
    return (await translator.translate(sentence)).unknownWords.length === 0;
  } catch {
    return false;
  }
}

async function main() {
  enterEmbedMode();
  const coursePackage = await startPackagedLessons(); // before anything reads the address: it may settle it
  // The build this page's views compute with, on any thread: the library's default for a page's own thread
  // (single-thread: its matrices are small, and a threaded build would spin there waiting for its pthreads)
  // unless the URL asks for one. Training, the one big computation, picks its own in its worker.
  const backend = resolveBackend(requestedBackend);
  const playground = new Playground(backend, coursePackage);
  playground.startTranslator();
  await shellMessages;
  addClassroomTools(); // in the page's language: made once its words are here (their place is kept meanwhile)
  if (presentation.on) void present(); // reports its own failure
  translateShell();
  // beside the classroom tools, in the header's place kept for them (no layout shift); a page without it, the header.
  // A course package's changes language in place: reopening the page would end its platform's session.
  const picker = languagePicker(coursePackage ? { inPlace: (locale) => playground.speak(locale) } : {});
  (document.getElementById('page-tools') ?? document.querySelector('.site-header')).append(picker);
  const backendName = document.getElementById('backend');
  delete backendName.dataset.i18n; // a name now, no longer the "loading…" message
  backendName.textContent = backend;
  backendName.translate = false; // a build's name, as web/lib spells it
  await playground.show(viewInUrl());
  window.addEventListener('popstate', () => playground.restore());
  performance.mark('first-map-drawn');
  document.body.dataset.ready = 'true';
  return { backend, coursePackage };
}

main()
  // not in a course package: its platform serves it, and the offline copy would fetch files it does not hold
  .then(({ backend, coursePackage }) => {
    if (coursePackage) return undefined;
    return keepForOffline(backend).catch((error) => console.warn('offline copy unavailable:', error.message));
  })
  .catch((error) => {
    const message = document.createElement('p');
    message.className = 'error';
    message.textContent = t('app.errors.moduleNotStarted', { message: error.message });
    document.getElementById('app').replaceChildren(message);
    document.getElementById('backend').textContent = t('app.header.unavailable');
  });
