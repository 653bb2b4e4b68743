// A Solid component using the elements.
import 'attention-playground/elements';
import type {} from 'attention-playground/elements/solid';

export function Lesson() {
  return (
    <div>
      <attention-map weights={{ data: [1, 0, 0, 1], rows: 2, cols: 2 }} digits={3} />
      <attention-steps x={{ data: new Float32Array(4), rows: 2, cols: 2 }} />
      {/* @ts-expect-error x is a matrix */}
      <attention-steps x={3} />
    </div>
  );
}
