// A temperature on a log-scale slider, with its value written beside it (the Translation view's attention and
// output temperatures). Its positions are coarse enough that every step, by key or by pointer, changes the
// value as stored (three significant digits, as the URL keeps it), and a stored value lands back on the position
// it came from: a redraw never moves the thumb under the person's finger, and the element is never replaced.
import { element, logSlider } from '../common/controls.js';
import { formatNumber } from '../common/format.js';

// 200 positions: from 0.1 to 10 a step multiplies the value by 100^(1/200) ≈ 1.023, more than three significant
// digits' rounding (at most 1%, twice half of it between two neighbours) can hide; over the attention
// temperature's 0.05 to 20, by 1.030. With logSlider's 1000 positions a step was ≈ 1.005, rounded back away.
const positions = 200;
const scale = 1000 / positions; // logSlider's positions per one of ours

export class TemperatureSlider {
  /**
   * @param {{ id: string, min: number, max: number, name: string, onChange: (value: number) => void }} options
   *   id: the slider's (its value's output is `${id}-value`); name: how the value is written ("T", "T_out")
   */
  constructor({ id, min, max, name, onChange }) {
    this.min = min;
    this.max = max;
    this.name = name;
    this.input = element('input', { type: 'range', min: 0, max: positions, step: 1, id });
    // Notation ("T_out = 0.5"), the same in every language: translate="no".
    this.text = element('output', { id: `${id}-value`, for: id, translate: false });
    this.input.addEventListener('input', () => {
      const value = logSlider.toValue(Number(this.input.value) * scale, min, max);
      onChange(Number(value.toPrecision(3)));
    });
  }

  /** Shows `value`: the thumb only if it is elsewhere (the one being dragged stays put), and the number. */
  show(value) {
    const position = String(Math.round(logSlider.toPosition(value, this.min, this.max) / scale));
    if (this.input.value !== position) this.input.value = position;
    this.text.textContent = `${this.name} = ${formatNumber(value, 3)}`;
  }
}
