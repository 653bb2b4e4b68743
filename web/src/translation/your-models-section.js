// "Your models" under the Translation view: the models trained in this browser, to show as a shipped one is.
// Their code, words and store are loaded when the list comes near the screen, not while the view first draws.
import { element } from '../common/controls.js';
import { loadMessages } from '../i18n/messages.js';

/**
 * The section, empty until it nears the screen.
 * @param {(bytes: Uint8Array, label: string, context: object) => Promise<void>} onUseModel  shows a saved model
 */
export function yourModelsSection(onUseModel) {
  const section = element('div', { className: 'below-fold', id: 'translation-your-models' });
  const opening = new IntersectionObserver(
    async ([entry]) => {
      if (!entry.isIntersecting) return;
      opening.disconnect();
      // The list says each model as the Train view does (its messages, and the heads' list separator).
      const [{ YourModels, savedModelContext, savedModelLabel }] = await Promise.all([
        import('../train/your-models.js'),
        loadMessages('train'),
        loadMessages('heads'),
      ]);
      const list = new YourModels({
        onUse: (saved) => onUseModel(saved.weights, savedModelLabel(saved), savedModelContext(saved)),
      });
      section.append(list.element);
      await list.open();
    },
    { rootMargin: '300px' },
  );
  opening.observe(section);
  return section;
}
