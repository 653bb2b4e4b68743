// The lecture notes' ten points in their order, each with a short text in our words (what to look at, what
// to try) and where the playground shows it: a widget of the Lessons view, or another view (a link).
export const lessons = Object.freeze([
  { title: 'Attention as selective memory', widget: 'selective',
    text: 'A summary of a sequence is a weighted sum of its items. A fixed decay weighs by age alone and forgets an old item that matters; gates that depend on the items open for everything (their weights need not sum to 1); softmax attention weighs by content and sums to 1. Pick the item to remember, an old one especially, and slide the decay.' },
  { title: 'Softmax as a soft argmax', view: '?view=steps',
    text: 'Softmax turns a row of scores into a distribution: low temperature makes it an argmax, high temperature makes it uniform. In the step view, drag the temperature from 0.05 to 20 and tick "hard" to see the one-hot argmax it approaches.' },
  { title: 'Keys, queries, values', view: '?view=steps',
    text: 'Each input offers a key, asks with a query and contributes a value: q = x·Wq, k = x·Wk, v = x·Wv. The step view computes each from the worked example; the softmax runs along each query’s row, and the output row is those weights times V.' },
  { title: 'Scaling', view: '?view=steps',
    text: 'Dot products grow with the width, so scores are divided by √d before the softmax. The step view’s scaling choice switches between √d_k, the notes’ √d_model, none and a custom factor: with none, the weights sharpen towards one key.' },
  { title: 'Self-attention and cross-attention', view: '?view=translation',
    text: 'In self-attention the queries, keys and values come from one sequence; in translation, the decoder’s queries meet the encoder’s keys and values, and each output word gets a distribution over the source words: a soft alignment.' },
  { title: 'Masks, and attention as a graph', view: '?view=steps&mask=causal',
    text: 'Seen as a graph, tokens are nodes and each weight an edge from a key to the query that reads it; the mask is the adjacency. No mask gives the complete graph, a causal mask keeps only edges from earlier tokens, padding cuts a token off. In the step view (step 3), the graph sits beside the weights: click an edge to hide it, or pad the last token, and the scores and weights follow.' },
  { title: 'Multi-head attention', widget: 'reshape', view: '?view=steps',
    text: 'Several heads look for different things at once, each in width D/H. Splitting Q (and K, V) into heads must keep each token’s numbers together: (S, D) → (S, H, D/H) → (H, S, D/H). Below, colours follow each token’s numbers through the right split and through the tempting wrong one, straight to (H, S, D/H). The step view shows every head’s maps and Wo mixing them.' },
  { title: 'Position', widget: 'position',
    text: 'Attention by itself ignores word order: shuffle the words and the outputs are the same rows, shuffled. Add sinusoidal position encodings (left: one row per position, one column per dimension) and the same shuffle gives different outputs. Try shuffling with and without positions.' },
  { title: 'The translation setting', view: '?view=translation&tf=1',
    text: 'The translator decodes one word at a time: the bars show each step’s output distribution, greedy takes the most likely word, sampling draws one, and teacher forcing feeds the reference instead of the model’s own words, as in training.' },
  { title: 'Memory networks', widget: 'memory',
    text: 'Several hops of attention over a story can chain facts: the first hop finds who took the apple, the refined query then finds where she went. Move from one hop to three and watch the weights and the answer.' },
]);
