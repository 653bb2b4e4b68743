// ESLint: a small, deliberate rule set (npm run lint). Formatting is Prettier's; types are TypeScript's (tsconfig.json).
//   no-unused-vars, no-undef, no-implicit-globals: names that are never used or never declared
//   no-floating-promises, no-misused-promises: a promise nobody awaits or catches (an unawaited expect.poll in a
//     test is a test that cannot fail), or one passed where nothing will wait for it
//   prefer-const, no-var, eqeqeq (null checks excepted): the code's own habits, kept
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default [
  {
    ignores: [
      'build/',
      'dist/',
      '.cache/',
      'node_modules/',
      'web/lib/wasm/',
      'scripts/bench/baseline/',
      'web/bundle/',
      'web/elements/styles.js',
      '**/*.d.ts',
      'tests/types/',
    ],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.worker, ...globals.node },
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'no-undef': 'error',
      'no-implicit-globals': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      'prefer-const': 'error',
      'no-var': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // TypeScript drops a .js file whose .d.ts sits beside it from its program, so these are linted without
    // types: the untyped rules only.
    files: ['web/lib/index.js', 'web/lib/language-pairs.js', 'web/elements/index.js'],
    languageOptions: { parserOptions: { project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
];
