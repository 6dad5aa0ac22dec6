/**
 * Every module that issues SQL is tested on PostgreSQL, the database every deployment past one
 * machine runs on. PGlite accepts what PostgreSQL refuses (a JSON string where an object was
 * meant, issue 68), so a module tested on PGlite alone is untested where it matters. A module is
 * covered when a test file that runs on PostgreSQL (through `test/databases.ts` or
 * `test/pg-cluster.ts`) imports it: its own test, or another that exercises it directly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BFF = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Modules that issue SQL only one database can run, with the reason; nothing else is excused.
 */
const ONE_DATABASE_ONLY: Record<string, string> = {
  'src/db/pglite-statements.ts': 'splits scripts for PGlite, which PostgreSQL runs whole',
};

/**
 * A string or template literal that opens with an SQL statement, written in lower case as all
 * the BFF's SQL is (prose that starts the same way in lower case errs on the safe side).
 */
const STATEMENT =
  /[`'"]\s*(select\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s|with\s+\w+\s+as\s*\(|create\s+(table|index|unique|or\s+replace|function|schema)\s|alter\s+table\s|lock\s+table\s|truncate\s|notify\s)/;

/** Whether `text`, a module's source, issues SQL. */
export function issuesSql(text: string): boolean {
  return STATEMENT.test(text);
}

/** Whether `text`, a test file's source, runs on PostgreSQL. */
export function runsOnPostgres(text: string): boolean {
  return /from\s+'[./]*(test\/)?(databases|pg-cluster)'/.test(text);
}

/**
 * The modules among `known` that `text`, the source of `path`, imports by relative path (all
 * paths relative to the BFF's folder).
 */
export function relativeImports(path: string, text: string, known: Set<string>): string[] {
  const specifiers = [
    ...text.matchAll(/(?:from\s+|import\s+|import\s*\(\s*|vi\.mock\(\s*)'(\.{1,2}\/[^']+)'/g),
  ].map((m) => m[1]!);
  return specifiers.flatMap((specifier) => {
    const base = join(dirname(path), specifier);
    const found = [`${base}.ts`, join(base, 'index.ts'), base].find((c) => known.has(c));
    return found ? [found] : [];
  });
}

/**
 * The modules among `sources` that issue SQL and that no test in `tests` running on PostgreSQL
 * imports. Both map a workspace-relative path to the file's text.
 */
export function uncoveredModules(
  sources: Map<string, string>,
  tests: Map<string, string>,
  exempt: Record<string, string> = ONE_DATABASE_ONLY,
): string[] {
  const known = new Set(sources.keys());
  const covered = new Set(
    [...tests]
      .filter(([, text]) => runsOnPostgres(text))
      .flatMap(([path, text]) => relativeImports(path, text, known)),
  );
  // A module's parts in its own folder are tested through it (the journal store through its
  // leases, writes and outcome), so what a covered module imports from its folder is covered.
  for (const path of covered) {
    const text = sources.get(path);
    if (text === undefined) continue;
    for (const part of relativeImports(path, text, known)) {
      if (dirname(part) === dirname(path)) covered.add(part);
    }
  }
  return [...sources]
    .filter(([path, text]) => issuesSql(text) && !covered.has(path) && !(path in exempt))
    .map(([path]) => path)
    .sort();
}

function files(dir: string, keep: (name: string) => boolean): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (keep(entry.name)) found.set(relative(BFF, path), readFileSync(path, 'utf8'));
    }
  };
  walk(join(BFF, dir));
  return found;
}

describe('tests on PostgreSQL', () => {
  it('are required of a module that issues SQL, whichever test imports it', () => {
    const store = `export const list = (db) => db.query(\`select id from things where owner = $1\`, ['a']);`;
    const helper = `export const twice = (n: number) => n * 2;`;
    const sources = new Map([
      ['src/things/thing-store.ts', store],
      ['src/things/twice.ts', helper],
    ]);
    const pgliteOnly = `import { sharedDb } from '../../test/harness';\nimport { list } from './thing-store';`;
    const bothDatabases = `import { testDatabases } from '../../test/databases';\nimport { list } from './thing-store';`;
    const dynamic = `import { startPgCluster } from '../../test/pg-cluster';\nconst { list } = await import('../things/thing-store');`;

    expect(
      uncoveredModules(sources, new Map([['src/things/thing-store.test.ts', pgliteOnly]])),
    ).toEqual(['src/things/thing-store.ts']);
    expect(
      uncoveredModules(sources, new Map([['src/things/thing-store.test.ts', bothDatabases]])),
    ).toEqual([]);
    expect(uncoveredModules(sources, new Map([['src/other/uses.test.ts', dynamic]]))).toEqual([]);

    // A store's part in its folder is tested through the store; a module elsewhere is not.
    const parts = new Map([
      ['src/things/thing-store.ts', `import { list } from './thing-reads';`],
      ['src/things/thing-reads.ts', store],
      ['src/routes/thing-routes.ts', `import { list } from '../things/thing-reads';\n${store}`],
    ]);
    const facade = `import { testDatabases } from '../../test/databases';\nimport { list } from '../things/thing-store';\nimport '../routes/thing-routes';`;
    expect(uncoveredModules(parts, new Map([['src/things/thing-store.test.ts', facade]]))).toEqual(
      [],
    );
    const routesOnly = `import { testDatabases } from '../../test/databases';\nimport '../routes/thing-routes';`;
    expect(
      uncoveredModules(parts, new Map([['src/routes/thing-routes.test.ts', routesOnly]])),
    ).toEqual(['src/things/thing-reads.ts']);
    expect(
      uncoveredModules(sources, new Map([['src/things/thing-store.test.ts', pgliteOnly]]), {
        'src/things/thing-store.ts': 'a reason',
      }),
    ).toEqual([]);
  });

  it('tell SQL from prose', () => {
    expect(issuesSql("db.query('update journal_entries set state = $2 where id = $1')")).toBe(true);
    expect(issuesSql('`with kept as (select 1)`')).toBe(true);
    expect(issuesSql("'Select an account to update, then set the amount.'")).toBe(false);
    expect(issuesSql("throw new Error('delete failed')")).toBe(false);
  });

  it('cover every module of the BFF that issues SQL', () => {
    const sources = files('src', (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const tests = new Map([
      ...files('src', (name) => name.endsWith('.test.ts')),
      ...files('test', (name) => name.endsWith('.test.ts')),
    ]);
    expect(
      uncoveredModules(sources, tests),
      'test each with `testDatabases` from test/databases.ts, which adds PostgreSQL when TEST_DATABASE_URL is set',
    ).toEqual([]);
  });
});
