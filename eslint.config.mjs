// The linter: typescript-eslint's recommended rules, the rules of hooks, and the layering of
// docs/architecture.md ("Layering") as import rules. `npm run lint`; part of `npm test`.
import js from '@eslint/js';
import { readdirSync } from 'fs';
import { dirname } from 'path';
import { fileURLToPath } from 'url';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = dirname(fileURLToPath(import.meta.url));

// Each server module is used from outside only through its index.ts (docs/architecture.md, Layering).
// modules/shared is not a module but the kit they are written with (the plugin type, paging, schemas).
const SERVER_MODULES = readdirSync(`${root}/server/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

export default defineConfig(
  { ignores: ['**/node_modules/**', 'dist/**', 'data/**', 'coverage/**', 'test-results/**', 'src/.umi*/**', '.umi*/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // where each part runs
  {
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['server/**', 'mock/**', 'bench/**', 'scripts/**', 'config/**', 'tests/**', 'common/**', '*.{ts,mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.browser } },
  },
  {
    // a function longer than a screen is split where a name explains a part (docs/architecture.md)
    files: ['server/src/**', 'src/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Kysely<any>: migrations must not depend on today's schema, and the dialect helpers serve any;
    // mock and test doubles stand in for untyped request objects. Elsewhere `any` is refused.
    files: ['server/src/db/**', 'mock/**', 'tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules. The plugin's React Compiler rules (its `recommended` set) run the
    // compiler over every component, two thirds of the whole lint's time, for an app built
    // without the compiler; they found nothing here but `set-state-in-effect` in the hand-written
    // loading effects (useResult, Pay, Review/Info, SearchBox, DocxPages) that one data-fetching
    // hook is to replace.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // ── Layering (docs/architecture.md) ─────────────────────────────────────────────────────────
  // Rules on files are by resolved path (import-x, with the TypeScript resolver for `@/`), so a
  // relative import, an aliased one and any other spelling of the same file are caught alike.
  {
    files: ['**/*.{ts,tsx,js,cjs,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // the app's tsconfig covers every file of the repository and knows Umi's `@/` and `umi`
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    // an import the resolver cannot follow would slip past the path rules below: refuse it instead
    rules: { 'import-x/no-unresolved': 'error' },
  },
  {
    // pages, layouts and components reach the server through feature API functions only; in a
    // feature folder everything but its API module (api.ts, api/, services.ts, services/) does
    files: ['src/pages/**', 'src/layouts/**', 'src/components/**', 'src/features/**'],
    ignores: ['src/features/*/api.*', 'src/features/*/api/**', 'src/features/*/services.*', 'src/features/*/services/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['src/pages', 'src/layouts', 'src/components', 'src/features'],
              from: 'src/utils/request.ts',
              message:
                'Pages, layouts and components call the API through feature API functions (src/services, src/features/*/api), never the request layer (docs/architecture.md, Layering).',
            },
          ],
        },
      ],
      // umi's `request` by name: pages need `umi` itself (Link, history), and its `useRequest`
      // (a hook around a service function) is how they load data
      'no-restricted-imports': [
        'error',
        {
          paths: ['umi', '@@/plugin-request', '@@/plugin-request/request'].map((name) => ({
            name,
            importNames: ['request'],
            message: "Pages, layouts and components call the API through feature API functions, never umi's request (docs/architecture.md, Layering).",
          })),
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Pages, layouts and components call the API through feature API functions, never fetch (docs/architecture.md, Layering).' },
      ],
    },
  },
  {
    // the app takes only types from the server: values would bundle server code into the browser
    files: ['src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server(/|$)',
              allowTypeImports: true,
              message: 'The app imports only types from server/ (`import type`); shared values live in common/ (docs/architecture.md, Layering).',
            },
          ],
        },
      ],
    },
  },
  {
    // a module's files are its own: the rest of the server and the mock go through its index.ts.
    // The stricter zones below (engines, db, lib, the configuration) take over for their files.
    files: ['server/src/**', 'mock/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: SERVER_MODULES.map((name) => ({
            target: ['server/src/*', 'server/src/!(modules)/**', `server/src/modules/!(${name})/**`, 'mock/**'],
            from: `server/src/modules/${name}`,
            except: ['./index.ts'],
            message: `Outside the ${name} module, import it only through server/src/modules/${name}/index.ts, its routes, service and types (docs/architecture.md, Layering).`,
          })),
        },
      ],
    },
  },
  {
    files: ['server/src/engines/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'server/src/engines',
              from: ['server/src/db', 'server/src/modules', 'server/src/jobs', 'server/src/plugins', 'server/src/app.ts', 'server/src/config.ts'],
              message: 'Engines are pure: no database, no modules (docs/architecture.md, Layering).',
            },
            {
              target: 'server/src/engines/similarity',
              from: 'server/src/engines/typeset',
              message: 'Engines do not import each other; what both need is in engines/text (docs/architecture.md, Layering).',
            },
            {
              target: 'server/src/engines/typeset',
              from: 'server/src/engines/similarity',
              message: 'Engines do not import each other; what both need is in engines/text (docs/architecture.md, Layering).',
            },
            {
              target: 'server/src/engines/text',
              from: ['server/src/engines/similarity', 'server/src/engines/typeset'],
              message: 'engines/text is shared by the engines and imports neither (docs/architecture.md, Layering).',
            },
          ],
        },
      ],
    },
  },
  {
    // common/ is imported by the app, the server and the mock alike, so it imports none of them
    files: ['common/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'common',
              from: ['src', 'server', 'mock'],
              message: 'common/ is shared by the app, the server and the mock, and imports none of them (docs/architecture.md, Layering).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/db/**', 'server/src/config.ts', 'server/src/lib/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['server/src/db', 'server/src/config.ts', 'server/src/lib'],
              from: 'server/src/modules',
              message: 'The database layer, the configuration and lib/ sit below the modules and never import them (docs/architecture.md, Layering).',
            },
          ],
        },
      ],
    },
  },
);
