// A challenge or two per lesson, each checked live from its widget (its words are messages,
// lessons.challenges.<id>.task, .hint and .why in web/src/i18n/locales): `check(settings, facts, memory)` reads the
// widget's settings (what the learner set), the facts its last drawing computed with the module (never
// recomputed here), and `memory`, an object of the challenge's own that lives as long as the page, for
// challenges done in steps. Each is written so that the lesson's first state does not pass and a random move
// rarely does: a band to land in, a step to see before the next, or a choice the widget does not give away.
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
// Lesson 6's sliding window of two: token i reads i and i − 1 (row-major, 5 × 5).
const windowOfTwo = Array.from({ length: 25 }, (_, i) => {
  const query = Math.floor(i / 5),
    key = i % 5;
  return key === query || key === query - 1 ? 1 : 0;
});

export const challenges = Object.freeze({
  1: [
    {
      id: 'decay-forgets',
      check: (settings, facts) => facts.newestDecayWeight >= 0.45 && facts.newestDecayWeight < 0.5,
    },
  ],
  2: [
    {
      id: 'softmax-confident',
      check: (settings, facts, _memory, defaults) =>
        same(settings.scores, defaults.scores) &&
        Math.max(...facts.weights) >= 0.9 &&
        Math.max(...facts.weights) <= 0.95,
    },
    {
      id: 'softmax-third',
      check: (settings, facts, _memory, defaults) =>
        settings.temperature === 1 &&
        settings.scores.every((s, i) => i === 2 || s === defaults.scores[i]) &&
        facts.weights[2] >= 0.5 &&
        facts.weights[2] <= 0.6,
    },
  ],
  3: [
    {
      id: 'online-rescales-twice',
      check: (settings, facts) => facts.rescaled >= 2,
    },
  ],
  4: [
    {
      id: 'first-one-hot',
      check: (settings, facts, memory) => {
        // the widths looked at per draw: a draw counts once its answer was found by moving the width
        memory.widths ??= new Map();
        if (!memory.widths.has(settings.seed)) memory.widths.set(settings.seed, new Set());
        memory.widths.get(settings.seed).add(settings.width);
        memory.found ??= new Set();
        if (settings.width === facts.firstNearlyOneHot && memory.widths.get(settings.seed).size >= 2)
          memory.found.add(settings.seed);
        return memory.found.size >= 2;
      },
    },
  ],
  5: [
    {
      id: 'worst-head',
      check: (settings, facts, memory) => {
        if (typeof settings.head !== 'number') return false;
        // heads looked at, per sentence: the answer counts after three of them, as a learner comparing would
        if (memory.sentence !== settings.sentence)
          Object.assign(memory, { sentence: settings.sentence, seen: new Set() });
        memory.seen.add(settings.head);
        return (
          memory.seen.size >= 3 &&
          facts.agreement[settings.head] === Math.min(...facts.agreement) &&
          facts.agreement[settings.head] < Math.max(...facts.agreement)
        );
      },
    },
  ],
  6: [
    {
      id: 'mask-reads-two',
      check: (settings, facts) => facts.weights.slice(10, 15).every((w, key) => (key < 2 ? w > 0 : w === 0)),
    },
    {
      id: 'mask-window-of-two',
      check: (settings, facts) => settings.mode === 'custom' && same(facts.allowed, windowOfTwo),
    },
  ],
  7: [
    {
      id: 'fewest-kv-heads',
      check: (settings, facts) => {
        if (!facts.results || facts.results.length < 4) return false;
        const share = (r) => r.exact / r.total;
        const full = facts.results.find((r) => r.kvHeads === 8);
        const fewest = Math.min(...facts.results.filter((r) => share(full) - share(r) <= 0.02).map((r) => r.kvHeads));
        return settings.kvHeads === fewest;
      },
    },
  ],
  8: [
    {
      id: 'bag-then-order',
      check: (settings, facts, memory) => {
        const shuffle = `${settings.sentence}|${settings.seed}`;
        if (facts.shuffled && !settings.withPositions && facts.largest < 1e-5) memory.bag = shuffle;
        return memory.bag === shuffle && settings.withPositions && facts.largest > 1e-3;
      },
    },
  ],
  9: [
    {
      id: 'draw-parts',
      check: (settings, facts, memory) => {
        // A draw that parts at the first word is not found by looking: a new draw shows that word already.
        if (!settings.forced && settings.choice === 'sample' && facts.parted > 0 && settings.step === facts.parted)
          memory.parted = { sentence: settings.sentence, step: facts.parted };
        return (
          memory.parted !== undefined &&
          settings.forced &&
          settings.sentence === memory.parted.sentence &&
          settings.step === memory.parted.step &&
          !facts.forcedMisses.includes(settings.step)
        );
      },
    },
  ],
  10: [
    {
      id: 'own-story-two-hops',
      check: (settings, facts, memory) => {
        const story = settings.story.join(',');
        if (settings.hops === 1 && facts.truth === 'kitchen' && facts.oneHop !== facts.truth) memory.failedOnce = story;
        return memory.failedOnce === story && settings.hops === 2 && facts.twoHops === 'kitchen';
      },
    },
  ],
});
