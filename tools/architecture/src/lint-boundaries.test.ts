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
beforeAll(() => {
  // `ignore: false` lints the fixtures that the repository's lint run skips.
  eslint = new ESLint({ cwd: root, ignore: false });
});

async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
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
    use('../../features/orders/orders-page', 'OrdersPage'),
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

  it('refuse an import cycle', async () => {
    const [result] = await eslint.lintFiles(['tools/architecture/fixtures/cycle/a.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
  });
});
