// The elements' types as hosts' TypeScript projects see them: plain DOM code (HTMLElementTagNameMap and the
// library's strict options), React 19, Preact and Solid JSX, and a Vue single-file component (vue-tsc). Each
// fixture under tests/types also writes one wrong use per host, marked as an expected error, so types that let
// everything through fail as surely as types that reject a right use.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const hosts = ['dom', 'react', 'preact', 'solid', 'vue'];

describe('types for hosts', () => {
  // One build of the five fixtures' projects (vue-tsc is tsc with .vue files understood; each project keeps its own
  // options: its JSX and its host's types), so the compiler starts once and reads TypeScript's own lib.*.d.ts once:
  // five tsc/vue-tsc runs, each through npx, took 18.5 CPU-s and 39 s one after another; the one build 12 CPU-s and
  // 14 s. `--force` checks every project whatever tsconfig.tsbuildinfo says (it records the last build, not a cache
  // to trust here). TypeScript's own lib.*.d.ts are left unchecked (each fixture's skipDefaultLibCheck): they are the
  // compiler's, the same in every fixture; the elements' declarations and the hosts' packages' types are checked in
  // full (skipLibCheck stays off).
  it('tsc (vue-tsc for the .vue file) type-checks the dom, react, preact, solid and vue fixtures', () => {
    let errors = '';
    try {
      execFileSync(
        `${repo}node_modules/.bin/vue-tsc`,
        ['--build', '--force', ...hosts.map((host) => `tests/types/${host}`)],
        { cwd: repo, encoding: 'utf8', stdio: 'pipe' },
      );
    } catch (error) {
      errors = `${error.stdout}${error.stderr}`
        .split('\n')
        .filter((line) => line.includes('error'))
        .join('\n');
    }
    expect(errors).toBe('');
  }, 120_000);
});
