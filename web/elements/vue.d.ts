// The elements in Vue templates, type-checked by vue-tsc. In a TypeScript project:
// `import type {} from 'attention-playground/elements/vue';`. Vue must also be told they are custom elements
// (compilerOptions.isCustomElement: (tag) => tag.startsWith('attention-')), as for any custom element.
import type { DefineComponent } from 'vue';
import type { AttentionElementProps } from './index.js';

declare module 'vue' {
  interface GlobalComponents {
    'attention-map': DefineComponent<AttentionElementProps['attention-map']>;
    'attention-translator': DefineComponent<AttentionElementProps['attention-translator']>;
    'attention-generator': DefineComponent<AttentionElementProps['attention-generator']>;
    'attention-steps': DefineComponent<AttentionElementProps['attention-steps']>;
    'attention-lesson': DefineComponent<AttentionElementProps['attention-lesson']>;
  }
}
