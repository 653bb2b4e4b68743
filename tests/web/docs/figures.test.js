// The docs cannot go stale unnoticed: every figure a doc marks (<!-- figure: name -->…<!-- /figure -->) is the one
// the code produces now (scripts/docs/code-figures.js: default runs, parameters, shipped models' sizes, words and
// held-out scores, counts of views and elements; `npm run docs:figures` writes them), the docs' folder trees name
// every folder of cpp/src and web/src and none that is gone (against `git ls-files`), the landing text and the
// READMEs name every shipped language pair, and every relative link in a doc leads to a file of the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeFigures, shippedPairs } from '../../../scripts/docs/code-figures.js';
import { docLanguage, figureProblems, formatFigure, markedFigures } from '../../../scripts/docs/doc-figures.js';
import {
  childFolders,
  fencedBlock,
  tableFolders,
  trackedFolders,
  treeFolders,
} from '../../../scripts/docs/doc-trees.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).trim().split('\n');
const docs = tracked.filter((file) => file.endsWith('.md'));
const read = (file) => readFileSync(join(root, file), 'utf8');

describe('the docs’ marked figures', () => {
  /** @type {Record<string, import('../../../scripts/docs/code-figures.js').Figure>} */
  let figures;
  beforeAll(async () => {
    figures = await codeFigures();
  }, 240_000); // three shipped models scored on 1,000 sentences each: about 10 s of CPU, more on a busy machine

  it('are the code’s figures (npm run docs:figures writes them)', () => {
    const problems = docs.flatMap((doc) =>
      figureProblems(read(doc), figures, docLanguage(doc)).map((p) => `${doc}: ${p}`),
    );
    expect(problems, 'run npm run docs:figures').toEqual([]);
  });

  it('mark the figures that once went stale, in every doc that quotes them', () => {
    const marks = (doc) => new Set(markedFigures(read(doc)).map(({ name }) => name));
    const expected = {
      'README.md': ['train-view.parameters', 'elements', 'views'],
      'docs/README.zh-CN.md': ['train-view.parameters'],
      'docs/README.es.md': ['train-view.parameters'],
      'docs/playground.md': ['views', 'train-view.steps', 'train-view.longest-sentence'],
      'docs/models.md': [
        'train-view.parameters',
        'train-view.steps',
        ...shippedPairs().flatMap((pair) => [`${pair}.parameters`, `${pair}.held-out`, `${pair}.file-bytes`]),
        'en-mr.output-tokens',
        'en-mr.target-words',
        'recipe.steps', // the recipe's length, read from scripts/train-model.sh
      ],
      'docs/embed.md': ['elements'],
    };
    for (const [doc, names] of Object.entries(expected)) {
      expect(
        names.filter((name) => !marks(doc).has(name)),
        doc,
      ).toEqual([]);
    }
  });

  it('are written as each language writes numbers', () => {
    expect(formatFigure({ value: 105270 }, 'en')).toBe('105,270');
    expect(formatFigure({ value: 105270 }, 'es')).toBe('105 270');
    expect(formatFigure({ value: 1000 }, 'es')).toBe('1000');
    expect(formatFigure({ value: 95.1, digits: 1, unit: '%' }, 'es')).toBe('95,1%');
    expect(formatFigure({ value: 5 }, 'zh-CN', true)).toBe('五');
    expect(formatFigure({ value: 5 }, 'en', true)).toBe('five');
  });
});

describe('the docs’ folder trees', () => {
  const folders = trackedFolders(tracked);
  const required = [...childFolders(folders, 'cpp/src'), ...childFolders(folders, 'web/src')];
  const trees = {
    'README.md, The layout': treeFolders(fencedBlock(read('README.md'), '## The layout')),
    'docs/builds.md': treeFolders(fencedBlock(read('docs/builds.md'))),
  };

  it('name every folder of cpp/src and web/src, and only folders the repository has', () => {
    for (const [doc, { entries, named }] of Object.entries(trees)) {
      expect(
        required.filter((folder) => !named.has(folder)),
        `${doc}: folders not named`,
      ).toEqual([]);
      expect(
        [...entries].filter((folder) => !folders.has(folder)),
        `${doc}: folders that do not exist`,
      ).toEqual([]);
    }
    const contributing = tableFolders(read('CONTRIBUTING.md'), '## The tree');
    expect(required.filter((folder) => !contributing.has(folder))).toEqual([]);
    expect([...contributing].filter((folder) => !folders.has(folder) && !tracked.includes(folder))).toEqual([]);
  });
});

describe('the languages the docs name', () => {
  const locales = ['en', 'es', 'zh-CN'];
  const catalogue = (locale) => JSON.parse(read(`web/src/i18n/locales/${locale}.json`));

  it('the landing text names every shipped pair’s language, in every locale', () => {
    for (const locale of locales) {
      const { app, translation } = catalogue(locale);
      const missing = shippedPairs().filter(
        (pair) => !app.header.lede.toLowerCase().includes(translation.pairs[pair].target.toLowerCase()),
      );
      expect(missing, locale).toEqual([]);
    }
  });

  it('the landing page’s first paint says the English catalogue’s landing text', () => {
    const html = read('web/index.html');
    const lede = /<p class="lede" data-i18n="app.header.lede">([\s\S]*?)<\/p>/.exec(html)[1];
    expect(lede.replace(/\s+/g, ' ').trim()).toBe(catalogue('en').app.header.lede);
  });

  it('the README’s first paragraph names every shipped pair’s language', () => {
    const opening = read('README.md').split('\n\n')[2];
    const { translation } = catalogue('en');
    expect(shippedPairs().filter((pair) => !opening.includes(translation.pairs[pair].target))).toEqual([]);
  });
});

describe('the docs’ links', () => {
  it('lead to files of the repository, never outside it', () => {
    const broken = docs.flatMap((doc) => {
      const text = read(doc).replace(/```[\s\S]*?```/g, '');
      const targets = [...text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)].map(([, target]) => target);
      return targets
        .filter((target) => !/^[a-z]+:/.test(target))
        .map((target) => normalize(join(dirname(doc), decodeURI(target))))
        .filter((path) => path.startsWith('..') || !existsSync(join(root, path)))
        .map((path) => `${doc}: ${path}`);
    });
    const outside = docs.filter((doc) => read(doc).includes('../shared/'));
    expect(broken).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('to a heading the page has, where they name one (as GitHub makes its anchors)', () => {
    const withoutCode = (doc) => read(doc).replace(/```[\s\S]*?```/g, '');
    const slug = (heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    const anchors = (doc) =>
      new Set(
        withoutCode(doc)
          .split('\n')
          .filter((line) => /^#+ /.test(line))
          .map((line) => slug(line.replace(/^#+ /, ''))),
      );
    const missing = docs.flatMap((doc) =>
      [...withoutCode(doc).matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)]
        .filter(([, target]) => !/^[a-z]+:/.test(target))
        .map(([, target, anchor]) => [target ? normalize(join(dirname(doc), target)) : doc, anchor])
        .filter(([page, anchor]) => page.endsWith('.md') && !anchors(page).has(decodeURIComponent(anchor)))
        .map(([page, anchor]) => `${doc}: ${page}#${anchor}`),
    );
    expect(missing).toEqual([]);
  });
});
