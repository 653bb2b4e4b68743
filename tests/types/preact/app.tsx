// A Preact component using the elements.
import 'attention-playground/elements';
import type {} from 'attention-playground/elements/preact';

export function Lesson() {
  return (
    <div>
      <attention-map weights={{ data: [1, 0, 0, 1], rows: 2, cols: 2 }} digits={3} />
      <attention-translator sentence="maria eats the apple" layer={2} />
      {/* @ts-expect-error layer is a number */}
      <attention-translator layer={{}} />
    </div>
  );
}
