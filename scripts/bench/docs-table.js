// docs/performance.md shows each bench's latest tables between a pair of markers
// (<!-- name:start --> … <!-- name:end -->); each bench also writes its full tables beside itself (scripts/bench/).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const page = fileURLToPath(new URL('../../docs/performance.md', import.meta.url));

/** Puts `markdown` between the page's `name` markers; false when the page has none. */
export function replaceDocsTable(name, markdown) {
  const start = `<!-- ${name}:start -->`,
    end = `<!-- ${name}:end -->`;
  const text = readFileSync(page, 'utf8');
  if (!text.includes(start) || !text.includes(end)) return false;
  writeFileSync(
    page,
    `${text.slice(0, text.indexOf(start) + start.length)}\n${markdown.trim()}\n${text.slice(text.indexOf(end))}`,
  );
  return true;
}
