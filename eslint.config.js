import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Refuses imports of another server module's files other than the allowed ones (from inside a module). */
function moduleBoundary(allowed) {
  const files = allowed.map((f) => f.replace('.', '\\.')).join('|');
  return {
    regex: `^(\\.\\./(?!\\.\\.)|.*/modules/)[^/]+/(?!(${files})$).+`,
    message: 'Import another module through its index.ts, its public surface.',
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='only']",
          message: 'Focused tests are not allowed.',
        },
        {
          selector: "CallExpression[callee.property.name='skip']",
          message: 'Skipped tests are not allowed.',
        },
      ],
    },
  },
  {
    // Server modules meet only through each other's index.ts, their public surface.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary(['index.ts'])] }] },
  },
  {
    // Tests may also build on another module's test fixture.
    files: ['apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [moduleBoundary(['index.ts', 'test-fixture.ts'])] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
);
