// Lint that keeps the architecture (docs/architecture.md) and the size limits, run by `npm test` before
// the unit tests. Beyond the recommended rules of each tool:
// - layers: only storage talks to Netlify Blobs; only src/lib/content/ (and the collection definitions)
//   reads the content collections; islands and stores never import server code or content queries
//   (their bundles are public, and answer keys live there);
// - size: no file in src/ over 300 lines, no function over 60 — a longer one says why in its disable comment.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restricted = (patterns) => ['error', { patterns }];

const BLOBS = { group: ['@netlify/blobs', '@netlify/blobs/*'], message: 'Only src/lib/server/storage/ talks to Netlify Blobs.' };
const STORAGE = {
  group: ['~/lib/server/storage/*', '~/lib/server/*/storage/*'],
  message: 'Pages, routes and islands call a service; only services use storage.',
};
const CONTENT_COLLECTIONS = {
  group: ['astro:content'],
  message: 'Ask src/lib/content/<concept>.ts; it is the only reader of the collections.',
};
const TOOLS = { group: ['~tools/*', '~tools/**'], message: 'src/ is the product; local tooling (tools/) serves scripts and tests only.' };
const SERVER_ONLY = {
  group: ['~/lib/server/*', '~/lib/server/**', '~/lib/content/*', 'astro:content'],
  message: 'Island and store code is public JavaScript: pass data as props or fetch it from /api.',
};

export default tseslint.config(
  {
    ignores: ['dist/', '.netlify/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'public/', 'content/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': restricted([BLOBS, CONTENT_COLLECTIONS, TOOLS]),
      // A scroll container (role="region") takes focus so keyboard users can scroll it (axe:
      // scrollable-region-focusable); see src/components/ScrollRegion.astro.
      'astro/jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
    plugins: { 'react-hooks': reactHooks, ...jsxA11y.configs.recommended.plugins },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  // Layers, from the top: what each may import.
  {
    files: ['src/pages/**', 'src/components/**', 'src/layouts/**'],
    rules: { 'no-restricted-imports': restricted([BLOBS, STORAGE, CONTENT_COLLECTIONS, TOOLS]) },
  },
  {
    files: ['src/islands/**', 'src/stores/**', 'src/page-scripts/**'],
    rules: { 'no-restricted-imports': restricted([BLOBS, STORAGE, SERVER_ONLY, TOOLS]) },
  },
  {
    files: ['src/lib/server/storage/**', 'src/lib/server/*/storage/**'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS, TOOLS]) },
  },
  {
    files: ['src/lib/content/**', 'src/collections/**', 'src/content.config.ts'],
    rules: { 'no-restricted-imports': restricted([BLOBS, TOOLS]) },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'tools/**', 'scripts/**', 'netlify/**'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS]) },
  },
);
