import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Layers, top to bottom: a module may import its own layer and those below, never one above.
 * `docs/decisions/009-architecture-boundaries.md` says why the lines are where they are; the
 * lint test in tools/architecture proves each rule refuses the import it is meant to refuse.
 */
// Paths are from the repository root, wherever ESLint runs from (the lint test runs elsewhere).
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const BFF = 'apps/bff/src';
const BFF_LAYERS = [
  [
    'main.ts',
    'cli.ts',
    'app.ts',
    'app-deps.ts',
    'app-routes.ts',
    'env.ts',
    'env-files.ts',
    'env-schema.ts',
    'env-warnings.ts',
    'bootstrap',
    'cli',
    'metrics',
  ],
  ['routes', 'middleware'],
  ['approvals', 'console-actions', 'rules', 'schedules', 'insights'],
  ['send', 'reads', 'sessions', 'security', 'operators', 'oidc', 'destinations'],
  ['journal', 'upstream'],
  ['db'],
].map((layer) => layer.map((part) => `./${BFF}/${part}`));
/** Used by every layer; they import none of the layers. */
const BFF_SHARED = ['access', 'context.ts', 'errors.ts', 'json-checks.ts', 'logger.ts'].map(
  (p) => `./${BFF}/${p}`,
);

const SANDBOX = 'apps/sandbox/src';
const SANDBOX_LAYERS = [
  ['main.ts', 'index.ts', 'server.ts', 'app.ts'],
  ['handlers', 'control'],
  ['runtime.ts'],
  ['auth', 'state'],
  ['config.ts', 'clock.ts', 'problem.ts'],
].map((layer) => layer.map((part) => `./${SANDBOX}/${part}`));

const WEB = 'apps/web/src';
const FEATURES = readdirSync(`${ROOT}${WEB}/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The web app's production code: every part of src but its test support (src/test). */
const WEB_CODE = readdirSync(`${ROOT}${WEB}`)
  .filter((name) => name !== 'test')
  .map((name) => `./${WEB}/${name}`);

/** Each layer may not import the layers above it. */
function layered(layers, message) {
  return layers.slice(1).map((layer, i) => ({
    target: layer,
    from: layers.slice(0, i + 1).flat(),
    message,
  }));
}

/**
 * Where `process.env` may be read: one module per app (DESIGN.md §5), which parses it once.
 * Tests, test support, build and tool configuration, bench/, scripts/, e2e/ and tools/ configure
 * how things run rather than the apps, and read it where they need it.
 */
const ENV_MODULES = ['apps/bff/src/env.ts', 'apps/sandbox/src/main.ts'];
const ENV_MESSAGE =
  'process.env is read in one place per app (apps/bff/src/env.ts, apps/sandbox/src/main.ts): take the value from there.';

const zones = [
  ...layered(
    BFF_LAYERS,
    'BFF layers import downwards only: routes → approvals → send/reads/sessions/security/operators/oidc → journal/upstream → db.',
  ),
  { target: BFF_SHARED, from: BFF_LAYERS.flat(), message: 'Shared BFF modules import no layer.' },
  ...layered(
    SANDBOX_LAYERS,
    'Sandbox layers import downwards only: app → handlers → runtime → auth/state → config.',
  ),
  ...FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: share through components or lib.',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'Components and lib are shared by features and never import them.',
  },
  {
    target: `./${WEB}/features`,
    from: `./${WEB}/app`,
    message: 'Features are below the app shell: the app imports them, never the other way.',
  },
  {
    target: `./${WEB}/lib`,
    from: `./${WEB}/components`,
    message: 'lib is below components: a component may use lib, lib renders nothing.',
  },
  ...['bff', 'sandbox'].map((app) => ({
    target: `./apps/${app}/src`,
    from: `./apps/${app}/test`,
    message: 'Production code never imports test support.',
  })),
  {
    target: WEB_CODE,
    from: `./${WEB}/test`,
    message: 'Production code never imports test support.',
  },
  {
    target: './apps/web',
    from: ['./apps/bff', './apps/sandbox'],
    message: 'The browser app reaches the BFF over HTTP only; types come from packages/schemas.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      // The BFF suite's bundle of the run (apps/bff/test/bff-bundle.ts).
      '**/.test-build-*/**',
      'e2e/artifacts/**',
      // Stryker's working copies and reports (`pnpm test:mutation`).
      '**/.stryker-tmp/**',
      '**/reports/mutation/**',
      // Deliberately wrong imports, linted by tools/architecture's test to prove the rules bite.
      'tools/architecture/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Which files are modules and how to parse them, as import-x's TypeScript preset has it.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            `${ROOT}apps/*/tsconfig.json`,
            `${ROOT}packages/*/tsconfig.json`,
            `${ROOT}tools/*/tsconfig.json`,
          ],
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Money is never a JavaScript number: parseFloat and Number() on amounts are the classic slip.
      'no-restricted-globals': [
        'error',
        { name: 'parseFloat', message: 'Amounts are decimal strings; use the decimal library.' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones, basePath: ROOT }] },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', ...ENV_MODULES],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.name='process'][property.name='env']",
          "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']",
          "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
        ].map((selector) => ({ selector, message: ENV_MESSAGE })),
      ],
    },
  },
  {
    // Type-aware rules: each file is checked with its package's own tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Outside every tsconfig: the schemas' test configuration, and the fixtures the
          // architecture tests lint.
          allowDefaultProject: [
            'packages/schemas/vitest.config.ts',
            'tools/architecture/fixtures/*/*.ts',
          ],
        },
        tsconfigRootDir: ROOT,
      },
    },
    rules: {
      // A promise nobody awaits fails silently: await it, return it, or mark it `void` on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@console/bff', '@console/bff/*', '@console/sandbox', '@console/sandbox/*'],
              message:
                'The browser app reaches the BFF over HTTP only; types come from @console/schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/schemas/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'hono', 'hono/*', 'jose', 'node:*', '@console/*'],
              message:
                'The shared schemas depend on zod alone: they run in the browser, the BFF and the sandbox.',
            },
          ],
        },
      ],
    },
  },
);
