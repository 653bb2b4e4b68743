// `npm run experiment:first-sentences`: what the landing page's model does with 40 sentences a newcomer types first
// into a translator (chosen before the grammar was measured against them, docs/models.md): for each, the
// translation, whether the grammar has it and the model matches the grammar's own translation word for word, the
// unknown words it carried (copied) and the refusals. A table for docs/models.md, then the counts.
import { loadTranslator } from '../../web/lib/index.js';

const model = process.argv[2] ?? 'en-es';
const firstSentences = [
  'give me the book',
  'i am a teacher',
  'the house is big',
  'where is the book',
  'the cat is on the table',
  'i love you',
  'she is my friend',
  'they ate the apples',
  'we see the dog',
  'he reads a book',
  'show her the letter',
  'the car is in the garden',
  'i do not know',
  'you see me',
  'the children play in the park',
  'my name is john',
  'where are you',
  'the dog runs in the park',
  'i eat an apple',
  'she wrote a letter',
  'hello how are you',
  'the weather is nice today',
  'i have a cat',
  'do you speak english',
  'the woman drinks water',
  'we went to the city',
  'he is tall',
  'the book is on the table',
  'open the door',
  'i want a coffee',
  'my brother is a doctor',
  'they live in a small house',
  'the girl sings',
  'give him the ball',
  'i like the red car',
  'the man walks with his dog',
  'she is not here',
  'the boy found a cat',
  'thank you very much',
  'john eats the apple',
];

const translator = await loadTranslator({ weights: model, backend: 'wasm-simd128' });
const counts = { exact: 0, differs: 0, carried: 0, refused: 0 };
console.log(`| # | English | ${model} | the grammar's | |`);
console.log('|---:|---|---|---|---|');
firstSentences.forEach((sentence, i) => {
  let result;
  try {
    result = translator.translate(sentence);
  } catch (error) {
    counts.refused += 1;
    console.log(`| ${i + 1} | ${sentence} | refused: ${error.message} | | refused |`);
    return;
  }
  const output = result.target.filter((word) => word !== '<eos>').join(' ');
  const reference = result.alignment?.target.join(' ') ?? null;
  const copied = result.copied.map(({ word }) => word);
  const verdict =
    reference === null
      ? copied.length
        ? `outside the grammar; carried ${copied.join(', ')}`
        : `outside the grammar: ${result.outsideGrammar}`
      : result.alignment.matchesModel
        ? 'exact'
        : 'differs';
  if (verdict === 'exact') counts.exact += 1;
  else if (verdict === 'differs') counts.differs += 1;
  else if (copied.length) counts.carried += 1;
  console.log(`| ${i + 1} | ${sentence} | ${output} | ${reference ?? ''} | ${verdict} |`);
});
console.log(
  `\n${firstSentences.length} sentences: ${counts.exact} in the grammar and translated exactly, ${counts.differs} in the grammar but translated otherwise, ${counts.carried} outside it with unknown words carried, ${firstSentences.length - counts.exact - counts.differs - counts.carried - counts.refused} outside it otherwise, ${counts.refused} refused`,
);
translator.dispose();
