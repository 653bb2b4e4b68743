// A React 19 component using the elements, as a host's TypeScript project writes it.
import 'attention-playground/elements';
import type {} from 'attention-playground/elements/react';
import type { AttentionWeights } from 'attention-playground/elements';

const weights: AttentionWeights = { data: [0.7, 0.3, 0.2, 0.8], rows: 2, cols: 2 };

export function Lesson() {
  return (
    <div>
      <attention-map weights={weights} digits={4} show-values caption="who attends to whom" />
      <attention-translator sentence="the cat sees the dog" weights="en-ja" head="average" lines />
      <attention-generator weights="/models/austen.bin" prompt="It is" tokens={32} top-k="5" readonly />
      <attention-steps theme="dark" />
      <attention-lesson lesson={4} d="512" />
      {/* @ts-expect-error axis is 'rows' or 'columns' */}
      <attention-lesson lesson={3} axis="diagonal" />
      {/* @ts-expect-error weights is a matrix, not a string */}
      <attention-map weights="0.7 0.3" />
      {/* @ts-expect-error range is 'fixed' or 'data' */}
      <attention-map range="log" />
      {/* @ts-expect-error no such element */}
      <attention-mapp />
    </div>
  );
}
