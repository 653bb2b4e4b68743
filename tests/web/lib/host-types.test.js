// The elements' types as hosts' TypeScript projects see them: plain DOM code (HTMLElementTagNameMap and the
// library's strict options), React 19, Preact and Solid JSX, and a Vue single-file component (vue-tsc). Each
// fixture under tests/types also writes one wrong use per host, marked as an expected error, so types that let
// everything through fail as surely as types that reject a right use.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const check = (tool, host) => {
  try {
    // TypeScript's own lib.*.d.ts are left unchecked (skipDefaultLibCheck): they are the compiler's, the same in every
    // fixture; the elements' declarations and the hosts' packages' types are checked in full (skipLibCheck stays off).
    // 23.5 -> 16.0 CPU-s for the five.
    execFileSync('npx', ['--no-install', tool, '-p', `tests/types/${host}/tsconfig.json`, '--skipDefaultLibCheck'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (error) {
    return `${error.stdout}${error.stderr}`
      .split('\n')
      .filter((line) => line.includes('error'))
      .join('\n');
  }
};

describe('types for hosts', () => {
  it.each([
    ['tsc', 'dom'],
    ['tsc', 'react'],
    ['tsc', 'preact'],
    ['tsc', 'solid'],
    ['vue-tsc', 'vue'],
  ])(
    '%s type-checks the %s fixture',
    (tool, host) => {
      expect(check(tool, host)).toBe('');
    },
    60_000,
  );
});
