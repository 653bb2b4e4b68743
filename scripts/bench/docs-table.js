// docs/performance.md (and the README, for the kernels' round) shows each bench's latest tables between a pair
// of markers (<!-- name:start --> … <!-- name:end -->); each bench also writes its full tables beside itself
// (scripts/bench/).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Puts `markdown` between the `name` markers of `file` (from the repository's root); false when it has none. */
export function replaceDocsTable(name, markdown, file = 'docs/performance.md') {
  const page = fileURLToPath(new URL(`../../${file}`, import.meta.url));
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
