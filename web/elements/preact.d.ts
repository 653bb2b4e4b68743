// The elements in Preact's JSX. In a TypeScript project: `import type {} from 'attention-playground/elements/preact';`.
import type { HTMLAttributes } from 'preact';
import type { AttentionElementProps } from './index.js';

type PreactElementProps<Tag extends keyof AttentionElementProps> = HTMLAttributes<HTMLElementTagNameMap[Tag]> &
  AttentionElementProps[Tag];

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'attention-map': PreactElementProps<'attention-map'>;
      'attention-translator': PreactElementProps<'attention-translator'>;
      'attention-generator': PreactElementProps<'attention-generator'>;
      'attention-steps': PreactElementProps<'attention-steps'>;
      'attention-lesson': PreactElementProps<'attention-lesson'>;
    }
  }
}
