// The words of the page's classroom tools: the colour scheme switch (theme.js), present mode (present-mode.js) and
// the caption a printed page carries (print-caption.js). They are the `app` section's messages (app.classroom),
// read when a property is read (messageGetters), so the tools are made once that section has arrived.
import { messageGetters } from '../i18n/messages.js';

export const schemeText = messageGetters({
  label: 'app.classroom.scheme.label',
  choices: messageGetters({
    system: 'app.classroom.scheme.choices.system',
    light: 'app.classroom.scheme.choices.light',
    dark: 'app.classroom.scheme.choices.dark',
  }),
});

export const presentText = messageGetters({
  enter: 'app.classroom.present.enter',
  enterHint: 'app.classroom.present.enterHint',
  leave: 'app.classroom.present.leave',
  previous: 'app.classroom.present.previous',
  next: 'app.classroom.present.next',
  keys: messageGetters({
    lessons: 'app.classroom.present.keys.lessons',
    translation: 'app.classroom.present.keys.translation',
  }),
});

export const printText = messageGetters({
  settings: 'app.classroom.print.settings',
  defaults: 'app.classroom.print.defaults',
  reopen: 'app.classroom.print.reopen',
});

/**
 * The URL's short setting names in words, for the printed caption (a name not here is printed as the URL has it,
 * e.g. "d = 64"; print-caption.js says which view gives a name another word). `lesson` is a phrase, "lesson {number}".
 */
export const settingNames = messageGetters({
  q: 'app.classroom.settingNames.q',
  temp: 'app.classroom.settingNames.temp',
  otemp: 'app.classroom.settingNames.otemp',
  t: 'app.classroom.settingNames.t',
  dec: 'app.classroom.settingNames.dec',
  beam: 'app.classroom.settingNames.beam',
  tf: 'app.classroom.settingNames.tf',
  off: 'app.classroom.settingNames.off',
  align: 'app.classroom.settingNames.align',
  model: 'app.classroom.settingNames.model',
  task: 'app.classroom.settingNames.task',
  layer: 'app.classroom.settingNames.layer',
  head: 'app.classroom.settingNames.head',
  h: 'app.classroom.settingNames.h',
  kv: 'app.classroom.settingNames.kv',
  kvh: 'app.classroom.settingNames.kvh',
  enc: 'app.classroom.settingNames.enc',
  decoderLayers: 'app.classroom.settingNames.decoderLayers',
  seed: 'app.classroom.settingNames.seed',
});
