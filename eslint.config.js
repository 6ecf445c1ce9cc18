import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
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

/**
 * PDF and picture work (pdf-lib, its fonts, the seal) grows with its input and runs on the signing
 * flow's thread, pdf-worker.ts; the rest of the server asks pdf-threads.ts for it. Types may be shared.
 */
const THREAD_FILES = ['pdf-worker.ts', 'pdf.ts', 'pdf-completion.ts'].map(
  (f) => `apps/server/src/modules/signatures/${f}`,
);
const threadWork = {
  regex: '^(pdf-lib|@pdf-lib/.*|@signpdf/.*|.*/pdf(-completion)?\\.ts)$',
  allowTypeImports: true,
  message: "PDF and picture work runs on the signing flow's thread: ask pdf-threads.ts for it.",
};

const WEB = 'apps/web/src';

/**
 * The web app's layers: app (routing, guard) → layout (the signed-in shell) → features → shared
 * (components, hooks, lib, live, testing). Imports only point down the list, and a feature (or the
 * layout) reaches a feature only through that feature's index.ts.
 */
const webBoundaries = {
  files: [`${WEB}/**/*.{ts,tsx}`],
  plugins: { boundaries },
  settings: {
    // Patterns are relative to the repository, wherever ESLint is started from (e.g. a test in apps/web).
    'boundaries/root-path': import.meta.dirname,
    'boundaries/include': [`${WEB}/**/*`],
    'boundaries/elements': [
      { type: 'app', pattern: `${WEB}/app` },
      { type: 'layout', pattern: `${WEB}/layout` },
      { type: 'feature', pattern: `${WEB}/features/*`, capture: ['feature'] },
      { type: 'shared', pattern: `${WEB}/(components|hooks|lib|live|testing)` },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { types: { anyOf: ['app', 'layout'] } } } },
            message: 'A feature must not import the app or the layout.',
          },
          {
            from: { element: { type: 'layout' } },
            disallow: { to: { element: { types: { anyOf: ['app'] } } } },
            message: 'The layout must not import the app; pass what it needs in, or move it to lib.',
          },
          {
            from: { element: { type: 'shared' } },
            disallow: { to: { element: { types: { anyOf: ['app', 'layout', 'feature'] } } } },
            message:
              'Shared code (components, hooks, lib, live, testing) must not import app, layout or features.',
          },
          // The app's page map loads pages directly, so that each page stays a chunk of its own.
          {
            from: { element: { types: { anyOf: ['layout', 'feature'] } } },
            disallow: {
              to: { element: { type: 'feature', fileInternalPath: '!index.ts' } },
            },
            message: 'Import another feature only through its index.ts.',
          },
        ],
      },
    ],
  },
};

const testRestrictions = [
  { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests are not allowed.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'Skipped tests are not allowed.' },
];

/**
 * The session token lives in the page's storage (the spec's bearer token), so the web app writes no
 * HTML from strings: React's escaping is the only way text reaches the page.
 */
const htmlSinks = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'No HTML from strings: render text and elements instead.',
  },
  {
    selector: 'AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]',
    message: 'No HTML from strings: render text and elements instead.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
    message: 'No HTML from strings: render text and elements instead.',
  },
  {
    selector: "CallExpression[callee.object.name='document'][callee.property.name=/^write(ln)?$/]",
    message: 'No HTML from strings: render text and elements instead.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...testRestrictions],
    },
  },
  {
    // Server modules meet only through each other's index.ts, their public surface.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-fixture.ts', ...THREAD_FILES],
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary(['index.ts']), threadWork] }] },
  },
  {
    files: THREAD_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns: [moduleBoundary(['index.ts'])] }] },
  },
  {
    // Tests, and the fixtures they share, may also build on another module's test fixture.
    files: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/modules/**/test-fixture.ts'],
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
      'no-restricted-syntax': ['error', ...testRestrictions, ...htmlSinks],
    },
  },
  webBoundaries,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
);
