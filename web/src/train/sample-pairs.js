// Three small datasets to try in the Train view's "your own pairs", made here rather than downloaded: each is
// 400 lines of "source<TAB>target", enumerated (no randomness) so the same text appears everywhere.

const determiners = ['the', 'my', 'your', 'this', 'that'];
const adjectives = ['big', 'small', 'red', 'old', 'happy', 'green', 'quiet', 'strange'];
const nouns = ['dog', 'cat', 'bird', 'friend', 'teacher', 'apple', 'string', 'tree', 'horse', 'student'];
const verbs = ['runs', 'sleeps', 'eats', 'sings', 'waits', 'jumps', 'smiles', 'falls'];

/** The i-th of 400 English sentences "determiner adjective noun verb", spread over the word lists. */
function sentence(i) {
  return [determiners[i % 5], adjectives[(i * 3) % 8], nouns[(i * 7) % 10], verbs[(i * 11 + Math.floor(i / 40)) % 8]];
}

/** Pig Latin: the leading consonants move to the end and take "ay"; a word starting with a vowel takes "way". */
export function pigLatin(word) {
  const vowel = word.search(/[aeiou]/);
  if (vowel === 0) return `${word}way`;
  if (vowel < 0) return `${word}ay`;
  return `${word.slice(vowel)}${word.slice(0, vowel)}ay`;
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const daysIn = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const two = (n) => String(n).padStart(2, '0');

function pairs(make) {
  return Array.from({ length: 400 }, (_, i) => make(i).join('\t')).join('\n');
}

export const samplePairs = Object.freeze({
  // Each one's name on the page is the message train.samples.<name>.
  'pig-latin': {
    text: () => pairs((i) => [sentence(i).join(' '), sentence(i).map(pigLatin).join(' ')]),
  },
  reversed: {
    text: () => pairs((i) => [sentence(i).join(' '), [...sentence(i)].reverse().join(' ')]),
  },
  dates: {
    text: () =>
      pairs((i) => {
        const month = (i * 5) % 12,
          day = 1 + ((i * 7 + Math.floor(i / 12)) % daysIn[month]),
          year = 2015 + ((i * 3) % 12);
        return [`${months[month]} ${day} ${year}`, `${year} ${two(month + 1)} ${two(day)}`];
      }),
  },
});

/** The source side of the first pair in pasted text: a probe the model was trained on the like of. */
export function firstSource(text) {
  const line = text.split('\n').find((l) => l.includes('\t') || l.includes(' ||| '));
  return line ? line.split(/\t| \|\|\| /)[0].trim() : '';
}
