// Lesson 7's key/value heads experiment in a Web Worker of its own: trains and scores one model per call
// (web/lib's createTrainer), so four trainings in a row never hold up the page.
import * as Comlink from 'comlink';
import { createTrainer } from '../../../lib/index.js';
import { runKvHeads } from './kv-heads-setup.js';

Comlink.expose({
  /** One key/value head count's model trained and scored (kv-heads-setup.js's runKvHeads). */
  run: (options) => runKvHeads(createTrainer, options),
});
