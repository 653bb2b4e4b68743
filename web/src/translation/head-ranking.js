// Which heads a trained model needs, measured as Michel et al. (2019) do: each head's importance is the
// held-out exact matches lost when it alone is switched off; the greedy pruning curve of a kind of attention
// switches its heads off one more at a time, least important first, and scores each set. The scores come
// from the module (evaluate with a headMask); this only chooses which sets of heads to score. What it says of its
// progress is the `translation` section's messages (headRanking).
import { t } from '../i18n/messages.js';
import { headId, headKindNames, headKinds, headMaskOf } from './translation-state.js';

/** Every head id of a model of `config`'s shape, kind by kind ('e', 'd', 'c'), layer by layer. */
export function allHeadIds({ encoderLayers, decoderLayers, heads }) {
  return Object.keys(headKinds).flatMap((letter) =>
    Array.from({ length: letter === 'e' ? encoderLayers : decoderLayers }, (_, l) =>
      Array.from({ length: heads }, (__, h) => headId(letter, l, h)),
    ).flat(),
  );
}

/**
 * Scores sets of heads switched off through `evaluate(headMask)` (async: { exact, total }), each set once.
 * @param {object} config  the model's { encoderLayers, decoderLayers, heads }
 */
export function headScorer(config, evaluate) {
  const scores = new Map();
  return (headsOff) => {
    const key = [...headsOff].sort().join(',');
    if (!scores.has(key)) scores.set(key, evaluate(headMaskOf([...headsOff].sort(), config)));
    return scores.get(key);
  };
}

/**
 * Ranks every head and prunes each kind greedily. `score(headsOff)` is a headScorer; `onProgress(text)` is told
 * what is being scored.
 * @param {object} config
 * @param {(headsOff: string[]) => Promise<{ exact: number, total: number }>} score
 * @param {(what: string) => void} [onProgress]
 * Returns { all: the evaluation with every head on, importance: Map(id → exact matches
 * lost alone), curves: { letter: [[heads off, exact share]] } }.
 */
export async function rankHeads(config, score, onProgress = () => {}) {
  const all = await score([]);
  const ids = allHeadIds(config);
  const importance = new Map();
  for (const [i, id] of ids.entries()) {
    onProgress(t('translation.headRanking.alone', { head: i + 1, count: ids.length }));
    importance.set(id, all.exact - (await score([id])).exact);
  }
  const curves = {};
  for (const letter of Object.keys(headKinds)) {
    // Least important first; ties keep layer and head order (the sort is stable).
    const order = ids.filter((id) => id.startsWith(letter)).sort((a, b) => importance.get(a) - importance.get(b));
    curves[letter] = [[0, all.exact / all.total]];
    for (let n = 1; n <= order.length; n++) {
      onProgress(t('translation.headRanking.kind', { off: n, count: order.length, kind: headKindNames[letter] }));
      const scored = await score(order.slice(0, n));
      curves[letter].push([n, scored.exact / scored.total]);
    }
  }
  return { all, importance, curves };
}
