// A challenge or two per lesson, each checked live from its widget: `check(settings, facts, memory)` reads the
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
      task: 'Find the decay λ at which the fixed decay’s weight on the newest item (dog) first drops below one half.',
      hint: 'Move λ up one step at a time and read the weight on “dog” in the top row of the map.',
      why: 'The fixed decay gives the newest item (1 − λ)/(1 − λ⁶) of the weight whatever it holds: from λ = 0.55 it is under half, and no λ lets it choose by content. Attention chooses by what the items hold.',
      check: (settings, facts) => facts.newestDecayWeight >= 0.45 && facts.newestDecayWeight < 0.5,
    },
  ],
  2: [
    {
      id: 'softmax-confident',
      task: 'Without changing any score, make the softmax give its favourite input between 90% and 95% of the weight.',
      hint: 'The temperature divides every score: lower it until the largest weight passes 90%, and stop before 95%.',
      why: 'softmax(s/T) with a smaller T widens every gap between scores, so the favourite takes more and more: temperature is how soft the soft argmax is.',
      check: (settings, facts, _memory, defaults) =>
        same(settings.scores, defaults.scores) &&
        Math.max(...facts.weights) >= 0.9 &&
        Math.max(...facts.weights) <= 0.95,
    },
    {
      id: 'softmax-third',
      task: 'At temperature 1, change only the third input’s score (wind) so that it gets between 50% and 60% of the weight.',
      hint: 'Half the weight means e^score equals the sum of the others’ e^score, about 19.7 = e^2.98. Try scores near 3.',
      why: 'Softmax compares scores through e^score: wind needs e^s as large as all the others’ together, s ≈ ln(19.7) ≈ 2.98, and 60% is s ≈ 3.39.',
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
      task: 'Find a query and a block size for which the online softmax raises its running maximum, and rescales what came before, at least twice.',
      hint: 'One key per block gives the most chances. A query whose scores grow from key to key rescales at every new maximum.',
      why: 'Each block that brings a larger score multiplies the sums so far by α = e^(m_old − m_new): the streamed result stays exact without ever holding the whole row.',
      check: (settings, facts) => facts.rescaled >= 2,
    },
  ],
  4: [
    {
      id: 'first-one-hot',
      task: 'For two different draws, find the width d at which the unscaled weights first turn nearly one-hot (largest weight above 0.9 on average).',
      hint: 'Widen d one step at a time and read “Unscaled, a query’s largest weight is …”. Then draw new vectors and do it again.',
      why: 'Raw dot products spread like √d, so the softmax of unscaled scores saturates as d grows (at 64-128 here, depending on the draw); dividing by √d keeps the spread near 1 at every width.',
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
      task: 'Find the cross-attention head whose map agrees least with the true word alignment, for a sentence of your choice.',
      hint: 'Pick each head in turn (the check counts once you have looked at three) and read how many aligned Spanish words put their largest weight on the English word they translate.',
      why: 'Heads specialise: one or two align words, others look at neighbours, the end marker or the sentence as a whole. Michel et al. (2019) found most can be switched off; the Translation view lets you try.',
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
      task: 'Tick the mask so that the third token (“a”) reads only the first two (“she” and “reads”).',
      hint: 'Choose “your own” in the mask menu and untick the cells of row “a” except the columns “she” and “reads”.',
      why: 'A mask is the graph’s adjacency: a zero removes the edge, and the softmax renormalises each row over the edges that are left.',
      check: (settings, facts) => facts.weights.slice(10, 15).every((w, key) => (key < 2 ? w > 0 : w === 0)),
    },
    {
      id: 'mask-window-of-two',
      task: 'With “your own” in the mask menu, make every token read only itself and the token just before it (the first token, itself alone).',
      hint: 'Keep the diagonal and the cells just left of it; untick everything else.',
      why: 'A sliding window (local attention, as in Longformer and Mistral) keeps each row’s cost fixed however long the text; stacking layers widens what a token can reach, one window per layer.',
      check: (settings, facts) => settings.mode === 'custom' && same(facts.allowed, windowOfTwo),
    },
  ],
  7: [
    {
      id: 'fewest-kv-heads',
      task: 'Train the four models, then show the fewest key/value heads that keep held-out exact match within 2 points of one per query head.',
      hint: 'Press “Train the four and compare”, read the held-out column, and pick that count in “key/value heads” above.',
      why: 'Sharing keys and values divides the decoder’s cache by the number of query heads that read each key/value head (8 with one shared by all). What it costs is measured in the table: the drop in held-out exact match. Grouped-query attention (Ainslie et al. 2023) aims at the middle ground: the fewest key/value heads whose drop stays within what you accept, here 2 points.',
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
      task: 'Shuffle the words with positions off and see that every word keeps its output; then, with the same shuffle, add positions and make the outputs change.',
      hint: 'Press “shuffle” with the positions box unticked, then tick it.',
      why: 'Without positions, attention is permutation-equivariant: it sees a bag of words. Adding a position encoding to each word gives the same word a different vector in another place.',
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
      task: 'Find a seed for which sampling changes the translation, click the word where it parts from greedy, then switch on teacher forcing and look at that step again.',
      hint: 'Sampling at output temperature 1 rarely strays: raise it, press “next seed” until the status says where the draw parts, click that word, then tick teacher forcing.',
      why: 'Free running, one unlikely draw is fed back and every later word is chosen after it; under teacher forcing the same step is fed the reference, and there the model’s best guess was right. Training only ever sees that case.',
      check: (settings, facts, memory) => {
        if (!settings.forced && settings.choice === 'sample' && facts.parted >= 0 && settings.step === facts.parted)
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
      task: 'Write a story of your own in which the apple ends up in the kitchen: see one hop fail, then two hops find it.',
      hint: 'Mary must take the apple and go to the kitchen last. Set hops to 1 and read the answer, then set 2.',
      why: 'The first hop can only find the fact that mentions the apple (mary took it); its output, added to the query, asks where mary went last, which the second hop finds. Chaining facts takes a hop each.',
      check: (settings, facts, memory) => {
        const story = settings.story.join(',');
        if (settings.hops === 1 && facts.truth === 'kitchen' && facts.oneHop !== facts.truth) memory.failedOnce = story;
        return memory.failedOnce === story && settings.hops === 2 && facts.twoHops === 'kitchen';
      },
    },
  ],
});
