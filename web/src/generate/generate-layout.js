// The Generate view's page, in the order a learner meets it (the parts are generate-view.js's; this file only
// places them).
import { element } from '../common/controls.js';
import { generateIntroduction, generateTitle } from '../app/view-text.js';

/**
 * The writing first (the model, the prompt and Write, what it wrote and how, a lesson's part), then training (the
 * text, the model's shape, Start and its curves, the runs kept), then the experiments: a learner sees a model
 * write before they read a form.
 * @param {import('./generate-view.js').GenerateView} view
 */
export function generateLayout(view) {
  return element(
    'section',
    { id: 'generate-view', className: 'view', 'aria-labelledby': 'generate-view-title' },
    element('h2', { id: 'generate-view-title', textContent: generateTitle() }),
    element('p', { className: 'intro', textContent: generateIntroduction() }),
    view.modelFiles.noModel,
    view.modelFiles.openedLine,
    element('div', { className: 'controls generate-writing-row' }, view.controls.element),
    view.errors.places.writing,
    view.part.element,
    view.time,
    view.strip.element,
    view.stripHint,
    view.details.element,
    view.gpt2.places.inside,
    view.errors.places.inside,
    view.modelFiles.fileRow,
    view.gpt2.places.gpt2,
    element('div', { className: 'controls' }, view.corpusFields.element, ...view.modelFields.fieldsets),
    view.errors.places.training,
    view.trainingPanel.element,
    view.yourModels.element,
    view.errors.places.induction,
    view.induction.element,
    view.errors.places.sinks,
    view.sinks.element,
    view.errors.places.papers,
    view.gpt2.places.papers,
  );
}
