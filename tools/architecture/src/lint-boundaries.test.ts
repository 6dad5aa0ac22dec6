import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * Each boundary rule of eslint.config.js, shown to refuse the import it exists for: a file is
 * linted as if it stood at the path given, with the repository's own configuration. Each case
 * has a twin that the rule lets through, so a rule that refused everything would fail too.
 * (Imports are relative here: the `@/` alias resolves through a tsconfig, found only for files
 * on disk; the rules treat both forms alike, being about the resolved path.)
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;
let byPath: ESLint;
beforeAll(() => {
  // `ignore: false` lints the fixtures that the repository's lint run skips.
  eslint = new ESLint({ cwd: root, ignore: false });
  // Text linted as if it stood at a path is in no tsconfig, so it is linted without types: the
  // rules about paths and syntax need none, and the one that does has fixtures on disk.
  byPath = new ESLint({
    cwd: root,
    ignore: false,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off' },
    },
  });
});

const idsOf = (results: ESLint.LintResult[]) =>
  (results[0]?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);

async function ruleIds(path: string, code: string): Promise<string[]> {
  return idsOf(await byPath.lintText(code, { filePath: `${root}${path}` }));
}

const use = (specifier: string, name: string) =>
  `import { ${name} } from '${specifier}';\nexport const used = ${name};\n`;

const CASES: [kind: string, path: string, wrong: string, right: string, rule: string][] = [
  [
    'a feature importing another feature',
    'apps/web/src/features/orders/fixture.tsx',
    use('../journal/journal-page', 'JournalPage'),
    use('../../components/form', 'OperationPage'),
    'import-x/no-restricted-paths',
  ],
  [
    'a component importing a feature',
    'apps/web/src/components/form/fixture.tsx',
    use('../../features/orders/review', 'reviewOrder'),
    use('../../lib/decimal', 'add'),
    'import-x/no-restricted-paths',
  ],
  [
    'lib importing a feature',
    'apps/web/src/lib/fixture.ts',
    use('../features/orders/review', 'reviewOrder'),
    use('./decimal', 'add'),
    'import-x/no-restricted-paths',
  ],
  [
    'a feature importing the app shell above it',
    'apps/web/src/features/orders/fixture.tsx',
    use('../../app/nav', 'dutiesFor'),
    use('../../components/form', 'OperationPage'),
    'import-x/no-restricted-paths',
  ],
  [
    'lib importing a component above it',
    'apps/web/src/lib/fixture.ts',
    use('../components/states/states', 'EmptyState'),
    use('./decimal', 'add'),
    'import-x/no-restricted-paths',
  ],
  [
    'the SPA importing its test support',
    'apps/web/src/components/fixture.tsx',
    use('../test/render', 'renderWithProviders'),
    use('../lib/decimal', 'add'),
    'import-x/no-restricted-paths',
  ],
  [
    'the SPA importing the BFF by package',
    'apps/web/src/app/fixture.ts',
    use('@console/bff/src/app', 'createApp'),
    use('@console/schemas', 'operations'),
    'no-restricted-imports',
  ],
  [
    'the SPA importing the sandbox by path',
    'apps/web/src/app/fixture.ts',
    use('../../../sandbox/src/config', 'demoConfig'),
    use('./nav', 'dutiesFor'),
    'import-x/no-restricted-paths',
  ],
  [
    'the BFF database importing the journal above it',
    'apps/bff/src/db/fixture.ts',
    use('../journal/journal-store', 'createJournalStore'),
    use('./db', 'Db'),
    'import-x/no-restricted-paths',
  ],
  [
    'sending importing approvals above it',
    'apps/bff/src/send/fixture.ts',
    use('../approvals/approval-flow', 'holdForApproval'),
    use('../journal/journal-store', 'createJournalStore'),
    'import-x/no-restricted-paths',
  ],
  [
    'security importing middleware above it',
    'apps/bff/src/security/fixture.ts',
    use('../middleware/csrf', 'csrfProtection'),
    use('../sessions/session-cookie', 'sessionCookie'),
    'import-x/no-restricted-paths',
  ],
  [
    'approvals importing routes above it',
    'apps/bff/src/approvals/fixture.ts',
    use('../routes/approval-routes', 'approvalRoutes'),
    use('../send/dispatch', 'dispatch'),
    'import-x/no-restricted-paths',
  ],
  [
    'production code importing test support',
    'apps/bff/src/approvals/fixture.ts',
    use('../../test/harness', 'testApp'),
    use('./policy', 'defaultPolicy'),
    'import-x/no-restricted-paths',
  ],
  [
    'the sandbox runtime importing its dispatcher',
    'apps/sandbox/src/runtime.ts',
    use('./handlers/dispatch', 'dispatch'),
    use('./state/store', 'Profile'),
    'import-x/no-restricted-paths',
  ],
  [
    'the schemas importing a Node API',
    'packages/schemas/src/fixture.ts',
    use('node:fs', 'readFileSync'),
    use('zod', 'z'),
    'no-restricted-imports',
  ],
  [
    'reading process.env outside the env module',
    'apps/bff/src/upstream/fixture.ts',
    'export const port = process.env.PORT;\n',
    'export const port = 8080;\n',
    'no-restricted-syntax',
  ],
  [
    'taking env out of process outside the env module',
    'apps/sandbox/src/state/fixture.ts',
    'const { env } = process;\nexport const port = env.SANDBOX_PORT;\n',
    'export const port = 4010;\n',
    'no-restricted-syntax',
  ],
  [
    'importing env from node:process outside the env module',
    'apps/bff/src/send/fixture.ts',
    "import { env } from 'node:process';\nexport const port = env.PORT;\n",
    "import { argv } from 'node:process';\nexport const args = argv;\n",
    'no-restricted-syntax',
  ],
  [
    'a hook called on a condition',
    'apps/web/src/components/fixture.tsx',
    `import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`,
    `import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  const [x] = useState(on);\n  return x ? null : null;\n}\n`,
    'react-hooks/rules-of-hooks',
  ],
];

describe('the lint boundaries', () => {
  it.each(CASES)('refuse %s', async (_kind, path, wrong, right, rule) => {
    expect(await ruleIds(path, wrong)).toContain(rule);
    expect(await ruleIds(path, right)).toEqual([]);
  });

  it('let the one env module of each app read process.env', async () => {
    for (const path of ['apps/bff/src/env.ts', 'apps/sandbox/src/main.ts']) {
      expect(await ruleIds(path, 'export const port = process.env.PORT;\n')).toEqual([]);
    }
  });

  it('refuse a promise left floating, with type information', async () => {
    const fixture = 'tools/architecture/fixtures/floating-promise';
    expect(idsOf(await eslint.lintFiles([`${fixture}/wrong.ts`]))).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
    expect(idsOf(await eslint.lintFiles([`${fixture}/right.ts`]))).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    const [result] = await eslint.lintFiles(['tools/architecture/fixtures/cycle/a.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
