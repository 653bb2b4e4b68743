// web/lib's JavaScript against its declarations (web/lib/index.d.ts), checked by `npm run lint`: each public
// export, as TypeScript infers it from the code and its JSDoc, must be assignable to the declared one. (index.js's
// own loadAttention is held to it in place: an import of index.js finds index.d.ts.)
import type * as Declared from '../../../web/lib/index.js';
import { ModelFileError, ModuleLoadError, UnknownWordError } from '../../../web/lib/errors.js';
import * as loader from '../../../web/lib/load-module.js';
import { startWorker } from '../../../web/lib/start-worker.js';
import { createTrainer, defaultTrainerSteps, trainerDefaults } from '../../../web/lib/trainer.js';
import { loadTranslator } from '../../../web/lib/translator.js';
import { defaultTrainerThreads, maxTrainerThreads } from '../../../web/lib/trainer-threads.js';
import { languageModelDefaults, loadLanguageModel } from '../../../web/lib/language-model.js';
import { gpt2Tokenizer } from '../../../web/lib/gpt2-tokenizer.js';
import { gpt2FileNames } from '../../../web/lib/gpt2-options.js';
import { inductionExperiment, inductionScores, repeatedSequences } from '../../../web/lib/induction.js';
import {
  sinkExperiment,
  sinkHeads,
  sinkLogitShares,
  sinkThreshold,
  streamingReadings,
} from '../../../web/lib/sinks.js';

export const implemented: Omit<typeof Declared, 'loadAttention'> = {
  backends: loader.backends,
  resolveBackend: loader.resolveBackend,
  setAssetBase: loader.setAssetBase,
  supportsSimd: loader.supportsSimd,
  supportsRelaxedSimd: loader.supportsRelaxedSimd,
  supportsThreads: loader.supportsThreads,
  startWorker,
  loadTranslator,
  createTrainer,
  trainerDefaults,
  defaultTrainerSteps,
  defaultTrainerThreads,
  maxTrainerThreads,
  loadLanguageModel,
  languageModelDefaults,
  gpt2Tokenizer,
  gpt2FileNames,
  repeatedSequences,
  inductionScores,
  inductionExperiment,
  streamingReadings,
  sinkThreshold,
  sinkHeads,
  sinkLogitShares,
  sinkExperiment,
  UnknownWordError,
  ModuleLoadError,
  ModelFileError,
};
