// The elements in React's JSX (React 19 sets their object properties, e.g. `weights`, from JSX). In a TypeScript
// project: `import type {} from 'attention-playground/elements/react';` once, next to the elements' import.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AttentionElementProps } from './index.js';

type ReactElementProps<Tag extends keyof AttentionElementProps> = DetailedHTMLProps<
  HTMLAttributes<HTMLElementTagNameMap[Tag]>,
  HTMLElementTagNameMap[Tag]
> &
  AttentionElementProps[Tag];

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'attention-map': ReactElementProps<'attention-map'>;
      'attention-translator': ReactElementProps<'attention-translator'>;
      'attention-generator': ReactElementProps<'attention-generator'>;
      'attention-steps': ReactElementProps<'attention-steps'>;
      'attention-lesson': ReactElementProps<'attention-lesson'>;
    }
  }
}
