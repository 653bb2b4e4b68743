// The folder trees the docs draw (the README's "The layout", docs/builds.md's, CONTRIBUTING.md's "The tree"), read
// back as the folders they name, so a test can hold them to `git ls-files`: every folder of cpp/src and web/src named,
// and no folder named that the repository does not have.

/** The folders (without a trailing slash) the repository's tracked files are in, at every depth. */
export function trackedFolders(files) {
  const folders = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  return folders;
}

/** The folders directly inside `parent` ('cpp/src'), among `folders`. */
export const childFolders = (folders, parent) =>
  [...folders].filter((folder) => folder.startsWith(`${parent}/`) && !folder.slice(parent.length + 1).includes('/'));

/** The text of the first fenced block after the heading `heading` ('## The layout'), or of the first one at all. */
export function fencedBlock(text, heading) {
  const from = heading ? text.indexOf(`\n${heading}\n`) : 0;
  if (from < 0) throw new RangeError(`no heading ${heading}`);
  const match = /\n```\w*\n([\s\S]*?)\n```/.exec(text.slice(from));
  if (!match) throw new RangeError(`no fenced block after ${heading ?? 'the start'}`);
  return match[1];
}

/**
 * The folders a drawn tree names. An entry starts at a line's first column with a path ("web/src/") and runs on over
 * the indented lines below it; a line indented by two with a folder ("  app/") is an entry inside it. `entries`: those
 * paths, which must exist; `named`: with them, every word ending in "/" in an entry's text ("kernels/ (xsimd…),
 * model/") taken as a folder inside it, enough to say a folder is named (a path such as "web/bundle/" inside the text
 * is named too, under a name that does not exist, and harms nothing).
 */
export function treeFolders(block) {
  const entries = new Set();
  const named = new Set();
  let top = null;
  let entry = null;
  for (const line of block.split('\n')) {
    const start = /^([\w.-]+\/[\w./-]*?)\/?(?=\s|$)/.exec(line);
    const nested = /^ {2}([\w-]+)\/(?=\s|$)/.exec(line);
    if (start) top = entry = start[1].replace(/\/$/, '');
    else if (nested && top) entry = `${top}/${nested[1]}`;
    if (!entry) continue;
    if (start || nested) entries.add(entry);
    const rest = line.slice((start ?? nested)?.[0].length ?? 0);
    for (const [, child] of rest.matchAll(/(?:^|[\s(,])([\w-]+)\//g)) named.add(`${entry}/${child}`);
  }
  return { entries, named: new Set([...entries, ...named]) };
}

/**
 * The folders a Markdown table of the tree names: the first column's paths in backticks, and the words ending in
 * "/" in backticks in the second column as folders inside the row's first path.
 */
export function tableFolders(text, heading) {
  const from = text.indexOf(`\n${heading}\n`);
  if (from < 0) throw new RangeError(`no heading ${heading}`);
  const section = text.slice(from + heading.length + 2).split('\n## ')[0];
  const named = new Set();
  for (const row of section.split('\n').filter((line) => line.startsWith('| `'))) {
    const [, first, second = ''] = row.split('|');
    const paths = [...first.matchAll(/`([^`]+)`/g)].map(([, path]) => path.replace(/\/$/, ''));
    paths.forEach((path) => named.add(path));
    for (const [, child] of second.matchAll(/`([\w-]+)\/`/g)) named.add(`${paths[0]}/${child}`);
  }
  return named;
}
