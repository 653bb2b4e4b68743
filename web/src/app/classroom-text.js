// The words of the page's classroom tools, in one place (for a translation catalogue later): the colour scheme
// switch (theme.js), present mode (present-mode.js) and the caption a printed page carries (print-caption.js).

export const schemeText = {
  label: 'Colours',
  choices: { system: 'as the system', light: 'light', dark: 'dark' },
};

export const presentText = {
  enter: 'Present',
  enterHint: 'Projector view: large type, the lesson’s key sentence, ← and → to move on',
  leave: 'Leave present mode',
  previous: 'previous',
  next: 'next',
  keys: { lessons: '← → lessons', translation: '← → decoding steps' },
};

export const printText = {
  settings: 'Settings',
  defaults: 'the defaults',
  reopen: 'Reopen this page:',
};

/**
 * The URL's short setting names in words, for the printed caption: only names that mean one thing in every view
 * (a name not here is printed as the URL has it, e.g. "d = 64").
 */
export const settingNames = {
  q: 'sentence',
  temp: 'attention temperature',
  otemp: 'output temperature',
  t: 'temperature',
  dec: 'decoding',
  beam: 'beam width',
  tf: 'teacher forcing',
  off: 'heads switched off',
  align: 'alignment rings',
};
