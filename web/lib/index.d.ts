/**
 * attention-playground: scaled dot-product and multi-head attention computed by C++ kernels compiled to
 * WebAssembly (SIMD128 where the engine supports it, scalar otherwise). Runs in browsers and in Node 20.
 *
 * Conventions: row-major float32 matrices; projections in row-vector form (Q = X·Wq with Wq of shape
 * d_in × d_out); logits = (q·k)·scale/temperature; softmax along each query's row. A row whose keys are all
 * masked gets zero weights and a zero output, never NaN. Every result is a fresh copy the caller owns.
 *
 * Limits that protect the page (each refused with a RangeError that states it):
 * - one attention, multiHeadAttention, matmul or logits call: at most 1 GiB of wasm memory (inputs, outputs
 *   and workspace: 256 Mi floats): about Sq = Sk = 11,000 with weights, far longer with `weights: false`;
 * - `scale` from -1e6 to 1e6 and `temperature` from 1e-6 to 1e6 (the kernels compute in float32); a result
 *   that overflows float32 (inputs near 1e19 and above) is refused rather than returned as NaN;
 * - positionalEncoding: up to 65,536 rows (positions) and 4,096 columns;
 * - a weight file: at most 64 MiB and 16,777,216 parameters, up to 65,536 words per vocabulary, model width
 *   up to 1,024 and up to 512 positions;
 * - a sentence: at most 4,096 characters and the model's `maxWords` words; a translation at most 32 tokens
 *   (`<eos>` included; decoding stops there), a forced target at most 31 words;
 * - a trainer: at most 2,000,000 parameters; pasted pairs at most 4 MiB of text, 20,000 pairs, 12 words a
 *   side, 40 bytes a word, 2,000 characters a line and 5,000 distinct words a side.
 *
 * Options are strict: every options or arguments object (and every matrix in one) refuses a key it does not
 * know with a TypeError naming it and, where one is close, the known key: `createTrainer({ dModel: 32 })` throws
 * "createTrainer: unknown option 'dModel'; did you mean 'model.dModel'?". The interfaces below list every key
 * (TypeScript's excess-property check says the same for object literals).
 */

import type {
  LanguagePairName,
  PackagedModelName,
  ShippedModelName,
  SequenceTaskName,
  TargetLanguageCode,
} from './language-pairs.js';
export type { LanguagePairName, SequenceTaskName, TargetLanguageCode } from './language-pairs.js';

/** A row-major matrix: `data.length` must equal `rows * cols`. */
export interface Matrix {
  data: Float32Array;
  rows: number;
  cols: number;
}

/** Per-head matrices stacked: head h's row i, column j is `data[(h * rows + i) * cols + j]`. */
export interface HeadMatrices {
  data: Float32Array;
  heads: number;
  rows: number;
  cols: number;
}

/**
 * `'none'`: every query sees every key. `'causal'`: query i sees keys j ≤ i. A `Uint8Array` of Sq·Sk
 * entries (row-major, query by key): 1 where the query may attend to the key, 0 where it may not.
 */
export type Mask = 'none' | 'causal' | Uint8Array;

/**
 * The builds. 'wasm-relaxed-simd' differs from 'wasm-simd128' only in its multiply-adds (f32x4.relaxed_madd,
 * fused where the CPU has FMA): its results may differ between CPUs in the last bits. The '-threads' builds
 * share large calls among up to 4 threads.
 */
export type Backend =
  'wasm-relaxed-simd-threads' | 'wasm-relaxed-simd' | 'wasm-simd128-threads' | 'wasm-simd128' | 'wasm-scalar';

export interface AttentionArgs {
  /** Queries, Sq × dk, or a batch of H heads (H × Sq × dk). */
  q: Matrix | HeadMatrices;
  /** Keys, Sk × dk (Sk may differ from Sq: cross-attention), or H × Sk × dk (the same H as q). */
  k: Matrix | HeadMatrices;
  /** Values, Sk × dv (dv may differ from dk), or H × Sk × dv. */
  v: Matrix | HeadMatrices;
  /** Default `'none'`. */
  mask?: Mask;
  /** Multiplies every dot product; from -1e6 to 1e6. Default 1/√dk. */
  scale?: number;
  /**
   * Divides every logit; from 1e-6 to 1e6. High flattens the weights towards uniform, low sharpens them.
   * Default 1.
   */
  temperature?: number;
  /** One-hot weights on each row's largest logit (ties go to the lowest key index). Default false. */
  hard?: boolean;
  /**
   * Return the weights (default true). With false, `weights` is null and a streaming kernel (online softmax
   * over key blocks) computes the output in memory that grows with S·d, not Sq·Sk: long sequences fit.
   */
  weights?: boolean;
}

export interface AttentionResult {
  /** Sq × dv (H × Sq × dv for batched heads): each query's weighted sum of the values. */
  output: Matrix | HeadMatrices;
  /** Sq × Sk (H × Sq × Sk for batched heads): each row is the query's distribution over the keys; null when weights: false. */
  weights: Matrix | HeadMatrices | null;
}

export interface MultiHeadAttentionArgs {
  /** Query-side input, Sq × D. */
  xq: Matrix;
  /** Key/value-side input, Sk × D. Omit for self-attention (xkv = xq). */
  xkv?: Matrix;
  /** D × D. */
  wq: Matrix;
  /** D × (kvHeads·D/heads). */
  wk: Matrix;
  /** D × (kvHeads·D/heads). */
  wv: Matrix;
  /** D × D: mixes the concatenated heads. */
  wo: Matrix;
  /** Optional biases of length D, kvHeads·D/heads, kvHeads·D/heads and D. */
  bq?: Float32Array;
  bk?: Float32Array;
  bv?: Float32Array;
  bo?: Float32Array;
  /** H: divides D; each head works in width D/H. */
  heads: number;
  /** Divides `heads`. Default `heads` (standard); 1 is multi-query; others grouped-query (head h uses K/V head ⌊h·kvHeads/heads⌋). */
  kvHeads?: number;
  mask?: Mask;
  /** Default 1/√(D/heads). */
  scale?: number;
  temperature?: number;
  hard?: boolean;
}

export interface MultiHeadAttentionResult {
  /** Sq × D. */
  output: Matrix;
  /** heads × Sq × Sk. */
  weights: HeadMatrices;
}

export interface OnlineSoftmaxArgs {
  q: Matrix;
  k: Matrix;
  v: Matrix;
  /** Which query row (0-based). */
  row: number;
  /** Keys per block, 1 to 4096 (the kernel's own is 256). */
  blockSize: number;
  mask?: Mask;
  scale?: number;
  temperature?: number;
}

export interface OnlineSoftmaxBlock {
  /** The block's keys: [firstKey, firstKey + keys). */
  firstKey: number;
  keys: number;
  /** The block's logits (scaled; masked keys -Infinity). */
  scores: Float32Array;
  /** exp(score − runningMax): the block's weights before the final division, as the kernel keeps them. */
  weights: Float32Array;
  /** m after the block: the largest score so far (-Infinity while every key so far is masked). */
  runningMax: number;
  /** α = exp(m before − m after): what the running sum and the accumulator were multiplied by. */
  rescale: number;
  /** l after the block: Σ exp(score − m) over every key so far. */
  runningSum: number;
  /** O after the block: α·O + weights·V_block, not yet divided by l. */
  accumulator: Float32Array;
}

export interface OnlineSoftmaxTrace {
  /** One per block; a causal row has none past its own key (the kernel skips them). */
  blocks: OnlineSoftmaxBlock[];
  /** accumulator / runningSum after the last block: the row's attention output (zeros if every key is masked). */
  output: Float32Array;
}

export interface Attention {
  /** Which build is running. */
  readonly backend: Backend;
  /** Threads sharing out heads and query blocks of large calls (1 except in the '-threads' builds). */
  readonly threads: number;
  /**
   * Scaled dot-product attention. Throws a TypeError for arguments of the wrong type or unknown keys and a RangeError for
   * wrong shapes, non-finite numbers, bad masks or requests too large for memory; the message names the
   * argument and the expected vs actual value. The module keeps working after an error.
   */
  attention(args: AttentionArgs): AttentionResult;
  /** Multi-head attention (standard, multi-query or grouped-query). Errors as for `attention`. */
  multiHeadAttention(args: MultiHeadAttentionArgs): MultiHeadAttentionResult;
  /**
   * FlashAttention's online softmax, instrumented: query `row` of the streaming kernel (the one `attention`
   * runs with `weights: false`), `blockSize` keys at a time, with its state after every block. Its masking, its
   * fold of each block into the running maximum and sum, and its rescale of the output accumulator are the
   * kernel's own code; `output` equals that row of `attention`'s output (to float rounding). SIMD builds only
   * (RangeError in the scalar build); errors otherwise as for `attention`, and a RangeError for a row outside
   * q or a blockSize outside 1-4096.
   */
  onlineSoftmax(args: OnlineSoftmaxArgs): OnlineSoftmaxTrace;
  /** C = A·B (+ bias added to every row). A is M×K, B is K×N, bias has N values. Errors as for `attention`. */
  matmul(args: { a: Matrix; b: Matrix; bias?: Float32Array }): Matrix;
  /**
   * The logits attention normalises: (Q·Kᵀ)·scale/temperature, Sq×Sk, with masked entries set to -Infinity.
   * With scale 1 and temperature 1 these are the raw scores Q·Kᵀ. Errors as for `attention`.
   */
  logits(args: { q: Matrix; k: Matrix; mask?: Mask; scale?: number; temperature?: number }): Matrix;
  /** Bytes currently allocated inside the module and the size of its memory. */
  /**
   * Sinusoidal position encodings: P, rows (positions) × cols (width), dimension pair (2i, 2i+1) turning at
   * 10000^(−2i/cols), sin then cos; or, given `x`, x + P (what the transformer adds to its embeddings).
   * RangeError for rows outside 1-65536 or cols outside 1-4096.
   */
  positionalEncoding(args: { rows: number; cols: number } | { x: Matrix }): Matrix;
  memoryStats(): { allocatedBytes: number; heapBytes: number };
}

export interface LoadOptions {
  /**
   * Force a build. Default: relaxed SIMD where supported, else SIMD128, else scalar; threaded in the workers
   * of cross-origin-isolated pages (on a page's own thread a threaded call would spin while it waits for its
   * threads: ask for one by name there). RangeError for a build this engine or page cannot run.
   */
  backend?: Backend;
}

/**
 * Loads (once per backend; later calls share the instance) and resolves to the attention API. Rejects with a
 * TypeError for an unknown option, and with a ModuleLoadError when the build cannot load. With no `backend`, a
 * threaded build whose workers do not start gives way to its single-thread twin: the result's `backend` says which
 * runs (and the console says why).
 */
export function loadAttention(options?: LoadOptions): Promise<Attention>;

/**
 * A build could not load (loadAttention, loadTranslator, createTrainer): a file it needs (its glue, its wasm) could
 * not be fetched or imported, or its threads' workers did not start: a worker's script refused by the page's CSP
 * or missing (an error within milliseconds), or a worker silent for 10 s once sent the compiled module. Never a
 * wait without end. `cause` holds what the engine reported, when it reported anything.
 */
export class ModuleLoadError extends Error {
  readonly kind: 'module-load';
  /** The build that could not load. */
  readonly backend: Backend;
  constructor(message: string, backend: Backend, options?: ErrorOptions);
}

/**
 * The build a load with `requested` as its `backend` option uses: `requested` itself (checked: a RangeError when
 * this engine or page cannot run it), or, when undefined, the default for this engine and page.
 */
export function resolveBackend(requested?: Backend): Backend;

/** Whether this engine can compile WebAssembly SIMD128. */
export function supportsSimd(): boolean;

/**
 * Whether this engine runs WebAssembly relaxed SIMD (Chromium since 114; Node 20 only with
 * --experimental-wasm-relaxed-simd).
 */
export function supportsRelaxedSimd(): boolean;

/**
 * Whether the threaded build can run here: SIMD and shared memory (browsers share memory only with pages
 * served cross-origin isolated: `Cross-Origin-Opener-Policy: same-origin` and
 * `Cross-Origin-Embedder-Policy: require-corp`). Pages that are not get the single-thread build by default.
 */
export function supportsThreads(): boolean;

/**
 * A Web Worker running `script`, started so that it runs in every engine: from its own URL, or, in Firefox on a
 * cross-origin isolated page, from a one-line blob: URL that loads it (Firefox never starts a worker whose URL a
 * fetch-handling service worker controls there). Hosts with a strict CSP that serve Firefox cross-origin isolated
 * need `worker-src 'self' blob:`. The library starts the threaded builds' workers the same way.
 */
export function startWorker(script: string | URL, options?: { type?: 'classic' | 'module'; name?: string }): Worker;

/**
 * Where the package's `wasm/` and `models/` folders are served from, for hosts that copy them somewhere (a
 * bundler that does not follow `new URL(…, import.meta.url)`, a CDN): a folder URL ending in "/", absolute or
 * relative to the page. Call it before the first load. Default: next to the library, found by itself (Vite,
 * webpack 5, a plain static folder and Node need nothing). Throws a TypeError/RangeError for anything else.
 */
export function setAssetBase(url: string | URL | null): void;

/** The builds this package ships. */
export const backends: readonly Backend[];

// ---- the translation model ----

/** One map per layer, one per head: `maps[layer][head]`. */
export type LayeredMaps = Matrix[][];

/**
 * One token of a model's output distribution, as both models' steps name it: its `id` (a translator's column in
 * `outputWords`, a language model's token id), how it reads (`text`) and its probability.
 */
export interface TokenChoice {
  id: number;
  text: string;
  probability: number;
}

export interface DecodingStep {
  /** Index of the produced token in `target`. */
  step: number;
  /** The produced token's column in `Translator.outputWords` (for a copied word: the model's <unk>). */
  id: number;
  /** The word produced at this step (a copied word as copied). */
  text: string;
  /** @deprecated 0.1's name of `text` (a getter that warns once; not in copies). */
  readonly token: string;
  /** The probability the output distribution gave `id`. */
  probability: number;
  /** The output distribution's `top` (default 10) most likely words at this step, most likely first. */
  top: (TokenChoice & {
    /** @deprecated 0.1's name of `text` (a getter that warns once; not in copies). */
    readonly word: string;
  })[];
  /** What the decoder had seen when producing it: rows (and columns) 0..step of the final maps. */
  decoderSelfAttention: LayeredMaps;
  /** Rows 0..step of the final cross-attention maps (step+1 × S). */
  crossAttention: LayeredMaps;
}

export interface Translation {
  /** The input words, lower-cased, punctuation dropped, followed by '<eos>'. S tokens. */
  source: string[];
  /** The produced words, followed by '<eos>' when decoding stopped by itself. T tokens. */
  target: string[];
  /** [layer][head] S × S. */
  encoderSelfAttention: LayeredMaps;
  /** [layer][head] T × T, causal: row t (the query that produced target[t]) over the decoder inputs <bos>, target[0..t-1]. */
  decoderSelfAttention: LayeredMaps;
  /** [layer][head] T × S: row t is what produced target[t] attended to among the source tokens. */
  crossAttention: LayeredMaps;
  /** T × V: row t is the output distribution target[t] was chosen from; columns are `Translator.outputWords`. */
  probabilities: Matrix;
  /**
   * How the words were chosen (`forced`: teacher forcing, the decoder was fed `options.target`; 'beam': beam
   * search of width `beam`, null otherwise).
   */
  decoding: {
    choice: 'greedy' | 'sample' | 'beam';
    outputTemperature: number;
    seed: number;
    forced: boolean;
    beam: number | null;
  };
  /** The same maps as seen at each decoding step. */
  steps: DecodingStep[];
  /**
   * A model with "<unk>" (`Translator.copiesUnknownWords`): each output <unk> replaced by a source word, the one
   * the last decoder layer's cross-attention (heads averaged) weighs most among the words read as <unk> (among all
   * words when none was; never <eos>). `target[targetIndex]` is `word`, `source[sourceIndex]`. Empty otherwise, and
   * under teacher forcing (a forced word outside the vocabulary is fed, and shown, as "<unk>").
   */
  copied: { targetIndex: number; sourceIndex: number; word: string }[];
  /**
   * A model with "<unk>": the sentence's words outside its vocabulary, each once, read as <unk>, each with what
   * kind of word it is and known words to use instead (WordReading). Empty otherwise (such a model throws
   * UnknownWordError instead).
   */
  unknownWords: ({ word: string } & WordReading)[];
  /** With `options.beam`: every hypothesis the search kept. Null otherwise. */
  beam: BeamSearch | null;
  /**
   * For models of the toy grammar's language pairs (`Translator.task`) and sentences the grammar translates:
   * its own translation and, per word of it, the index in `source` of the English word it translates (-1 for
   * none, e.g. the Spanish personal "a" or the Japanese particles "wa" and "o"). `matchesModel` says whether
   * the model produced exactly this translation (only then do rows of the maps correspond to `sourceIndex`).
   * Null otherwise.
   */
  alignment: { target: string[]; sourceIndex: number[]; matchesModel: boolean } | null;
  /**
   * For models of the grammar's language pairs, a sentence the grammar does not translate: why, as a kind and the
   * words it names (`{ kind: 'needs-object', word: 'eat', examples: ['the dogs eat the apple'] }`), for a page to
   * say in its own language. Null otherwise.
   */
  outsideGrammar: GrammarProblem | null;
}

/** Where a noun phrase was expected, in `pronoun-case` and `expects-noun-phrase`; `roleWord` the word it names. */
export type NounPhraseRole =
  | 'subject' // the sentence starts with its subject
  | 'where-subject' // after “where is” (roleWord)
  | 'object' // the verb's object (roleWord: the verb)
  | 'preposition-object' // after a preposition (roleWord)
  | 'recipient' // after “to”, the one who receives
  | 'thing-given' // after “give maria” (roleWord), the thing given
  | 'given'; // after a giving verb (roleWord): what and to whom

/**
 * Why the toy grammar does not translate a sentence (`Translation.outsideGrammar`): a kind and the words it names,
 * the grammar's English words as they are. `after` is the sentence read so far ("we ate the apples"); `found` the
 * word found where another was expected (absent at the sentence's end); `examples` words or whole sentences the
 * grammar would take there. Kinds from `not-in-vocabulary` on are a target language's (`language`: its code, as
 * 'ja' or 'mr'; Spanish says the whole grammar); the others the English grammar's, whatever the pair.
 */
export type GrammarProblem =
  | { kind: 'empty' }
  | { kind: 'sentence-start'; found: string }
  | { kind: 'verb-agreement'; subject: string; number?: 'singular' | 'plural'; expected: string; found: string }
  | {
      kind: 'auxiliary-agreement';
      subject: string;
      number?: 'singular' | 'plural';
      expected: 'do' | 'does';
      found: string;
    }
  | { kind: 'where-needs-be'; found?: string }
  | { kind: 'needs-not'; word: 'do' | 'does' | 'did' }
  | { kind: 'expects-plain-verb'; after: string; examples: string[]; found?: string }
  | { kind: 'command-plain-form'; expected: string; found: string }
  | { kind: 'not-a-command'; word: string; examples: string[] }
  | { kind: 'expects-verb'; subject: string; examples: string[]; found?: string }
  | { kind: 'needs-object' | 'needs-destination'; word: string; examples: [string] }
  | { kind: 'expects-to-and-place'; word: string; found: string }
  | { kind: 'misplaced-to' }
  | { kind: 'takes-no-object'; word: string; prepositions: string[]; adverbs: string[]; found: string }
  | { kind: 'expects-preposition'; after: string; prepositions: string[]; adverbs: string[]; found: string }
  | { kind: 'needs-what-and-to-whom'; word: string; examples: [string, string] }
  | { kind: 'very-needs-adjective'; examples: string[]; found?: string }
  | { kind: 'expects-complement'; after: string; examples: string[]; prepositions: string[]; found?: string }
  | { kind: 'expects-profession'; after: string; examples: string[]; found?: string }
  | { kind: 'profession-number'; subject: string; number: 'singular' | 'plural'; expected: string; found: string }
  | { kind: 'article'; word: string; expected: 'a' | 'an'; found: 'a' | 'an' }
  | { kind: 'sentence-ends'; after: string; found: string }
  | { kind: 'no-reflexive'; person: 'first' | 'second' }
  | { kind: 'pronoun-after-preposition'; word: string; found: string }
  | { kind: 'past-same-as-present'; word: string; expected: string }
  | { kind: 'gives-pronoun'; found: string }
  | { kind: 'adverb-needs-past' | 'adverb-needs-present'; word: string; found: string }
  | {
      kind: 'pronoun-case';
      role: NounPhraseRole;
      roleWord?: string;
      form: 'subject' | 'object';
      expected: string;
      found: string;
    }
  | {
      kind: 'expects-noun-phrase';
      role: NounPhraseRole;
      roleWord?: string;
      names: string[];
      pronouns: string[];
      determiners: string[];
      found?: string;
    }
  | { kind: 'expects-noun'; after: string; examples: string[]; found?: string }
  | { kind: 'determiner-number'; word: string; number: 'singular' | 'plural'; expected: string; found: string }
  /** The word is not in the language's sentences, so not in its models' vocabulary either. */
  | { kind: 'not-in-vocabulary'; language: TargetLanguageCode; word: string }
  | { kind: 'needs-place'; language: TargetLanguageCode; word: string }
  | { kind: 'phrase-not-said'; language: TargetLanguageCode; word: string }
  | { kind: 'giving-to-you' | 'do-not-give-me'; language: 'ja' }
  | { kind: 'past-not-said' | 'ergative-past'; language: 'mr'; word: string; found: string }
  | { kind: 'animate-object'; language: 'mr'; word: string };

/**
 * Beam search (Wu et al. 2016): at each step the `width` most probable extensions of the open hypotheses are
 * kept; one ending in <eos> is finished. Hypotheses are ranked by `normalizedScore` = `score` / lp, `score` the sum
 * of the natural logarithms of their tokens' probabilities (<eos> included; the distribution at
 * `outputTemperature`), lp = ((5 + length) / 6)^`alpha`, `alpha` 0.6. The search stops when nothing is open, at
 * 32 tokens (open hypotheses then end there, unfinished) or when no open hypothesis can beat the best finished
 * one. A hypothesis that `repeats` (a source word's translation said twice) ranks below every finished one that
 * does not, and one cut at 32 tokens below every finished one, whatever their scores. The translation returned is
 * the best hypothesis, its maps those greedy decoding would give it.
 */
export interface BeamSearch {
  width: number;
  alpha: number;
  /** `steps[t]`: the hypotheses of t + 1 tokens kept at step t, best first. */
  steps: BeamNode[][];
  /** Where the returned translation's last token is: `steps[best.step][best.node]`. */
  best: { step: number; node: number };
  /**
   * Greedy decoding of the same sentence: its tokens (<eos> included when it stopped by itself; "<unk>" as the
   * model said it), its words (the same, but an <unk> as the source word it copies, as a node's `word` and
   * translate()'s greedy `target` show it), scores, and `path[t]`: the index in `steps[t]` of the node holding its
   * first t + 1 tokens, or -1 once it has left the beam (where greedy parts from the tree).
   */
  greedy: { tokens: string[]; words: string[]; score: number; normalizedScore: number; path: number[] };
}

export interface BeamNode {
  /** The token this hypothesis adds, as the model said it (an output word, "<eos>", or "<unk>"). */
  token: string;
  /** The token as shown: for an <unk> the source word it copies. */
  word: string;
  /** The hypothesis's words, first to last (`words[words.length - 1]` is `word`). */
  words: string[];
  /** The node it extends in the previous step (-1 at step 0). */
  parent: number;
  /** Sum of the log-probabilities of its tokens. */
  score: number;
  /** `score` divided by the length penalty. */
  normalizedScore: number;
  /** It ended with <eos>. */
  finished: boolean;
  /** The source index its token attends to most (the last decoder layer's heads summed); -1 for <eos> there. */
  attendedSource: number;
  /**
   * It, or a hypothesis it extends, said a token a second time while attending most to the same source word as
   * the first time: a source word's translation said more often than the source says the word.
   */
  repeats: boolean;
  /** For an <unk> of a model that has it: the source index it copies; -1 otherwise. */
  copiedFrom: number;
  /** [layer][head] 1 × S: the cross-attention row of the decoder position that chose this token. */
  crossAttention: LayeredMaps;
}

export interface HeldOutSentence {
  /** The English sentence and its translation, words separated by spaces. */
  source: string;
  target: string;
  /** For each word of `target`, the index of the English word it translates (-1 for none). */
  sourceIndex: number[];
}

/**
 * The models that open by name (the registry's language pairs with a model, language-pairs.js): toy English →
 * Spanish, toy English → Japanese (romanized, verb last), and toy English → Marathi, which the npm package leaves out
 * (a build of the repository and the playground's site have it; loading it from the package names the file).
 */
export type ShippedModel = ShippedModelName;

export interface Translator {
  readonly backend: Backend;
  readonly config: {
    dModel: number;
    heads: number;
    /** Key/value heads, dividing heads: query head h reads key/value head ⌊h·kvHeads/heads⌋ (heads for the shipped models). */
    kvHeads: number;
    ffn: number;
    encoderLayers: number;
    decoderLayers: number;
    maxPositions: number;
    parameters: number;
    /** How it sees positions ('sinusoidal' for the shipped models). */
    positions: PositionScheme;
    /** Whether its logits read the target embeddings instead of an output projection (false for the shipped models). */
    tiedOutput: boolean;
    /** What the model was trained without (all false for the shipped model). */
    ablations: { noPositions: boolean; noScaling: boolean; sigmoidGates: boolean };
  };
  /** The longest sentence accepted, in words. */
  readonly maxWords: number;
  /**
   * The toy grammar's language pair whose vocabularies the model has (the shipped models, and any model
   * trained on those tasks), or null: then `alignment` is always null and heldOutSentences() throws.
   */
  readonly task: LanguagePairName | null;
  /**
   * Whether the model has "<unk>" (trained with `unknownWordRate` above 0): it reads unknown words as <unk> and
   * copies them into the output (`Translation.copied`) instead of throwing UnknownWordError.
   */
  readonly copiesUnknownWords: boolean;
  /** The words the model knows (special tokens excluded). */
  readonly vocabulary: { readonly source: readonly string[]; readonly target: readonly string[] };
  /**
   * Every output token the model can produce: the columns of `Translation.probabilities` (<bos>, <eos> and, for a
   * model that has it, <unk> first).
   */
  readonly outputWords: readonly string[];
  /**
   * Translation, one word at a time. `temperature` (default 1, the training value) divides every attention
   * layer's logits. Throws UnknownWordError for words outside the vocabulary (unless `copiesUnknownWords`), RangeError for an empty or
   * over-long sentence (more than `maxWords` words or 4096 characters), a temperature that is not a finite
   * number > 0 or a bad decoding option, and TypeError for arguments of the wrong type or an unknown option. The translator keeps
   * working after an error. A refused sentence's RangeError says why in `kind` (as UnknownWordError's
   * `'unknown-words'`), for a page to say it in its own language: `'empty'`, or `'too-long'` with `words` and
   * `limit` (the sentence's words, `maxWords`) when it has too many words.
   */
  translate(sentence: string, options?: TranslateOptions): Translation;
  /**
   * `count` sentence pairs of the model's language pair held out of training (the same on every platform for
   * a seed). Throws a RangeError for a model whose `task` is null.
   */
  heldOutSentences(count: number, seed?: number): HeldOutSentence[];
  /**
   * Translates the first held-out sentences (greedy) and scores them, with the heads `headMask` switches off:
   * how much the model needs them. Throws a RangeError for a model whose `task` is null.
   */
  evaluate(options?: EvaluateOptions): TrainingEvaluation;
  /** @deprecated 0.1's form: evaluate({ count }). */
  evaluate(count: number): TrainingEvaluation;
  /**
   * Which source words each word of the greedy translation depended on: raw cross-attention, attention rollout
   * and attention flow (Abnar & Zuidema 2020), and the experiment they are measured against (each source word
   * removed in turn). Throws as translate() does for the sentence and options.
   */
  attribution(sentence: string, options?: AttributionOptions): Attribution;
  /** attribution()'s agreement pooled over held-out sentences. Throws a RangeError for a model whose `task` is null. */
  attributionAgreement(options?: { count?: number; headMask?: HeadMask }): AttributionAgreement & { sentences: number };
  /** Frees the model inside the module; later calls throw. */
  dispose(): void;
}

export interface AttributionOptions {
  /** Attention temperature, as for translate(). Default 1. */
  temperature?: number;
  /** Heads switched off, as for translate(). */
  headMask?: HeadMask;
}

/** Each method's Spearman with removal over the source words, averaged over output words (null: undefined). */
export interface AttributionAgreement {
  raw: number | null;
  rollout: number | null;
  flow: number | null;
  /** The output words it is averaged over (those whose removal row is not constant). */
  rows: number;
}

export interface Attribution {
  /** The sentence's words and "<eos>" (S tokens: the columns). */
  source: string[];
  /** The greedy translation and "<eos>" (T tokens: the rows). */
  target: string[];
  /** The encoder's own S × S maps: its last layer (heads averaged), the rollout and the flow over all layers. */
  encoder: { raw: Matrix; rollout: Matrix; flow: Matrix };
  /**
   * T × S, output word → source token: cross-attention averaged over decoder layers and heads (raw); that times
   * the encoder's rollout (rollout); the maximum flow from the output word through the encoder (flow).
   */
  relevance: { raw: Matrix; rollout: Matrix; flow: Matrix };
  /** T × (S − 1): p(output word) − p(output word with that source word removed), the output teacher-forced. */
  removal: Matrix;
  agreement: AttributionAgreement;
  /** Per output word (T each): each method's Spearman with removal, null where undefined. */
  rowAgreement: { raw: (number | null)[]; rollout: (number | null)[]; flow: (number | null)[] };
}

export interface TranslateOptions {
  /** Attention temperature: divides every attention layer's logits. Default 1. */
  temperature?: number;
  /** How each word is chosen: the most likely ('greedy', default) or a draw ('sample'). */
  decoding?: 'greedy' | 'sample';
  /**
   * Output temperature, 0.01 to 100 (default 1): the output distribution is softmax(logits / it). Not the
   * attention temperature: this one only changes which word comes next.
   */
  outputTemperature?: number;
  /** Sampling seed, a whole number from 0 to 2^53 - 1 (default 0): the same seed draws the same words. */
  seed?: number;
  /** How many of each step's most likely words `DecodingStep.top` keeps, a whole number (default 10). */
  top?: number;
  /**
   * Teacher forcing: target words (separated by spaces) fed to the decoder instead of its own output; each
   * step's distribution is the model's guess at the next of them. RangeError for words the model never produces.
   */
  target?: string;
  /**
   * Beam search of this width, a whole number from 1 to 8 (1 chooses greedy decoding's words): the translation is
   * the best hypothesis and `Translation.beam` the tree. RangeError out of range, with `decoding: 'sample'` or with
   * `target`.
   */
  beam?: number;
  /** Heads switched off (Michel et al. 2019): see HeadMask. */
  headMask?: HeadMask;
  /**
   * Greedy and sampled decoding keep the decoder's keys and values (a key/value cache) and decode each word from
   * them (default true); false recomputes the whole prefix at every step, to compare: the same words, probabilities
   * equal within float rounding. Teacher forcing and beam search run whole passes either way.
   */
  cache?: boolean;
}

/**
 * Heads switched off at inference, by kind of attention: each [layer][head], true or 1 for on, false or 0 for
 * off (a kind left out is all on). An off head's output is zeroed before the layer's output projection; its
 * attention map is still computed and returned. RangeError when a kind's layers or heads are not the model's.
 */
export interface HeadMask {
  encoderSelf?: readonly (readonly (boolean | 0 | 1)[])[];
  decoderSelf?: readonly (readonly (boolean | 0 | 1)[])[];
  cross?: readonly (readonly (boolean | 0 | 1)[])[];
}

export interface EvaluateOptions {
  /** How many held-out pairs, 1 to 10000 (default 100). */
  count?: number;
  headMask?: HeadMask;
}

/** A weight file as loadTranslator and loadLanguageModel take it: a URL (or a string relative to the page) or its bytes. */
export type WeightFile = string | URL | Uint8Array | ArrayBuffer;

export interface TranslatorOptions extends LoadOptions {
  /**
   * A shipped model by name (a ShippedModel; the first is the default; PackagedModelName those the npm package
   * holds, the others open from a build of the repository or the site), or a weight file. Each shipped model is
   * fetched only when loaded.
   */
  weights?: ShippedModel | WeightFile;
  /** @deprecated 0.1's name of `weights` (read as it, with a warning). */
  model?: ShippedModel | WeightFile;
}

/**
 * Loads a translation model into the module. Rejects with a RangeError naming the problem for a file that is
 * not a model, has another format version, or is corrupted (checksum) or truncated, and for one over the
 * limits: 64 MiB, 16,777,216 parameters. Nothing is allocated for a model before its header's sizes are
 * checked against the file's length. Rejects with a TypeError for an unknown option, and with a ModelFileError
 * for a file that cannot be read (a shipped model the npm package leaves out, a URL that answers nothing).
 */
export function loadTranslator(options?: TranslatorOptions): Promise<Translator>;

/**
 * A weight file that could not be read: a shipped model's file the npm package leaves out (not a PackagedModelName) or a host did not
 * serve, or a URL that answered nothing. `file` is the URL tried; the message says how to pass the file instead.
 */
export class ModelFileError extends Error {
  readonly kind: 'model-file';
  readonly file: string;
  constructor(message: string, file: string, options?: ErrorOptions);
}

/**
 * What kind of word an unknown word is, as far as the toy grammar's lexicon can tell, and known words of the same
 * kind to use instead: "eating" { kind: 'verb-form', base: 'eat', suggestions: ['eat', 'eats', 'ate'] }. Spelling
 * alone decides only a misspelling (a typo away from known words: one edit, two from eight letters up, the same first letter); a word nothing places is 'unknown',
 * with no suggestions.
 */
export interface WordReading {
  kind:
    | 'unknown'
    | 'misspelling'
    | 'noun'
    | 'verb'
    | 'adjective'
    | 'adverb'
    | 'noun-form'
    | 'verb-form'
    | 'comparative'
    | 'manner-adverb'
    | 'time-adverb'
    | 'place-adverb'
    | 'degree-adverb'
    | 'determiner'
    | 'pronoun'
    | 'preposition'
    | 'question-word'
    | 'conjunction'
    | 'modal'
    | 'contraction'
    | 'set-phrase';
  /** The word it is a form of ('noun-form', 'verb-form', 'comparative', 'manner-adverb'), or the words a
   * contraction stands for; '' otherwise. */
  base: string;
  /** Known words to use instead, at most 5: the same kind, or the base's forms, or the spelled-alike. */
  suggestions: string[];
}

/** Thrown by translate() for words the model does not know. */
export class UnknownWordError extends RangeError {
  readonly kind: 'unknown-words';
  readonly unknownWords: string[];
  /** For each unknown word, what kind of word it is and the known words to use instead. */
  readonly readings: Record<string, WordReading>;
  /** For each unknown word, its reading's suggestions. */
  readonly suggestions: Record<string, string[]>;
  /** `readings[i]`: the reading of `unknownWords[i]`. */
  constructor(message: string, unknownWords: string[], readings: WordReading[]);
}

/** The translation model's shape. */
export interface ModelShape {
  /** Model width D: even, 2 to 512. Default 32. */
  dModel?: number;
  /** Attention heads per layer, dividing dModel. Default 4. */
  heads?: number;
  /**
   * Key/value heads per attention layer, dividing heads: groups of heads/kvHeads query heads share one (1 is
   * multi-query attention, Shazeer 2019; others grouped-query, Ainslie et al. 2023). Default: heads.
   */
  kvHeads?: number;
  /** Hidden width of the feed-forward blocks, 1 to 4096. Default 64. */
  ffn?: number;
  /** 1 to 6 each. Default 2 and 2. */
  encoderLayers?: number;
  decoderLayers?: number;
  /**
   * How the model sees positions: sinusoids added to the embeddings ('sinusoidal', the default), nothing
   * ('none'), or only inside self-attention, by distance: RoPE ('rope', rotated queries and keys; the head width
   * must be even) or ALiBi ('alibi', a per-head penalty on far keys).
   */
  positions?: PositionScheme;
  /**
   * The output projection tied to the target embeddings (Press & Wolf 2017): the logits are the decoder's output
   * times the embedding table transposed, plus the output bias, so the model has target vocabulary × dModel
   * fewer parameters. Default false.
   */
  tiedOutput?: boolean;
}

export type PositionScheme = 'sinusoidal' | 'none' | 'rope' | 'alibi';

/** What the lecture notes argue each part of attention is for, taken away one at a time. All default false. */
export interface Ablations {
  /** No position encodings: the encoder sees a bag of words. */
  noPositions?: boolean;
  /** Logits are raw dot products, not scaled by 1/sqrt(head width). */
  noScaling?: boolean;
  /** One head per layer (overrides model.heads). */
  singleHead?: boolean;
  /** Each weight an independent sigmoid gate in (0, 1) instead of a softmax over the row (rows do not sum to 1). */
  sigmoidGates?: boolean;
}

/**
 * What the model learns: the toy English → Spanish, English → Japanese or English → Marathi corpus, or a sequence task
 * over the digits 0-9:
 * `'reverse'` ("3 1 4" → "4 1 3", an anti-diagonal map), `'sort'` ("3 1 4" → "1 3 4", content-based
 * attention), `'copy'` ("3 # 1 # 4" → "3 1 4", skipping the distractor "#").
 */
export type TrainingTask = LanguagePairName | SequenceTaskName;

/**
 * Sentence pairs of your own instead of a built-in task: `pairs` ([source, target] strings) or `text` (one pair
 * per line, a tab or " ||| " between the sides). `heldOut`: the share kept out of training for evaluate()
 * (default 0.1); `lowercase`: lower-case the target side (default true; the source side always is).
 */
export type PairsTask =
  | { pairs: [string, string][]; heldOut?: number; lowercase?: boolean }
  | { text: string; heldOut?: number; lowercase?: boolean };

/** Where a trainer runs each step's four fixed shards (the translator's trainer and the language model's alike). */
export interface TrainerThreadsOption {
  /**
   * Threads sharing each step's shards, 1 to 4 (maxTrainerThreads: one per shard). The weights after any number of
   * steps are the same bit for bit whatever the count; only the time differs. More than 1 needs a threaded build: with
   * no `backend`, the default build's '-threads' twin (RangeError where the page is not cross-origin isolated, or for
   * a single-thread `backend`). Default: defaultTrainerThreads() on a threaded build, else 1.
   */
  threads?: number;
}

export interface TrainerOptions extends LoadOptions, TrainerThreadsOption {
  /** Default: the registry's first language pair (English → Spanish). */
  task?: TrainingTask | PairsTask;
  /** Source lengths of a sequence task, distractors included: 1 ≤ min ≤ max ≤ 16. Default { min: 3, max: 8 }. */
  sequenceLength?: { min?: number; max?: number };
  /**
   * The language pairs' longest English sentence, in words (2 to 12), for training and held-out sentences alike: a
   * smaller task of the same grammar that trains in seconds. Default 5 (12: the whole corpus).
   */
  longestSentence?: number;
  /**
   * The language pairs' lexicon: its `vocabulary` most common nouns, verbs and adjectives (ranked by how often
   * American film and TV subtitles use them, SUBTLEX-US), the closed classes (articles, pronouns, prepositions, …)
   * always whole, for training and held-out sentences alike; 0 for the whole lexicon (a number above its size takes
   * it all too; one below the fewest words that give each of the grammar's roles a word is raised to that). Default 90: with it the default run reaches
   * 95.8% held-out exact (the whole lexicon of 540 words 68.6% in the same 1,000 steps, the commonest 117 93.8%). A whole number, 0 or
   * more (RangeError naming options.vocabulary otherwise); ignored by the sequence tasks and pasted pairs, as
   * `longestSentence` is.
   */
  vocabulary?: number;
  /** Seeds the initial weights. Default 7 (the shipped model's). Whole number, 0 to 2^53 − 1. */
  seed?: number;
  /** Seeds the stream of training sentences. Default 1. */
  dataSeed?: number;
  /**
   * Length of the run: warm-up, then cosine decay of the learning rate to 5% at this step. 1 to 1e6; default 1,000
   * for a language pair, 400 for a sequence task or pasted pairs (defaultTrainerSteps).
   */
  steps?: number;
  /** Sentence pairs per step, 1 to 1024. Default 48. */
  batchSize?: number;
  /** Adam's peak learning rate, in (0, 1]. Default 0.008. */
  learningRate?: number;
  /** Steps of linear warm-up, at most `steps`. Default min(40, steps / 10). */
  warmupSteps?: number;
  /**
   * Training to carry unknown words (Luong et al. 2015), 0 to 1 (default 0): the model gets "<unk>" and each
   * source word aligned to exactly one target word becomes <unk> with this probability, its target word too
   * (seeded by `dataSeed`). Its translators then copy unknown words instead of refusing them. RangeError for
   * pasted pairs (they have no alignments).
   */
  unknownWordRate?: number;
  model?: ModelShape;
  ablations?: Ablations;
}

export interface TrainingStep {
  /** Steps done so far. */
  step: number;
  /** Mean cross-entropy per target token over the steps this call ran (NaN if it ran none). */
  loss: number;
  /** Each step's loss per target token. */
  losses: Float32Array;
  /** The learning rate of the last step. */
  learningRate: number;
  /** Global L2 norm of the last step's gradient, before clipping to 1. */
  gradientNorm: number;
  /** Whether all `steps` are done (later calls run nothing). */
  done: boolean;
  /**
   * Wall-clock seconds the steps of this call spent in their shards' forward and backward passes: the part of a step
   * its threads share (the rest, drawing the batch, summing the shards' gradients and Adam's step, runs on one).
   */
  shardSeconds: number;
}

export interface TrainingEvaluation {
  /** Held-out sentences translated exactly right (greedy decoding), out of `total`. */
  exact: number;
  total: number;
  /**
   * The best cross-attention head's alignment share: of the target words with a true source word, the share
   * whose largest weight falls on it (the reference translation fed to the decoder, so it is defined early on).
   */
  alignment: number;
  /** Which head that is (0-based). */
  alignmentHead: { layer: number; head: number };
  /** Every head's share, index layer · heads + head. */
  alignmentByHead: number[];
  /**
   * Bytes a decoder caching its self-attention keys and values (float32) keeps per decoded token:
   * decoderLayers × 2 × kvHeads × head width × 4.
   */
  cacheBytesPerToken: number;
}

export interface Trainer {
  readonly backend: Backend;
  /** The threads each step's shards are shared among (1 on a single-thread build). */
  readonly threads: number;
  /** The options in force, defaults filled in. */
  readonly options: Required<Omit<TrainerOptions, 'backend' | 'threads' | 'model' | 'ablations' | 'sequenceLength'>> & {
    model: Required<ModelShape>;
    ablations: Required<Ablations>;
    sequenceLength: { min: number; max: number };
  };
  /** The model's parameter count. */
  readonly parameters: number;
  /** Trains `count` more steps (default 1; fewer when the run ends). RangeError unless 1 to 100000. */
  step(count?: number): TrainingStep;
  /**
   * Translates the first `count` held-out sentences (default 100, at most 10000) and scores them, with the heads
   * `headMask` switches off.
   */
  evaluate(options?: EvaluateOptions): TrainingEvaluation;
  /** @deprecated 0.1's form: evaluate({ count }). */
  evaluate(count: number): TrainingEvaluation;
  /**
   * A sequence task only (else RangeError): `count` held-out sequences (default 100, 1 to 1000) of every length
   * from 1 to `longest` (default 16, at most 16), translated greedily and scored exactly, lengths never trained on
   * included: how far the model's positions extrapolate.
   */
  evaluateLengths(options?: { longest?: number; count?: number }): { length: number; exact: number; total: number }[];
  /** A Translator over a copy of the current (float32) weights; dispose it when done. */
  translator(): Translator;
  /**
   * The current weights as a weight file; loadTranslator({ model: bytes }) reads it. `encoding`: 'float16'
   * (default), 'int8' (8-bit blocks of 64 with a float16 scale each: half the bytes) or 'int4' (4-bit blocks of
   * 32 with a float16 scale each, as the shipped models: 28% of the bytes).
   */
  save(options?: { encoding?: 'float16' | 'int8' | 'int4' }): Uint8Array;
  /**
   * The task's own answer for a source sentence: the target words and, for each, the index of the source word
   * it comes from (-1 for none); null when the task has none (a sentence outside the toy grammar, a sequence
   * with symbols the task does not use).
   */
  reference(sentence: string): { target: string[]; sourceIndex: number[] } | null;
  /**
   * The task's first `count` held-out pairs (1 to 10000; fewer when a small task has no more), those evaluate()
   * scores: source and target as space-separated words, and each target word's source index (-1 for none).
   */
  heldOut(count: number): { source: string; target: string; sourceIndex: number[] }[];
  /** A copy of the current parameters (float32, flat, in the weight file's order): exactly what training made. */
  weights(): Float32Array;
  /** Frees the trainer inside the module; later calls throw a RangeError. */
  dispose(): void;
}

/**
 * A trainer for a fresh model on the toy English → Spanish corpus or a sequence task, running in the module (the
 * threaded build shares each batch among its threads). Throws TypeError for an unknown option (naming the
 * closest known one: 'model.heads' for a top-level `heads`), an option of the wrong type and
 * RangeError for a value out of range, naming the option: heads not dividing dModel, sizes of zero or less,
 * a non-finite learning rate, or a model over 2,000,000 parameters. Pasted pairs refused are a RangeError whose
 * `kind` says why, for a page to say it in its own language: `'pairs-lines'` (`count` lines are bad; `lines` lists
 * each as `{ line, message, kind, side?, count?, limit? }`, kinds `'line-too-long'`, `'no-separator'`,
 * `'empty-side'`, `'too-many-words'`, `'word-too-long'`, `'too-many-pairs'`), `'too-few-pairs'` (`count`,
 * `limit`), `'no-training-pairs'`, `'no-held-out-pairs'` or `'too-many-distinct-words'` (`count`, `limit`).
 */
export function createTrainer(options?: TrainerOptions): Promise<Trainer>;
/**
 * A trainer for a language model on any text: a task given as { corpus }. A text refused is a RangeError whose
 * `kind` says why, for a page to say it in its own language: `'corpus-too-short'` (`count` characters, `limit`
 * needed), `'corpus-part-too-short'` (`side` `'held-out'` or `'training'`: `count` tokens, `limit` needed) or
 * `'corpus-too-long'` (`count` bytes, `limit` bytes).
 */
export function createTrainer(options: LanguageModelTrainerOptions): Promise<LanguageModelTrainer>;
/**
 * A saved language model run continued from its checkpoint (trainer.checkpoint()), on the text it was trained on
 * (RangeError for another: its length and CRC-32 are in the checkpoint), taking exactly the steps the uninterrupted
 * run would have. `steps` lengthens its schedule (the cosine then restarts from where that longer schedule is);
 * any other option is a RangeError: the model, tokenizer and schedule are the saved run's.
 */
export function createTrainer(options: LanguageModelResumeOptions): Promise<LanguageModelTrainer>;

/**
 * The defaults createTrainer() uses: with no options, the Train view's default run (en-es, sentences of at most 5
 * words over the lexicon's 90 most common open-class words, `languagePairSteps` (1,000) steps: about 95% held-out
 * exact). `steps` (400) is the sequence tasks' and
 * pasted pairs' run: defaultTrainerSteps(task) picks one.
 */
export const trainerDefaults: Readonly<
  Required<Omit<TrainerOptions, 'backend' | 'threads'>> & { languagePairSteps: number }
>;

/** The most threads a trainer uses: one per shard (4). */
export const maxTrainerThreads: number;
/**
 * The threads a trainer on a threaded build takes when not told: the machine's cores (navigator.hardwareConcurrency;
 * 1 where there is none, as in Node 20) less one for the page, at least 1, at most maxTrainerThreads.
 */
export function defaultTrainerThreads(): number;

/** The steps createTrainer() runs for `task` when not told: trainerDefaults.languagePairSteps or steps. */
export function defaultTrainerSteps(task?: TrainingTask | PairsTask | 'pairs'): number;

/**
 * A language model's corpus: any text (at least 20 characters, at most 8 MiB), cut in two at a character: the
 * first (1 − heldOut) to train on, the rest to measure (`heldOut` 0.01 to 0.5, default 0.1). The tokenizer is
 * learned from the training part: 'characters' (default: every multi-byte character a token of its own, ASCII a
 * byte) or 'byte-pairs' (`merges` of them, 1 to 4096, default 256), or 'gpt2-byte-pairs' (the same, its words
 * split by GPT-2's pattern, so that the model's tokenizer is one GPT-2's files can hold); all fall back to UTF-8
 * bytes, so any text encodes. `context`: the longest sequence the model reads (2 to 512, default 64).
 */
export interface LanguageModelTask {
  corpus: string;
  tokenizer?: 'characters' | 'byte-pairs' | 'gpt2-byte-pairs';
  merges?: number;
  context?: number;
  heldOut?: number;
}

export interface LanguageModelShape {
  /** Default 64. Even; heads divide it. */
  dModel?: number;
  /** Default 4. */
  heads?: number;
  /** Key/value heads shared by the query heads (a divisor of heads; default heads). */
  kvHeads?: number;
  /** Feed-forward width; 0 makes every block attention-only (Elhage et al. 2021). Default 256. */
  ffn?: number;
  /** Decoder-only blocks, 1 to 6. Default 2. */
  layers?: number;
  /** Default 'sinusoidal' ('learned' with architecture 'gpt2'): 'learned' is a context × dModel table (GPT-2's). */
  positions?: 'sinusoidal' | 'none' | 'rope' | 'alibi' | 'learned';
  /** The feed-forward layer's nonlinearity: 'relu' (default) or 'gelu' (GPT-2's tanh form; default with 'gpt2'). */
  activation?: 'relu' | 'gelu';
  /**
   * 'playground' (default: the embedding × √dModel, an unembedding matrix with a bias) or 'gpt2', GPT-2's model: the
   * embedding added as it is and the unembedding tied to it without a bias, with learned positions and GELU, no
   * window, no sink logits and a key/value head per query head (anything else is refused). Its weights export as
   * Hugging Face's GPT-2 files.
   */
  architecture?: 'playground' | 'gpt2';
  /**
   * Sliding-window attention (Longformer, Mistral): each position reads itself and the window − 1 before it, in
   * training (a band mask) and in generation (a cache that evicts its oldest position: its memory stays flat).
   * 0 (default) to task.context; 0 reads every earlier position. Kept in the weight file.
   */
  window?: number;
  /**
   * A learnable sink logit per head (as gpt-oss): one more entry in each softmax's denominator whose value is zero,
   * so a head can attend to nothing; its attention rows then sum to 1 − the sink's share. Default false.
   */
  sinkLogits?: boolean;
}

export interface LanguageModelTrainerOptions extends LoadOptions, TrainerThreadsOption {
  task: LanguageModelTask;
  /** Default 7. */
  seed?: number;
  /** Seeds where each step's windows of the corpus start. Default 1. */
  dataSeed?: number;
  /** Default 1,200 (the Generate view's run). */
  steps?: number;
  /** Windows of context + 1 tokens per step. Default 8. */
  batchSize?: number;
  /** Default 0.008. */
  learningRate?: number;
  /** Default min(60, steps / 10). */
  warmupSteps?: number;
  model?: LanguageModelShape;
}

export interface LanguageModelResumeOptions extends LoadOptions, TrainerThreadsOption {
  task: { corpus: string };
  /** A training checkpoint (magic APLS). */
  resume: Uint8Array | ArrayBuffer;
  /** A schedule of this many steps (at least the steps already taken); default the saved one. */
  steps?: number;
}

/** Bits of a text under a model: every token but the first predicted from those before it. */
export interface TextScore {
  bitsPerCharacter: number;
  /** Tokens predicted. */
  tokens: number;
  /** Characters those tokens spell. */
  characters: number;
}

export interface LanguageModelTrainer {
  readonly backend: Backend;
  /** The threads each step's shards are shared among (1 on a single-thread build). */
  readonly threads: number;
  readonly options: Readonly<{
    task: Required<Omit<LanguageModelTask, 'corpus'>> & { characters: number };
    /** null for a continued run (its initial seed is not kept). */
    seed: number | null;
    dataSeed: number;
    steps: number;
    batchSize: number;
    learningRate: number;
    warmupSteps: number;
    model: Required<LanguageModelShape>;
  }>;
  readonly parameters: number;
  readonly trainTokens: number;
  readonly heldOutTokens: number;
  readonly tokenizer: LanguageModelTokenizer;
  /** The step a continued run started from (0 for a fresh run). */
  readonly resumedAt: number;
  /** Trains `count` more steps (default 1; fewer when the run ends). RangeError unless 1 to 100000. */
  step(count?: number): TrainingStep;
  /**
   * The model and two counting baselines learned from the training part (a unigram model with add-one
   * smoothing, a bigram interpolated with it, Witten-Bell) on the first `count` held-out tokens (default 4096).
   */
  evaluate(options?: {
    count?: number;
    /** @deprecated 0.1's name of `count` (read as it, with a warning). */
    maxTokens?: number;
  }): TextScore & { baselines: { unigram: TextScore; bigram: TextScore } };
  /** A LanguageModel over a copy of the current (float32) weights; dispose it when done. */
  languageModel(): LanguageModel;
  /** The current weights as a weight file (float16, magic APLM); loadLanguageModel({ weights }) reads it. */
  save(): Uint8Array;
  /**
   * The run to continue later (magic APLS): float32 weights, Adam's moments, the schedule, the step and the window
   * draws (about 12 bytes a parameter); createTrainer({ task: { corpus }, resume }) continues it.
   */
  checkpoint(): Uint8Array;
  dispose(): void;
}

export interface LanguageModelTokenizer {
  kind: 'characters' | 'byte-pairs' | 'gpt2-byte-pairs';
  /** 256 bytes + learned tokens. */
  size: number;
  /** Byte-pair merges (0 for characters). */
  merges: number;
}

/**
 * A language model's heads switched off for one call: [layer][head] of true/1 (on) or false/0 (off); each head's
 * output is zeroed before its block's output projection.
 */
export type LanguageModelHeadMask = ReadonlyArray<ReadonlyArray<boolean | 0 | 1>>;

export interface GenerateOptions {
  /** Tokens to write, 1 to 4096. Default 64. */
  tokens?: number;
  /** How each token is chosen: a draw ('sample', default) or the most likely ('greedy'), as for translate(). */
  decoding?: 'greedy' | 'sample';
  /** The sampling temperature, 0.01 to 100: draws from softmax(logits / it). Default 1. */
  outputTemperature?: number;
  /**
   * @deprecated 0.1's sampling temperature: read as outputTemperature, and 0 as decoding: 'greedy' (with a warning).
   */
  temperature?: number;
  /** Keep only the k most likely tokens (0: all). Default 0. */
  topK?: number;
  /** Keep the smallest set of most likely tokens whose probability reaches topP, in (0, 1]. Default 1. */
  topP?: number;
  /** Seeds the draws. Default 0, as for translate(). */
  seed?: number;
  /** Most likely tokens reported per step, 1 to 64. Default 10. */
  top?: number;
  /** Read earlier tokens' keys and values from the cache (default true), or recompute the window each step. */
  cache?: boolean;
  /**
   * Threads sharing each token's large products (a model of GPT-2's widths; a small model's stay on one), 1 to 4, on a
   * threaded build only: the same tokens and probabilities for any count. Default: the machine's cores less one on a
   * threaded build, else 1.
   */
  threads?: number;
  /** Heads switched off for this call. */
  headMask?: LanguageModelHeadMask | null;
}

/** 0.1's names of a generated token's fields, still read (getters that warn once; not in copies). */
interface OldTokenFields {
  /** @deprecated 0.1's name of `id`. */
  readonly token: number;
  /** @deprecated 0.1's name of `text`. */
  readonly piece: string;
}

export interface GeneratedStep extends OldTokenFields {
  /** The token's id. */
  id: number;
  /** How the token reads (a byte that is not a whole character: <0xNN>). */
  text: string;
  /** Its probability in the distribution it was drawn from. */
  probability: number;
  /** That distribution's `top` most likely tokens. */
  top: (TokenChoice & OldTokenFields)[];
  /** layers × heads rows of `length` weights: the new token's attention over the window. */
  attention: Float32Array;
  length: number;
  /** Position (in prompt + generated tokens) of the window's first token: the window moves by half a context once full. */
  windowStart: number;
  /** Bytes the key/value cache holds allocated after this token (0 without the cache). */
  cacheBytes: number;
}

export interface Generation {
  /** The generated text (the prompt not included). */
  text: string;
  promptTokens: Int32Array;
  promptPieces: string[];
  steps: GeneratedStep[];
  /** Time the module spent generating. */
  seconds: number;
}

export interface InspectOptions {
  /** The token to look inside at (0 … tokens − 1; default the last). */
  position?: number;
  /** Tokens per logit-lens layer and neurons per MLP (1 to 1000; default 10). */
  top?: number;
  /**
   * 'rows' (the default): each head's attention row at the position; 'full': also every head's whole map
   * [head][query][key], for texts of at most 256 tokens (longer texts get the rows only).
   */
  attention?: 'rows' | 'full';
  /** Heads switched off for this call. */
  headMask?: LanguageModelHeadMask | null;
}

/** A residual-stream vector (dModel floats) and its Euclidean norm. */
export interface ResidualVector {
  norm: number;
  vector: Float32Array;
}

/** One block at the position (TransformerLens: blocks.i.hook_resid_pre, attn.hook_pattern, hook_resid_mid, …). */
export interface InspectedBlock {
  /** The residual stream entering the block (blocks.i.hook_resid_pre). */
  residPre: ResidualVector;
  attention: {
    /** [head] → the position's attention weights over keys 0 … position (blocks.i.attn.hook_pattern's row). */
    pattern: Float32Array[];
    /** [head][query] → weights over every key: only with attention: 'full' and at most 256 tokens. */
    full?: Float32Array[][];
  };
  /** After the attention's output is added (blocks.i.hook_resid_mid). */
  residMid: ResidualVector;
  /** The MLP's hidden units after its nonlinearity (blocks.i.mlp.hook_post) and the most active; null without one. */
  mlp: { post: Float32Array; top: { neuron: number; value: number }[] } | null;
  /** After the MLP's output is added (blocks.i.hook_resid_post): the next block's residPre. */
  residPost: ResidualVector;
}

export interface LogitLensLayer {
  /** 0: the embeddings; i + 1: after block i (the last layer is the model's own output). */
  layer: number;
  /** The most likely next tokens had the model stopped there: the stream through ln_final and the unembedding. */
  top: TokenChoice[];
}

export interface Inspection {
  tokens: { id: number; text: string }[];
  position: number;
  /** TransformerLens's names of the activations returned. */
  names: string[];
  embed: {
    /**
     * The token's embedding row as the residual stream receives it (hook_embed; ×√dModel in our own models, unscaled
     * in GPT-2).
     */
    token: Float32Array;
    /**
     * The position's encoding added to it (hook_pos_embed): its learned row (GPT-2), its sinusoid, or null (none,
     * RoPE, ALiBi).
     */
    position: Float32Array | null;
  };
  blocks: InspectedBlock[];
  /** The logit lens (nostalgebraist 2020): layers + 1 rows. */
  logitLens: LogitLensLayer[];
  /** The model's own prediction at the position (the lens's last layer). */
  final: { top: TokenChoice[] };
  /** The first logitLens layer whose top token is the final top token. */
  firstAgreeingLayer: number;
}

export interface LanguageModel {
  readonly backend: Backend;
  readonly config: Readonly<{
    dModel: number;
    heads: number;
    kvHeads: number;
    ffn: number;
    layers: number;
    context: number;
    vocabulary: number;
    positions: 'sinusoidal' | 'none' | 'rope' | 'alibi' | 'learned';
    /** Sliding-window attention's width (0: every earlier position). */
    window: number;
    /** Whether each head has a learnable sink logit (its attention rows sum to less than 1). */
    sinkLogits: boolean;
    /** The feed-forward layer's nonlinearity ('gelu': GPT-2's tanh form). */
    activation: 'relu' | 'gelu';
    /** 'gpt2' when the model is GPT-2's architecture (learned positions, GELU, tied unembedding without a bias). */
    architecture: 'playground' | 'gpt2';
    /** Whether the unembedding is the embedding table (logits = x·Eᵀ). */
    tiedOutput: boolean;
    parameters: number;
    /** layers × 2 × kvHeads × head width × 4. */
    cacheBytesPerToken: number;
  }>;
  readonly tokenizer: LanguageModelTokenizer;
  /** Continues `prompt` (empty: from a line break) token by token. */
  generate(prompt: string, options?: GenerateOptions): Generation;
  /** Bits per character of `text` (at least two tokens). */
  evaluate(options: { text: string; headMask?: LanguageModelHeadMask | null }): TextScore;
  /** @deprecated 0.1's form: evaluate({ text }). */
  evaluate(text: string): TextScore;
  /**
   * Bits per character of `text` (at most 1 MiB) read a token at a time, however far past the context: each query
   * keeps every key before it (window 0, the default: the cache grows with the text), or the last `window` (1 to
   * 4096, its own included; the oldest evicted from the cache), beside the text's first `sinks` (0 to 64), or those
   * positions recomputed from scratch (recompute). RoPE and ALiBi see a key's place in the cache, as StreamingLLM
   * does; sinusoids the token's place in the text. RangeError for sinks or recompute without a window.
   */
  evaluateStreaming(text: string, options?: StreamingOptions): StreamingScore;
  /**
   * Per [layer][head], the mean attention weight on the first token from every later query, averaged over the
   * text cut into windows of the context (Gu et al. 2024; a head above sinkThreshold is a sink head).
   */
  firstTokenAttention(text: string, options?: { headMask?: LanguageModelHeadMask | null }): number[][];
  tokenize(text: string): { ids: Int32Array; pieces: string[] };
  /**
   * Each head's copying score, [layer][head], from its weights (Elhage et al. 2021): Σλ / Σ|λ| over the eigenvalues of
   * its direct OV circuit on the distinct tokens of `text` (LayerNorm's gains folded in): 1 copies (raises the token it
   * attends to), −1 anti-copies, near 0 maps tokens elsewhere.
   */
  copyingScores(text: string): number[][];
  /**
   * Every part of the forward pass at one position of `text`, from one pass over its tokens up to there: the
   * embeddings, each block's residual stream, attention and MLP, and the logit lens. RangeError with `kind`
   * 'empty' (no token), 'context' (more tokens than the context: `count`, `limit`) or 'position' (out of range).
   */
  inspect(text: string, options?: InspectOptions): Inspection;
  /** Byte-pair merges in the order learned (empty for characters). */
  merges(): { left: string; right: string; merged: string }[];
  /**
   * A 'gpt2-byte-pairs' model's tokenizer as GPT-2's two files (vocab.json, merges.txt), which gpt2Tokenizer reads
   * into a tokenizer that encodes every text as this model does. RangeError for the other kinds, whose words split
   * otherwise.
   */
  tokenizerFiles(): { vocab: string; merges: string };
  /**
   * A model of GPT-2's architecture (createTrainer's model.architecture 'gpt2') with GPT-2's byte pairs
   * (task.tokenizer 'gpt2-byte-pairs') as GPT-2's four files: loadLanguageModel({ gpt2 }) opens them to the same
   * model. Another architecture is a RangeError of kind 'config' naming its first difference; another tokenizer,
   * kind 'vocab'.
   */
  gpt2Files(): { weights: Uint8Array; config: string; vocab: string; merges: string };
  save(): Uint8Array;
  dispose(): void;
}

/**
 * A language model from its weight file (a LanguageModelTrainer's save(), or its URL). A translator's weight
 * file is refused by name, as forged or truncated files are (RangeError); the error's `kind` says why, for a page
 * to say it in its own language: `'translator-file'`, `'checkpoint-file'` (a trainer's checkpoint()),
 * `'not-a-language-model'`, `'other-version'`, `'damaged'` or `'too-large'` (`limit` bytes). `weightBits` 8 generates
 * from an int8 copy of every linear map's and the unembedding's weights (a scale per output), made once here; 32
 * (the default) from the float32 weights.
 */
export function loadLanguageModel(
  options: LoadOptions & { weights: WeightFile; weightBits?: 8 | 32 },
): Promise<LanguageModel>;

/** GPT-2's tokenizer (gpt2Tokenizer). */
export interface Gpt2Tokenizer {
  /** The vocabulary's size (50,257 for GPT-2). */
  readonly size: number;
  /** <|endoftext|>'s id (50,256 for GPT-2), or -1 when the vocabulary has none. */
  readonly endOfText: number;
  /**
   * GPT-2's ids of `text`: byte-level BPE with its byte-to-unicode table, its pre-tokenizing pattern (\s as Python's
   * regex module reads it: White_Space) and merges by rank; the literal <|endoftext|> is its one id. A lone
   * surrogate is U+FFFD, as TextEncoder writes it.
   */
  encode(text: string): Int32Array;
  /** The text of `ids`, a UTF-8 sequence cut inside a character written as U+FFFD. RangeError for an unknown id. */
  decode(ids: number[] | Int32Array): string;
  /** Frees it in the module; any call after throws a RangeError. */
  dispose(): void;
}

/**
 * GPT-2's tokenizer from the files a learner downloads: `vocab` (vocab.json as text, or its object) and `merges`
 * (merges.txt). Files that are not GPT-2's are refused with a RangeError whose `kind` is 'vocab' or 'merges'
 * and whose message names what is wrong (a token the byte table cannot spell, a merge of a token the vocabulary
 * lacks, a repeated id, ...).
 */
export function gpt2Tokenizer(options: {
  vocab: string | Record<string, number>;
  merges: string;
  backend?: LoadOptions['backend'];
}): Promise<Gpt2Tokenizer>;
/** GPT-2's four files as a learner downloads them from a GPT-2 model page on Hugging Face. */
export interface Gpt2Files {
  /** model.safetensors (F32, F16 or BF16 tensors, with or without the `transformer.` prefix): read a window at a time. */
  weights: Uint8Array | ArrayBuffer | Blob | string | URL;
  /** config.json, as its text, its object or its URL (a URL object: a string is its text). */
  config: string | object | URL;
  /** vocab.json, as its text, its object or its URL (a URL object). */
  vocab: string | object | URL;
  /** merges.txt's text, or its URL (a URL object). */
  merges: string | URL;
}

export interface Gpt2Progress {
  phase: 'header' | 'tensors' | 'ready';
  /** Bytes of model.safetensors dealt with (read, or skipped: the mask buffers), of `total` (the file's size). */
  loaded: number;
  total: number;
}

/**
 * The kinds of a refused GPT-2 (the RangeError's `kind`): the file `'truncated'`, its `'header-length'` past the end,
 * its `'header'` not the format's JSON, a tensor's `'dtype'` not F32/F16/BF16, its `'size'` not its shape's, byte
 * ranges (`'offsets'`) overlapping or leaving gaps, a parameter `'missing'`, a tensor's `'shape'` not the config's,
 * config.json (`'config'`), vocab.json (`'vocab'`) or merges.txt (`'merges'`) unusable, a model larger than the
 * module's memory (`'memory'`), or a file's URL that answered with an HTTP error or could not be reached (`'fetch'`).
 */
export type Gpt2RefusalKind =
  | 'truncated'
  | 'header-length'
  | 'header'
  | 'dtype'
  | 'size'
  | 'offsets'
  | 'missing'
  | 'shape'
  | 'config'
  | 'vocab'
  | 'merges'
  | 'memory'
  | 'fetch';

/** GPT-2's four files under the names Hugging Face gives them (what a folder passed as `gpt2` holds). */
export const gpt2FileNames: Readonly<{
  weights: 'model.safetensors';
  config: 'config.json';
  vocab: 'vocab.json';
  merges: 'merges.txt';
}>;

/**
 * GPT-2 from its files (web/lib/gpt2.js): model.safetensors read a window of a few MB at a time, in file order (a
 * URL by HTTP Range requests, or its response's stream), so the whole file and the whole model are never both in
 * memory. onProgress follows the reading; signal cancels it, freeing what the module took (the promise rejects with
 * the signal's reason, an AbortError). `gpt2` may be the URL of a folder holding the four under gpt2FileNames (a
 * host's folder, or a model's `https://huggingface.co/<model>/resolve/main/`). Refusals are RangeErrors whose `kind`
 * is a Gpt2RefusalKind.
 */
export function loadLanguageModel(
  options: LoadOptions & {
    gpt2: Gpt2Files | string | URL;
    onProgress?: (progress: Gpt2Progress) => void;
    signal?: AbortSignal;
  },
): Promise<LanguageModel>;

/**
 * Sequences for the induction-head experiment: `count` strings of minLength to maxLength (default 8-20) distinct
 * characters of `alphabet` (default a-z), each followed by itself ("qfkxqfkx"); seeded (default 1).
 */
export function repeatedSequences(options: {
  count: number;
  minLength?: number;
  maxLength?: number;
  alphabet?: string;
  seed?: number;
}): string[];

/** What inductionScores() measures of a language model, per [layer][head]. */
export interface InductionScores {
  /** Mean attention from a position to the one before it. */
  previousToken: number[][];
  /** Mean attention from a position of the repeat to the one after the same character's earlier occurrence. */
  prefixMatching: number[][];
  /** LanguageModel.copyingScores() on the sequences' characters: whether what a head reads is what it raises. */
  copying: number[][];
  /** Bits per character predicting the first half (after its first character). */
  firstHalfBits: number;
  /** Bits per character predicting the repeat (after its first character). */
  repeatBits: number;
}

/**
 * Induction heads (Olsson et al. 2022) in a characters-tokenizer language model, on sequences from
 * repeatedSequences(): each head's previous-token and prefix-matching scores, and the loss on each half.
 */
export function inductionScores(lm: LanguageModel, sequences: readonly string[]): InductionScores;

/**
 * The induction-head experiment (`npm run experiment:induction`, the Generate view): createTrainer options for an
 * attention-only model of `layers` layers (2, or the 1-layer control) on random strings repeated, and 16 others
 * to measure inductionScores() with.
 */
export function inductionExperiment(options: { layers: 1 | 2 }): {
  trainerOptions: LanguageModelTrainerOptions;
  probe: string[];
};

export interface StreamingOptions {
  /** Keys kept: the last `window` positions (0, the default: every one). */
  window?: number;
  /** The text's first tokens kept beside the window (StreamingLLM's attention sinks). Default 0. */
  sinks?: number;
  /** Recompute the kept positions' causal pass at each step instead of caching (the quality reference). */
  recompute?: boolean;
  /** Heads switched off for this call. */
  headMask?: LanguageModelHeadMask | null;
}

export interface StreamingScore extends TextScore {
  /** layers × heads: each head's mean weight on the first position kept (the text's first token with sinks). */
  firstPositionAttention: Float32Array;
  /** Most positions one query attended. */
  longest: number;
  /** The key/value cache's allocation after the last token, measured (0 when recomputing). */
  cacheBytes: number;
}

/** One row of streamingReadings(). */
export interface StreamingReading {
  /** 'every key', 'window, cached', 'window, recomputed' or '<k> first + window'. */
  reading: string;
  window: number;
  sinks: number;
  recompute: boolean;
  bitsPerCharacter: number;
  /** [layer][head]: mean weight on the first position kept. */
  firstPositionAttention: number[][];
  longest: number;
  cacheBytes: number;
}

/**
 * StreamingLLM's comparison (Xiao et al. 2023) on one text: every key, a cached window of `window` keys, the same
 * window recomputed, and the first 1, 2 and 4 tokens (or `sinkCounts`) kept beside the cached window.
 */
export function streamingReadings(
  lm: LanguageModel,
  text: string,
  options: { window: number; sinkCounts?: number[] },
): StreamingReading[];

/**
 * Per [layer][head], the mean share of attention a head's learnable sink logit took over a generation's steps
 * (1 − the row's sum; 0 without sink logits).
 */
export function sinkLogitShares(generation: Generation, layers: number, heads: number): number[][];

/** Gu et al.'s threshold (0.3) on a head's mean attention to the first token. */
export const sinkThreshold: number;

/** firstTokenAttention() per [layer][head], and the share of heads above sinkThreshold. */
export function sinkHeads(lm: LanguageModel, text: string): { shares: number[][]; sinkRate: number };

/**
 * The attention-sink experiment (`npm run experiment:sinks`): createTrainer options for the default language model
 * with `positions` (default 'rope') and a trained sliding window `trainedWindow` on `corpus` for `steps` (default 800), the corpus's last `contexts` × 64
 * characters (default 32) to read, and the window (half the context).
 */
export function sinkExperiment(options: {
  corpus: string;
  positions?: 'sinusoidal' | 'rope' | 'alibi';
  /** A sliding window the model trains with (default 0: none). */
  trainedWindow?: number;
  /** A learnable sink logit per head (default false). */
  sinkLogits?: boolean;
  steps?: number;
  contexts?: number;
}): { trainerOptions: LanguageModelTrainerOptions; text: string; window: number };

/** The defaults createTrainer({ task: { corpus } }) uses. */
export const languageModelDefaults: Readonly<{
  task: Readonly<Required<Omit<LanguageModelTask, 'corpus'>>>;
  seed: number;
  dataSeed: number;
  steps: number;
  batchSize: number;
  learningRate: number;
  warmupSteps: number;
  model: Readonly<Required<Omit<LanguageModelShape, 'kvHeads'>>>;
}>;
