// The Generate view's worker as the view holds it (common/worker-connection.js, in the view's words): started once
// (early, while the learner reads the view), and replaced after it fails. Its own file because it is the view's only
// contact with the worker's life; what a run or a generation asks of the worker is theirs. (The language model runs
// on the build web/lib picks for the threads chosen.)
import { WorkerConnection } from '../common/worker-connection.js';
import { errorTexts } from './generate-text.js';
// The worker's own bundle (Vite builds it and gives its URL), started as each engine needs (startWorker).
import generateWorkerUrl from './generate-worker.js?worker&url';

// Some of this worker's calls take seconds where a training slice takes a quarter of one (a hundred steps of the
// induction experiment, a reading of the sinks experiment, a generation twice over to compare): on a slow phone, or
// a machine this busy, more than the toolkit's usual ten. It is taken for lost after this long.
const answerMilliseconds = 30_000;

export class GenerateSession extends WorkerConnection {
  /** @param {() => number} trainingThreads  the threads every trainer of the worker runs on now (the view's setting) */
  constructor(trainingThreads) {
    super({
      script: generateWorkerUrl,
      texts: { notStarted: errorTexts.workerStart, lost: errorTexts.workerSilent },
      answerMilliseconds,
    });
    this.trainingThreads = trainingThreads;
  }

  /** Starts the worker with the build those threads need (the threaded one for more than one) compiled. */
  warm() {
    return super.warm(this.trainingThreads());
  }
}
