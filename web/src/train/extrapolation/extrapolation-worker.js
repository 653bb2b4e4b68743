// The extrapolation experiment's Web Worker: trains one small model per call (web/lib's createTrainer) and
// scores it at every length, so that four trainings in a row never hold up the page or the Train view's own run.
import { createTrainer } from '../../../lib/index.js';
import { exposeAnswers } from '../../common/worker-answers.js';
import { runScheme } from './extrapolation-setup.js';

exposeAnswers({
  /** One scheme's model trained and scored (extrapolation-setup.js's runScheme). */
  run: (options) => runScheme(createTrainer, options),
});
