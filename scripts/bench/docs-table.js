// The README shows each bench's latest tables between a pair of markers (<!-- name:start --> … <!-- name:end -->).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const readme = fileURLToPath(new URL('../../README.md', import.meta.url));

/** Puts `markdown` between the README's `name` markers; false when the README has none. */
export function replaceReadmeTable(name, markdown) {
  const start = `<!-- ${name}:start -->`, end = `<!-- ${name}:end -->`;
  const text = readFileSync(readme, 'utf8');
  if (!text.includes(start) || !text.includes(end)) return false;
  writeFileSync(readme, `${text.slice(0, text.indexOf(start) + start.length)}\n${markdown.trim()}\n${text.slice(text.indexOf(end))}`);
  return true;
}
