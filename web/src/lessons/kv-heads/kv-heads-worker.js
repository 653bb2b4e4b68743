// Lesson 7's key/value heads experiment in a Web Worker of its own: trains and scores one model per call
// (web/lib's createTrainer), so four trainings in a row never hold up the page.
import { createTrainer } from '../../../lib/index.js';
import { exposeAnswers } from '../../common/worker-answers.js';
import { runKvHeads } from './kv-heads-setup.js';

exposeAnswers({
  /** One key/value head count's model trained and scored (kv-heads-setup.js's runKvHeads). */
  run: (options) => runKvHeads(createTrainer, options),
});
