// The lecture notes' ten points in their order, each with a short text in our words (what to look at, what
// to try), its widget in the Lessons view, and the view that goes further (a link); where the point is a language
// model's too, a second link (`languageModel`) opens the Generate view on it.
export const lessons = Object.freeze([
  {
    title: 'Attention as selective memory',
    widget: 'selective',
    text: 'A summary of a sequence is a weighted sum of its items. A fixed decay weighs by age alone and forgets an old item that matters. Gates that depend on the items, each a sigmoid on its own, tend to open for everything (nothing makes their weights sum to 1), so the summary keeps every item. Softmax attention weighs by content and normalises the weights to sum to 1, so an item gains weight only by taking it from the others. Pick the item to remember, an old one especially, and change the decay λ.',
  },
  {
    title: 'Softmax as a soft argmax',
    widget: 'softmax',
    view: '?view=steps',
    text: 'Softmax turns a row of scores into weights that sum to 1: weight i = exp(score i / T) divided by the sum of every exp(score / T). Set the temperature T with its slider: towards 0.05 the weights approach the one-hot argmax (hard attention), towards 20 they flatten to uniform. Unlike the argmax, softmax is differentiable: change a score a little and every weight changes a little, which is what lets training adjust the scores. Soft attention averages the values with the weights; hard attention takes one, the largest or a draw. Reorder the inputs: each keeps its weight (softmax is permutation-equivariant).',
  },
  {
    title: 'Keys, queries, values',
    widget: 'kqv',
    view: '?view=steps',
    text: 'Each word offers a key (what it has), asks with a query (what it looks for) and contributes a value: q = x·Wq, k = x·Wk, v = x·Wv. A query’s scores against every key, divided by √d_k (d_k: the width of a key), become its weights, and its output is those weights times V: together, output = softmax(Q·Kᵀ / √d_k)·V, written out below. Edit X (the words’ vectors) and everything after it follows; show more digits to check a number by hand. The softmax runs along each query’s row; switch to the columns to see the classic mistake. Below, FlashAttention’s trick: the same row computed a block of keys at a time, never held whole.',
  },
  {
    title: 'Scaling',
    widget: 'scaling',
    view: '?view=steps&scale=none',
    text: 'Dot products of random vectors (entries of mean 0 and variance 1) spread like √d, so a wide model’s raw scores are large, its softmax is nearly one-hot and almost no gradient gets through: a weight w changes with its own score at the rate w(1 − w), nearly 0 when w is nearly 0 or 1. Dividing the scores by √d (here the keys’ width d_k = d) keeps the spread near 1 at every width. Change d from 2 to 512 and compare the two ways’ weights and slopes.',
  },
  {
    title: 'Self-attention and cross-attention',
    widget: 'cross',
    view: '?view=translation',
    text: 'In self-attention queries, keys and values come from one sequence. In translation’s cross-attention the decoder asks and the encoder answers: each Spanish word gets a distribution over the English words, a soft alignment. Pick a sentence and a head; the rings mark the word each Spanish word translates. Do the weights explain the translation? Abnar & Zuidema (2020) found that in a deep encoder’s upper layers they do not, and that rollout and flow, which follow the mixing of words back to the input, agree far better with removing each word. Below, all three against that experiment: in our two-layer model raw attention agrees as well as rollout (Spearman 0.56 and 0.55 on 100 held-out sentences) and better than flow (0.52), because what the encoder mixes into a word barely changes what the decoder reads.',
  },
  {
    title: 'Masks, and attention as a graph',
    widget: 'masks',
    view: '?view=steps&mask=causal',
    languageModel: { view: '?view=generate', text: 'See a causal mask at work in a language model' },
    text: 'Seen as a graph, tokens are nodes and each weight an edge from a key to the query that reads it; the mask is the adjacency. No mask gives the complete graph, a causal mask keeps only edges from earlier tokens, padding cuts a token off. Below, pick a mask or make your own (click an edge, or tick a cell of the mask) and watch the weights follow: each row is renormalised over what it may still read. The step view shows the same graph on matrices you edit.',
  },
  {
    title: 'Multi-head attention',
    widget: 'reshape',
    view: '?view=steps',
    languageModel: { view: '?view=generate&kv=2', text: 'Share keys and values in a language model’s cache' },
    text: 'Several heads look for different things at once, each in width D/H. Splitting Q (and K, V) into heads must keep each token’s numbers together: (S, D) → (S, H, D/H) → (H, S, D/H). Below, colours follow each token’s numbers through the right split and through the tempting wrong one, straight to (H, S, D/H). Then two things every transformer does: one fused matrix, X·[Wq|Wk|Wv], computes Q, K and V in a single product (S × 3D, cut into the three); and each head divides its scores by √(D/H), its own width, not √D. The step view shows every head’s maps and Wo mixing them.',
  },
  {
    title: 'Position',
    widget: 'position',
    text: 'Attention by itself ignores word order: shuffle the words and the outputs are the same rows, shuffled. Add sinusoidal position encodings (left: one row per position, one column per dimension) and the same shuffle gives different outputs. Try shuffling with and without positions. Sinusoids are one way; RoPE turns queries and keys by their position, ALiBi penalises distant keys. Which lets a model read sequences longer than any it trained on? The Train view’s “Positions that extrapolate” trains all of them side by side.',
    view: '?view=train&task=reverse',
    linkText: 'Train them',
  },
  {
    title: 'The translation setting',
    widget: 'decoding',
    view: '?view=translation&tf=1',
    languageModel: {
      view: '?view=generate&temperature=0',
      text: 'Take the most likely token, or sample, in a language model',
    },
    text: 'The translator decodes one word at a time, each from an output distribution over every Spanish word, given the English and the words so far. Greedy decoding takes the most likely word; sampling draws one (the seed fixes the draw, the output temperature flattens or sharpens the distribution), and one unlikely draw changes every word after it. Beam search keeps the k most probable beginnings at every step instead of one, so a word that looks worse now can still win later; since every word multiplies in a probability below 1, longer hypotheses would always lose, so each score (a sum of log-probabilities) is divided by a length penalty, ((5 + length) / 6)^α with α = 0.6 (Wu et al. 2016). Training uses teacher forcing: the decoder is fed the reference, not its own words, so each step learns the next word given a right beginning. Below, the shipped model decodes a sentence: click a word for its distribution and for what it read of the English (its cross-attention), draw with other seeds, walk a beam’s tree, and switch teacher forcing on. The Translation view does the same with any sentence, beside the attention maps.',
  },
  {
    title: 'Memory networks',
    widget: 'memory',
    text: 'Several hops of attention over a story can chain facts: the first hop finds who took the apple, the refined query then finds where she went. Move from one hop to three and watch the weights, the answer, and how each hop’s output o refines the query: u ← u·H + o.',
  },
]);
