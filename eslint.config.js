// Lint that keeps the architecture (docs/architecture.md) and the size limits, run by `npm test` before
// the unit tests. Beyond the recommended rules of each tool:
// - layers: only storage talks to Netlify Blobs; only src/server/content/ (and the collection definitions)
//   reads the content collections; islands and stores never import server code or content queries
//   (their bundles are public, and answer keys live there);
// - domains: a domain of src/server/ (a folder with a storage/ of its own) reads another domain's records
//   only through that domain's services, never its storage/; the floors every domain stands on
//   (src/server/storage/, src/server/journal/) import no domain;
// - size: no file in src/ over 300 lines, no function over 60 — a longer one says why in its disable comment.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const restricted = (patterns) => ['error', { patterns }];

const BLOBS = { group: ['@netlify/blobs', '@netlify/blobs/*'], message: 'Only src/server/storage/ talks to Netlify Blobs.' };
const STORAGE = {
  group: ['~/server/storage/*', '~/server/*/storage/*'],
  message: 'Pages, routes and islands call a service; only services use storage.',
};
const CONTENT_COLLECTIONS = {
  group: ['astro:content'],
  message: 'Ask src/server/content/<concept>.ts; it is the only reader of the collections.',
};
const TOOLS = { group: ['~tools/*', '~tools/**'], message: 'src/ is the product; local tooling (tools/) serves scripts and tests only.' };
const SERVER_ONLY = {
  group: ['~/server/*', '~/server/**', '~/server/content/*', 'astro:content'],
  message: 'Island and store code is public JavaScript: pass data as props or fetch it from /api.',
};

/** The domains of src/server/: each folder with a storage/ of its own. */
const DOMAINS = readdirSync('src/server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`src/server/${entry.name}/storage`))
  .map((entry) => entry.name);
const otherStorage = (domain) => ({
  group: DOMAINS.filter((other) => other !== domain).flatMap((other) => [`~/server/${other}/storage/*`, `../${other}/storage/*`]),
  message: `Ask the other domain's service: only src/server/<domain>/ touches its own storage/ (docs/architecture.md "Domains").`,
});
const NO_DOMAIN = {
  group: DOMAINS.flatMap((domain) => [`~/server/${domain}/*`, `~/server/${domain}/**`]),
  message: 'A floor (storage primitives, the journal) stands below every domain and imports none.',
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
    files: ['src/server/storage/**', 'src/server/*/storage/**'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS, TOOLS]) },
  },
  ...DOMAINS.map((domain) => ({
    files: [`src/server/${domain}/**`],
    ignores: ['src/**/*.test.{ts,tsx}', `src/server/${domain}/storage/**`],
    rules: { 'no-restricted-imports': restricted([BLOBS, CONTENT_COLLECTIONS, TOOLS, otherStorage(domain)]) },
  })),
  ...DOMAINS.map((domain) => ({
    files: [`src/server/${domain}/storage/**`],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS, TOOLS, otherStorage(domain)]) },
  })),
  {
    files: ['src/server/journal/**', 'src/server/storage/**'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS, TOOLS, NO_DOMAIN]) },
  },
  {
    files: ['src/server/content/**', 'src/collections/**', 'src/content.config.ts'],
    rules: { 'no-restricted-imports': restricted([BLOBS, TOOLS]) },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'tests/**', 'e2e/**', 'tools/**', 'scripts/**', 'netlify/**'],
    rules: { 'no-restricted-imports': restricted([CONTENT_COLLECTIONS]) },
  },
);
