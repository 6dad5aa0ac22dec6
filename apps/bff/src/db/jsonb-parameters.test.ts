/**
 * One way to pass JSON to SQL: as text, cast on the server (`$n::text::jsonb`). A parameter cast
 * straight to jsonb (`$n::jsonb`) reads the same on PGlite, which parses the text, but postgres.js
 * sends a string for a jsonb parameter as a JSON string: the server then holds `"{…}"`, and
 * `jsonb_each` refuses it (issue 68, the signed export). The value is made by `jsonb()`, and the
 * parameters' type refuses an object, which each driver would encode its own way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { jsonb, type Db } from './db';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Each `$n::jsonb` in `text`, by line. */
function bareJsonbParameters(text: string): { line: number; found: string }[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/\$\d+\s*::\s*jsonb\b/g)].map((m) => ({ line: i + 1, found: m[0] })),
    );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('JSON parameters', () => {
  it('finds a parameter cast straight to jsonb, and lets the text cast pass', () => {
    expect(
      bareJsonbParameters(
        "select audit_append('audit', 'export', $1, $2::jsonb)\nvalues ($3 :: jsonb, $4::text::jsonb, 'null'::jsonb)",
      ),
    ).toEqual([
      { line: 1, found: '$2::jsonb' },
      { line: 2, found: '$3 :: jsonb' },
    ]);
  });

  it('are passed as text and cast on the server everywhere in the BFF', () => {
    const found = sources(SRC).flatMap((file) =>
      bareJsonbParameters(readFileSync(file, 'utf8')).map(
        (f) => `${relative(SRC, file)}:${f.line}: ${f.found}`,
      ),
    );
    expect(found, 'write $n::text::jsonb and pass JSON.stringify(value)').toEqual([]);
  });
});

describe.each(testDatabases)('jsonb() on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close());

  it('reaches the server as the object, its decimal strings and key order kept', async () => {
    const value = { amount: '12345678901234567890.123456789', nested: { list: [1, 'two'] } };
    const [row] = await db.query<{ type: string; amount: string; value: unknown }>(
      `select jsonb_typeof($1::text::jsonb) as type, $1::text::jsonb->>'amount' as amount,
         $1::text::jsonb as value`,
      [jsonb(value)],
    );
    expect(row).toEqual({ type: 'object', amount: value.amount, value });
  });

  it('keeps a JSON string a string, and refuses what is not JSON', async () => {
    const [row] = await db.query<{ type: string }>('select jsonb_typeof($1::text::jsonb) as type', [
      jsonb('{"not":"an object"}'),
    ]);
    expect(row).toEqual({ type: 'string' });
    expect(() => jsonb(undefined)).toThrow(TypeError);
  });
});

// An object is no parameter: postgres.js and PGlite each encode it their own way. The typecheck
// holds this line to its directive, and fails when the parameters' type would take the object.
// @ts-expect-error an object where `jsonb(value)` belongs
export const refusedByType: Parameters<Db['query']>[1] = [{ amount: '1.10' }];
