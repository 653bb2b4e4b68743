// The lecture notes' ten points in their order: each lesson's widget in the Lessons view (with `sections`, the
// message sections it shows beyond the lessons', web/src/i18n/messages.js: the Translation view's parts, the beam's,
// the heads' names), and the view that goes further (a link); where the point is a language model's too, a second
// link (`languageModel`) opens the Generate view on it. A link's settings are filed under its view's name, as the
// page's address files them (web/src/app/view-address.js). Data only, with no words (those are messages:
// catalogue.js), so that Node scripts (the SCORM packager) can read it without the page's message loading.
export const lessons = Object.freeze([
  {
    widget: 'selective',
  },
  {
    widget: 'softmax',
    view: '?view=steps',
  },
  {
    widget: 'kqv',
    view: '?view=steps',
  },
  {
    widget: 'scaling',
    view: '?view=steps&steps.scale=none',
  },
  {
    widget: 'cross',
    sections: ['translation'], // the Translation view's attribution part
    view: '?view=translation',
  },
  {
    widget: 'masks',
    view: '?view=steps&steps.mask=causal',
    languageModel: { view: '?view=generate&generate.part=causal&generate.step=40' },
  },
  {
    widget: 'reshape',
    sections: ['heads'], // shared key/value heads, named
    view: '?view=steps',
    languageModel: { view: '?view=generate&generate.part=cache' },
  },
  {
    widget: 'position',
    view: '?view=train&train.task=reverse',
    linkTextKey: 'lessons.catalogue.position.linkText',
  },
  {
    widget: 'decoding',
    sections: ['translation', 'beam'], // the next word's bars and the beam's tree
    view: '?view=translation&translation.tf=1',
    languageModel: { view: '?view=generate&generate.part=decoding' },
  },
  {
    widget: 'memory',
  },
]);
