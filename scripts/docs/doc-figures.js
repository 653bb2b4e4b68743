// The docs' figures between markers: `<!-- figure: train-view.parameters -->105,270<!-- /figure -->` holds the
// figure of that name (scripts/docs/code-figures.js) as the doc's language writes it; `<!-- figure: views words -->`
// spells it out ("five", "cinco", "五"). Rewriting a doc puts every marked figure's current value in place;
// comparing says which differ. The markers are HTML comments, so a reader of the rendered page sees the figure only.

// Not after a backtick: a doc showing the marker in inline code (docs/testing.md) does not mark a figure.
const marker = /(?<!`)<!-- figure: ([\w.-]+)( words)? -->([\s\S]*?)<!-- \/figure -->/g;

const numberWords = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'],
  es: ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce'],
  'zh-CN': ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'],
};

/** The language a doc is written in, from its name (README.es.md, README.zh-CN.md; English otherwise). */
export function docLanguage(path) {
  const suffix = /\.([\w-]+)\.md$/.exec(path)?.[1];
  return suffix && suffix in numberWords ? suffix : 'en';
}

/**
 * A figure as a doc in `language` writes it: English groups thousands with commas (Chinese docs too); Spanish with
 * a space from five digits on, and a decimal comma.
 * @param {import('./code-figures.js').Figure} figure
 */
export function formatFigure(figure, language = 'en', words = false) {
  if (words) {
    const word = numberWords[language][figure.value];
    if (word === undefined) throw new RangeError(`no word for ${figure.value} in ${language}`);
    return word;
  }
  if (typeof figure.value === 'string') return figure.value;
  const digits = figure.digits ?? 0;
  const english = figure.value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const written =
    language === 'es'
      ? english
          .replace(/^\d{1,2},\d{3}(?!,)/, (four) => (four.length === 5 ? four.replace(',', '') : four))
          .replaceAll(',', ' ')
          .replace(/\.(\d+)$/, ',$1')
      : english;
  return written + (figure.unit ?? '');
}

/** Every marked figure of a doc: its name, whether spelled out, and what the doc says now. */
export function markedFigures(text) {
  return [...text.matchAll(marker)].map(([, name, words, written]) => ({ name, words: Boolean(words), written }));
}

/** The doc with every marked figure written from `figures`; throws on a marker whose name the code has no figure of. */
export function withFigures(text, figures, language = 'en') {
  return text.replace(marker, (whole, name, words) => {
    if (!(name in figures)) throw new RangeError(`no figure named ${name}`);
    return `<!-- figure: ${name}${words ?? ''} -->${formatFigure(figures[name], language, Boolean(words))}<!-- /figure -->`;
  });
}

/** What differs between a doc's marked figures and the code's, one line each ("name: doc says x, the code y"). */
export function figureProblems(text, figures, language = 'en') {
  return markedFigures(text).flatMap(({ name, words, written }) => {
    if (!(name in figures)) return [`${name}: no such figure`];
    const now = formatFigure(figures[name], language, words);
    return written === now ? [] : [`${name}: the doc says ${written}, the code ${now}`];
  });
}
