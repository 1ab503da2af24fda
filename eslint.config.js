// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The one class thrown as an Error without extending it: src/errors/service-error.ts. */
const SERVICE_ERROR = { from: 'file', name: 'ServiceError', path: 'src/errors/service-error.ts' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', '.dependency-cruiser.mjs', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A ServiceError is an Error made without Error's constructor (src/errors/service-error.ts:
      // a 404 answers 1.06–1.11× as fast without V8's native one): thrown as one, not `extends`.
      '@typescript-eslint/only-throw-error': ['error', { allow: [SERVICE_ERROR] }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allow: [SERVICE_ERROR] }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the scenario seeded generator.' },
        { object: 'Date', property: 'now', message: 'Read time from the injected clock.' },
      ],
    },
  },
  {
    // Plain JavaScript build scripts: linted, but without type information.
    files: ['scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/clock/**', 'bench/**', 'test/**', 'examples/**', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The error catalogue is typed end to end (a reason's parameters reach its message unchecked
    // by nothing else): no type assertions there, so a cast cannot hide a wrong parameter again.
    files: ['src/errors/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
    },
  },
  {
    // Tests read JSON response bodies whose shape the OpenAPI contract check has already verified
    // (test/support/test-sandbox.ts), so they index into them freely.
    files: ['test/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
