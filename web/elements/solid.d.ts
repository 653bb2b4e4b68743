// The elements in Solid's JSX. In a TypeScript project: `import type {} from 'attention-playground/elements/solid';`.
import type { JSX } from 'solid-js';
import type { AttentionElementProps } from './index.js';

type SolidElementProps<Tag extends keyof AttentionElementProps> = JSX.HTMLAttributes<HTMLElementTagNameMap[Tag]> &
  AttentionElementProps[Tag];

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'attention-map': SolidElementProps<'attention-map'>;
      'attention-translator': SolidElementProps<'attention-translator'>;
      'attention-generator': SolidElementProps<'attention-generator'>;
      'attention-steps': SolidElementProps<'attention-steps'>;
      'attention-lesson': SolidElementProps<'attention-lesson'>;
    }
  }
}
