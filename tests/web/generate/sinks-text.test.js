// The sinks panel's sentences, from readings measured by `npm run experiment:sinks` (docs/models.md's table: the
// default model, 800 steps, the novel's last 2,048 characters): each row says what it keeps and how it reads against
// the reading it is measured by, the numbers deciding "the same" (within 0.02 bits), "worse" or "better" and the
// positions the reason; the bytes held beside the bytes allocated; the sink logit said with what it took and changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { heldBytes, readingSentence, sinkLogitText } from '../../../web/src/generate/sinks-text.js';
import { loadMessages } from '../../../web/src/i18n/messages.js';

const heads = (value) => [
  [value, value, value, value],
  [value, value, value, value],
];
/** streamingReadings' six rows with these bits (every key, cached, recomputed, 1, 2, 4 first) and end lengths. */
function readings(bits, { trainedWindow = 0, share = 0.03 } = {}) {
  const window = 32;
  const rows = [
    { window: 0, sinks: 0, recompute: false, longest: trainedWindow || 2048 },
    { window, sinks: 0, recompute: false, longest: window },
    { window, sinks: 0, recompute: true, longest: window },
    ...[1, 2, 4].map((sinks) => ({ window, sinks, recompute: false, longest: window + sinks })),
  ];
  return rows.map((row, i) => ({ ...row, bitsPerCharacter: bits[i], firstPositionAttention: heads(share) }));
}
const run = (positions, bits, extra = {}) => ({
  positions,
  context: 64,
  characters: 2048,
  trainedWindow: 0,
  cacheBytesPerToken: 1024,
  step: 800,
  shares: heads(0.04),
  sinkLogits: false,
  logitShares: null,
  readings: readings(bits, extra),
  ...extra,
});
const rope = run('rope', [4.768, 2.242, 2.242, 2.242, 2.242, 2.242], { inside: 2.194 });
const alibi = run('alibi', [2.492, 2.483, 2.481, 2.484, 2.486, 2.486], { inside: 2.445 });
const sinusoids = run('sinusoidal', [4.155, 3.992, 2.572, 3.994, 3.991, 3.988], { inside: 2.544 });
const sentences = (result) => result.readings.map((row) => readingSentence(row, result));

describe('the sinks table’s sentences', () => {
  beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')]));

  it('RoPE: every key fails past the trained 64 (4.77), the cached window equals recomputing, the first tokens change nothing', () => {
    expect(sentences(rope)).toEqual([
      'Each query reads its own key and every key before it, up to 2,048, while the model trained on at most 64. ' +
        'It reads 4.77 bits per character, 2.53 worse than the recomputed window (2.24). RoPE turns each query and ' +
        'key by its place, and training never saw two tokens more than 64 apart.',
      'Each query reads the last 32 keys from the cache; as a new token comes, the oldest is evicted. RoPE reads a ' +
        'key’s place in the cache, not in the text, so a cached key sits where recomputing would put it. It reads ' +
        '2.24 bits per character, the same as the recomputed window to within 0.02.',
      'At each step the last 32 tokens run through the model afresh, with no cache: the reference a cache is ' +
        'measured against, at 32 positions of work per token. Read in whole windows of its trained context, 64, the ' +
        'same model scores 2.19; with only the last 32 it reads 2.24.',
      'The text’s first token stays in the cache beside the last 32: StreamingLLM’s attention sinks. The first token ' +
        'draws at most 0.03 of a head’s attention here (a sink head gives it more than 0.3). It reads 2.24 bits per ' +
        'character, the same as the cached window alone to within 0.02.',
      expect.stringMatching(
        /^The text’s first 2 tokens stay in the cache beside the last 32: .* The first token draws at most/,
      ),
      expect.stringMatching(
        /^The text’s first 4 tokens stay .* the same as the cached window alone to within 0\.02\.$/,
      ),
    ]);
  });

  it('ALiBi: equal readings said to be the same, never “2.49 against 2.49”, and why every key reads well', () => {
    const [every, cached] = sentences(alibi);
    expect(every).toBe(
      'Each query reads its own key and every key before it, up to 2,048, while the model trained on at most 64. ' +
        'It reads 2.49 bits per character, the same as the recomputed window to within 0.02. ALiBi’s penalty grows ' +
        'with distance, so keys far back get almost no attention: the model reads as if through a window.',
    );
    expect(cached).toMatch(
      /ALiBi reads a key’s place in the cache.* 2\.48 bits per character, the same as the recomputed window to within 0\.02\.$/,
    );
    for (const sentence of sentences(alibi)) expect(sentence).not.toMatch(/against 2\.4\d/);
  });

  it('sinusoids: the cached window is worse than recomputing (3.99 against 2.57) because cached places stay fixed', () => {
    const [every, cached] = sentences(sinusoids);
    expect(every).toMatch(
      /1\.58 worse than the recomputed window \(2\.57\)\. Sinusoids mark each token with its place in the text, and training never saw a place past 64\.$/,
    );
    expect(cached).toBe(
      'Each query reads the last 32 keys from the cache; as a new token comes, the oldest is evicted. Sinusoids are ' +
        'added to each token once, at its place in the text, so a cached key keeps that place (the text runs to ' +
        '2,048 characters, the model trained on 64), while recomputing gives the window places 1 to 32 again. It ' +
        'reads 3.99 bits per character, 1.42 worse than the recomputed window (2.57).',
    );
  });

  it('RoPE cached apart from recomputed says the later layer is why; every key better says the far keys help', () => {
    const apart = run('rope', [2.1, 2.3, 2.25, 2.3, 2.3, 2.3], { inside: 2.2 });
    const [every, cached] = sentences(apart);
    expect(every).toMatch(
      /0\.15 better than the recomputed window \(2\.25\)\. The keys further back than the window still help\.$/,
    );
    expect(cached).toMatch(/0\.05 worse than the recomputed window \(2\.25\)\. The difference is the second layer’s/);
  });

  it('a model trained with a window reads every key through it, said so', () => {
    const windowed = run('rope', [2.212, 2.212, 2.211, 2.212, 2.212, 2.227], { inside: 2.174, trainedWindow: 32 });
    expect(sentences(windowed)[0]).toBe(
      'The model trained with a sliding window of 32, so each query reads its last 32 keys however long the text ' +
        'grows. It reads 2.21 bits per character, the same as the recomputed window to within 0.02.',
    );
    expect(sentences(windowed)[5]).toMatch(/It reads 2\.23 bits per character, the same as the cached window alone/);
  });

  it('bytes held: the positions the last query read × bytes per position, none when recomputing', () => {
    expect(rope.readings.map((row) => heldBytes(row, 1024))).toEqual([2_097_152, 32_768, 0, 33_792, 34_816, 36_864]);
  });
});

describe('the sink logit’s sentence', () => {
  beforeAll(() => Promise.all([loadMessages('generate'), loadMessages('generatePage')]));

  it('off: what it would be, and why keeping first tokens changed nothing in a minute’s model', () => {
    expect(sinkLogitText(rope, null)).toBe(
      'Sink logit: not in this run. Ticked, each head gets one learned number that joins its softmax like a key ' +
        'whose value is zero, so it can attend to nothing instead of parking its attention on a first token. No head ' +
        'here is a sink (0 of 8 above 0.3), so keeping the first 4 tokens changes nothing: expected of a model ' +
        'trained for a minute, as Gu et al. see sinks grow only with long training on much data.',
    );
  });

  it('on: what it took while writing, and against the same run without it, measured', () => {
    const logits = run('rope', [4.971, 2.233, 2.233, 2.233, 2.233, 2.233], {
      inside: 2.195,
      sinkLogits: true,
      logitShares: {
        tokens: 256,
        shares: [
          [0.01, 0.02, 0.03, 0.02],
          [0.29, 0.07, 0.01, 0.05],
        ],
      },
    });
    expect(sinkLogitText(logits, null)).toMatch(
      /^Sink logit: each head has one learned number .* Writing 256 tokens, the sink logits took at most 0\.29 of a head’s attention, 0\.063 on average\. What it changes shows against the same run without it: untick it and train again, and this line compares the two\. No head here is a sink/,
    );
    expect(sinkLogitText(logits, rope)).toMatch(
      /Against the same run without it: the cached window 2\.23 here against 2\.24, every key 4\.97 against 4\.77\. No head/,
    );
    const same = run('rope', [4.77, 2.243, 2.24, 2.24, 2.24, 2.24], {
      sinkLogits: true,
      logitShares: logits.logitShares,
    });
    expect(sinkLogitText(same, rope)).toMatch(/every key 4\.77 against 4\.77, the same to within 0\.02\./);
  });

  it('a sink head, or first tokens that help, leave out the “changes nothing” sentence', () => {
    expect(sinkLogitText({ ...rope, shares: heads(0.45) }, null)).not.toMatch(/No head here is a sink/);
    const helped = run('rope', [4.7, 3.1, 2.24, 2.6, 2.5, 2.3], { inside: 2.19 });
    expect(sinkLogitText(helped, null)).not.toMatch(/No head here is a sink/);
  });
});
