// Lesson 2's temperature slider against its state and URL: every position of the log-scale slider keeps a
// temperature of its own, which puts the slider back at that position after the redraw and survives the URL. (A
// temperature rounded to two digits sent most positions back to a neighbour's: a key press that did nothing.)
import { describe, expect, it } from 'vitest';
import { logSlider } from '../../../web/src/common/controls.js';
import {
  decodeLessonsState,
  defaultLessonsState,
  encodeLessonsState,
  temperatureAtPosition,
} from '../../../web/src/lessons/lessons-state.js';
import { temperatureRange } from '../../../web/src/lessons/widgets/softmax-math.js';

const positions = Array.from({ length: 1001 }, (_, p) => p);

describe('lesson 2’s temperature slider', () => {
  it('every position’s temperature puts the slider back at that position', () => {
    const movedBack = positions.filter(
      (p) => logSlider.toPosition(temperatureAtPosition(p), ...temperatureRange) !== p,
    );
    expect(movedBack).toEqual([]);
  });

  it('each step of the slider raises the temperature, from 0.05 to 20', () => {
    const temperatures = positions.map(temperatureAtPosition);
    expect([temperatures[0], temperatures[500], temperatures[1000]]).toEqual([0.05, 1, 20]);
    expect(temperatures.filter((t, p) => p > 0 && t <= temperatures[p - 1])).toEqual([]);
  });

  it('every position’s temperature comes back from the URL as it went', () => {
    const lost = positions.filter((p) => {
      const state = defaultLessonsState();
      state.lesson = 2;
      state.softmax.temperature = temperatureAtPosition(p);
      return decodeLessonsState(encodeLessonsState(state)).softmax.temperature !== state.softmax.temperature;
    });
    expect(lost).toEqual([]);
  });
});
